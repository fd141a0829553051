/* Gradescope's results.json as every grader writes it (asm/grade/grade_json.h):
 * the summary, each test's entry, the entry when nothing ran, a stopped
 * grading, byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "grade_json.h"

/* What write(out) writes, NUL-ended (free it). */
static char *written(void (*write)(FILE *))
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    write(out);
    fclose(out);
    return text;
}

static void two_tests(FILE *out)
{
    grade_json_begin(out, 12.5, 100, 0.2, "seed 7\n\"quoted\"");
    grade_json_test(out, true, "ExactOutput", 10, 30, "passed\n");
    grade_json_test(out, false, "CloseRow", 2.5, 10, "");
    grade_json_end(out);
}

static void tests_listed(void **state)
{
    (void)state;
    char *text = written(two_tests);
    assert_string_equal(text,
        "{\n  \"score\": 12.5000,\n  \"max_score\": 100.0000,\n  \"execution_time\": 1,\n"
        "  \"stdout_visibility\": \"hidden\",\n  \"output\": \"seed 7\\n\\\"quoted\\\"\",\n"
        "  \"tests\": [\n"
        "    {\"name\": \"ExactOutput\", \"score\": 10.0000, \"max_score\": 30.0000, "
        "\"output\": \"passed\\n\"},\n"
        "    {\"name\": \"CloseRow\", \"score\": 2.5000, \"max_score\": 10.0000, "
        "\"output\": \"\"}\n  ]\n}\n");
    free(text);
}

static void nothing_ran(FILE *out)
{
    grade_json_begin(out, 0, 100, 3.7, "seed 1; 0 points: it does not assemble");
    grade_json_nothing_ran(out, "assembles", 100, "x.asm:1:1: error\n");
    grade_json_end(out);
}

static void nothing_ran_scores_zero_of_the_maximum(void **state)
{
    (void)state;
    char *text = written(nothing_ran);
    assert_string_equal(text,
        "{\n  \"score\": 0.0000,\n  \"max_score\": 100.0000,\n  \"execution_time\": 4,\n"
        "  \"stdout_visibility\": \"hidden\",\n"
        "  \"output\": \"seed 1; 0 points: it does not assemble\",\n  \"tests\": [\n"
        "    {\"name\": \"assembles\", \"score\": 0, \"max_score\": 100.0000, "
        "\"output\": \"x.asm:1:1: error\\n\"}\n  ]\n}\n");
    free(text);
}

static void stopped(FILE *out)
{
    grade_json_stopped(out, 50, 10.2, "out of time");
}

static void stopped_grading(void **state)
{
    (void)state;
    char *text = written(stopped);
    assert_string_equal(text,
        "{\n  \"score\": 0.0000,\n  \"max_score\": 50.0000,\n  \"execution_time\": 11,\n"
        "  \"stdout_visibility\": \"hidden\",\n  \"output\": \"out of time\",\n"
        "  \"tests\": [\n    {\"name\": \"limits\", \"score\": 0, \"max_score\": 50.0000, "
        "\"output\": \"out of time\"}\n  ]\n}\n");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tests_listed),
        cmocka_unit_test(nothing_ran_scores_zero_of_the_maximum),
        cmocka_unit_test(stopped_grading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
