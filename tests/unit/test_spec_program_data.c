/* Whole programs on data (issue 33, items 10-12): a program test's memory
 * inputs and results in the parser's model with their errors, and output
 * compared as values (grade_spec_values.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grade_spec.h"
#include "grade_spec_values.h"
#include "spec_lc3.h"
#include "spec_fixture.h"

static bool values_equal(const char *got, const char *want, bool hex, char *why, size_t size)
{
    grade_findings problems = {0};
    grade_values_mode mode = {hex, 4, false};
    bool same = grade_values_compare(got, strlen(got), want, strlen(want), &mode, &problems);
    snprintf(why, size, "%s", problems.count ? problems.items[0].text : "");
    grade_findings_free(&problems);
    return same;
}

/* The formats a handout allows are one value; a wrong digit never is. */
static void values_by_value(void **state)
{
    (void)state;
    char why[GRADE_FINDING_MAX];
    assert_true(values_equal("Result: x0014\n", "Result: 0014\n", true, why, sizeof why));
    assert_true(values_equal("Result = 0X14", "result: x0014", true, why, sizeof why) == false);
    assert_true(values_equal("Result = 0X14", "Result: x0014", true, why, sizeof why));
    assert_true(values_equal("sum 0x1f,  -3", "sum 31 -3", false, why, sizeof why));
    assert_true(values_equal("#20", "20", false, why, sizeof why));
    assert_true(values_equal("xabcd", "ABCD", true, why, sizeof why));
    /* 0014 read as decimal is 14, not x0014's 20: the spec says hex */
    assert_false(values_equal("x0014", "0014", false, why, sizeof why));
    assert_false(values_equal("Result: x0008", "Result: x0014", true, why, sizeof why));
    assert_string_equal(why, "the output's item 2 is x0008 (8), expected x0014 (20)");
    assert_false(values_equal("Result:", "Result: x0014", true, why, sizeof why));
    assert_string_equal(why, "the output ends after 1 items, expected 2 (the next: x0014 (20))");
    assert_false(values_equal("Sum 5 extra", "Sum 5", false, why, sizeof why));
    assert_string_equal(why, "the output has 3 items, expected 2 (the first extra one: "
                             "\"extra\")");
    assert_false(values_equal("Total 5", "Sum 5", false, why, sizeof why));
    assert_string_equal(why, "the output's item 1 is \"Total\", expected \"Sum\"");
    /* a word's four hex digits are its bit pattern: xFFEC is -20; other
     * widths are plain numbers */
    assert_true(values_equal("xFFEC", "-20", false, why, sizeof why));
    assert_false(values_equal("x0FFEC", "-20", false, why, sizeof why));
    assert_false(values_equal("65516", "-20", false, why, sizeof why));
    /* a range 3-5 is two numbers, not 3 and -5 */
    grade_value_token t[4];
    grade_values_mode decimal = {false, 0, false};
    assert_int_equal(grade_value_tokens("3-5 a-7", 7, &decimal, t, 4), 4);
    assert_int_equal(t[1].value, 5);
    assert_int_equal(t[3].value, 7);
    assert_int_equal(grade_value_tokens("(-7)", 4, &decimal, t, 4), 1);
    assert_int_equal(t[0].value, -7);
}

static bool parse(const char *text, grade_spec *spec, char **messages)
{
    return spec_fixture_parse("t.spec", text, &spec_lc3_isa, spec, messages);
}

