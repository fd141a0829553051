/* What spec_mips.c (function cases) and spec_mips_program.c (whole
 * programs) share: the MIPS side of one grading, the ISA-free engine's
 * context (grade_spec_engine.h). */
#ifndef SPEC_MIPS_IMPL_H
#define SPEC_MIPS_IMPL_H

#include "grade_spec_engine.h"
#include "mips_call.h"
#include "spec_mips.h"

typedef struct spec_mips {
    grade_spec_engine engine;
    mips_call_program *reference, *submission;
    char empty[4096];        /* the file root: an empty folder in the scratch one */
    mips_file_budget budget; /* what all the grading's runs may write */
} spec_mips;

/* The engine's run_program: one whole run of a program test. */
bool spec_mips_run_program(void *ctx, grade_spec_side side, const grade_spec_program *pr,
                           grade_spec_program_run *out);

#endif
