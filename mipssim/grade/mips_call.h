/* Calling one function of an assembled MIPS program, the way a grader
 * tests a homework: assemble a submission with helper code once, then for
 * each test a fresh machine, the caller's memory (structs, strings), the
 * arguments, and a return address no code lives at. The run ends when the
 * function returns there, and the caller reads $v0, $v1, the registers
 * and memory back.
 *
 *     mips_call_program *p = mips_call_assemble(paths, 2, NULL, &messages);
 *     uint32_t fn;
 *     mips_call_find(p, 0, "get_cell", &fn);
 *     mips_call_options o = mips_call_default_options();
 *     mips_call *c = mips_call_new(p, &o);
 *     mips_call_write(c, map_addr, map_bytes, map_size);
 *     uint32_t args[] = {map_addr, 3, 8};
 *     mips_call_result r = mips_call_run(c, fn, args, 3);
 *     ... r.status == MIPS_CALL_RETURNED, r.v0 ...
 *     mips_call_free(c);
 *
 * Syscalls run through mips_syscall (files confined to a root directory),
 * so functions that read files or print work as under mipssim. Nothing
 * here is global: calls may run side by side. */
#ifndef MIPS_CALL_H
#define MIPS_CALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mips_asm.h"
#include "mips_machine.h"
#include "mips_syscall.h"

enum {
    MIPS_CALL_DEFAULT_BUDGET = 100000, /* instructions */
    /* The last word of .text: far past any homework's code, and a jump to
     * a .text word without code ends the run as MIPS_STOP_EXIT with the pc
     * there, so returning costs no instruction of the budget. */
    MIPS_CALL_DEFAULT_SENTINEL = 0x007ffffc,
};

/* The assembled sources a series of calls share. */
typedef struct mips_call_program mips_call_program;

/* Assembles the files together as mipssim does (text in the given order,
 * labels local to their file unless .globl). options NULL: MARS's defaults.
 * On failure returns NULL; either way *messages (when messages is not
 * NULL) receives the assembler's errors and warnings as text, to free. */
mips_call_program *mips_call_assemble(const char *const *paths, size_t count,
                                      const mips_asm_options *options, char **messages);

/* The same from texts in memory, each shown in messages under its name. */
mips_call_program *mips_call_assemble_texts(const char *const *names,
                                            const char *const *texts, size_t count,
                                            const mips_asm_options *options, char **messages);

/* The same from loaded files (the program takes them over, freed with it
 * or on failure): a grader that opened the submission itself. */
mips_call_program *mips_call_assemble_files(source_file **files, size_t count,
                                            const mips_asm_options *options, char **messages);

void mips_call_program_free(mips_call_program *p);

/* Renames the program's files for runtime messages: the one at path own
 * becomes shown, one in own's folder its plain name (a grader that
 * assembled a private copy shows the names the student gave). */
void mips_call_program_show_as(mips_call_program *p, const char *own, const char *shown);

/* The image, for symbol tables and source lines of runtime errors. */
const mips_program *mips_call_image(const mips_call_program *p);
/* A zeroed block of size bytes the program keeps for its calls' host (a
 * grader's tables about its code), freed with it; the same block on every
 * later request. NULL when out of memory or size differs from the first. */
void *mips_call_program_scratch(const mips_call_program *p, size_t size);

/* The address of label: the labels local to file number file (in the order
 * given to assemble; a submission first makes it 0), else the global ones.
 * False when neither has it. */
bool mips_call_find(const mips_call_program *p, size_t file, const char *label,
                    uint32_t *address);

typedef struct mips_call_options {
    uint64_t budget;           /* instructions the call may run; 0: the default */
    uint32_t sentinel;         /* return address; 0: the default (must hold no code) */
    uint32_t stack_arg_offset; /* bytes from $sp to the fifth argument: 0 as CSE 220
                                  passes them, 16 in the o32 ABI */
    const char *fs_root;       /* where file syscalls resolve names; NULL: "." */
    bool fs_root_is_real;      /* fs_root is what realpath() gives: not resolved again */
    int in_fd;                 /* the program's standard input; -1: none */
    int out_fd;                /* where its output goes; -1: discarded */
    uint64_t output_cap;       /* bytes; 0: mips_syscall's default */
    mips_file_budget *fs_budget; /* files and bytes the calls sharing it may write
                                  (one run's, fresh); NULL: the output cap alone */
    mips_virtual_time time;    /* the clock and generators syscalls 30 and 40-44 see:
                                  always virtual here, so a graded run is the same on
                                  any machine; a grader sets its seed's */
    mips_machine_options machine;
} mips_call_options;

/* Budget 100,000, the default sentinel, fifth argument at 0($sp), files in
 * the working directory, no input, output discarded, MARS's machine, the
 * virtual clock and generators of seed 0. */
mips_call_options mips_call_default_options(void);

