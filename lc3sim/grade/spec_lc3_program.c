/* The LC-3 side of a spec's whole-program tests: one run of the reference
 * or the submission on the test's keys (lc3_whole.h); the engine compares
 * and scores the output (grade_spec_engine_program.c). */
#include "spec_lc3_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "lc3_os.h"

/* Why a run did not end as a program ends, in plain words. */
static void why_not_ended(const lc3_whole_result *r, char *buf, size_t size)
{
    if (r->exceptions) {
        char line[32] = "";
        if (r->exception_line > 0)
            snprintf(line, sizeof line, ", line %d", r->exception_line);
        snprintf(buf, size, "raised %s at x%04X%s", lc3_exception_name(r->exception.vector),
                 r->exception.pc, line);
    } else if (r->hit_cap) {
        snprintf(buf, size, "ran past %" PRIu64 " instructions without halting (it read %zu "
                 "keys)", r->instructions, r->keys_read);
    } else if (r->output_dropped) {
        snprintf(buf, size, "printed more than %d bytes", LC3_WHOLE_OUTPUT_MAX);
    } else {
        snprintf(buf, size, "stopped without halting");
    }
}

bool spec_lc3_run_program(void *ctx, grade_spec_side side, const grade_spec_program *pr,
                          grade_spec_program_run *out)
{
    spec_lc3 *e = ctx;
    const lc3_whole_program *p = side == GRADE_SPEC_REFERENCE ? &e->reference : &e->submission;
    int index = (int)(pr - e->engine.spec->programs);
    /* From the first .ORIG, as lc3sim starts it (x3000 in lc3tools'
     * graders); reading past the keys ends the run, as on MIPS. The
     * randomized machine's words come from the seed and the test. */
    lc3_whole_options o = {.keys = pr->stdin_text, .key_count = pr->stdin_len,
                           .max_instructions = pr->budget,
                           .start_pc = p->program.block_count ? p->program.blocks[0].origin
                                                              : LC3_USER_START,
                           .ignore_privilege = e->ignore_privilege,
                           .randomize = pr->randomize,
                           .seed = e->engine.report->seed * 1009 + (uint64_t)index,
                           .input_ends = true};
    lc3_whole_result r;
    memset(out, 0, sizeof *out);
    if (!lc3_whole_run(p, &o, &r))
        return false;
    out->ended = r.exceptions == 0 && !r.output_dropped &&
                 (r.stop == LC3_RUN_AT_HALT || r.stop == LC3_RUN_HALTED ||
                  r.stop == LC3_RUN_INPUT_EOF);
    if (!out->ended)
        why_not_ended(&r, out->why, sizeof out->why);
    out->output = r.output;
    out->output_len = r.output_len;
    out->instructions = r.instructions;
    r.output = NULL;
    lc3_whole_result_free(&r);
    return true;
}
