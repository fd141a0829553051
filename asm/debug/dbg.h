/* The command-line debugger both simulators share (docs/debugger.md): gdb's
 * command names over any machine that implements dbg_target. The core
 * parses commands, evaluates expressions, keeps breakpoints, watchpoints,
 * displays, the call trace and the backstep journal, and drives execution
 * one instruction at a time through the target; the target knows its
 * machine (lc3sim/debug/lc3_debug.c, mipssim/mips_debug.c). */
#ifndef DBG_H
#define DBG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "console.h"
#include "source.h"

/* What one step of the target did. */
typedef enum dbg_step_result {
    DBG_STEP_OK,          /* one instruction ran; the program goes on */
    DBG_STEP_EXITED,      /* the program ended normally (status in the message) */
    DBG_STEP_FAULT,       /* a runtime error with no handler stopped it */
    DBG_STEP_INPUT_ENDED, /* it waits for input that will never come */
    DBG_STEP_OUTPUT,      /* its output hit the cap or could not be written */
    DBG_STEP_CHECK,       /* a check's finding (the target said it) stopped it before
                             the instruction ran; it can go on, past that finding */
    DBG_STEP_SIGNAL,      /* the instruction raises an exception a handler will take
                             (the message says which): it did not run, as gdb stops
                             at a signal; the next step enters the handler */
} dbg_step_result;

/* What the instruction at an address does to the flow of calls, for next,
 * finish and the call trace. */
typedef enum dbg_insn_kind {
    DBG_INSN_OTHER,
    DBG_INSN_CALL,   /* jal, jalr, bgezal, bltzal; JSR, JSRR, TRAP */
    DBG_INSN_RETURN, /* jr $ra; RET, RTI */
} dbg_insn_kind;

/* Where the code at an address came from. */
typedef struct dbg_source {
    size_t file; /* index into dbg_target.files */
    int line;    /* 1-based */
    int part;    /* for a pseudo-instruction: this word is part `part` of `parts` */
    int parts;   /* 1 for a basic instruction */
} dbg_source;

enum { DBG_MAX_REGS = 128, DBG_MESSAGE_SIZE = 256 };

typedef struct dbg_target {
    void *ctx;
    const char *name;         /* "lc3" or "mips", for messages */
    unsigned addr_digits;     /* hex digits of an address: 4 (LC-3) or 8 (MIPS) */
    const char *hex_prefix;   /* how addresses are written: "x" or "0x" */
    /* Memory units: LC-3 addresses 16-bit words (unit 2 bytes), MIPS bytes. */
    unsigned word_bytes;      /* a word: 2 or 4 bytes */
    bool byte_addressed;      /* false: one address per word */
    int sp_reg;               /* the stack pointer's register index */
    int pc_reg;               /* the pc's register index */
    int arg_regs[4];          /* registers that hold a call's arguments (-1: none) */

    /* Registers: index 0 .. reg_count-1, those below general_count shown by
     * info registers (the rest by info all-registers). */
    unsigned reg_count, general_count;
    const char *(*reg_name)(void *ctx, unsigned r);    /* "$t0", "R3", "pc" */
    int (*reg_lookup)(void *ctx, const char *name);    /* any alias; -1: none */
    uint32_t (*get_reg)(void *ctx, unsigned r);
    void (*set_reg)(void *ctx, unsigned r, uint32_t value);
    uint32_t (*pc)(void *ctx);

    /* Memory as the debugger sees it: no side effects. size in bytes (1, 2,
     * 4 on MIPS; 2 on the LC-3); false when nothing is mapped there. */
    bool (*read)(void *ctx, uint32_t addr, unsigned size, uint32_t *value);
    bool (*write)(void *ctx, uint32_t addr, unsigned size, uint32_t value);

    /* Runs one instruction, performing syscalls or TRAPs and their I/O as
     * the simulator does. With undo non-NULL, *undo receives a record that
     * target->undo reverses (NULL when nothing can be recorded) and *undo_size
     * its bytes. message gets the text for anything but DBG_STEP_OK. */
    dbg_step_result (*step)(void *ctx, void **undo, size_t *undo_size, char *message);
    void (*undo)(void *ctx, void *record);      /* reverses one step; frees record */
    void (*undo_free)(void *ctx, void *record); /* drops a record unused */
    /* Back to the state before the first instruction; input rewound when it
     * is not a terminal. */
    void (*restart)(void *ctx);
    uint64_t (*instruction_count)(void *ctx);

    /* The kind of the instruction at addr; for a call, *return_addr is where
     * its callee returns to. */
    dbg_insn_kind (*classify)(void *ctx, uint32_t addr, uint32_t *return_addr);
    int (*disasm)(void *ctx, uint32_t addr, char *buf, size_t size);
    uint32_t (*next_addr)(void *ctx, uint32_t addr); /* the instruction after addr */

    /* Symbols: a name's address (false: none), and the label at or nearest
     * below addr in the same segment (NULL: none) with the offset from it. */
    bool (*symbol_value)(void *ctx, const char *name, uint32_t *addr);
    const char *(*symbol_at)(void *ctx, uint32_t addr, uint32_t *offset);
    /* Every label in address order, for info symbols: i-th, false past the end. */
    bool (*symbol_nth)(void *ctx, size_t i, const char **name, uint32_t *addr);

    /* Source: the files, where the code at addr came from, and the first
     * address of code at or after a line of a file. */
    const source_file *const *files;
    size_t file_count;
    bool (*source_of)(void *ctx, uint32_t addr, dbg_source *out);
    bool (*line_addr)(void *ctx, size_t file, int line, uint32_t *addr);

    /* The simulator's --check (check.h), for the check command: spec NULL
     * writes the checks on into message, else sets them from spec (a
     * check list); false with the reason in message. NULL: no checks. */
    bool (*checks)(void *ctx, const char *spec, char *message);

    /* The machine's display (mipssim --bitmap, lc3sim --video) written as a
     * PNG to path (docs/devices.md); false with the reason in message.
     * NULL: no display. */
    bool (*screenshot)(void *ctx, const char *path, char *message);

    /* The program's console: flushed before the debugger prints. */
    console *con;
} dbg_target;

/* How the debugger was started. */
typedef struct dbg_options {
    const char *script;    /* -x FILE: commands run first; NULL: none */
    FILE *commands;        /* where commands come from after the script */
    bool interactive;      /* commands from a terminal: no echo of commands */
    FILE *out;             /* the debugger's own text (stdout) */
    uint64_t limit;        /* --limit: instructions; 0: none */
    size_t journal_steps;  /* backstep history; 0: DBG_JOURNAL_STEPS */
} dbg_options;

/* The documented bound of the backstep history (docs/debugger.md). */
enum { DBG_JOURNAL_STEPS = 1 << 20 };

/* Runs a debugging session on t until quit or the end of the commands.
 * Returns the exit status for the simulator: 0. */
int dbg_main(dbg_target *t, const dbg_options *options);

#endif
