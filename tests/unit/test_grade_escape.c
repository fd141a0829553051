/* The escaping layer (asm/grade/grade_escape.h) on hostile bytes: ESC, CR,
 * 0x01, bytes that are not UTF-8, C1 controls and bidirectional marks come
 * out escaped; printable UTF-8 comes out as it went in; JSON is valid
 * UTF-8 with every control character escaped; what text writes passes its
 * own check, and escaping twice changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grade_escape.h"
#include "grade_findings.h"
#include "grade_json.h"
#include "grade_text.h"

/* s (len bytes) through text or JSON, NUL-ended (free it). */
static char *escaped(const char *s, size_t len, int mode)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    if (mode == 2)
        grade_escape_json(out, s, len);
    else
        grade_escape_text(out, s, len, mode == 1);
    fclose(out);
    return text;
}

static void text_escapes_controls_and_bad_bytes(void **state)
{
    (void)state;
    static const char in[] = "ok\x1b[2K\r5.0 / 5.0 passed\x01\xff\n\t\x7f";
    char *one_line = escaped(in, sizeof in - 1, 0);
    assert_string_equal(one_line, "ok\\x1b[2K\\r5.0 / 5.0 passed\\x01\\xff\\n\\t\\x7f");
    char *lines = escaped(in, sizeof in - 1, 1);
    assert_string_equal(lines, "ok\\x1b[2K\\r5.0 / 5.0 passed\\x01\\xff\n\t\\x7f");
    assert_true(grade_escape_text_is_clean(one_line, strlen(one_line), false));
    assert_true(grade_escape_text_is_clean(lines, strlen(lines), true));
    assert_false(grade_escape_text_is_clean(in, sizeof in - 1, true));
    free(one_line);
    free(lines);
}

static void text_keeps_printable_utf8(void **state)
{
    (void)state;
    static const char in[] = "t\xc3\xa2" "che \xe2\x82\xac 100% \\x41";
    char *out = escaped(in, sizeof in - 1, 0);
    assert_string_equal(out, in);
    free(out);
}

static void text_escapes_what_terminals_act_on(void **state)
{
    (void)state;
    /* a C1 CSI, a right-to-left override, a line separator, a truncated
     * sequence, an overlong '/', a surrogate */
    static const char in[] = "a\xc2\x9b" "b\xe2\x80\xae" "c\xe2\x80\xa8" "d\xe2\x82"
                             "e\xc0\xaf" "f\xed\xa0\x80";
    char *out = escaped(in, sizeof in - 1, 1);
    assert_string_equal(out, "a\\u009Bb\\u202Ec\\u2028d\\xe2\\x82e\\xc0\\xaff\\xed\\xa0\\x80");
    char *again = escaped(out, strlen(out), 1);
    assert_string_equal(again, out);
    free(out);
    free(again);
}

static void json_is_valid_utf8_with_controls_escaped(void **state)
{
    (void)state;
    static const char in[] = "\"q\" \\ \x01\x1b\r\n\t\x7f\xff t\xc3\xa2" "che \xc2\x85";
    char *out = escaped(in, sizeof in - 1, 2);
    assert_string_equal(out, "\"\\\"q\\\" \\\\ \\u0001\\u001b\\r\\n\\t\\u007f\\\\xff "
                             "t\xc3\xa2" "che \\u0085\"");
    assert_true(grade_escape_text_is_clean(out, strlen(out), false));
    free(out);
}

static void buffer_cuts_before_a_whole_escape(void **state)
{
    (void)state;
    char buf[6];
    size_t n = grade_escape_text_buf(buf, sizeof buf, "abc\x1b" "def", 7, false);
    assert_int_equal(n, 3);
    assert_string_equal(buf, "abc");
    n = grade_escape_text_buf(buf, sizeof buf, "a\xc3\xa2" "bc\xe2\x82\xac", 8, false);
    assert_string_equal(buf, "a\xc3\xa2" "bc");
    assert_int_equal(n, 5);
}

/* A finding that quotes a program's output holds it escaped, one line. */
static void findings_are_escaped_once_for_all(void **state)
{
    (void)state;
    grade_findings list = {0};
    grade_findings_add(&list, 0, 0, "printed \"%s\"", "x\r\x1b[1A5.0 / 5.0 passed\nnext");
    assert_string_equal(list.items[0].text,
                        "printed \"x\\r\\x1b[1A5.0 / 5.0 passed\\nnext\"");
    grade_findings list2 = {0};
    grade_findings_merge(&list2, &list);
    assert_string_equal(list2.items[0].text, list.items[0].text);
    grade_findings_free(&list);
    grade_findings_free(&list2);
}

/* The submission's name and the note: one line each, whatever they hold. */
static void text_report_top_escapes_the_name_and_note(void **state)
{
    (void)state;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    grade_text_begin(out, "T", "x\nL/hw4\x1b.asm", 7, NULL, "Graded x\nL/\xff.asm as hw4.asm",
                     "");
    fclose(out);
    assert_string_equal(text, "T: x\\nL/hw4\\x1b.asm\nseed 7 (--seed 7 replays these tests)\n\n"
                              "Graded x\\nL/\\xff.asm as hw4.asm\n\n");
    free(text);
}

static void json_summary_note_is_one_line(void **state)
{
    (void)state;
    char buf[256];
    grade_findings none = {0};
    grade_json_summary(buf, sizeof buf, "Graded a\x01\nb.asm as hw4.asm", 3, false, &none, true);
    assert_string_equal(buf, "Graded a\\x01\\nb.asm as hw4.asm\nseed 3");
    /* --secret-seed: results.json, which the student sees, does not show it */
    grade_json_summary(buf, sizeof buf, "", 31337, true, &none, true);
    assert_string_equal(buf, "the course's own seed");
}

/* results.json's strings (grade_json_string) go through the JSON layer. */
static void json_string_of_a_bad_name(void **state)
{
    (void)state;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    grade_json_string(out, "b\xff\x1b\x7f.asm");
    fclose(out);
    assert_string_equal(text, "\"b\\\\xff\\u001b\\u007f.asm\"");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_escapes_controls_and_bad_bytes),
        cmocka_unit_test(text_keeps_printable_utf8),
        cmocka_unit_test(text_escapes_what_terminals_act_on),
        cmocka_unit_test(json_is_valid_utf8_with_controls_escaped),
        cmocka_unit_test(buffer_cuts_before_a_whole_escape),
        cmocka_unit_test(findings_are_escaped_once_for_all),
        cmocka_unit_test(text_report_top_escapes_the_name_and_note),
        cmocka_unit_test(json_summary_note_is_one_line),
        cmocka_unit_test(json_string_of_a_bad_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
