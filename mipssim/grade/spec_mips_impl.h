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
    char scratch[4096];      /* the grading's folder: a case with files gets its own in it */
    unsigned folders;        /* case folders made so far: their names */
} spec_mips;

/* What one run (the reference's or the submission's, of one case or
 * program test) may write: its own budget, fresh, so no run can spend
 * another's. */
enum { SPEC_MIPS_RUN_FILES = 64, SPEC_MIPS_RUN_FILE_BYTES = 1 << 20 };

static inline mips_file_budget spec_mips_run_budget(void)
{
    return (mips_file_budget){SPEC_MIPS_RUN_FILE_BYTES, SPEC_MIPS_RUN_FILES};
}

/* The engine's run_program: one whole run of a program test. */
bool spec_mips_run_program(void *ctx, grade_spec_side side, const grade_spec_program *pr,
                           const grade_spec_state *st, grade_spec_program_run *out);

#endif
