/* Whole-program runs: the submission assembled once, each test on its own
 * machine with keys from a buffer and the output in memory. */
#include "lc3_whole.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_rng.h"
#include "grade_submission.h"
#include "lc3_host.h"
#include "lc3_session.h"

bool lc3_whole_assemble(const char *path, const char *folder_file, lc3_whole_program *out,
                        grade_findings *fatal)
{
    memset(out, 0, sizeof *out);
    out->source = grade_load_submission(path, folder_file, fatal);
    if (!out->source)
        return false;
    size_t size = 0;
    FILE *messages = open_memstream(&out->messages, &size);
    if (!messages)
        abort();
    diag_sink sink;
    diag_init(&sink, messages);
    out->assembled = lc3_assemble(out->source, &sink, &out->program);
    size_t words = 0;
    for (size_t i = 0; out->assembled && i < out->program.block_count; i++)
        words += out->program.blocks[i].count;
    if (out->assembled && words == 0) {
        fputs("the file holds no instructions or data (.ORIG ... .END)\n", messages);
        out->assembled = false;
    }
    diag_free(&sink);
    fclose(messages);
    grade_cap_messages(out->messages);
    return out->assembled;
}

void lc3_whole_program_free(lc3_whole_program *p)
{
    if (p->source) { /* assembled or not, the program is the assembler's to free */
        lc3_program_free(&p->program);
        source_free(p->source);
    }
    free(p->messages);
    memset(p, 0, sizeof *p);
}

/* lc3tools' randomized machine: every register and every word of user
 * space random, then the OS and the program on top. Here the OS region
 * stays as the OS image leaves it. */
static void randomize(lc3_machine *m, uint64_t seed)
{
    grade_rng rng;
    grade_rng_seed(&rng, seed);
    for (uint32_t a = LC3_USER_START; a < LC3_KBSR; a++)
        lc3_poke(m, (uint16_t)a, (uint16_t)grade_rng_next(&rng));
    for (unsigned r = 0; r < 8; r++)
        lc3_set_reg(m, r, (uint16_t)grade_rng_next(&rng));
}

/* Before the program is placed: every register 0, as lc3tools starts a
 * user program (R6 too: its user R6 is the supervisor stack register's
 * initial value), then the randomized machine when asked. */
static void prepare(void *ctx, lc3_machine *m)
{
    const lc3_whole_options *o = ctx;
    for (unsigned reg = 0; reg < 8; reg++)
        lc3_set_reg(m, reg, 0);
    if (o->randomize)
        randomize(m, o->seed);
}

bool lc3_whole_run(const lc3_whole_program *p, const lc3_whole_options *o,
                   lc3_whole_result *r)
{
    memset(r, 0, sizeof *r);
    /* Once the keys are gone a read waits (no end of input), as lc3tools'
     * grader does, until the cap. */
    lc3_host h;
    bool have_output = lc3_host_init(&h, o->keys, o->key_count,
                                     o->input_ends ? LC3_KEY_EOF : LC3_KEY_NONE,
                                     LC3_WHOLE_OUTPUT_MAX);
    lc3_session_config config = {
        .io = lc3_host_io(&h),
        .has_pc = true,
        .pc = o->start_pc,
        .user_start = true,
        .ignore_privilege = o->ignore_privilege,
        .stop_at_halt = true,
        .prepare = prepare,
        .prepare_ctx = (void *)o,
    };
    lc3_session *s = have_output ? lc3_session_new(&config) : NULL;
    if (!s || !lc3_session_load_program(s, &p->program)) {
        lc3_session_free(s);
        free(h.out);
        return false;
    }
    lc3_machine *m = lc3_session_machine(s);
    for (size_t i = 0; i < o->input_count; i++)
        for (uint32_t k = 0; k < o->inputs[i].count; k++)
            lc3_poke(m, (uint16_t)(o->inputs[i].address + k), o->inputs[i].words[k]);
    r->stop = lc3_session_run(s, o->max_instructions).stop;
    for (unsigned reg = 0; reg < 8; reg++)
        r->regs[reg] = lc3_reg(m, reg);
    for (size_t i = 0; i < o->read_count; i++)
        for (uint32_t k = 0; k < o->reads[i].count; k++)
            o->reads[i].words[k] = lc3_peek(m, (uint16_t)(o->reads[i].address + k));
    r->instructions = lc3_instruction_count(m);
    r->hit_cap = r->stop == LC3_RUN_LIMIT;
    r->keys_read = h.keys_read;
    r->exceptions = lc3_exception_count(m);
    if (r->exceptions) {
        r->exception = lc3_last_exception(m);
        r->exception_line = lc3_program_line(&p->program, r->exception.pc);
    }
    r->output_len = h.len;
    r->output = lc3_host_finish(&h);
    r->output_dropped = h.dropped;
    lc3_session_free(s);
    return true;
}

void lc3_whole_result_free(lc3_whole_result *r)
{
    free(r->output);
    r->output = NULL;
}
