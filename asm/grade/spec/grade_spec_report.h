/* The report of a grading by spec, for any ISA: per function and program
 * test the points and every failed case's reasons, the whole-file rules,
 * the assembler's messages, a spec error (the reference broke the spec:
 * nothing graded); as text and as Gradescope's results.json. */
#ifndef GRADE_SPEC_REPORT_H
#define GRADE_SPEC_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "grade_findings.h"
#include "grade_parts.h"
#include "grade_spec.h"

typedef struct grade_spec_test {
    int part;           /* a function's index, or function_count + a program's */
    char name[1600];    /* the case and every argument (wrapped when printed) */
    double score, max_score;
    grade_findings problems;
    uint64_t instructions;
} grade_spec_test;

/* A function the spec is wrong about (its reference breaks the spec
 * there): not graded, its points out of the maximum, every problem found. */
typedef struct grade_spec_wrong {
    int part;
    grade_findings problems;
} grade_spec_wrong;

typedef struct grade_spec_report {
    const grade_spec *spec;
    char submission[512];
    uint64_t seed;
    bool seed_secret;            /* --secret-seed: not in results.json */
    bool assembled;
    char *assembler_messages;
    char note[512];
    double seconds;
    char error[2048];        /* not graded (a spec error, a broken setup): why */
    grade_findings fatal;    /* whole-file rules broken: 0 points */
    grade_findings warnings;     /* of the submission: practices, hidden code */
    char **spec_warnings;        /* to the TA about the spec, whole (escaped) */
    size_t spec_warning_count, spec_warning_capacity;
    grade_spec_test *tests;
    size_t test_count, test_capacity;
    grade_spec_wrong *wrong;     /* the parts not graded: the spec is wrong there */
    size_t wrong_count;
    double score, max_score;
} grade_spec_report;

/* A new test of the report (zeroed but for part, name, max_score); NULL
 * when out of memory. */
grade_spec_test *grade_spec_report_add(grade_spec_report *r, int part, const char *name,
                                       double max_score);
/* The title of the report: the spec's, or "SPEC grader". */
const char *grade_spec_title(const grade_spec *spec, char *buf, size_t size);
void grade_spec_report_text(FILE *out, const grade_spec_report *r);
/* results.json: a test per function and program; brief: the score and why. */
void grade_spec_report_json(FILE *out, const grade_spec_report *r, bool brief);
/* The runner's write (grade_run.h) for a spec grader: text or JSON. */
void grade_spec_report_write(void *ctx, const void *report, FILE *out, bool json, bool brief);
void grade_spec_report_free(grade_spec_report *r);

/* ---- warnings and wrapping (grade_spec_report_warn.c) ------------------ */

/* A spec warning's longest text; past it the rest is left out. */
enum { GRADE_SPEC_WARNING_MAX = 8192 };
/* A warning to the TA about the spec, formatted and escaped, kept whole
 * (printed wrapped); out of memory, it is left out. */
void grade_spec_report_warn(grade_spec_report *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "Warnings:" and the submission's then the spec's, if any. */
void grade_spec_report_print_warnings(FILE *out, const grade_spec_report *r);
void grade_spec_report_free_warnings(grade_spec_report *r);
/* text wrapped at spaces to about 100 columns, each further line after
 * indent and 7 spaces: a long argument never hides the ones after it. */
void grade_spec_put_wrapped(FILE *out, const char *text, const char *indent);
/* The parts the spec is wrong about, as "f, g" (empty: none). */
void grade_spec_report_wrong_names(const grade_spec_report *r, char *buf, size_t size);

/* A batch's parts (grade_parts.h): every function, then every program
 * test, or only only's; their names into names (at most max), the count
 * returned. */
int grade_spec_part_names(const grade_spec *spec, const char *only, const char **names, int max);
/* The report's points and findings per part, in that order. */
void grade_spec_report_parts(const grade_spec_report *r, const char *only, const char *file,
                             grade_parts *parts);

#endif
