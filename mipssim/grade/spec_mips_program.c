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

/* A program test's memory inputs as bytes at their addresses (a number:
 * its word, little-endian), and the bytes each result reads back. */
static void place_memory(const grade_spec_program *pr, const grade_spec_state *st,
                         mips_whole_bytes *in, mips_whole_bytes *reads)
{
    for (int a = 0; st && a < pr->inputs->arg_count; a++) {
        const grade_spec_value *v = &st->values[a];
        if (pr->inputs->args[a].reg == GRADE_SPEC_AT_KEYS)
            continue; /* typed, not in memory */
        in[a].address = pr->inputs->args[a].address;
        in[a].size = v->bytes ? v->size : 4;
        if (!(in[a].bytes = malloc(in[a].size ? in[a].size : 1)))
            abort();
        for (uint32_t k = 0; k < in[a].size; k++)
            in[a].bytes[k] = v->bytes ? v->bytes[k] : (uint8_t)(v->word >> 8 * k);
    }
    for (int i = 0; i < pr->result_count; i++) {
        const grade_spec_result *res = &pr->results[i];
        if (res->kind == GRADE_RESULT_RANGE)
            reads[i] = (mips_whole_bytes){res->lo, NULL, res->hi - res->lo + 4};
        else if (res->kind == GRADE_RESULT_INPUT && st)
            reads[i] = (mips_whole_bytes){in[res->arg].address, NULL, in[res->arg].size};
        else
            continue;
        if (!(reads[i].bytes = calloc(reads[i].size ? reads[i].size : 1, 1)))
            abort();
    }
}

bool spec_mips_run_program(void *ctx, grade_spec_side side, const grade_spec_program *pr,
                           const grade_spec_state *st, grade_spec_program_run *out)
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
    mips_whole_bytes in[GRADE_SPEC_ARGS_MAX] = {{0}}, reads[GRADE_SPEC_RESULTS_MAX] = {{0}};
    place_memory(pr, st, in, reads);
    if (st && st->keys)
        o.input = st->keys, o.input_len = st->key_count;
    o.inputs = in, o.input_count = st ? (size_t)pr->inputs->arg_count : 0;
    o.reads = reads, o.read_count = (size_t)pr->result_count;
    mips_whole_result r;
    bool ran = mips_whole_run(side == GRADE_SPEC_REFERENCE ? e->reference : e->submission, &o,
                              &r);
    for (int i = 0; ran && i < pr->result_count; i++) {
        out->memory[i] = reads[i].bytes, out->memory_len[i] = reads[i].size;
        reads[i].bytes = NULL;
    }
    for (int i = 0; i < GRADE_SPEC_ARGS_MAX; i++)
        free(in[i].bytes);
    for (int i = 0; i < GRADE_SPEC_RESULTS_MAX; i++)
        free(reads[i].bytes);
    if (ran && pr->compare_files)
        grade_spec_files_read(folder, &out->files);
    grade_scratch_remove(folder);
    if (!ran)
        return false;
    out->ended = r.inputs_stored && mips_whole_ended(&r);
    if (!r.inputs_stored)
        snprintf(out->why, sizeof out->why, "a memory input's address is not memory a "
                 "program may write (the spec must place it in .data or the heap)");
    else if (!out->ended)
        why_not_ended(&r, out->why, sizeof out->why);
    for (unsigned reg = 0; reg < 32; reg++)
        out->regs[reg] = r.regs[reg];
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
