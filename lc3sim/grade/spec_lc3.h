/* Grading an LC-3 submission by a spec (docs/grader-spec.md, "The LC-3"):
 * each function's cases called through lc3_call on the reference and then
 * on the submission, on the same registers and memory, and each program
 * test run whole through lc3_whole, for the ISA-free engine
 * (asm/grade/spec/grade_spec_engine.h) that draws, compares and scores. */
#ifndef SPEC_LC3_H
#define SPEC_LC3_H

#include <stdbool.h>
#include <stdint.h>

#include "grade_spec.h"
#include "grade_spec_report.h"

/* The LC-3 names a spec may use: R0-R7, the TRAPs by their names. */
extern const grade_spec_isa spec_lc3_isa;

typedef struct spec_lc3_options {
    const grade_spec *spec;
    uint64_t seed;
    const char *only;        /* one function or program test by name; NULL: all */
    int random_cases;        /* per function in place of the spec's; 0: the spec's */
    bool ignore_privilege;   /* lc3tools' --ignore-privilege, for every run */
} spec_lc3_options;

/* Grades the submission at path; the report is filled in all cases. A
 * reference that breaks the spec sets report->error (nothing graded). */
void spec_lc3_grade(const char *path, const spec_lc3_options *o, grade_spec_report *report);

#endif
