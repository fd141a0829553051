/* lc3grade's gradings on the grading core's runner: what a Nim grading is
 * (nim_grade, timed, with the --note) and how its report is written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lc3_isa.h"
#include "lc3grade.h"

/* In the child: one Nim grading, kept until the child exits. */
static void *grade_nim(void *ctx, const char *file, const char *scratch, grade_score *score)
{
    (void)scratch; /* a whole LC-3 program touches no files */
    const lc3grade_options *o = ctx;
    static nim_report report;
    double t0 = grade_run_clock();
    nim_grade(file, &o->suite, &report);
    report.seconds = grade_run_clock() - t0;
    if (o->cli.note)
        snprintf(report.note, sizeof report.note, "%s", o->cli.note);
    report.seed_secret = o->cli.seed_secret;
    static grade_parts parts; /* the batch's columns: the tests */
    grade_parts_init(&parts, NIM_TEST_COUNT, file);
    for (int t = 0; t < NIM_TEST_COUNT; t++)
        grade_parts_max(&parts, t, nim_test_points(t));
    for (size_t t = 0; t < report.test_count; t++) {
        grade_parts_score(&parts, (int)t, report.tests[t].score);
        if (!report.tests[t].passed)
            grade_parts_findings(&parts, (int)t, &report.tests[t].lines);
    }
    if (report.test_count == 0)
        grade_parts_all(&parts, &report.fatal, report.assembled);
    *score = (grade_score){report.score, report.max_score, report.error[0] ? report.error : NULL,
                           &parts, false};
    return &report;
}

static void write_nim(void *ctx, const void *report, FILE *out, bool json, bool brief)
{
    (void)ctx;
    const nim_report *r = report;
    if (!json) {
        nim_report_text(out, r);
    } else if (!brief) {
        nim_report_json(out, r);
    } else {
        /* The score and why, without the tests' details. */
        nim_report shorter = *r;
        for (size_t i = 0; i < shorter.test_count; i++)
            shorter.tests[i].lines.count = 0;
        shorter.fatal.count = shorter.fatal.count < 5 ? shorter.fatal.count : 5;
        shorter.assembler_messages = NULL;
        nim_report_json(out, &shorter);
    }
}

bool lc3grade_is_mnemonic(const char *word, size_t len)
{
    return lc3_find_mnemonic(word, len) != NULL;
}

int lc3grade_run(const lc3grade_options *o)
{
    grade_runner run = grade_cli_runner(&o->cli);
    run.title = "LC-3 Nim grader";
    run.folder_file = "nim.asm";
    run.comment = ";";
    run.is_mnemonic = lc3grade_is_mnemonic;
    run.max_score = NIM_MAX_SCORE;
    run.ctx = (void *)o;
    run.grade = grade_nim;
    static const char *names[NIM_TEST_COUNT];
    for (int t = 0; t < NIM_TEST_COUNT; t++)
        names[t] = nim_test_name(t);
    run.part_names = names;
    run.part_count = NIM_TEST_COUNT;
    run.write = write_nim;
    return grade_cli_run(&o->cli, &run);
}
