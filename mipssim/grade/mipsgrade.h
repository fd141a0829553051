/* What mipsgrade's command line decides (mipsgrade.c) and the gradings by
 * a spec (mipsgrade_spec.c; hw4's in mipsgrade_hw4.c), run as every
 * grader's are (grade_run.h): each in a child process under limits, in a
 * scratch folder the parent removes. */
#ifndef MIPSGRADE_H
#define MIPSGRADE_H

#include <stdbool.h>

#include "grade_cli.h"
#include "grade_run.h"
#include "grade_spec.h"

/* The core's exit statuses (grade_run.h), by mipsgrade.c's names. */
enum {
    EXIT_GRADED = GRADE_EXIT_GRADED,
    EXIT_NOT_GRADED = GRADE_EXIT_NOT_GRADED,
    EXIT_USAGE = GRADE_EXIT_USAGE,
};

enum { DEFAULT_CPU_SECONDS = GRADE_CPU_SECONDS }; /* a safety net (grade_run.h) */

/* The shared command line (grade_cli.h) and mipsgrade's own options. */
typedef struct grade_options {
    grade_cli cli;
    grade_spec spec;     /* --spec FILE (or hw4's), parsed before anything is graded */
    const char *only;    /* --only: one function or program test */
    int random_cases;    /* --cases: per function in place of the spec's; 0: the spec's */
    const char *maps_dir; /* hw4: --maps, or the maps found beside the binary */
    uint64_t seed;       /* --seed, else the spec's */
} grade_options;

/* mipsgrade hw4 (mipsgrade_hw4.c): reference-asm/mips/hw4.spec, carried in
 * the binary, graded as --spec grades it, with the maps of maps_dir (NULL:
 * those beside the binary). */
int mipsgrade_run_hw4(grade_options *o);

/* The same by the spec --spec named (mipsgrade_spec.c): parsed first, its
 * errors on stderr (then EXIT_NOT_GRADED); --only and --cases apply to its
 * functions and tests. */
int mipsgrade_run_spec(grade_options *o);

#endif
