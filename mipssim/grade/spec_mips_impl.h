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
    mips_call_program *beside; /* the submission with the reference's code after it, for
                                  `callees from the reference` (NULL: no function asks) */
    char empty[4096];        /* the file root: an empty folder in the scratch one */
    char empty_real[4096];   /* empty as realpath() gives it, once: each case's
                                session would resolve it again (4 readlinks) */
    char scratch[4096];      /* the grading's folder: a case with files gets its own in it */
    char scratch_real[4096]; /* scratch as realpath() gives it ("": unknown), where the
                                case folders go: a case's session resolves nothing */
    unsigned folders;        /* case folders made so far: their names */
    char kept[4096];         /* a case folder the reference's run left as made, for
                                the submission's run of the same case ("": none) */
    struct grade_noise_cache *noise_cache; /* a case's noise blocks, drawn once */
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

/* spec_mips_callees.c: whether a graded function runs reference callees;
 * e->beside assembled from the submission's text (taken), false with the
 * engine's error; a case's machine with the callees of fn sent to the
 * reference's code. */
bool spec_mips_uses_reference_callees(const grade_spec *spec, const char *only);
bool spec_mips_assemble_beside(spec_mips *e, source_file *submission);
void spec_mips_redirect_callees(mips_call *c, const spec_mips *e, const grade_spec_function *fn);

#endif
