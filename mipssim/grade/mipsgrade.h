/* What mipsgrade's command line decides (mipsgrade.c) and the gradings
 * (mipsgrade_run.c), run as every grader's are (grade_run.h): each in a
 * child process under limits, in a scratch folder the parent removes. */
#ifndef MIPSGRADE_H
#define MIPSGRADE_H

#include <stdbool.h>

#include "grade_run.h"
#include "hw4_suite.h"

/* The core's exit statuses (grade_run.h), by mipsgrade.c's names. */
enum {
    EXIT_GRADED = GRADE_EXIT_GRADED,
    EXIT_NOT_GRADED = GRADE_EXIT_NOT_GRADED,
    EXIT_USAGE = GRADE_EXIT_USAGE,
};

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
