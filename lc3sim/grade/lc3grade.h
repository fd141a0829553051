/* What lc3grade's command line decides (lc3grade.c) and the gradings
 * (lc3grade_run.c), on the core's runner (grade_run.h). */
#ifndef LC3GRADE_H
#define LC3GRADE_H

#include "grade_cli.h"
#include "grade_spec.h"
#include "nim_suite.h"

enum { LC3GRADE_CPU_SECONDS = GRADE_CPU_SECONDS }; /* a safety net (grade_run.h) */

typedef struct lc3grade_options {
    nim_suite_options suite;  /* its seed and --ignore-privilege serve --spec too */
    grade_cli cli;
    bool mode_given;          /* --mode: the Nim grader's alone */
    grade_spec spec;          /* --spec FILE, parsed before anything is graded */
    const char *only;         /* --spec: one function or program test */
    int random_cases;         /* --spec: random cases per function; 0: the spec's */
} lc3grade_options;

/* One submission or a batch, as the command line said. */
int lc3grade_run(const lc3grade_options *o);

/* Whether word[0..len) is an LC-3 mnemonic (a batch's similar code: a
 * line's first word that is none is a label). */
bool lc3grade_is_mnemonic(const char *word, size_t len);

/* The same by the spec --spec named (lc3grade_spec.c): parsed first, its
 * errors on stderr (then GRADE_EXIT_NOT_GRADED). */
int lc3grade_run_spec(lc3grade_options *o);

#endif
