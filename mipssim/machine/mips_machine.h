/* The MIPS machine of MARS 4.5: registers, coprocessors 0 and 1, memory
 * with MARS's map, every basic instruction with MARS's semantics, and its
 * exceptions. A machine is a value: no globals, so the grader can run many
 * in one process.
 *
 * The machine does no I/O. A syscall instruction stops the run with
 * MIPS_STOP_SYSCALL and the pc already past it; the caller performs the
 * service (mips_syscall.h) and runs on. So the simulator, the grader (which
 * traces and checks syscalls) and the debugger each decide what a syscall
 * does. */
#ifndef MIPS_MACHINE_H
#define MIPS_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mips_program.h"

typedef struct mips_machine mips_machine;

typedef struct mips_machine_options {
    bool self_modifying_code; /* MARS's smc: the program may read and write .text */
    bool delayed_branching;   /* MARS's db: the instruction after a branch runs */
} mips_machine_options;

typedef enum mips_stop {
    MIPS_STOP_EXIT,    /* fell off the end of the code (MARS ends silently, as syscall 10) */
    MIPS_STOP_LIMIT,   /* the step budget of mips_run ran out */
    MIPS_STOP_SYSCALL, /* a syscall to perform; $v0 says which; pc is past it */
    MIPS_STOP_ERROR,   /* a runtime error with no handler: see mips_error_of */
} mips_stop;

/* The kinds of runtime error, each with MARS's message (mips_runtime.def)
 * and, where the program has a handler at 0x80000180, its cause code. */
typedef enum mips_error_kind {
#define MIPS_RUNTIME(id, cause, format) MIPS_ERR_##id,
#include "mips_runtime.def"
#undef MIPS_RUNTIME
    MIPS_ERR_COUNT
} mips_error_kind;

typedef struct mips_error {
    mips_error_kind kind;
    uint32_t pc;      /* the faulting instruction */
    uint32_t address; /* the bad address, for address errors */
    int32_t code;     /* break code, syscall number ... as the message needs */
    char message[128]; /* MARS's text, e.g. "address out of range 0x00000000" */
} mips_error;

/* MARS's Keyboard and Display MMIO Simulator, when attached
 * (mips_mmio_attach; docs/devices.md): its four registers at 0xffff0000-c
 * and the transmitter's delay, counted in instructions as MARS counts them. */
typedef struct mips_mmio_state {
    uint32_t attached;   /* 0: the MMIO words are plain memory, as in MARS without the tool */
    uint32_t reg[4];     /* receiver control and data, transmitter control and data */
    uint32_t tx_busy;    /* a stored character is in the transmitter's delay */
    uint32_t tx_word;    /* that store's value, shown when the delay ends */
    uint32_t irq;        /* pending external interrupt: its Cause bits (0x100, 0x200) */
    uint32_t tx_delay;   /* MARS's delay length, in instructions (its default 5) */
    uint32_t unused;
    uint64_t tx_ready_at; /* the instruction count at which the delay ends */
} mips_mmio_state;

/* The machine's whole state but memory and code: what a debugger's
 * snapshot saves and restores. The machine holds it as one member, so a
 * snapshot is a struct copy and a field added here cannot be missed. */
typedef struct mips_machine_state {
    uint32_t r[33];       /* $0-$31, then MIPS_SINK (written, never read) */
    uint32_t hi, lo;
    uint32_t pc;
    uint32_t cp0[16];     /* only BadVAddr, Status, Cause and EPC exist in MARS */
    uint32_t f[32];       /* raw FP registers; a double is f[n] low, f[n+1] high */
    uint64_t count;       /* instructions executed */
    uint32_t heap_break;
    uint32_t last_pc;     /* the instruction executed last (a syscall's EPC) */
    uint32_t delay_target; /* delayed branching: where the pending branch goes */
    uint8_t cc;           /* FP condition flags 0-7, bit n = flag n */
    bool delay_pending;   /* the next instruction is a taken branch's slot */
    bool delay_extend;    /* a branch taken in the slot: one more slot follows */
    bool error_pending;   /* mips_raise found no handler: the next run stops */
    mips_error error;     /* the last runtime error with no handler */
    mips_mmio_state mmio; /* the keyboard and display, when attached */
} mips_machine_state;

