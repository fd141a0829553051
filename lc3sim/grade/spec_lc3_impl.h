/* What spec_lc3.c (function cases) and spec_lc3_program.c (whole programs)
 * share: the LC-3 side of one grading, the engine's context. */
#ifndef SPEC_LC3_IMPL_H
#define SPEC_LC3_IMPL_H

#include "grade_spec_engine.h"
#include "lc3_whole.h"
#include "spec_lc3.h"

typedef struct spec_lc3 {
    grade_spec_engine engine;
    lc3_whole_program reference, submission;
    bool ignore_privilege;
} spec_lc3;

/* The engine's run_program: one whole run of a program test. */
bool spec_lc3_run_program(void *ctx, grade_spec_side side, const grade_spec_program *pr,
                          const grade_spec_state *st, grade_spec_program_run *out);

#endif
