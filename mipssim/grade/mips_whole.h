/* One whole MIPS program run as a grader runs it: assembled once (a
 * mips_call_program), then each run on a fresh machine with MARS's initial
 * state and the program arguments as MARS's pa stores them, its input from
 * a buffer, its output captured up to a cap, an instruction cap, files
 * confined to a folder. What a spec's whole-program tests use (the LC-3's
 * counterpart is lc3sim/grade/lc3_whole.h). */
#ifndef MIPS_WHOLE_H
#define MIPS_WHOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mips_call.h"

/* Output kept of one run; past it the run stops (MIPS_CALL_OUTPUT_CAP). */
enum { MIPS_WHOLE_OUTPUT_MAX = 64 << 10 };

/* Bytes of memory a run is given (stored before it starts) or reads back
 * when it ends (into bytes). */
typedef struct mips_whole_bytes {
    uint32_t address;
    uint8_t *bytes;
    uint32_t size;
} mips_whole_bytes;

typedef struct mips_whole_options {
    const char *input;         /* what the program reads; when it is used up a read
                                  ends the run (MIPS_CALL_INPUT_ENDED) */
    size_t input_len;
    char **args;               /* mipssim's --args */
    int arg_count;
    uint64_t max_instructions; /* 0: 10,000,000 */
    const char *fs_root;       /* where file syscalls resolve; NULL: "." */
    mips_file_budget *fs_budget;
    mips_virtual_time time;    /* syscalls 30 and 40-44; all zero: those of seed 0 */
    const mips_whole_bytes *inputs; /* a program test's memory inputs */
    size_t input_count;
    mips_whole_bytes *reads;   /* filled when the run ends: its results in memory */
    size_t read_count;
} mips_whole_options;

typedef struct mips_whole_result {
    mips_call_result run;      /* EXITED or LEFT_CODE (ran off its code): it ended */
    char *output;              /* NUL-ended; free with mips_whole_result_free */
    size_t output_len;
    bool used_time;            /* it asked for the time or a random number */
    uint32_t regs[32];         /* when it ended */
    bool inputs_stored;        /* false: an input's address is not memory a program may
                                  write (the run was not made) */
} mips_whole_result;

/* Whether the run ended as a program may end: syscall 10 or 17, off the
 * end of its code, or reading past its input. */
bool mips_whole_ended(const mips_whole_result *r);

/* Runs p from the start of its .text. False (r->output NULL) only when the
 * machine or the buffers cannot be made. */
bool mips_whole_run(const mips_call_program *p, const mips_whole_options *o,
                    mips_whole_result *r);
void mips_whole_result_free(mips_whole_result *r);

#endif