static void memory_inputs_and_results(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    bool ok = parse("reference r.asm\n"
                    "program count\n"
                    "  points 12\n"
                    "  cases 5\n"
                    "  memory x4000 s = string 0..40 letters\n"
                    "  memory 0x4100 n = int 1..9\n"
                    "  require n <= 5\n"
                    "  compare R5 memory x3F00..x3F02\n"
                    "  compare s memory x3F10\n"
                    "  compare output values hex ignore case\n",
                    &s, &messages);
    assert_string_equal(messages, "");
    assert_true(ok);
    free(messages);
    const grade_spec_program *pr = &s.programs[0];
    assert_int_equal(pr->cases, 5);
    assert_non_null(pr->inputs);
    assert_int_equal(pr->inputs->arg_count, 2);
    assert_int_equal(pr->inputs->args[0].reg, GRADE_SPEC_AT_ADDRESS);
    assert_int_equal(pr->inputs->args[0].address, 0x4000);
    assert_int_equal(pr->inputs->args[1].address, 0x4100);
    assert_int_equal(pr->inputs->require_count, 1);
    assert_int_equal(pr->result_count, 4);
    assert_int_equal(pr->results[0].kind, GRADE_RESULT_REG);
    assert_int_equal(pr->results[0].reg, 5);
    assert_int_equal(pr->results[1].kind, GRADE_RESULT_RANGE);
    assert_int_equal(pr->results[1].lo, 0x3F00);
    assert_int_equal(pr->results[1].hi, 0x3F02);
    assert_int_equal(pr->results[2].kind, GRADE_RESULT_INPUT);
    assert_int_equal(pr->results[3].lo, 0x3F10);
    assert_int_equal(pr->results[3].hi, 0x3F10);
    assert_true(pr->compare_output);
    assert_int_equal(pr->scoring, GRADE_OUTPUT_VALUES);
    assert_true(pr->values_hex);
    grade_spec_free(&s);

    /* without data: one run, the output compared as before */
    ok = parse("reference r.asm\nprogram p\n  points 1\n", &s, &messages);
    assert_true(ok);
    free(messages);
    assert_int_equal(s.programs[0].cases, 1);
    assert_null(s.programs[0].inputs);
    assert_false(s.programs[0].compare_output);
    grade_spec_free(&s);
}

static void memory_errors(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    bool ok = parse("reference r.asm\n"
                    "program p\n"
                    "  points 1\n"
                    "  memory x10000 a = int 1..2\n"
                    "  memory x4000 s = string 0..40 letters\n"
                    "  memory x4010 t = string 0..4 letters\n"
                    "  compare memory x3F02..x3F00\n"
                    "  compare R9\n"
                    "  compare output values ignore whitespace\n"
                    "  cases 0\n",
                    &s, &messages);
    assert_false(ok);
    assert_non_null(strstr(messages, "t.spec:4:10: error: expected an address of the LC-3"));
    assert_non_null(strstr(messages, "t.spec:7:18: error: the range ends before it starts"));
    assert_non_null(strstr(messages, "t.spec:8:11: error: expected what the program must "
                                     "leave"));
    assert_non_null(strstr(messages, "t.spec:9:32: error: expected 'case' after 'values "
                                     "ignore'"));
    assert_non_null(strstr(messages, "t.spec:10:9: error: a program test runs at least once"));
    assert_non_null(strstr(messages, "t.spec:6:10: error: the memory input t may overlap s "
                                     "(line 5)"));
    free(messages);
    grade_spec_free(&s);
}

/* `stdin NAME = string ... then "TEXT"`: keys drawn for each run. */
static void drawn_keys(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    bool ok = parse("reference r.asm\n"
                    "program p\n"
                    "  points 1\n"
                    "  stdin keys = string 1..4 digits then \"\\n\"\n"
                    "  compare output values hex\n",
                    &s, &messages);
    assert_string_equal(messages, "");
    assert_true(ok);
    free(messages);
    const grade_spec_program *pr = &s.programs[0];
    assert_non_null(pr->inputs);
    assert_int_equal(pr->inputs->arg_count, 1);
    assert_int_equal(pr->inputs->args[0].reg, GRADE_SPEC_AT_KEYS);
    assert_int_equal(pr->inputs->args[0].gen.kind, GRADE_GEN_STRING);
    assert_int_equal(pr->stdin_then_len, 1);
    assert_string_equal(pr->stdin_then, "\n");
    grade_spec_free(&s);

    ok = parse("reference r.asm\n"
               "program p\n"
               "  points 1\n"
               "  stdin n = int 1..4\n"
               "  stdin k = string 1..2 digits then 5\n"
               "  stdin \"12\"\n"
               "  compare k\n",
               &s, &messages);
    assert_false(ok);
    assert_non_null(strstr(messages, "t.spec:4:13: error: keys are drawn as a string"));
    assert_non_null(strstr(messages, "t.spec:5:37: error: expected the keys typed after"));
    assert_non_null(strstr(messages, "t.spec:6:3: error: the test's stdin is already given"));
    assert_non_null(strstr(messages, "t.spec:7:11: error: expected what the program must "
                                     "leave"));
    free(messages);
    grade_spec_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values_by_value),
        cmocka_unit_test(memory_inputs_and_results),
        cmocka_unit_test(memory_errors),
        cmocka_unit_test(drawn_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
