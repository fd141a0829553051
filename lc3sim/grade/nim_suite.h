/* The LC-3 Nim suite: lc3tools' published scheme (its sample grader,
 * nim.cpp: seven tests, 100 points) plus the issue's own checks at 0
 * points, each a whole-program run (lc3_whole.h) on keystrokes whose
 * expected output comes from the model (nim_model.h). docs/grader.md,
 * "LC-3 Nim", lists the tests, the caps and the scoring. */
#ifndef NIM_SUITE_H
#define NIM_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "grade_findings.h"

typedef enum nim_mode {
    NIM_MODE_SIMILARITY, /* lc3tools' rule: similarity after preprocessing */
    NIM_MODE_EXACT,      /* the model's bytes, only whitespace at the very end aside */
} nim_mode;

typedef struct nim_suite_options {
    uint64_t seed;
    nim_mode mode;
    bool ignore_privilege;  /* lc3tools' --ignore-privilege */
} nim_suite_options;

/* One test as it ran and scored. */
typedef struct nim_test_result {
    const char *name;       /* "ExampleTest", ... */
    const char *about;      /* what its keys do */
    double score, max_score;
    bool check;             /* one of the 0-point checks */
    bool passed;            /* full points (a check: correct) */
    double similarity;      /* of the texts with case, whitespace, signs dropped */
    uint64_t instructions, cap;
    bool hit_cap;
    bool waits;             /* hit the cap waiting after its last key, as it should */
    grade_findings lines;   /* what the report says of it */
} nim_test_result;

enum { NIM_TEST_COUNT = 16 };

typedef struct nim_report {
    char submission[512];
    uint64_t seed;
    nim_mode mode;
    bool ignore_privilege;
    bool assembled;
    char *assembler_messages;  /* its errors, or the warnings of a file that assembled */
    bool seed_secret;          /* --secret-seed: not in results.json */
    char note[512];            /* lc3grade --note, or "" */
    char error[512];           /* not graded, no fault of the submission's */
    double seconds;
    grade_findings fatal;      /* why the whole file scores 0 */
    nim_test_result tests[NIM_TEST_COUNT];
    size_t test_count;
    double score, max_score;
} nim_report;

/* lc3tools' published total. */
enum { NIM_MAX_SCORE = 100 };

/* The seed without --seed: fixed, so the randomized machine depends on the
 * assignment alone and no edit of a comment can choose it (a course sets
 * its own with --seed, docs/grader.md). */
enum { NIM_DEFAULT_SEED = 1 };

/* Test i's name and points, in the order the suite runs them (a batch's
 * columns). */
const char *nim_test_name(int i);
double nim_test_points(int i);

/* Grades the submission at path; the report is filled in all cases. */
void nim_grade(const char *path, const nim_suite_options *options, nim_report *report);
void nim_report_free(nim_report *report);

/* The text report and Gradescope's results.json (nim_report.c). */
void nim_report_text(FILE *out, const nim_report *report);
void nim_report_json(FILE *out, const nim_report *report);

#endif
