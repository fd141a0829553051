/* What lc3grade's command line decides (lc3grade.c) and the gradings
 * (lc3grade_run.c), on the core's runner (grade_run.h). */
#ifndef LC3GRADE_H
#define LC3GRADE_H

#include "grade_cli.h"
#include "nim_suite.h"

enum { LC3GRADE_CPU_SECONDS = 20 };

typedef struct lc3grade_options {
    nim_suite_options suite;
    grade_cli cli;
} lc3grade_options;

/* One submission or a batch, as the command line said. */
int lc3grade_run(const lc3grade_options *o);

#endif