void mips_state_get(const mips_machine *m, mips_machine_state *out);
void mips_state_set(mips_machine *m, const mips_machine_state *state);

/* A machine with MARS's initial state (BEHAVIOUR.md "Memory map and
 * initial state"): $sp 0x7fffeffc, $gp 0x10008000, pc 0x00400000, status
 * 0x0000ff11, everything else 0. NULL when out of memory. */
mips_machine *mips_machine_new(const mips_machine_options *options);
void mips_machine_free(mips_machine *m);
/* m as mips_machine_new(options) makes it, keeping what making one costs
 * (its tables): a grader reuses a machine for each call of a program. A
 * checker attached to m is detached, not freed. */
void mips_machine_clear(mips_machine *m, const mips_machine_options *options);

/* Places the program's segments in memory and decodes its code once for
 * the interpreter. start is where execution begins (MARS: 0x00400000, or
 * main with "sm"). False (and nothing loaded) when the image cannot be
 * placed. */
bool mips_machine_load(mips_machine *m, const mips_program *prog, uint32_t start);

/* The same, but the decoded code is code's, a machine that loaded prog
 * with the same options: shared read-only, not decoded again (a grader
 * makes a machine per test of one program). code must outlive m; a store
 * into m's code (self-modifying code, mips_poke) copies the page first. */
bool mips_machine_load_shared(mips_machine *m, const mips_machine *code,
                              const mips_program *prog, uint32_t start);

/* Runs until the machine stops or max_steps instructions have executed
 * (an instruction that raises an exception counts). */
mips_stop mips_run(mips_machine *m, uint64_t max_steps);

/* Why the last run stopped with MIPS_STOP_ERROR. */
const mips_error *mips_error_of(const mips_machine *m);

/* Raises a runtime error from outside the interpreter (a syscall with bad
 * arguments): with a handler at 0x80000180 it is taken, else the next
 * mips_run returns MIPS_STOP_ERROR at once. */
void mips_raise(mips_machine *m, mips_error_kind kind, uint32_t address, int32_t code);

/* Whether a raised error with no handler waits for the next mips_run: the
 * run ends there, fetching nothing more. */
bool mips_error_pending(const mips_machine *m);

/* Registers. FP registers are raw 32-bit patterns; a double is an even/odd
 * pair, low word in the even register, as in MARS. */
uint32_t mips_reg(const mips_machine *m, unsigned r);
void mips_set_reg(mips_machine *m, unsigned r, uint32_t value); /* $0 stays 0 */
uint32_t mips_pc(const mips_machine *m);
void mips_set_pc(mips_machine *m, uint32_t pc);
uint32_t mips_hi(const mips_machine *m);
uint32_t mips_lo(const mips_machine *m);
void mips_set_hi_lo(mips_machine *m, uint32_t hi, uint32_t lo);
uint32_t mips_fpr(const mips_machine *m, unsigned f);
void mips_set_fpr(mips_machine *m, unsigned f, uint32_t bits);
bool mips_fp_flag(const mips_machine *m, unsigned cc); /* condition flags 0-7 */
enum { MIPS_CP0_BADVADDR = 8, MIPS_CP0_STATUS = 12, MIPS_CP0_CAUSE = 13, MIPS_CP0_EPC = 14 };
uint32_t mips_cp0(const mips_machine *m, unsigned r);
void mips_set_cp0(mips_machine *m, unsigned r, uint32_t value);

/* Memory as a program sees it (MARS's address checks; text only with smc).
 * False means the access would raise error *kind (not raised here). size is
 * 1, 2 or 4; loads zero-extend. */
