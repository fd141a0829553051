/* mipsgrade --spec FILE (and hw4, whose spec mipsgrade_hw4.c lays out):
 * the spec parsed in the parent (every error of it on stderr before
 * anything runs), then each grading in a child on the core's runner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mipsgrade.h"
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
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    spec_mips_grade(file, &so, &report);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    report.seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (o->cli.note)
        snprintf(report.note, sizeof report.note, "%s", o->cli.note);
    report.seed_secret = o->cli.seed_secret;
    if (report.error[0])
        fprintf(stderr, "mipsgrade: %s: not graded: %s\n", file, report.error);
    char wrong[512];
    grade_spec_report_wrong_names(&report, wrong, sizeof wrong);
    if (!report.error[0] && wrong[0])
        fprintf(stderr, "mipsgrade: %s: partly graded: the spec is wrong in %s (its reference breaks "
                "it there; the report names every problem)\n", file, wrong);
    static grade_parts parts; /* the batch's columns */
    grade_spec_report_parts(&report, o->only, file, &parts);
    *score = (grade_score){report.score, report.max_score, report.error[0] ? report.error : NULL,
                           &parts, wrong[0] != '\0'};
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
    grade_runner run = grade_cli_runner(&o->cli);
    run.title = grade_spec_title(&o->spec, title, sizeof title);
    const char *slash = strrchr(o->spec.reference, '/');
    run.folder_file = slash ? slash + 1 : o->spec.reference;
    run.comment = "#";
    run.max_score = grade_spec_engine_points(&o->spec, o->only);
    run.ctx = o;
    run.grade = grade_by_spec;
    static const char *parts[GRADE_PARTS_MAX];
    run.part_names = parts;
    run.part_count = grade_spec_part_names(&o->spec, o->only, parts, GRADE_PARTS_MAX);
    run.write = grade_spec_report_write;
    return grade_cli_run(&o->cli, &run);
}
