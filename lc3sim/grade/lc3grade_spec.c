/* lc3grade --spec FILE: the spec parsed in the parent (every error of it
 * on stderr before anything runs), then each grading in a child on the
 * core's runner, as the Nim gradings are (lc3grade_run.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_spec_cli.h"
#include "grade_spec_engine.h"
#include "lc3grade.h"
#include "spec_lc3.h"

static void *grade_by_spec(void *ctx, const char *file, const char *scratch, grade_score *score)
{
    (void)scratch; /* an LC-3 program touches no files */
    const lc3grade_options *o = ctx;
    static grade_spec_report report;
    spec_lc3_options so = {.spec = &o->spec, .seed = o->suite.seed,
                           .only = o->only, .random_cases = o->random_cases,
                           .ignore_privilege = o->suite.ignore_privilege};
    double t0 = grade_run_clock();
    spec_lc3_grade(file, &so, &report);
    report.seconds = grade_run_clock() - t0;
    grade_spec_finish(&report, &o->cli, o->only, file, score);
    return &report;
}

int lc3grade_run_spec(lc3grade_options *o)
{
    diag_sink sink;
    diag_init(&sink, stderr);
    bool ok = grade_spec_load(o->cli.spec, &spec_lc3_isa, &sink, &o->spec);
    diag_free(&sink);
    if (!ok) {
        fprintf(stderr, "lc3grade: nothing graded: the spec %s has errors\n", o->cli.spec);
        return GRADE_EXIT_NOT_GRADED;
    }
    if (!o->cli.seed_given)
        o->suite.seed = o->spec.seed;
    if (o->only && !grade_spec_names_part(&o->spec, o->only))
        return grade_cli_bad_usage(&o->cli, "--only names no function or test of the spec:",
                                   o->only);
    char title[160];
    grade_runner run = grade_spec_runner(&o->cli, &o->spec, o->only, ";", title, sizeof title);
    run.is_mnemonic = lc3grade_is_mnemonic;
    run.ctx = o;
    run.grade = grade_by_spec;
    return grade_cli_run(&o->cli, &run);
}
