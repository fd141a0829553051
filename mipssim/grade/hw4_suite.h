/* The MipsHack (CSE 220 homework 4) suite: for each of the eleven
 * functions, the handout's worked examples and randomized states, each
 * call graded alone (mips_checked_call.h) and compared with the C model of the
 * rules (hw4_model.h). Points per function are in
 * docs/grader.md. */
#ifndef HW4_SUITE_H
#define HW4_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mips_source_rules.h"

typedef struct hw4_test_result {
    int function;    /* index into hw4_function_names */
    char name[96];
    double score, max_score;
    grade_findings problems;
    uint64_t instructions;
} hw4_test_result;

typedef struct hw4_report {
    char submission[512];
    uint64_t seed;
    bool assembled;
    char *assembler_messages;   /* its errors, or the warnings of a file
                                   that assembled (capped) */
    bool seed_secret;           /* --secret-seed: not in results.json */
    char note[512];             /* a line for the student before the report
                                   (mipsgrade --note), or "" */
    double seconds;             /* the grading's wall-clock time */
    char error[512];            /* not graded, no fault of the submission's (no
                                   scratch folder, a missing map): "" when graded */
    grade_findings fatal;       /* rules that cost the whole score */
    grade_findings source_warnings;
    grade_findings practice_warnings; /* "init_game: saves $s2 ..." */
    hw4_test_result *tests;
    size_t test_count, test_capacity;
    double score, max_score;
} hw4_report;

typedef struct hw4_suite_options {
    uint64_t seed;
    const char *only;       /* one function's tests, or NULL for all */
    const char *maps_dir;   /* where init_game's map files are (maps/) */
    int random_cases;       /* per function; 0: the default */
    const char *scratch_dir; /* an empty folder for the grading's files, which the
                                caller removes; NULL: one made under TMPDIR */
} hw4_suite_options;

/* Grades the submission at path. The report is filled in all cases (a
 * file that does not assemble scores 0 with the assembler's messages). */
void hw4_grade(const char *path, const hw4_suite_options *options, hw4_report *report);
void hw4_report_free(hw4_report *report);

/* Whether every map init_game is tested on is in dir and parses; false
 * with the reason in why. */
bool hw4_check_maps(const char *dir, char *why, size_t size);
/* The instruction budget of a test (docs/grader.md, "What the handout
 * allows"): the base, plus this much per map cell for init_game and
 * flood_fill_reveal. */
enum { HW4_BUDGET_BASE = 100000, HW4_BUDGET_PER_CELL = 1000 };

/* The functions and their points, in the handout's order. */
enum { HW4_FUNCTIONS = 11 };

/* The seed without --seed: fixed, so the tests depend on the assignment
 * alone and no edit of a comment can choose them (a course sets its own
 * with --seed, docs/grader.md). */
enum { HW4_DEFAULT_SEED = 1 };
extern const char *const hw4_function_names[HW4_FUNCTIONS];
extern const double hw4_function_points[HW4_FUNCTIONS];

#endif
