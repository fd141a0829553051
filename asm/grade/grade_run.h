/* How every grader runs its gradings: each in a child process under CPU,
 * memory, file-size and wall-clock limits, in a scratch folder the parent
 * makes and removes, so a submission that crashes, hangs or floods costs
 * only itself. One submission gets its text report on stdout (and
 * results.json); a batch gets a CSV row each, some at a time, and each
 * text report in a folder. What a grading is, the grader says through two
 * calls: grade (in the child) and write (its report as text or JSON). */
#ifndef GRADE_RUN_H
#define GRADE_RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "grade_parts.h"

/* 0 graded (whatever the scores), 1 something could not be graded (a
 * broken setup, a missing submission, a grading past its time limit), 2 a
 * bad command line, 3 graded but for some parts the grader's own setup is
 * wrong about (a spec whose reference breaks it in one function). */
enum { GRADE_EXIT_GRADED = 0, GRADE_EXIT_NOT_GRADED = 1, GRADE_EXIT_USAGE = 2,
       GRADE_EXIT_PART_NOT_GRADED = 3 };

/* The default CPU time of a grading. Budgets in instructions decide every
 * score; this limit is only a safety net, far above what a grading takes,
 * and four times that in a sanitizer build (GRADE_SANITIZED, from CMake's
 * SANITIZE), which runs several times slower. */
#ifdef GRADE_SANITIZED
enum { GRADE_CPU_SECONDS = 4 * 60 };
#else
enum { GRADE_CPU_SECONDS = 60 };
#endif

/* Why a grading past its time limit has no score (a CSV status and a
 * report's "Not graded" line). */
#define GRADE_TOO_SLOW "the machine was too slow to finish this grading; grade it again"

/* The status of a grading whose setup is wrong in some parts (a CSV's
 * status column; those parts' columns say "not graded"). */
#define GRADE_PARTLY "partly graded"

/* The wall-clock limit of a grading that may take cpu_seconds of CPU:
 * 10 times that and a minute, so load alone never reaches it. */
unsigned grade_run_wall_seconds(int cpu_seconds);

/* Seconds on the monotonic clock: a report's "took" line (never a grade's
 * input). */
double grade_run_clock(void);

/* A grading's outcome as the child tells the parent. */
typedef struct grade_score {
    double score, max;
    const char *error; /* not graded, no fault of the submission's: why; else NULL */
    const grade_parts *parts; /* the points per part (part_names' order), or NULL */
    bool part_not_graded; /* graded, but parts were not (no fault of the submission's) */
} grade_score;

typedef struct grade_runner {
    const char *tool;        /* "mipsgrade": messages, the scratch folders' names */
    const char *title;       /* "MipsHack (hw4) grader": a report's first words */
    const char *folder_file; /* what a folder submission stands for: "hw4.asm" */
    /* For a batch's similar code: the ISA's comment characters, and where
     * labels need no colon (the LC-3), whether a word is a mnemonic. */
    const char *comment;
    bool (*is_mnemonic)(const char *word, size_t len);
    double max_score;        /* of the tests chosen (a batch's max_score column) */
    const char *json;        /* one submission: results.json here */
    const char *note;        /* one submission: a line the reports begin with */
    const char *csv;         /* several: the scores here (default stdout) */
    const char *reports_dir; /* several: each submission's text report here */
    const char *html;        /* several: the report page here (grade_batch.h) */
    bool quiet;              /* several: no progress line, no summary */
    /* The parts a grading scores, in the assignment's order: a CSV column
     * each, counted in the summary and the page (at most GRADE_PARTS_MAX). */
    const char *const *part_names;
    int part_count;
    int jobs;                /* several at a time (0: 2) */
    int cpu_seconds;         /* a grading's CPU time (see grade_run_wall_seconds) */
    const char **paths;
    int path_count;
    void *ctx;               /* the grader's, passed to grade and write */
    /* In the child: grades file with scratch as its folder; returns the
     * report (the child exits with it) and sets *score. */
    void *(*grade)(void *ctx, const char *file, const char *scratch, grade_score *score);
    /* Writes report as text or results.json; brief: the JSON was too long,
     * so only the score and why. */
    void (*write)(void *ctx, const void *report, FILE *out, bool json, bool brief);
} grade_runner;

/* Writes report as every grading does, with run->write: a text report
 * through the text escaping (grade_escape.h) and cut at 256 KiB with a
 * note; results.json whole, or brief past 256 KiB. (The fuzz target
 * report_escape drives it.) */
void grade_run_put_report(const grade_runner *run, FILE *out, const void *report, bool json);

/* One submission, paths[0]: its report on stdout, results.json to json
 * (none when it was not graded: an old one is removed first). */
int grade_run_single(const grade_runner *run);

/* Several: everything checked first (else an error on stderr, exit 1,
 * no row), then a CSV row each in the order given, jobs at a time,
 * reports to reports_dir; a progress line on a terminal, a summary at the
 * end (on stderr), the page to html. */
int grade_run_batch(const grade_runner *run);

#endif
