/* The run loop both front ends share (mipssim and mars): it runs the
 * machine in chunks, performs the syscalls, stops at the instruction limit
 * or when the output is gone, and tells a reporter how the run ended; each
 * front end's reporter prints that its own way. */
#ifndef MIPS_RUN_LOOP_H
#define MIPS_RUN_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "console.h"
#include "mips_check.h"
#include "mips_machine.h"
#include "mips_syscall.h"

typedef enum mips_run_end {
    MIPS_RUN_EXITED,        /* syscall 10 or 17, or off the end of the code */
    MIPS_RUN_LIMIT,         /* the instruction limit was reached */
    MIPS_RUN_ERROR,         /* a runtime error (mips_error_of says which) */
    MIPS_RUN_INPUT_ENDED,   /* a read found the input ended */
    MIPS_RUN_OUTPUT_CAP,    /* the output reached the syscalls' cap */
    MIPS_RUN_OUTPUT_FAILED, /* the output could not be written (a reader left) */
    MIPS_RUN_CHECK,         /* a --check finding stopped the run (checker's callback) */
} mips_run_end;

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
    mips_machine *m;
    mips_syscalls *sys;
    console *con;
    uint64_t limit;         /* instructions in all; 0: none */
    uint64_t chunk;         /* instructions per mips_run: output is flushed and a
                               closed output noticed between chunks */
    /* Output is flushed after a chunk of one instruction only when set
     * (mars's "ic" steps one at a time and would flush at every step). */
    bool flush_single_steps;
    /* Called before each chunk (mars's "ic" counts fetches); may be NULL. */
    void (*before_chunk)(void *ctx, const mips_machine *m);
    void *before_ctx;
    mips_run_reporter report;
    /* The checker attached to m (--check), whose findings may stop the run;
     * NULL: none. */
    mips_checker *checker;
} mips_run_loop;

/* Runs until the program ends; *exit_status gets the exit code with
 * MIPS_RUN_EXITED (0 off the end). */
mips_run_end mips_run_loop_run(const mips_run_loop *loop, int *exit_status);

#endif
