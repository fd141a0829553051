/* CSV fields (asm/grade/grade_csv.h): RFC 4180 quoting, formula prefixes
 * neutralized, control bytes shown as '?', byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "grade_csv.h"

/* The field as written, NUL-ended (free it). */
static char *field(const char *s, bool quote)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    grade_csv_field(out, s, quote);
    fclose(out);
    return text;
}

static void expect_field(const char *s, bool quote, const char *want)
{
    char *got = field(s, quote);
    assert_string_equal(got, want);
    free(got);
}

static void plain_fields(void **state)
{
    (void)state;
    expect_field("graded", false, "graded");
    expect_field("graded", true, "\"graded\"");
    expect_field("", false, "");
    expect_field("", true, "\"\"");
    expect_field("caf\xc3\xa9.asm", false, "caf\xc3\xa9.asm"); /* UTF-8 kept */
}

static void quoted_when_needed(void **state)
{
    (void)state;
    expect_field("a,b", false, "\"a,b\"");
    expect_field("say \"hi\"", false, "\"say \"\"hi\"\"\"");
    expect_field("two\nlines", false, "\"two\nlines\"");
    expect_field("cr\rhere", false, "\"cr\rhere\"");
    expect_field("\"", true, "\"\"\"\"");
}

static void formulas_neutralized(void **state)
{
    (void)state;
    expect_field("=HYPERLINK(\"x\")", false, "\"'=HYPERLINK(\"\"x\"\")\"");
    expect_field("=1+2", false, "'=1+2");
    expect_field("+1", false, "'+1");
    expect_field("-1", true, "\"'-1\"");
    expect_field("@SUM(A1:A9)", false, "'@SUM(A1:A9)");
    expect_field("\tx", false, "'\tx");
    expect_field("\rx", false, "\"'\rx\"");
    expect_field("a=b", false, "a=b"); /* only the first byte counts */
}

static void control_bytes_shown(void **state)
{
    (void)state;
    expect_field("\x1b[2Jforged", false, "?[2Jforged");
    expect_field("del\x7f", false, "del?");
    expect_field("\x01,\x02", false, "\"?,?\"");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_fields),
        cmocka_unit_test(quoted_when_needed),
        cmocka_unit_test(formulas_neutralized),
        cmocka_unit_test(control_bytes_shown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
