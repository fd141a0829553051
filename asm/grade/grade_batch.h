/* What a batch shows beyond its CSV (grade_run_batch.c): a progress line
 * on a terminal while it grades, and after it a summary on stderr and a
 * self-contained report page (--html): totals, each part's full, partial
 * and zero counts, the most common findings, every submission. */
#ifndef GRADE_BATCH_H
#define GRADE_BATCH_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "grade_run.h"

/* One submission's outcome as the batch keeps it. */
typedef struct grade_row {
    bool done, graded;
    double score, max;
    char status[600];   /* "graded", or "error: why" */
    char report[256];   /* its name in the reports folder, or "" */
    grade_part *parts;  /* run->part_count of them */
} grade_row;

typedef struct grade_batch {
    const grade_runner *run;
    grade_row *rows;    /* run->path_count, in the order given */
    int part_count;     /* run->part_count, at most GRADE_PARTS_MAX */
} grade_batch;

/* ---- progress (grade_batch_progress.c) -------------------------------- */

typedef struct grade_progress {
    FILE *out;          /* stderr on a terminal, else NULL: nothing shown */
    struct timespec start;
    int total;
    int width;          /* of the line last drawn, to blank what is left */
} grade_progress;

/* Shown only when out is a terminal and run->quiet is not set. */
void grade_progress_start(grade_progress *p, const grade_runner *run, FILE *out);
/* "12/300 graded, 1 error, 0:42 elapsed, about 9:58 left" over the last one. */
void grade_progress_show(grade_progress *p, int done, int errors);
/* Erases the line, so what follows starts on a clean one. */
void grade_progress_end(grade_progress *p);
/* The ETA of done of total after elapsed seconds (display only). */
double grade_progress_eta(int done, int total, double elapsed);

/* ---- similar submissions (grade_batch_similar.c) ---------------------- */

typedef struct grade_similar_pair {
    int a, b;      /* indexes into run->paths, a < b */
    double share;  /* of their code's runs of tokens, 0..1 */
} grade_similar_pair;

typedef struct grade_similar {
    grade_similar_pair *pairs; /* most alike first */
    int count;
} grade_similar;

/* The pairs of submissions whose code is nearly the same once comments,
 * whitespace, register names and the labels a student chose are set
 * aside: a hint for the course, never a deduction. None when
 * run->comment is NULL. False only when memory ran out. */
bool grade_similar_find(const grade_runner *run, grade_similar *out);
void grade_similar_free(grade_similar *s);

/* ---- the numbers (grade_batch_stats.c) --------------------------------- */

typedef struct grade_count {
    const char *text;   /* a finding's key or a reason, the batch's own */
    int part;           /* the part it was found in (-1: a reason) */
    int count;          /* submissions */
} grade_count;

typedef struct grade_part_stats {
    int full, partial, zero, not_graded;
    grade_count common; /* the most common finding, count 0 if none */
} grade_part_stats;

enum { GRADE_HISTOGRAM_BINS = 10 };

typedef struct grade_stats {
    int graded, not_graded;
    grade_count *reasons;   /* why not graded, most first */
    int reason_count;
    double mean, median, min, max, sd, max_score;
    int histogram[GRADE_HISTOGRAM_BINS]; /* tenths of max_score, the last with the top */
    grade_part_stats parts[GRADE_PARTS_MAX];
    grade_count *findings;  /* every finding counted, most first */
    int finding_count;
} grade_stats;

void grade_stats_make(const grade_batch *b, grade_stats *s);
/* The maximum the totals are of: "10.00", or, when a part went ungraded
 * (a reference that breaks its spec there), the maximum of what was
 * graded with the parts left out named by put_name (escaped for its
 * format): the full maximum would understate every total. */
void grade_stats_maximum(FILE *out, const grade_batch *b, const grade_stats *s,
                         void (*put_name)(FILE *, const char *));
void grade_stats_free(grade_stats *s);

/* The summary, every byte from a submission escaped for a terminal. */
void grade_batch_summary(FILE *out, const grade_batch *b, const grade_stats *s,
                         const grade_similar *similar);

/* ---- the page (grade_batch_html.c) ------------------------------------- */

/* Writes the page (run->html names it: its links are relative to it). */
void grade_batch_html(FILE *out, const grade_batch *b, const grade_stats *s,
                      const grade_similar *similar);

#endif
