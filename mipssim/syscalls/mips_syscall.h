/* MARS 4.5's syscalls over a mips_machine: console and file I/O, sbrk,
 * exit, time, java.util.Random streams, with MARS's exact semantics
 * (docs/mips-syscalls.md lists the facts relied on).
 *
 * Use: when mips_run returns MIPS_STOP_SYSCALL (pc already past the
 * syscall), call mips_syscall and act on its result. All state (open
 * files, random streams, output counters, options) lives in a
 * mips_syscalls value: no globals, so a grader may run many at once.
 *
 * Files: paths resolve against a root directory; absolute paths, paths
 * that leave the root (by ".." or a symbolic link), directories, FIFOs and
 * devices are refused as a missing file would be (-1). Output to the
 * console and to files together is capped; reaching the cap stops the run. */
#ifndef MIPS_SYSCALL_H
#define MIPS_SYSCALL_H

#include <stdbool.h>
#include <stdint.h>

#include "console.h"
#include "mips_machine.h"

/* MARS's service numbers ($v0), from the one list (mips_syscalls.def). */
typedef enum mips_service {
#define MIPS_SYSCALL(id, number, spec_name, mars_name, what) MIPS_SYS_##id = number,
#include "mips_syscalls.def"
#undef MIPS_SYSCALL
    MIPS_SYS_DIALOG_FIRST = 50, /* 50-59: MARS's dialog boxes, not here */
    MIPS_SYS_DIALOG_LAST = 59,
} mips_service;

/* What the simulator does after a syscall. */
typedef enum mips_syscall_result {
    MIPS_SYSCALL_CONTINUE,     /* done: run on */
    MIPS_SYSCALL_RAISED,       /* a runtime error was raised with mips_raise: run
                                  on, and mips_run reports it or runs the handler */
    MIPS_SYSCALL_EXIT,         /* 10 or 17: the program ended; status from
                                  mips_syscall_exit_status */
    MIPS_SYSCALL_INPUT_ENDED,  /* 5-8 or 12 found no more input (MARS crashes
                                  here); the output so far is intact */
    MIPS_SYSCALL_OUTPUT_CAP,   /* the output cap was reached: stop the run */
} mips_syscall_result;

enum { MIPS_SYSCALL_DEFAULT_CAP = 100 * 1000 * 1000 }; /* bytes */

/* What the files of one graded run may take (the graders give each run a
 * fresh one, so no run can spend another's): the bytes written to files
 * and the files created. A run that exhausts it stops as at the output
 * cap. */
typedef struct mips_file_budget {
    uint64_t bytes_left;
    uint32_t files_left;
} mips_file_budget;

/* The clock and the random generators a run sees. All false (mipssim's
 * default) is MARS: syscall 30 reads the host's clock and a stream that
 * syscall 40 has not seeded starts from it. A fixed clock answers syscall
 * 30 with clock_ms, then with 1 ms more at each call, and a sleep (32)
 * moves it on by the time asked; fixed random numbers start stream i
 * (its $a0) as new Random(random_seed + i) until syscall 40 seeds it as
 * MARS does. Graded runs fix both (docs/mips-syscalls.md). */
typedef struct mips_virtual_time {
    bool fixed_clock;
    uint64_t clock_ms;     /* ms since 1970-01-01T00:00:00Z */
    bool fixed_random;
    uint64_t random_seed;
} mips_virtual_time;

/* What a graded run sees for a grading's seed: both fixed, the clock in
 * 2026, both values a function of the seed alone. */
mips_virtual_time mips_virtual_time_of_seed(uint64_t seed);

typedef struct mips_syscall_options {
    const char *root;    /* directory that file names resolve against; NULL: "." */
    bool root_is_real;   /* root is already what realpath() gives it: taken as it
                            is (a grader's hundreds of sessions in one folder) */
    mips_file_budget *budget; /* NULL: no budget beyond the output cap */
    uint64_t output_cap; /* bytes to the console, stderr and files; 0: the default */
    int stderr_fd;       /* where fd 2 writes go; negative: discarded */
    bool no_sleep;       /* syscall 32 returns at once (graders, tests) */
    bool ascii_file_names; /* as MARS's JVM in a locale that is not UTF-8: a
                              file name's byte over 0x7f opens as '?' */
    bool read_ahead;     /* syscall 14 reads a file 4 KiB ahead: the same bytes,
                            one host read for many (a grader's map files); never
                            with mips_syscall_undo, which saves host offsets */
    mips_virtual_time time; /* zero: the host's clock, MARS's generators */
} mips_syscall_options;

/* Options as the simulator uses them: the working directory, the default
 * cap, stderr on descriptor 2. */
mips_syscall_options mips_syscall_default_options(void);

typedef struct mips_syscalls mips_syscalls;

/* Syscall state for one run. The console (not owned) carries the program's
 * standard input and output; options NULL means the defaults. NULL when
 * out of memory or the root cannot be resolved. */
mips_syscalls *mips_syscalls_new(console *con, const mips_syscall_options *options);

/* Closes every file the program left open, and frees. NULL is accepted. */
void mips_syscalls_free(mips_syscalls *s);

/* Performs the service $v0 names on m. */
mips_syscall_result mips_syscall(mips_syscalls *s, mips_machine *m);

/* Stores program arguments as MARS's "pa" does (the strings at the top of
 * the stack, argv and argc under them) and points $a0, $a1 and $sp at
 * them; no arguments leave the machine as it is. False when they do not
 * fit in the stack segment or memory runs out. */
bool mips_store_args(mips_machine *m, char **args, int count);

/* The status of the last MIPS_SYSCALL_EXIT: 0 for 10, $a0 & 0xff for 17. */
int mips_syscall_exit_status(const mips_syscalls *s);

/* Whether the program has asked for the time (30) or used a random
 * stream (40-44): what it did may depend on them. */
bool mips_syscall_used_time(const mips_syscalls *s);

/* Whether the program has opened a file to write or append (13 with flag
 * 1 or 9, even failing): nothing else it can do changes a file. */
bool mips_syscall_opened_to_write(const mips_syscalls *s);

/* A fixed clock's next answer to syscall 30. */
uint64_t mips_syscall_clock_now(const mips_syscalls *s);

/* Bytes the program has written so far (console, stderr and files). */
uint64_t mips_syscall_output_bytes(const mips_syscalls *s);

/* True when the syscall the machine's $v0 names reads the console (5-8,
 * 12, or 14 on descriptor 0) and no input byte waits for it, neither in
 * the syscalls' line buffer nor in the console: a host that types input
 * as the program runs (the web page) stops there and asks for a line
 * instead of letting the read find the end. */
bool mips_syscall_needs_input(const mips_syscalls *s, const mips_machine *m);

/* Java's Float.toString / Double.toString as MARS's JVM prints them
 * (syscalls 2 and 3). buf must hold MIPS_JAVA_NUMBER_MAX bytes; returns
 * the length. */
enum { MIPS_JAVA_NUMBER_MAX = 32 };
int mips_java_float_string(float value, char *buf);
int mips_java_double_string(double value, char *buf);

#endif