bool mips_load(mips_machine *m, uint32_t addr, unsigned size, uint32_t *value,
               mips_error_kind *kind);
bool mips_store(mips_machine *m, uint32_t addr, unsigned size, uint32_t value,
                mips_error_kind *kind);
/* len bytes from addr, as loads or stores of a word where one is aligned
 * (and not a half's last word, where MARS's stack and MMIO end early) and
 * of a byte elsewhere would move them, and as fast as a copy where they
 * lie in .data; false at the first access that fails (*kind), the bytes
 * before it moved. A grader's arguments and results. */
bool mips_load_bytes(mips_machine *m, uint32_t addr, void *bytes, size_t len,
                     mips_error_kind *kind);
bool mips_store_bytes(mips_machine *m, uint32_t addr, const void *bytes, size_t len,
                      mips_error_kind *kind);

/* Memory as the debugger and the grader see it: any mapped address, text
 * included, no side effects. peek reports whether the word was ever
 * allocated (MARS's getRawWordOrNull, for its dumps). */
bool mips_peek(const mips_machine *m, uint32_t addr, uint32_t *word);
void mips_poke(mips_machine *m, uint32_t addr, uint32_t word);
/* count words from addr on, as count pokes would put them, a page at a
 * time. */
void mips_poke_words(mips_machine *m, uint32_t addr, const uint32_t *words, size_t count);

/* What data, heap and stack words never written hold: fresh(ctx, addr,
 * words, count) writes all count words from addr (word-aligned; never
 * MMIO) into words. It is asked for a 4 KiB block when the block is first
 * written, and for one word at each read before that (peek too, though it
 * still says the block was never allocated). NULL, the default, is MARS's
 * 0. A grader gives memory its noise this way, paying only for the blocks
 * a call uses. */
typedef void (*mips_fresh_word)(void *ctx, uint32_t addr, uint32_t *words, size_t count);
void mips_set_fresh_words(mips_machine *m, mips_fresh_word fresh, void *ctx);

/* hook(ctx, m, pc, word) before each instruction mips_run runs: its
 * address and word (mips_peek's; also for a fetch from no code; a pc that
 * cannot be fetched calls none), with mips_pc(m) at it. A grader's trace of
 * a call, inside the run rather than a run per step. NULL removes it. A
 * machine with a checker (--check) does not call it. */
typedef void (*mips_step_hook)(void *ctx, const mips_machine *m, uint32_t pc, uint32_t word);
void mips_set_step_hook(mips_machine *m, mips_step_hook hook, void *ctx);

/* The heap break for sbrk (syscall 9): starts at 0x10040000. */
uint32_t mips_heap_break(const mips_machine *m);
void mips_set_heap_break(mips_machine *m, uint32_t brk);

uint64_t mips_instruction_count(const mips_machine *m);

/* Attaches MARS's Keyboard and Display MMIO Simulator (as its "Connect to
 * MIPS" does: the transmitter is ready). delay is its transmitter delay in
 * instructions (1 or more; MARS's default is 5). sink receives each word
 * the transmitter shows, when its delay ends (the machine itself does no
 * I/O); the low byte is the character, 12 clears the display, 7 places
 * the cursor at column bits 20-31, row bits 8-19. */
typedef void (*mips_mmio_sink)(void *ctx, uint32_t word);
void mips_mmio_attach(mips_machine *m, uint32_t delay, mips_mmio_sink sink, void *ctx);
bool mips_mmio_attached(const mips_machine *m);
/* A key typed now: receiver data and ready bit set, as MARS's keyTyped does
 * (an unread key is overwritten), with its interrupt when enabled. */
void mips_mmio_key(mips_machine *m, uint8_t key);

/* Any word of data, stack, kdata or MMIO memory, devices' registers
 * included, with no side effect: what a bitmap display shows. */
uint32_t mips_display_word(const mips_machine *m, uint32_t addr);

#endif
