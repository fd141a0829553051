/* mipsgrade's gradings on the grading core's runner (grade_run.h): what a
 * hw4 grading is (hw4_grade, timed, with the --note) and how its report
 * is written (hw4_report.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hw4_report.h"
#include "mipsgrade.h"

/* In the child: one hw4 grading, kept until the child exits. */
static void *grade_hw4(void *ctx, const char *file, const char *scratch, grade_score *score)
{
    const grade_options *o = ctx;
    hw4_suite_options suite = o->suite;
    suite.scratch_dir = scratch;
    static hw4_report report;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    hw4_grade(file, &suite, &report);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    report.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (o->cli.note)
        snprintf(report.note, sizeof report.note, "%s", o->cli.note);
    report.seed_secret = o->cli.seed_secret;
    *score = (grade_score){report.score, report.max_score, report.error[0] ? report.error : NULL,
                           false};
    return &report;
}

static void write_hw4(void *ctx, const void *report, FILE *out, bool json, bool brief)
{
    (void)ctx;
    const hw4_report *r = report;
    if (!json) {
        grade_report_text(out, r);
    } else if (!brief) {
        grade_report_json(out, r);
    } else {
        grade_report_json_brief(out, r); /* the score and why, and where the rest is */
    }
}

/* The points of the functions graded (all, or --only's). */
static double max_score(const grade_options *o)
{
    double max = 0;
    for (int f = 0; f < HW4_FUNCTIONS; f++)
        if (!o->suite.only || strcmp(o->suite.only, hw4_function_names[f]) == 0)
            max += hw4_function_points[f];
    return max;
}

int mipsgrade_run(const grade_options *o)
{
    grade_runner run = grade_cli_runner(&o->cli);
    run.title = "MipsHack (hw4) grader";
    run.folder_file = "hw4.asm";
    run.max_score = max_score(o);
    run.ctx = (void *)o;
    run.grade = grade_hw4;
    run.write = write_hw4;
    return grade_cli_run(&o->cli, &run);
}
