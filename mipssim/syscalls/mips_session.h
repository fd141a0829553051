/* One way to drive the MIPS machine: a session owns a machine, the program
 * it runs, and the OS around it (MARS's syscalls, the console), and runs
 * them with THE run loop and THE syscall dispatcher. The front ends, the
 * grader, the debugger and the fuzz targets all run programs through it;
 * registers and memory stay the machine's (mips_machine.h).
 *
 *     mips_session_config cfg = mips_session_default_config();
 *     mips_session *s = mips_session_new(&cfg);
 *     mips_session_load_program(s, &prog, MIPS_TEXT_BASE);
 *     mips_session_open(s, con);
 *     mips_run_result r = mips_session_run(s, limit);
 *     mips_session_free(s);
 *
 * The hook sees every syscall before it is performed: a grader admits and
 * charges them there, a fuzz target rewrites their arguments. */
#ifndef MIPS_SESSION_H
#define MIPS_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "console.h"
#include "mips_program.h"
#include "source.h"
#include "mips_check.h"
#include "mips_machine.h"
#include "mips_syscall.h"

typedef struct mips_session_config {
    mips_machine_options machine;
    mips_syscall_options syscalls;
    int in_fd, out_fd; /* the console mips_session_open(s, NULL) opens; -1: none */
} mips_session_config;

/* MARS's machine, mipssim's syscall options, no console. */
mips_session_config mips_session_default_config(void);

typedef struct mips_session mips_session;

/* Source files to assemble as mipssim does (text in the given order). */
typedef struct mips_source_options {
    const char *const *paths;
    int count;
    bool allow_pseudo;
    bool delayed_branching;   /* MARS's db, for the assembler (and the machine) */
    bool warnings_are_errors; /* MARS's we */
    bool confine_includes;    /* .include stays in the first file's folder (a sandbox
                                 for the program's files is one for its sources too) */
    bool start_main;          /* mips_session_load_source: start at main (MARS's sm) */
} mips_source_options;

/* Reads the files into files[0..count) and assembles them into prog; on
 * errors reports them all on errors (the assembler's diagnostics, then a
 * count) and returns false. prog is filled once the last file was read,
 * even when it fails. */
bool mips_source_assemble(const mips_source_options *o, source_file **files,
                          mips_program *prog, FILE *errors);

/* Where a program starts: main if start_main and it is a global label
 * (MARS's sm), else the start of .text. */
uint32_t mips_program_entry(const mips_program *prog, bool start_main);

/* A session with a new machine in MARS's initial state and no program;
 * NULL when out of memory. */
mips_session *mips_session_new(const mips_session_config *config);
/* Closes the program's files and the console the session opened; NULL is
 * accepted. */
void mips_session_free(mips_session *s);
/* The same on a machine used before (taken over, cleared to the initial
 * state; NULL: a new one), and a free that gives the machine back: a
 * grader runs every call of a program on one machine. */
mips_session *mips_session_new_on(const mips_session_config *config, mips_machine *used);
mips_machine *mips_session_free_but_machine(mips_session *s);

/* Loads the image (not copied: it must outlive the session) to run from
 * start; false when it does not fit in memory. */
bool mips_session_load_program(mips_session *s, const mips_program *prog, uint32_t start);
/* The same, the decoded code shared with code (mips_machine_load_shared). */
bool mips_session_load_shared(mips_session *s, const mips_machine *code,
                              const mips_program *prog, uint32_t start);
/* Assembles the files (mips_source_assemble, messages on errors) into a
 * program the session owns, and loads it to run from its entry. False when
 * it does not assemble or fit; call at most once. */
bool mips_session_load_source(mips_session *s, const mips_source_options *o, FILE *errors);
/* The program mips_session_load_source loaded; NULL before. */
const mips_program *mips_session_program(const mips_session *s);

/* MARS's "pa": the arguments on the stack (mips_store_args). */
bool mips_session_store_args(mips_session *s, char **args, int count);

/* The OS: syscalls on con (not owned), or with con NULL on a console the
 * session opens on the config's descriptors. Separate from new, so a front
 * end touches the terminal only once the program is loaded. False when
 * out of memory or the file root cannot be resolved. */
bool mips_session_open(mips_session *s, console *con);

typedef enum mips_run_end {
    MIPS_RUN_EXITED,        /* syscall 10 or 17, or off the end of the code */
    MIPS_RUN_LIMIT,         /* max_steps ran */
    MIPS_RUN_ERROR,         /* a runtime error (mips_error_of says which) */
    MIPS_RUN_INPUT_ENDED,   /* a read found the input ended */
    MIPS_RUN_OUTPUT_CAP,    /* the output reached the syscalls' cap */
    MIPS_RUN_OUTPUT_FAILED, /* the output could not be written (a reader left) */
    MIPS_RUN_CHECK,         /* the session's checker stopped the run */
    MIPS_RUN_REFUSED,       /* the hook refused a syscall: pc is the syscall's */
    MIPS_RUN_STOPPED,       /* the hook stopped the run at a syscall: pc is its */
} mips_run_end;

typedef struct mips_run_result {
    mips_run_end end;
    bool fell_off;     /* MIPS_RUN_EXITED: off the end of the code, not a syscall */
    int exit_status;   /* MIPS_RUN_EXITED: 0, or $a0 & 0xff for syscall 17 */
    uint32_t service;  /* the last syscall's $v0 (INPUT_ENDED, REFUSED, STOPPED) */
} mips_run_result;

/* Runs up to max_steps instructions (a syscall is one, plus what the hook
 * charges), performing syscalls, until one of the ends above. A syscall
 * that raises an error with no handler ends the run with MIPS_RUN_ERROR at
 * once. */
mips_run_result mips_session_run(mips_session *s, uint64_t max_steps);

typedef enum mips_syscall_verdict {
    MIPS_SYSCALL_PERFORM, /* perform it (the hook may have changed its registers) */
    MIPS_SYSCALL_REFUSE,  /* end the run with MIPS_RUN_REFUSED, not performed */
    MIPS_SYSCALL_STOP,    /* end the run with MIPS_RUN_STOPPED, not performed */
} mips_syscall_verdict;

/* Called before each syscall with its $v0; NULL performs every one. */
typedef mips_syscall_verdict (*mips_syscall_hook)(void *ctx, mips_session *s,
                                                  unsigned service);
void mips_session_set_syscall_hook(mips_session *s, mips_syscall_hook before, void *ctx);

/* From a hook: the syscall costs steps more of the run's max_steps. */
void mips_session_charge(mips_session *s, uint64_t steps);

/* The checker attached to the machine (mips_check_attach), whose findings
 * may stop a run as MIPS_RUN_CHECK; NULL: none. */
void mips_session_set_checker(mips_session *s, mips_checker *checker);

mips_machine *mips_session_machine(mips_session *s);
/* The OS state, for the debugger's undo records and what the syscalls
 * report (exit status, time used); NULL before mips_session_open. */
mips_syscalls *mips_session_syscalls(mips_session *s);
console *mips_session_console(mips_session *s);

#endif
