/* Whole-program runs on mips_call's machine: input from an unlinked
 * temporary file, output into another, read back after the run. */
#define _XOPEN_SOURCE 700 /* fileno */
#include "mips_whole.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { DEFAULT_MAX_INSTRUCTIONS = 10000000 };

bool mips_whole_ended(const mips_whole_result *r)
{
    return r->run.status == MIPS_CALL_EXITED || r->run.status == MIPS_CALL_LEFT_CODE ||
           r->run.status == MIPS_CALL_INPUT_ENDED;
}

/* The bytes written to out's descriptor (the console writes there with
 * write(2), past stdio), NUL-ended. */
static bool read_back(FILE *out, mips_whole_result *r)
{
    int fd = fileno(out);
    off_t size = lseek(fd, 0, SEEK_END);
    if (size < 0 || lseek(fd, 0, SEEK_SET) != 0)
        return false;
    r->output = malloc((size_t)size + 1);
    if (!r->output)
        return false;
    ssize_t n = read(fd, r->output, (size_t)size);
    r->output_len = n > 0 ? (size_t)n : 0;
    r->output[r->output_len] = '\0';
    return true;
}

static bool store_inputs(mips_machine *m, const mips_whole_options *o)
{
    mips_error_kind kind;
    for (size_t i = 0; i < o->input_count; i++)
        for (uint32_t k = 0; k < o->inputs[i].size; k++)
            if (!mips_store(m, o->inputs[i].address + k, 1, o->inputs[i].bytes[k], &kind))
                return false;
    return true;
}

static void read_results(const mips_machine *m, const mips_whole_options *o,
                         mips_whole_result *r)
{
    for (unsigned reg = 0; reg < 32; reg++)
        r->regs[reg] = mips_reg(m, reg);
    for (size_t i = 0; i < o->read_count; i++)
        for (uint32_t k = 0; k < o->reads[i].size; k++) {
            uint32_t at = o->reads[i].address + k, word = 0;
            mips_peek(m, at & ~3u, &word); /* never written: 0 */
            o->reads[i].bytes[k] = (uint8_t)(word >> 8 * (at & 3));
        }
}

bool mips_whole_run(const mips_call_program *p, const mips_whole_options *o,
                    mips_whole_result *r)
{
    memset(r, 0, sizeof r[0]);
    FILE *in = tmpfile(), *out = tmpfile();
    bool ok = in && out && fwrite(o->input ? o->input : "", 1, o->input_len, in) == o->input_len &&
              fflush(in) == 0 && fseek(in, 0, SEEK_SET) == 0;
    mips_call *c = NULL;
    if (ok) {
        mips_call_options co = mips_call_default_options();
        co.budget = o->max_instructions ? o->max_instructions : DEFAULT_MAX_INSTRUCTIONS;
        co.fs_root = o->fs_root;
        co.fs_budget = o->fs_budget;
        co.in_fd = fileno(in);
        co.out_fd = fileno(out);
        co.output_cap = MIPS_WHOLE_OUTPUT_MAX;
        if (o->time.fixed_clock || o->time.fixed_random)
            co.time = o->time;
        c = mips_call_new(p, &co);
        ok = c && mips_store_args(mips_call_machine(c), o->args, o->arg_count);
    }
    r->inputs_stored = ok && store_inputs(mips_call_machine(c), o);
    if (ok && !r->inputs_stored) {
        r->output = calloc(1, 1);
        ok = r->output != NULL;
    } else if (ok) {
        r->run = mips_call_run_program(c, MIPS_TEXT_BASE);
        ok = read_back(out, r); /* the run flushed the console */
        r->used_time = mips_call_used_time(c);
        read_results(mips_call_machine(c), o, r);
    }
    mips_call_free(c);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    return ok;
}

void mips_whole_result_free(mips_whole_result *r)
{
    free(r->output);
    memset(r, 0, sizeof *r);
}
