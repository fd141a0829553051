/* The LC-3 side of a spec's whole-program tests: one run of the reference
 * or the submission on the test's keys (lc3_whole.h); the engine compares
 * and scores the output (grade_spec_engine_program.c). */
#include "spec_lc3_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_spec_words.h"

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

/* A program test's memory inputs as words at their addresses (each
 * words[i] malloc'd); false, why said, when one lies over the program's
 * own words. */
static bool place_inputs(const grade_spec_program *pr, const grade_spec_state *st,
                         const lc3_program *prog, lc3_whole_words *in, char *why, size_t size)
{
    const grade_spec_function *fn = pr->inputs;
    bool clear = true;
    for (int a = 0; a < fn->arg_count; a++) {
        const grade_spec_value *v = &st->values[a];
        if (fn->args[a].reg == GRADE_SPEC_AT_KEYS)
            continue; /* typed, not in memory */
        uint32_t n = v->bytes ? grade_spec_words(&fn->args[a].gen, v, NULL) : 1;
        in[a] = (lc3_whole_words){(uint16_t)fn->args[a].address, malloc((n ? n : 1) * 2), n};
        if (!in[a].words)
            abort();
        if (v->bytes)
            grade_spec_words(&fn->args[a].gen, v, in[a].words);
        else
            in[a].words[0] = (uint16_t)v->word; /* a number: one word */
        for (uint32_t k = 0; k < n && clear; k++) {
            size_t off;
            uint16_t at = (uint16_t)(in[a].address + k);
            if (lc3_program_block_at(prog, at, &off)) {
                snprintf(why, size, "its program reaches x%04X, where the memory input %s lies "
                         "(the program must leave the inputs' words free)", at,
                         fn->args[a].name);
                clear = false;
            }
        }
    }
    return clear;
}

/* Where each of the test's results lies, words to read it into. */
static void place_reads(const grade_spec_program *pr, const lc3_whole_words *in,
                        lc3_whole_words *reads)
{
    for (int i = 0; i < pr->result_count; i++) {
        const grade_spec_result *res = &pr->results[i];
        if (res->kind == GRADE_RESULT_RANGE)
            reads[i] = (lc3_whole_words){(uint16_t)res->lo, NULL, res->hi - res->lo + 1};
        else if (res->kind == GRADE_RESULT_INPUT)
            reads[i] = (lc3_whole_words){in[res->arg].address, NULL, in[res->arg].count};
        else
            continue;
        if (!(reads[i].words = calloc(reads[i].count ? reads[i].count : 1, 2)))
            abort();
    }
}

bool spec_lc3_run_program(void *ctx, grade_spec_side side, const grade_spec_program *pr,
                          const grade_spec_state *st, grade_spec_program_run *out)
{
    spec_lc3 *e = ctx;
    const lc3_whole_program *p = side == GRADE_SPEC_REFERENCE ? &e->reference : &e->submission;
    int index = (int)(pr - e->engine.spec->programs);
    /* From the first .ORIG, as lc3sim starts it (x3000 in lc3tools'
     * graders); reading past the keys ends the run, as on MIPS. The
     * randomized machine's words come from the seed, the test and the run. */
    lc3_whole_options o = {.keys = pr->stdin_text, .key_count = pr->stdin_len,
                           .max_instructions = pr->budget,
                           .start_pc = p->program.block_count ? p->program.blocks[0].origin
                                                              : LC3_USER_START,
                           .ignore_privilege = e->ignore_privilege,
                           .randomize = pr->randomize,
                           .seed = e->engine.report->seed * 1009 + (uint64_t)index +
                                   7919 * (uint64_t)e->engine.program_case,
                           .input_ends = true};
    lc3_whole_words in[GRADE_SPEC_ARGS_MAX] = {{0}}, reads[GRADE_SPEC_RESULTS_MAX] = {{0}};
    lc3_whole_result r;
    memset(out, 0, sizeof *out);
    bool placed = !st || place_inputs(pr, st, &p->program, in, out->why, sizeof out->why);
    bool ran = true;
    if (st && st->keys)
        o.keys = st->keys, o.key_count = st->key_count;
    if (placed) {
        o.inputs = in, o.input_count = st ? (size_t)pr->inputs->arg_count : 0;
        place_reads(pr, in, reads);
        o.reads = reads, o.read_count = (size_t)pr->result_count;
        ran = lc3_whole_run(p, &o, &r);
    }
    if (placed && ran) {
        out->ended = r.exceptions == 0 && !r.output_dropped &&
                     (r.stop == LC3_RUN_AT_HALT || r.stop == LC3_RUN_HALTED ||
                      r.stop == LC3_RUN_INPUT_EOF);
        if (!out->ended)
            why_not_ended(&r, out->why, sizeof out->why);
        out->output = r.output;
        out->output_len = r.output_len;
        out->instructions = r.instructions;
        for (unsigned reg = 0; reg < 8; reg++)
            out->regs[reg] = r.regs[reg];
        for (int i = 0; i < pr->result_count; i++) {
            if (!reads[i].words)
                continue;
            out->memory_len[i] = 2 * reads[i].count;
            if (!(out->memory[i] = malloc(out->memory_len[i] ? out->memory_len[i] : 1)))
                abort();
            for (uint32_t k = 0; k < reads[i].count; k++) {
                out->memory[i][2 * k] = (uint8_t)reads[i].words[k];
                out->memory[i][2 * k + 1] = (uint8_t)(reads[i].words[k] >> 8);
            }
        }
        r.output = NULL;
        lc3_whole_result_free(&r);
    }
    for (int i = 0; i < GRADE_SPEC_ARGS_MAX; i++)
        free(in[i].words);
    for (int i = 0; i < GRADE_SPEC_RESULTS_MAX; i++)
        free(reads[i].words);
    return ran;
}
