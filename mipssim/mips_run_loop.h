/* How both front ends (mipssim and mars) drive a session: its run loop
 * (mips_session_run) in chunks, the output flushed between them, the
 * instruction limit, and a reporter told how the run ended; each front
 * end's reporter prints that its own way. */
#ifndef MIPS_RUN_LOOP_H
#define MIPS_RUN_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "mips_session.h"

/* How a front end says each end; any may be NULL (nothing to say then).
 * Each is called at most once, after the program's output was flushed. */
typedef struct mips_run_reporter {
    void *ctx;
    void (*limit)(void *ctx, const mips_machine *m);
    void (*runtime_error)(void *ctx, const mips_machine *m);
    void (*input_ended)(void *ctx, const mips_machine *m, uint32_t service);
    void (*output_cap)(void *ctx, const mips_machine *m);
} mips_run_reporter;

typedef struct mips_run_loop {
    mips_session *session; /* opened: its console is the program's */
    uint64_t limit;         /* instructions in all; 0: none */
    uint64_t chunk;         /* instructions per mips_session_run: output is flushed and a
                               closed output noticed between chunks */
    /* Output is flushed after a chunk of one instruction only when set
     * (mars's "ic" steps one at a time and would flush at every step). */
    bool flush_single_steps;
    /* Called before each chunk (mars's "ic" counts fetches); may be NULL. */
    void (*before_chunk)(void *ctx, const mips_machine *m);
    void *before_ctx;
    /* Called before each chunk with its budget, which it may cut (mipssim's
     * devices: the next key, frame or terminal refresh); may be NULL. */
    uint64_t (*pace)(void *ctx, mips_machine *m, uint64_t budget);
    void *pace_ctx;
    mips_run_reporter report;
} mips_run_loop;

/* Runs until the program ends; *exit_status gets the exit code with
 * MIPS_RUN_EXITED (0 off the end). */
mips_run_end mips_run_loop_run(const mips_run_loop *loop, int *exit_status);

#endif
