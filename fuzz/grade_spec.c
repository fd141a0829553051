/* Fuzz target: the spec parser (asm/grade/spec/grade_spec.h) with the MIPS
 * names and then with the LC-3's, on any bytes as a spec file. Parsing must report, never crash,
 * leak or read past the text; files a spec names are looked up beside it,
 * in the target's own scratch folder (empty but for a reference). */
#include <stdio.h>
#include <string.h>

#include "fuzz_util.h"
#include "grade_spec.h"
#include "spec_lc3.h"
#include "spec_mips.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    const char *dir = fuzz_scratch_dir();
    char path[600];
    snprintf(path, sizeof path, "%s/t.spec", dir);
    source_file *f = source_from_memory(path, (const char *)data, size);
    if (!f)
        return 0;
    const grade_spec_isa *isas[] = {&spec_mips_isa, &spec_lc3_isa};
    for (size_t i = 0; i < sizeof isas / sizeof isas[0]; i++) {
        diag_sink sink;
        diag_init(&sink, fuzz_null_file());
        grade_spec spec;
        if (grade_spec_parse(f, isas[i], &sink, &spec))
            (void)grade_spec_points(&spec);
        grade_spec_free(&spec);
        diag_free(&sink);
    }
    source_free(f);
    return 0;
}
