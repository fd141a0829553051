/* Fuzz target: `mipsgrade hw4`'s grading, reference-asm/mips/hw4.spec on
 * the spec engine, of a random submission. The input is written to a file
 * in the scratch directory and graded with one random case per function
 * (and the spec's hand-written ones); the spec reads its maps from the
 * project's maps/, and a submission's file syscalls resolve in a scratch
 * folder the grader makes under TMPDIR and removes. */
#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "fuzz_util.h"
#include "spec_mips.h"

#ifndef FUZZ_HW4_SPEC
#error "FUZZ_HW4_SPEC: the project's reference-asm/mips/hw4.spec"
#endif

/* Parsed once: the spec is the project's, not the input. */
static const grade_spec *hw4_spec(void)
{
    static grade_spec spec;
    static bool loaded;
    if (!loaded) {
        diag_sink sink;
        diag_init(&sink, stderr);
        if (!grade_spec_load(FUZZ_HW4_SPEC, &spec_mips_isa, &sink, &spec))
            abort();
        diag_free(&sink);
        loaded = true;
    }
    return &spec;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    const char *dir = fuzz_scratch_dir();
    fuzz_clear_dir(dir);
    if (!fuzz_write_file(dir, "submission.asm", data, size))
        return 0;
    char path[600];
    snprintf(path, sizeof path, "%s/submission.asm", dir);
    spec_mips_options options = {.spec = hw4_spec(), .seed = size, .random_cases = 1};
    grade_spec_report report;
    spec_mips_grade(path, &options, &report);
    grade_spec_report_free(&report);
    return 0;
}
