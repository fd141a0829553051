/* A batch's pieces (asm/grade/grade_parts.h, grade_batch.h): finding keys,
 * the parts a child sends and the parent reads back, full/partial/zero,
 * the numbers and the summary, HTML escaping, the progress line's
 * estimate and its silence off a terminal. */
#define _GNU_SOURCE /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "grade_batch.h"
#include "grade_escape.h"
#include "grade_parts.h"

static void expect_key(const char *text, const char *file, const char *want)
{
    char key[GRADE_FINDING_KEY];
    grade_finding_key(key, sizeof key, text, file);
    assert_string_equal(key, want);
}

static void finding_keys(void **state)
{
    (void)state;
    expect_key("$s2 changed: 0x1234abcd -> 0x00000000", "", "$s2 changed: N -> N");
    expect_key("the map cell (4,7) is 3, expected -1", "", "the map cell (N,N) is N, expected N");
    expect_key("0 points: at x305F (kbsr.asm:12)", "kbsr.asm", "N points: at N (FILE:N)");
    expect_key("xor a0 got \\xff\\x1b, 2.5", "", "xor a0 got \\xff\\x1b, N");
    expect_key("did not call get_cell", "", "did not call get_cell");
    expect_key("tab\there\x1b[2J", "", "tab here [N");
    /* Cut at a character's start: 2-byte characters into 6 bytes. */
    char key[6];
    grade_finding_key(key, sizeof key, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", "");
    assert_string_equal(key, "\xc3\xa9\xc3\xa9");
}

static void parts_round_trip(void **state)
{
    (void)state;
    grade_parts p;
    grade_parts_init(&p, 3, "/x/alice.asm");
    assert_string_equal(p.file, "alice.asm");
    grade_parts_max(&p, 0, 10);
    grade_parts_max(&p, 1, 4);
    grade_parts_score(&p, 0, 2.5);
    grade_parts_score(&p, 0, 2.5);
    grade_parts_score(&p, 7, 100); /* no such part: ignored */
    grade_parts_finding(&p, 0, "returned 3, expected 4");
    grade_parts_finding(&p, 0, "returned 5, expected 6"); /* the same key */
    for (int i = 0; i < 5; i++) {
        char text[32];
        snprintf(text, sizeof text, "finding %c", 'a' + i);
        grade_parts_finding(&p, 1, text);
    }
    assert_int_equal(p.part[0].finding_count, 1);
    assert_int_equal(p.part[1].finding_count, GRADE_PART_FINDINGS);
    grade_parts_not_graded(&p, 2); /* the spec is wrong there */
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    grade_parts_send(fds[1], &p);
    close(fds[1]);
    char buf[4096];
    ssize_t n = read(fds[0], buf, sizeof buf - 1);
    close(fds[0]);
    assert_true(n > 0);
    buf[n] = '\0';
    grade_part back[3] = {0};
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
        assert_true(grade_parts_receive(back, 3, line));
    assert_true(back[0].score == 5 && back[0].max == 10);
    assert_string_equal(back[0].findings[0], "returned N, expected N");
    assert_string_equal(back[1].findings[2], "finding c");
    assert_true(back[2].max == 0 && back[2].finding_count == 0);
    assert_true(back[2].not_graded && !back[0].not_graded && !back[1].not_graded);
    assert_int_equal(grade_part_classify(&back[2]), GRADE_PART_NOT_GRADED);
    assert_false(grade_parts_receive(back, 3, "not-graded 3"));
    assert_false(grade_parts_receive(back, 3, "part 3 1 1"));
    assert_false(grade_parts_receive(back, 3, "graded 1 1"));
}

static void classify(void **state)
{
    (void)state;
    grade_part full = {.score = 4, .max = 4}, partial = {.score = 1, .max = 4};
    grade_part zero = {.score = 0, .max = 4}, passed_check = {0};
    grade_part failed_check = {.finding_count = 1};
    assert_int_equal(grade_part_classify(&full), GRADE_PART_FULL);
    assert_int_equal(grade_part_classify(&partial), GRADE_PART_PARTIAL);
    assert_int_equal(grade_part_classify(&zero), GRADE_PART_ZERO);
    assert_int_equal(grade_part_classify(&passed_check), GRADE_PART_FULL);
    assert_int_equal(grade_part_classify(&failed_check), GRADE_PART_ZERO);
}

/* Five rows: four graded (10, 4, 0, 10 of 10 over two parts), one not. */
static void batch_numbers(void **state)
{
    (void)state;
    static const char *const paths[] = {"a.asm", "b.asm", "c.asm", "d.asm", "e.asm"};
    static const char *const names[] = {"first", "second"};
    grade_runner run = {.tool = "grade", .max_score = 10, .paths = (const char **)paths,
                        .path_count = 5, .part_names = names, .part_count = 2};
    grade_part parts[5][2] = {
        {{.score = 6, .max = 6}, {.score = 4, .max = 4}},
        {{.score = 0, .max = 6, .finding_count = 1, .findings = {"late"}},
         {.score = 4, .max = 4}},
        {{.score = 0, .max = 6, .finding_count = 1, .findings = {"early"}},
         {.score = 0, .max = 4, .finding_count = 1, .findings = {"none"}}},
        {{.score = 0}, {.score = 0}},
        {{.score = 6, .max = 6}, {.score = 4, .max = 4}},
    };
    grade_row rows[5] = {
        {.graded = true, .score = 10, .status = "graded", .parts = parts[0]},
        {.graded = true, .score = 4, .status = "graded", .parts = parts[1]},
        {.graded = true, .score = 0, .status = "graded", .parts = parts[2]},
        {.graded = false, .status = "error: too slow", .parts = parts[3]},
        {.graded = true, .score = 10, .status = "graded", .parts = parts[4]},
    };
    grade_batch b = {&run, rows, 2};
    grade_stats s;
    grade_stats_make(&b, &s);
    assert_int_equal(s.graded, 4);
    assert_int_equal(s.not_graded, 1);
    assert_true(s.mean == 6 && s.median == 7 && s.min == 0 && s.max == 10);
    assert_true(s.sd > 4.2425 && s.sd < 4.2427); /* sqrt(18) */
    assert_int_equal(s.histogram[0], 1);
    assert_int_equal(s.histogram[4], 1);
    assert_int_equal(s.histogram[9], 2); /* the top in the last bin */
    assert_int_equal(s.parts[0].full, 2);
    assert_int_equal(s.parts[0].zero, 2);
    /* A tie: the first met in the input's order. */
    assert_string_equal(s.parts[0].common.text, "late");
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    grade_batch_summary(out, &b, &s, NULL);
    fclose(out);
    assert_string_equal(text,
        "grade: 5 submissions: 4 graded, 1 not graded\n"
        "  not graded (1): too slow\n"
        "  totals of 10.00: mean 6.00, median 7.00, lowest 0.00, highest 10.00, standard "
        "deviation 4.24\n"
        "  first:  2 full, 0 partial, 2 zero; most common: late (1)\n"
        "  second: 3 full, 0 partial, 1 zero; most common: none (1)\n");
    free(text);
    grade_stats_free(&s);
}

static void html_escape(void **state)
{
    (void)state;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    const char s[] = "<a href=\"x\">&'\xff\x1b\xef\xbf\xbe\n";
    grade_escape_html(out, s, sizeof s - 1);
    fclose(out);
    assert_string_equal(text, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;\\xff\\x1b\\uFFFE\\n");
    free(text);
}

static void progress(void **state)
{
    (void)state;
    assert_true(grade_progress_eta(10, 40, 20.0) == 60.0);
    assert_true(grade_progress_eta(0, 40, 5.0) == 0);
    assert_true(grade_progress_eta(40, 40, 5.0) == 0);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    grade_runner run = {.path_count = 3};
    grade_progress p;
    grade_progress_start(&p, &run, out); /* not a terminal: nothing */
    grade_progress_show(&p, 1, 0);
    grade_progress_end(&p);
    fclose(out);
    assert_int_equal(size, 0);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(finding_keys), cmocka_unit_test(parts_round_trip),
        cmocka_unit_test(classify),     cmocka_unit_test(batch_numbers),
        cmocka_unit_test(html_escape),  cmocka_unit_test(progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