/* One machine for one call: the program loaded with MARS's initial state. */
typedef struct mips_call mips_call;

/* NULL when out of memory, when the program does not fit in memory, when
 * code lives at the sentinel, or when fs_root cannot be resolved. */
mips_call *mips_call_new(const mips_call_program *p, const mips_call_options *options);
void mips_call_free(mips_call *c);

/* The machine itself: set registers before the run (a grader fills them
 * with noise), read them after (preserved $s registers, $sp, $fp). */
mips_machine *mips_call_machine(mips_call *c);

/* Bytes in the program's memory, with a program's address checks (data,
 * heap, stack; not .text). False at the first address that cannot be
 * written or read. */
bool mips_call_write(mips_call *c, uint32_t address, const void *bytes, size_t len);
/* A zeroed block of size bytes that lives as long as the call (for what a
 * grader hooks into its machine); the same block on every later request.
 * NULL when out of memory or when size differs from the first request's. */
void *mips_call_scratch(mips_call *c, size_t size);
bool mips_call_read(mips_call *c, uint32_t address, void *bytes, size_t len);

typedef enum mips_call_status {
    MIPS_CALL_RETURNED,     /* jumped to the sentinel return address */
    MIPS_CALL_ERROR,        /* a runtime error with no handler: error says which */
    MIPS_CALL_BUDGET,       /* the budget ran out */
    MIPS_CALL_EXITED,       /* syscall 10 or 17: exit_status */
    MIPS_CALL_LEFT_CODE,    /* ran off its code, or jumped to a .text word without
                               code other than the sentinel (MARS ends there) */
    MIPS_CALL_INPUT_ENDED,  /* read input (syscall 5-8, 12) after it had ended */
    MIPS_CALL_OUTPUT_CAP,   /* its output reached the cap */
    MIPS_CALL_SYSCALL_REFUSED, /* a service mips_call_allow_syscalls does not allow:
                                  service says which, pc is the syscall's, and it
                                  was not performed */
} mips_call_status;

typedef struct mips_call_result {
    mips_call_status status;
    uint32_t v0, v1;
    uint64_t instructions; /* executed by this run, syscalls charged as below */
    uint32_t service;      /* MIPS_CALL_SYSCALL_REFUSED, and MIPS_CALL_BUDGET when a
                              syscall's bytes cost more than was left: its $v0 */
    uint32_t pc;           /* where the run stopped */
    int exit_status;       /* MIPS_CALL_EXITED: 0 for syscall 10, $a0 & 0xff for 17 */
    mips_error error;      /* MIPS_CALL_ERROR: kind, pc and MARS's message */
} mips_call_result;

/* Calls the function at address function: $a0-$a3 from the first four
 * arguments, the rest as words from stack_arg_offset($sp) up, $sp at
 * MARS's initial stack (lowered by what the arguments take), $ra the
 * sentinel. Other registers keep what the caller set. Runs until one of
 * the statuses above, performing syscalls on the way. A syscall is one
 * instruction, but one that moves bytes (14 read, 15 write) also costs a
 * budget instruction per word it asks for, so a loop of megabyte reads
 * runs out of budget as fast as a loop of loads; a syscall the budget
 * cannot pay for is not performed. */
mips_call_result mips_call_run(mips_call *c, uint32_t function, const uint32_t *args,
                               size_t arg_count);

/* Runs a whole program from entry with the registers as they are (MARS's
 * initial state, or what mips_store_args set): no arguments placed, $ra
 * untouched. Ending by syscall 10 or 17 is MIPS_CALL_EXITED, running off
 * the code MIPS_CALL_LEFT_CODE; the budget and syscalls as above. */
mips_call_result mips_call_run_program(mips_call *c, uint32_t entry);

/* From now on only the services whose bit is set in allowed (bit s for
 * service s; none from 64 up) run: any other ends the run before it does
 * anything, as MIPS_CALL_SYSCALL_REFUSED. A grader stops a function at
 * its first forbidden syscall, before a file is written. */
void mips_call_allow_syscalls(mips_call *c, uint64_t allowed);

/* Calls before_step(ctx, machine, pc, word) before each instruction the call runs
 * (the machine's step hook, mips_set_step_hook): a grader's call trace.
 * NULL turns it off. */
typedef mips_step_hook mips_call_step_hook;
void mips_call_trace(mips_call *c, mips_call_step_hook before_step, void *ctx);

/* Whether the program has asked for the time or a random number so far
 * (what it did may depend on the clock and generators). */
bool mips_call_used_time(const mips_call *c);

/* Whether the program has opened a file to write or append so far: else
 * its folder holds what it held when the call began. */
bool mips_call_opened_to_write(const mips_call *c);

/* "returned", "runtime error", ... for messages. */
const char *mips_call_status_name(mips_call_status status);

#endif
