/* mipsgrade --spec FILE (and hw4, whose spec mipsgrade_hw4.c lays out):
 * the spec parsed in the parent (every error of it on stderr before
 * anything runs), then each grading in a child on the core's runner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mipsgrade.h"
#include "grade_spec_cli.h"
#include "grade_spec_engine.h"
#include "spec_mips.h"

static void *grade_by_spec(void *ctx, const char *file, const char *scratch, grade_score *score)
{
    const grade_options *o = ctx;
    static grade_spec_report report;
    spec_mips_options so = {.spec = &o->spec, .seed = o->seed,
                            .scratch_dir = scratch, .only = o->only,
                            .random_cases = o->random_cases};
#ifndef GRADE_SANITIZED
    /* A grading's child ends when its report is out: freeing its three
     * programs (six machines, each page table an unmapping) was 2% of a
     * grading. A sanitizer build frees them, for its leak check. */
    so.process_ends = true;
#endif
    double t0 = grade_run_clock();
    spec_mips_grade(file, &so, &report);
    report.seconds = grade_run_clock() - t0;
    grade_spec_finish(&report, &o->cli, o->only, file, score);
    return &report;
}

int mipsgrade_run_spec(grade_options *o)
{
    diag_sink sink;
    diag_init(&sink, stderr);
    bool ok = grade_spec_load(o->cli.spec, &spec_mips_isa, &sink, &o->spec);
    diag_free(&sink);
    if (!ok && o->maps_dir) /* hw4's spec: what can be wrong is the maps */
        fprintf(stderr, "mipsgrade: nothing graded: the maps in %s are not all there (hw4's "
                "init_game cases read them; the errors above)\n", o->maps_dir);
    else if (!ok)
        fprintf(stderr, "mipsgrade: nothing graded: the spec %s has errors\n", o->cli.spec);
    if (!ok)
        return EXIT_NOT_GRADED;
    o->seed = o->cli.seed_given ? o->cli.seed : o->spec.seed;
    if (o->only && !grade_spec_names_part(&o->spec, o->only))
        return grade_cli_bad_usage(&o->cli, o->maps_dir ? "--only names no hw4 function:"
                                   : "--only names no function or test of the spec:", o->only);
    char title[160];
    grade_runner run = grade_spec_runner(&o->cli, &o->spec, o->only, "#", title, sizeof title);
    run.ctx = o;
    run.grade = grade_by_spec;
    return grade_cli_run(&o->cli, &run);
}
