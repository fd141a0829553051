/* Grading a MIPS submission by a spec (docs/grader-spec.md): each
 * function's cases run on the reference and then on the submission, on the
 * same registers and memory, and compared as the spec says; each program
 * test run whole on both. The model, the drawing of cases, the engine
 * that compares and scores, and the report are the ISA-free core's
 * (asm/grade/spec/grade_spec*.h). */
#ifndef SPEC_MIPS_H
#define SPEC_MIPS_H

#include <stdbool.h>
#include <stdint.h>

#include "grade_spec.h"
#include "grade_spec_report.h"

/* The MIPS names a spec may use: MARS's registers, the syscalls by name. */
extern const grade_spec_isa spec_mips_isa;

typedef struct spec_mips_options {
    const grade_spec *spec;
    uint64_t seed;
    const char *scratch_dir; /* an empty folder the caller removes; NULL: one made here */
    const char *only;        /* one function or program test by name; NULL: all */
    int random_cases;        /* per function in place of the spec's; 0: the spec's */
    bool process_ends;       /* the process ends after (a grading's child): the
                                programs and their machines are left to its exit */
} spec_mips_options;

/* Grades the submission at path; the report is filled in all cases. A
 * reference that breaks the spec sets report->error (nothing graded). */
void spec_mips_grade(const char *path, const spec_mips_options *o, grade_spec_report *report);

#endif
