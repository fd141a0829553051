/* The MIPS side of a spec's whole-program tests: one run of the reference
 * or the submission on the test's input and arguments (mips_whole.h); the
 * engine compares and scores the output (grade_spec_engine_program.c). */
#include "spec_mips_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_scratch.h"
#include "mips_whole.h"

/* Why a run did not end as a program ends, in plain words. */
static void why_not_ended(const mips_whole_result *r, char *buf, size_t size)
{
    switch (r->run.status) {
    case MIPS_CALL_ERROR:
        snprintf(buf, size, "%s (pc 0x%08" PRIx32 ")", r->run.error.message, r->run.error.pc);
        break;
    case MIPS_CALL_BUDGET:
        snprintf(buf, size, "ran past %" PRIu64 " instructions without ending",
                 r->run.instructions);
        break;
    case MIPS_CALL_OUTPUT_CAP:
        snprintf(buf, size, "printed more than %d bytes", MIPS_WHOLE_OUTPUT_MAX);
        break;
    default:
        snprintf(buf, size, "stopped: %s", mips_call_status_name(r->run.status));
        break;
    }
}

bool spec_mips_run_program(void *ctx, grade_spec_side side, const grade_spec_program *pr,
                           grade_spec_program_run *out)
{
    spec_mips *e = ctx;
    memset(out, 0, sizeof *out);
    /* Each run in a fresh folder: the submission never reads what the
     * reference wrote, and its files can be compared. */
    char folder[4096] = "", name[32];
    snprintf(name, sizeof name, "program%u", ++e->folders);
    if (!e->scratch[0] || !grade_scratch_subfolder(e->scratch, name, folder, sizeof folder,
                                                   out->why, sizeof out->why)) {
        if (!out->why[0])
            snprintf(out->why, sizeof out->why, "no scratch folder for its files");
        return true; /* not ended: the reason is why */
    }
    mips_file_budget budget = spec_mips_run_budget();
    mips_whole_options o = {.input = pr->stdin_text, .input_len = pr->stdin_len,
                            .args = pr->args, .arg_count = pr->arg_count,
                            .max_instructions = pr->budget, .fs_root = folder,
                            .fs_budget = &budget,
                            .time = mips_virtual_time_of_seed(e->engine.report->seed)};
    mips_whole_result r;
    bool ran = mips_whole_run(side == GRADE_SPEC_REFERENCE ? e->reference : e->submission, &o,
                              &r);
    if (ran && pr->compare_files)
        grade_spec_files_read(folder, &out->files);
    grade_scratch_remove(folder);
    if (!ran)
        return false;
    out->ended = mips_whole_ended(&r);
    if (!out->ended)
        why_not_ended(&r, out->why, sizeof out->why);
    out->output = r.output;
    out->output_len = r.output_len;
    out->instructions = r.run.instructions;
    if (r.used_time)
        snprintf(out->replay, sizeof out->replay,
                 "it read the clock or random numbers: mipssim --clock %" PRIu64
                 " --random-seed %" PRIu64 " replays them",
                 o.time.clock_ms, o.time.random_seed);
    r.output = NULL;
    mips_whole_result_free(&r);
    return true;
}
