/* The output comparison of lc3tools' grader, on values worked out by hand
 * from its rule (docs/grader.md, "Similarity"): the preprocessing passes,
 * quirks included, the edit distance, and the points by threshold. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grade_similarity.h"

/* preprocess(text, flags) must give want exactly. */
static void check_pre(const char *text, unsigned flags, const char *want)
{
    size_t len;
    char *got = grade_preprocess(text, strlen(text), flags, &len);
    assert_int_equal(len, strlen(want));
    assert_memory_equal(got, want, len);
    free(got);
}

static double sim(const char *a, const char *b)
{
    return grade_similarity(a, strlen(a), b, strlen(b));
}

static void trailing_whitespace_always_goes(void **state)
{
    (void)state;
    check_pre("ROW A: ooo  \nROW B: \t\r\n", 0, "ROW A: ooo\nROW B:");
    check_pre("rocks: ", 0, "rocks:");
    check_pre("a\n\n\n", 0, "a");
    check_pre(" \nb", 0, "\nb");
    check_pre("   ", 0, "");
    check_pre("", 0, "");
}

/* lc3tools' pass erases a blank line right after a line (its '\n' is the
 * first whitespace before the next '\n'), and resumes its scan as many
 * bytes too far as it erased, so the line after a cleaned one keeps its
 * trailing blanks. */
static void trailing_pass_quirks(void **state)
{
    (void)state;
    check_pre("a\n\nb", 0, "a\nb");
    check_pre("a\n\n\nb", 0, "a\n\nb");
    check_pre("\n\nb", 0, "\nb");
    check_pre("x  \n \ny", 0, "x\n \ny");
    check_pre("x \n \ny", 0, "x\n\ny");
    check_pre("a \nb \nc", 0, "a\nb\nc");
}

static void flags(void **state)
{
    (void)state;
    const char *line = "Player 1, choose a row: A*\n";
    check_pre(line, GRADE_IGNORE_CASE, "player 1, choose a row: a*");
    check_pre(line, GRADE_IGNORE_WHITESPACE, "Player1,choosearow:A*");
    check_pre(line, GRADE_IGNORE_PUNCTUATION, "Player 1 choose a row A");
    check_pre(line, GRADE_IGNORE_ALL, "player1choosearowa");
    /* Every ASCII sign is punctuation; bytes from x80 up are kept, and
     * \v \f count as whitespace. */
    check_pre("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~z", GRADE_IGNORE_PUNCTUATION, "z");
    check_pre("\x80\xff \v\fq", GRADE_IGNORE_ALL, "\x80\xffq");
    /* Case folding touches only A-Z. */
    check_pre("AZ@[`{az", GRADE_IGNORE_CASE, "az@[`{az");
}

static void similarity_values(void **state)
{
    (void)state;
    assert_true(sim("abc", "abc") == 1.0);
    assert_true(sim("kitten", "sitting") == 0.5);  /* 3 edits, shorter 6 */
    assert_true(sim("sitting", "kitten") == 0.5);  /* symmetric */
    assert_true(sim("abcd", "abce") == 0.75);
    assert_true(sim("ab", "abcdef") == -1.0);      /* 4 edits, shorter 2 */
    assert_true(sim("abcdefghij", "abcdefghiX") == 1 - 1.0 / 10);
    assert_true(isinf(sim("", "abc")) && sim("", "abc") < 0);
    assert_true(isnan(sim("", "")));
}

static void points(void **state)
{
    (void)state;
    assert_true(grade_similarity_points(1.0, 15) == 15);
    assert_true(grade_similarity_points(0.95, 15) == 15);   /* close enough */
    assert_true(grade_similarity_points(1 - 1.0 / 10, 10) == 10); /* 0.9 exactly */
    assert_true(grade_similarity_points(0.5, 15) == 8);     /* 7.5 rounds up */
    assert_true(grade_similarity_points(0.3, 10) == 3);
    /* 4 edits on 5 bytes: 1 - 0.8 is just below 0.2 in doubles, so no
     * partial points, as in lc3tools (an integer rule would give 2). */
    assert_true(sim("abcde", "vwxye") == 1 - 4.0 / 5);
    assert_true(grade_similarity_points(sim("abcde", "vwxye"), 10) == 0);
    assert_true(grade_similarity_points(-1.0, 10) == 0);
    assert_true(grade_similarity_points(-INFINITY, 10) == 0);
    assert_true(grade_similarity_points(NAN, 10) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trailing_whitespace_always_goes),
        cmocka_unit_test(trailing_pass_quirks),
        cmocka_unit_test(flags),
        cmocka_unit_test(similarity_values),
        cmocka_unit_test(points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
