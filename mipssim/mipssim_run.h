/* A mipssim run as its two command lines start it (mipssim.c and mars's
 * mars_sim.c) and mipssim_run.c carries it out: the options, the exit
 * statuses, the run. Its own header, so mars needs nothing of mipssim.c's
 * and the two front ends include each other's parts in one direction. */
#ifndef MIPSSIM_RUN_H
#define MIPSSIM_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include <stdio.h>

#include "console.h"
#include "mips_program.h"
#include "source.h"
#include "mips_machine.h"
#include "mips_session.h"
#include "mipssim_devices.h"

/* Exit statuses, listed once: the enum and --help both come from here. A
 * program that ends with syscall 17 exits with its own $a0 & 0xff, which
 * may be any of these numbers. */
#define MIPSSIM_EXITS(X)                                                                   \
    X(OK, 0, "the program ended: syscall 10, or it ran off the end of its code")          \
    X(ASSEMBLY, 1, "the program could not be assembled or loaded (assembly errors,\n"     \
                   "        unreadable file, out of memory); nothing ran")                 \
    X(USAGE, 2, "bad command line (unknown option, bad value, no file, an --fs-root\n"    \
                "        that is not a directory, program arguments too long)")            \
    X(LIMIT, 3, "the instruction limit (--limit) was reached")                            \
    X(INPUT_ENDED, 4, "the program asked for input (syscall 5, 6, 7, 8 or 12) after its\n" \
                      "        input had ended")                                           \
    X(OUTPUT_CAP, 5, "the program's output reached the --max-output cap")                 \
    X(RUNTIME, 6, "a runtime error (MARS's runtime exception) with no handler")           \
    X(OUTPUT, 7, "the program's output could not be written (e.g. the reading end of\n"  \
                 "        a pipe was closed); the run stops there")                      \
    X(CHECK, 8, "a finding of --check=error stopped the run (docs/checks.md)")

typedef enum mipssim_exit {
#define MIPSSIM_EXIT_ENUM(name, value, text) MIPSSIM_EXIT_##name = value,
    MIPSSIM_EXITS(MIPSSIM_EXIT_ENUM)
#undef MIPSSIM_EXIT_ENUM
    MIPSSIM_EXIT_SIGNAL = 128, /* + N when killed by signal N */
} mipssim_exit;

typedef struct mipssim_options {
    const char **files;     /* the sources, in command-line order */
    int file_count;
    char **args;            /* program arguments (--args), MARS's pa */
    int arg_count;
    bool start_main;        /* MARS's sm */
    bool delayed_branching; /* MARS's db, for the assembler and the machine */
    bool self_modifying;    /* MARS's smc */
    bool no_pseudo;         /* MARS's np */
    bool count;             /* print the instructions executed */
    bool regs;              /* print the registers after the run */
    bool warnings_are_errors; /* MARS's we */
    uint32_t *ranges;       /* --mem: pairs of word addresses to print after the run */
    int range_count;
    uint64_t limit;         /* instructions; 0: no limit */
    uint64_t max_output;    /* bytes; 0: the syscalls' default */
    const char *fs_root;    /* NULL: the working directory */
    bool debug;             /* -d: run under the debugger (mips_debug.h) */
    const char *debug_script; /* -x: debugger commands to run first */
    const char *input_path; /* --input: the program's input under the debugger */
    mips_virtual_time time; /* --clock, --random-seed; zero: the host's clock */
    bool check;             /* --check */
    unsigned check_set;     /* its checks and modifiers (mips_check.h) */
    mipssim_devices_options dev; /* --mmio, --bitmap ... (mipssim_devices.h) */
} mipssim_options;

/* Runs the session's loaded program (opened on its console) until it ends, says on stderr
 * why it ended when that is news, and returns the exit status. prog gives
 * runtime errors their source line. */
int mipssim_run(mips_session *s, const mips_program *prog, const mipssim_options *opt);

/* Prints every general register, pc, hi, lo and the FP registers, one a
 * line, on stderr. */
void mipssim_print_regs(const mips_machine *m);

#endif
