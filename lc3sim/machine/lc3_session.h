/* One way to drive an LC-3 machine (issue 32, the shape mips_session has):
 * a session owns the machine, the OS and the program it runs (assembled
 * from source or read from an object file, with its line map), the checker
 * when --check is on, and the one run loop every front end uses: lc3sim,
 * the debugger and its DAP host, the grader, the fuzz targets and the
 * benchmarks. On the LC-3 a TRAP runs the OS's routine on the machine, so
 * the run loop's dispatcher is the hook before each TRAP.
 *
 * Registers and memory are the machine's (lc3_session_machine and the
 * accessors of lc3_machine.h). */
#ifndef LC3_SESSION_H
#define LC3_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "lc3_check.h"
#include "lc3_load.h"
#include "lc3_machine.h"

typedef struct lc3_session_config {
    lc3_io io;                /* keyboard and display; NULL functions: none */
    const char *tool;         /* names load errors ("lc3sim: PATH: ..."); NULL: "lc3" */
    FILE *errors;             /* where load errors go; NULL: stderr */
    const char *os_path;      /* the OS in a file (.asm or .obj); NULL: the built-in one */
    bool bare;                /* no OS at all: a benchmark's or fuzz target's machine */
    bool has_pc;              /* start here, not at the program's first .ORIG */
    uint16_t pc;
    bool user_start;          /* start in user mode wherever pc is (lc3_start_user) */
    bool ignore_privilege;
    bool stop_at_halt;        /* lc3_set_stop_at_halt */
    /* Runs on each fresh machine after the OS is placed and the start set,
     * before the program is placed (a grader's random memory and
     * registers); NULL: none. */
    void (*prepare)(void *ctx, lc3_machine *m);
    void *prepare_ctx;
    bool stop_at_finding;     /* a check's new finding ends a run (LC3_RUN_FINDING) */
    bool stop_at_exception;   /* an exception ends a run at its instruction */
    /* --check: the checks (bits by LC3_CHECK_*; 0: no checker), the
     * registers `saved` wants back, where findings go and what to flush
     * first. */
    unsigned check_set;
    unsigned check_saved;
    FILE *check_out;
    void (*check_flush)(void *ctx);
    void *check_flush_ctx;
} lc3_session_config;

typedef struct lc3_session lc3_session;

/* Why lc3_session_run returned. */
typedef enum lc3_run_stop {
    LC3_RUN_HALTED,     /* the machine halted (MCR[15] cleared) */
    LC3_RUN_LIMIT,      /* max_steps ran */
    LC3_RUN_INPUT_EOF,  /* the program waits for a key and input has ended */
    LC3_RUN_EXCEPTION,  /* stop_at_exception: an exception, stopped at its instruction */
    LC3_RUN_FINDING,    /* stop_at_finding: a new finding, before its instruction */
    LC3_RUN_HOOK,       /* the TRAP hook said LC3_SYSCALL_STOP; the TRAP did not run */
    LC3_RUN_AT_HALT,    /* stop_at_halt: before a HALT */
    LC3_RUN_AT_PC,      /* at the stop address (lc3_set_stop_pc) */
} lc3_run_stop;

typedef struct lc3_run_result {
    lc3_run_stop stop;
    uint64_t steps;           /* instructions run by this call */
} lc3_run_result;

/* What the hook decides for the TRAP about to run: run it, skip it (the pc
 * moves past it, as if the routine returned at once, and the step counts),
 * or stop the run before it. */
typedef enum {
    LC3_SYSCALL_PERFORM,
    LC3_SYSCALL_REFUSE,
    LC3_SYSCALL_STOP,
} lc3_syscall_verdict;

typedef lc3_syscall_verdict (*lc3_syscall_hook)(void *ctx, lc3_session *s, unsigned service);

/* A session with no program yet; NULL when out of memory. config is
 * copied. */
lc3_session *lc3_session_new(const lc3_session_config *config);
void lc3_session_free(lc3_session *s);

/* Reads the program: source assembled in memory, an object file read, or
 * either by the file's name (.obj: object). Problems go to config.errors;
 * false then. The machine is made ready to run (lc3_session_start). */
bool lc3_session_load_source(lc3_session *s, const char *path);
bool lc3_session_load_object(lc3_session *s, const char *path);
bool lc3_session_load_file(lc3_session *s, const char *path);
/* A program assembled elsewhere (a grader's, a fuzz target's), borrowed:
 * it must outlive the session. */
bool lc3_session_load_program(lc3_session *s, const lc3_program *program);

/* A fresh machine with the OS and the program placed, started as
 * configured, a fresh checker: what loading does, and a debugger's
 * restart. False when out of memory. */
bool lc3_session_start(lc3_session *s);

/* THE run loop: up to max_steps instructions (1 for a debugger), the
 * checker kept and consulted, the TRAP hook asked before each TRAP. */
lc3_run_result lc3_session_run(lc3_session *s, uint64_t max_steps);

void lc3_session_set_syscall_hook(lc3_session *s, lc3_syscall_hook before, void *ctx);

lc3_machine *lc3_session_machine(lc3_session *s);
const lc3_loaded *lc3_session_program(const lc3_session *s);
/* The checker, NULL without --check; lc3_session_set_checks changes the
 * checks on (0: none), keeping what it learned. False when out of memory. */
lc3_checker *lc3_session_checker(lc3_session *s);
bool lc3_session_set_checks(lc3_session *s, unsigned check_set);

#endif
