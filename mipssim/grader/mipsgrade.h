/* What mipsgrade's command line decides (mipsgrade.c) and how the
 * gradings run (mipsgrade_run.c): every grading in a child process under
 * CPU, memory, file-size and wall-clock limits, in a scratch folder the
 * parent makes and removes, so a submission that crashes, hangs or floods
 * costs only itself. */
#ifndef MIPSGRADE_H
#define MIPSGRADE_H

#include <stdbool.h>

#include "hw4_suite.h"

/* 0 graded (whatever the scores), 1 something could not be graded (a
 * broken setup, a missing submission), 2 a bad command line. */
enum { EXIT_GRADED = 0, EXIT_NOT_GRADED = 1, EXIT_USAGE = 2 };

enum { DEFAULT_CPU_SECONDS = 20 };

typedef struct grade_options {
    hw4_suite_options suite;
    const char *json;        /* one submission: results.json here */
    const char *note;        /* one submission: a line the reports begin with */
    const char *csv;         /* several: the scores here (default stdout) */
    const char *reports_dir; /* several: each submission's text report here */
    int jobs;
    int cpu_seconds;         /* a grading's CPU time (twice that in all) */
    bool batch;              /* --list, --reports, --jobs or several paths */
    bool seed_given;
    const char **paths;
    int path_count;
} grade_options;

/* One submission: its report on stdout, results.json to o->json. */
int mipsgrade_single(const grade_options *o);

/* Several: a CSV row each, o->jobs at a time, reports to o->reports_dir. */
int mipsgrade_batch(const grade_options *o);

#endif
