/* What spec_mips.c (functions) and spec_mips_program.c (whole programs)
 * share: one grading's state. */
#ifndef SPEC_MIPS_IMPL_H
#define SPEC_MIPS_IMPL_H

#include "mips_call.h"
#include "spec_mips.h"

typedef struct spec_engine {
    const spec_mips_options *options;
    const grade_spec *spec;
    grade_spec_report *report;
    mips_call_program *reference, *submission;
    char empty[4096];        /* the file root: an empty folder in the scratch one */
    mips_file_budget budget; /* what all the grading's runs may write */
} spec_engine;

/* Sets the report's error (the spec is at fault, nothing is graded). */
void spec_engine_error(spec_engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Every program test of the spec. */
void spec_mips_programs(spec_engine *e);

#endif
