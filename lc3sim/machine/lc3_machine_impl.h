/* Private to the LC-3 machine: its state, the decoded-instruction cache, and
 * the calls between lc3_machine.c (state, devices, exceptions) and
 * lc3_exec.c and lc3_exec_checked.c (the interpreter,
 * lc3_exec_loop.h). */
#ifndef LC3_MACHINE_IMPL_H
#define LC3_MACHINE_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "lc3_machine.h"

enum {
    LC3_SYSTEM_END = 0x3000,   /* user mode may not touch below this... */
    LC3_DEVICE_BASE = 0xFE00,  /* ...nor from here up */
    LC3_TRAP_TABLE = 0x0000,
    LC3_INT_TABLE = 0x0100,
    LC3_KBSR_READY = 0x8000,
    LC3_KBSR_IE = 0x4000,
    LC3_DSR_READY = 0x8000,
    LC3_MCR_CLOCK = 0x8000,
    LC3_PSR_PRIORITY = 0x0700,
    LC3_KEYBOARD_PRIORITY = 4,
    LC3_POLL_INTERVAL = 4096, /* steps between non-blocking key polls while KBSR[14] */
    LC3_EOF_READS = 100,      /* empty KBSR reads after EOF before lc3_run gives up */
};

/* Interpreter handlers. A decoded entry names one; the forms an instruction
 * can take at run time are split here so the handler needs no tests. */
#define LC3_HANDLERS(X)                                                                 \
    X(DECODE)    /* not decoded since loaded or stored over: decode, cache, run */       \
    X(DEVFETCH)  /* instruction in device space: never cached, faults in user mode */   \
    X(WRAP)      /* the entry past xFFFF: execution wraps to x0000 */                    \
    X(ADD_REG) X(ADD_IMM) X(AND_REG) X(AND_IMM) X(NOT)                                   \
    X(BR_NOP)    /* nzp = 000 */                                                         \
    X(BR_N) X(BR_Z) X(BR_P) X(BR_NZ) X(BR_NP) X(BR_ZP) X(BR_ALWAYS)                      \
    X(BR_FAR)    /* any nzp, target in system space: user mode faults on the fetch */    \
    X(JMP) X(JSR) X(JSR_FAR) X(JSRR)                                                     \
    X(LD) X(LDI) X(LDR) X(LEA) X(ST) X(STI) X(STR)                                       \
    X(TRAP) X(RTI) X(ILLEGAL)                                                            \
    X(COUNT_LOOP)  /* ADDs and a BR back to the first: a counting loop (fuse) */

typedef enum lc3_handler {
#define LC3_ENUM(name) LC3_H_##name,
    LC3_HANDLERS(LC3_ENUM)
#undef LC3_ENUM
    LC3_H_COUNT
} lc3_handler;

/* One word decoded for the address it sits at, so PC-relative forms carry
 * their absolute address. Packed in an integer rather than a struct: one
 * load, and compilers keep it in one register.
 *   bits 7:0   handler (lc3_handler)
 *   bits 15:8  a: DR; SR of ST/STI/STR; nzp of BR
 *   bits 23:16 b: SR1 or BaseR
 *   bits 31:24 c: SR2
 *   bits 47:32 imm: imm5/offset6 sign-extended; the target or address of
 *              PC-relative forms; trapvect8 */
typedef uint64_t lc3_decoded;

#define LC3_D_HANDLER(e) ((unsigned)(e) & 0xFFu)
#define LC3_D_A(e)       ((unsigned)((e) >> 8) & 0xFFu)
#define LC3_D_B(e)       ((unsigned)((e) >> 16) & 0xFFu)
#define LC3_D_C(e)       ((unsigned)((e) >> 24) & 0xFFu)
#define LC3_D_IMM(e)     ((uint16_t)((e) >> 32))

/* A counting loop (COUNT_LOOP) keeps its words instead: the handler takes
 * its fields from them, and runs only while memory still holds them, so a
 * store into the loop resets no more than its own entry. Word i (0: the
 * first ADD) in bits 16 * (i + 1) up; word 2 is 0 in a loop of two. */
#define LC3_D_WORD(e, i) ((uint16_t)((e) >> (16 * ((i) + 1))))

static inline lc3_decoded lc3_pack(unsigned handler, unsigned a, unsigned b, unsigned c,
                                     uint16_t imm)
{
    return (lc3_decoded)handler | (lc3_decoded)a << 8 | (lc3_decoded)b << 16 |
           (lc3_decoded)c << 24 | (lc3_decoded)imm << 32;
}

struct lc3_machine {
    lc3_machine_state state;  /* everything lc3_state_get gives: first, at small offsets */
    uint16_t mem[65536];      /* memory; device registers keep their state here too */
    lc3_decoded dec[65537];   /* parallel to mem, reset to DECODE by every store; then WRAP */
    bool ignore_privilege;
    bool stop_at_halt;        /* lc3_set_stop_at_halt */
    bool stop_at_exception;   /* lc3_set_stop_at_exception */
    bool stop_armed;          /* lc3_set_stop_pc: stop_pc is never cached, and DECODE leaves there */
    uint16_t stop_pc;
    lc3_io io;                /* never has NULL functions */
    lc3_checked_record *checked; /* lc3_set_checked: runs take lc3_execute_checked */
};

/* Resets the cache entry after memory at addr changed outside the interpreter.
 * Stores inside it reset entries to DECODE too, so the stop address stays
 * uncached and the stop needs no check on the store path. */
static inline void lc3_invalidate(lc3_machine *m, uint16_t addr)
{
    m->dec[addr] = addr >= LC3_DEVICE_BASE ? LC3_H_DEVFETCH : LC3_H_DECODE;
}

/* Memory as the running program sees it: privilege checks and device side
 * effects. false: access control violation (nothing was accessed). */
bool lc3_read(lc3_machine *m, uint16_t addr, uint16_t *value);
bool lc3_write(lc3_machine *m, uint16_t addr, uint16_t value);

/* Entries to the operating system; each returns the new PC. m->state.psr must hold
 * the current condition codes. lc3_rti raises the privilege exception itself
 * in user mode. */
uint16_t lc3_trap(lc3_machine *m, uint16_t return_pc, unsigned vect8);
uint16_t lc3_exception(lc3_machine *m, uint16_t return_pc, unsigned vector);
uint16_t lc3_rti(lc3_machine *m, uint16_t return_pc);

/* Runs up to budget instructions from m->state.pc; returns how many ran. Stops early
 * after anything lc3_run must look at: a device access, TRAP, RTI, an
 * exception, or a jump that user mode may not fetch from. */
uint64_t lc3_execute(lc3_machine *m, uint64_t budget);
/* The same with m->checked kept up to date; also stops early before an
 * instruction the checker must see, setting m->state.check_stop. */
uint64_t lc3_execute_checked(lc3_machine *m, uint64_t budget);

#endif
