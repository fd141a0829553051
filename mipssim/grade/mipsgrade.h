/* What mipsgrade's command line decides (mipsgrade.c) and the gradings
 * (mipsgrade_run.c), run as every grader's are (grade_run.h): each in a
 * child process under limits, in a scratch folder the parent removes. */
#ifndef MIPSGRADE_H
#define MIPSGRADE_H

#include <stdbool.h>

#include "grade_cli.h"
#include "grade_run.h"
#include "grade_spec.h"
#include "hw4_suite.h"

/* The core's exit statuses (grade_run.h), by mipsgrade.c's names. */
enum {
    EXIT_GRADED = GRADE_EXIT_GRADED,
    EXIT_NOT_GRADED = GRADE_EXIT_NOT_GRADED,
    EXIT_USAGE = GRADE_EXIT_USAGE,
};

enum { DEFAULT_CPU_SECONDS = GRADE_CPU_SECONDS }; /* a safety net (grade_run.h) */

/* The shared command line (grade_cli.h) and hw4's own options. */
typedef struct grade_options {
    hw4_suite_options suite;
    grade_cli cli;
    grade_spec spec;     /* --spec FILE, parsed before anything is graded */
} grade_options;

/* The gradings, one submission or a batch, as the command line said. */
int mipsgrade_run(const grade_options *o);

/* The same by the spec --spec named (mipsgrade_spec.c): parsed first, its
 * errors on stderr (then EXIT_NOT_GRADED); --only and --cases apply to its
 * functions and tests. */
int mipsgrade_run_spec(grade_options *o);

#endif
