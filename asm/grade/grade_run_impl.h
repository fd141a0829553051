/* Inside grade_run*.c: a grading's child process and what became of it,
 * shared by one submission (grade_run.c), a batch (grade_run_batch.c) and
 * the checks before either (grade_run_check.c). */
#ifndef GRADE_RUN_IMPL_H
#define GRADE_RUN_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "grade_run.h"

typedef struct job {
    pid_t pid;
    int fd;           /* the child's one result line */
    int index;
    int report_fd;    /* where the child writes its text report, or -1 */
    int json_fd;      /* where the child writes results.json, or -1 */
    bool staged;      /* both made by grade_run_start, unnamed, for the parent to copy */
    char scratch[4096];
    char report[256]; /* its name in the reports folder */
} job;

/* What became of a child: graded with its score, or why not. */
typedef struct outcome {
    double score, max;
    char status[600]; /* "graded", or "error: why" */
    bool graded;
    grade_part *parts; /* the caller's, part_count of them, or NULL */
    int part_count;
    bool part_not_graded; /* graded, some parts not (grade_score's) */
} outcome;

/* Starts the child of j (scratch made here, its files opened by the
 * caller); false, and why, when it cannot. */
bool grade_run_start(const grade_runner *o, job *j, char *why, size_t size);

/* Reads the child's result line (and its parts, into r->parts when it has
 * room for them) and closes it; wstatus as waitpid gave it. */
void grade_run_outcome(job *j, int wstatus, outcome *r);

/* The report of a grading that gave no score: why, and that it has none. */
void grade_run_short_report(FILE *out, const grade_runner *o, int index, const outcome *r);

/* Why the path names nothing to grade ("no such file", and why a list line
 * may not), or NULL. */
const char *grade_run_missing(const char *path);

/* Everything a batch needs, checked before its first grading: each
 * submission, the reports folder and its report names, scratch space. On
 * a problem: a message on stderr, false. */
bool grade_run_check_batch(const grade_runner *o);

/* Scratch space can be made (and is removed again); else why. */
bool grade_run_check_scratch(const grade_runner *o, char *why, size_t size);

/* "007-alice_hw4.asm.txt": the place in the batch and the path. */
void grade_run_report_name(const grade_runner *o, int index, char *name, size_t size);

#endif
