/* Private to the machine: the checker's state and the hook the checked
 * interpreter (mips_exec_checked.c) calls before each instruction. The
 * common case is inline: the instruction's check record from a per-page
 * cache, its source registers against the readable ones, its destination
 * marked, a load or store's bytes looked up or marked in the shadow. Calls,
 * returns and syscalls, and every finding, go out of line to mips_check.c;
 * $sp above its start is looked for there, not after every write of $sp. */
#ifndef MIPS_CHECK_IMPL_H
#define MIPS_CHECK_IMPL_H

#include "check.h"
#include "interp.h"
#include "mips_check.h"
#include "mips_machine_impl.h"

/* What an instruction does that the checks need, made from mips_roles_of
 * for a whole 4 KiB of code when it first runs, and again for a word of it
 * that is rewritten (mips_check.c). */
typedef enum mips_check_op_kind {
    MIPS_OP_PLAIN,  /* registers only */
    MIPS_OP_LOAD,
    MIPS_OP_STORE,
    MIPS_OP_CALL,     /* jal, jalr: base is jalr's target register */
    MIPS_OP_CALL_GEZ, /* bgezal: a call when base >= 0 */
    MIPS_OP_CALL_LTZ, /* bltzal */
    MIPS_OP_RETURN,   /* jr $ra */
    MIPS_OP_SYSCALL,
} mips_check_op_kind;

typedef struct mips_check_op {
    uint32_t reads; /* registers read (a store's value register is not: a copy
                       to memory, as a prologue saves what it will change) */
    uint8_t writes; /* register written; 0: none */
    uint8_t kind;   /* mips_check_op_kind */
    uint8_t size;   /* loads and stores: bytes; 0: partial (lwl ...) */
    uint8_t base;   /* loads and stores: base register; calls: see kind */
    int32_t offset; /* loads and stores */
    uint32_t word;  /* the word it was made from */
} mips_check_op;

/* A call not yet returned from. */
enum { MIPS_SAVED_COUNT = 11 }; /* $s0-$s7, $gp, $sp, $fp */
typedef struct mips_frame {
    uint32_t ret;      /* the address the call left in its link register */
    uint32_t call_pc;
    uint32_t callee;
    uint32_t result_writer[2]; /* last writers of $v0, $v1 at the call */
    uint32_t saved[MIPS_SAVED_COUNT];
} mips_frame;

/* Written bytes, one bit each, for 4 MiB of the data segment (.extern, .data,
 * the heap) and 4 MiB of stack: a page is NULL until a byte is written. */
enum { MIPS_SHADOW_PAGES = 1024, MIPS_SHADOW_PAGE_BYTES = 4096 / 8 };
#define MIPS_SHADOW_STACK_BASE 0x7fc00000u

struct mips_checker {
    unsigned set;
    mips_finding_fn report;
    void *ctx;
    bool stopped;
    uint64_t found;
    /* Registers: readable (written since the start and since the last call
     * that may have changed them); clobbered by a return (meaningful where
     * not readable, so a write need not clear it); and who wrote each last
     * (for $v0 and $v1: 0 until the innermost active call writes them). */
    uint32_t readable, clobbered;
    uint32_t last_writer[32]; /* 0: none yet (no code is at 0) */
    uint32_t clobber_call, clobber_callee; /* the call whose return clobbered them */
    uint32_t entry_sp;
    uint32_t stack_span; /* checked stack bytes: MIPS_SHADOW_STACK_BASE up to entry_sp */
    mips_frame *frames;
    uint32_t depth, lost; /* lost: calls past the frame limit */
    size_t frame_capacity;
    uint8_t *data_shadow[MIPS_SHADOW_PAGES], *stack_shadow[MIPS_SHADOW_PAGES];
    /* Check records of the code, per 4 KiB of .text / .ktext; when one
     * cannot be allocated, the records of that page are made in fallback
     * (for the page at fallback_base, odd: none) each time it is entered. */
    mips_check_op *ops[2][MIPS_TEXT_PAGES];
    mips_check_op *fallback;
    uint32_t fallback_base;
    mips_check_op scratch; /* code outside .text (smc), or no code */
    check_seen seen;
};

/* Out of line (mips_check.c); each returns true to stop the run. */
bool mips_check_reads(mips_checker *ck, const mips_machine *m, const mips_check_op *op,
                      uint32_t pc);
bool mips_check_memory(mips_checker *ck, mips_machine *m, const mips_check_op *op, uint32_t pc);
bool mips_check_special(mips_checker *ck, mips_machine *m, const mips_check_op *op, uint32_t pc);

/* The records of page, the code at pc's 4 KiB; never NULL. */
const mips_check_op *mips_check_page_ops(mips_checker *ck, uint32_t pc,
                                         const mips_text_page *page);
/* The record of the word at pc wherever it is (outside .text: made now). */
const mips_check_op *mips_check_op_slow(mips_checker *ck, const mips_machine *m, uint32_t pc);
/* The code at addr is now word (smc, the debugger's set): its record is made again. */
void mips_check_code_placed(mips_checker *ck, uint32_t addr, uint32_t word);

/* What the checked loop (mips_exec_checked.c) keeps in locals while it
 * runs, for mips_check_step. In ck, readable would be a load and a store on
 * every instruction's path (the stores of r[] may alias it), a chain
 * through memory; the calls out of line see it in ck. The shadow page last
 * used saves the page table's loads, as the loop's data page does: it
 * covers addresses shadow_base up to shadow_base + shadow_len (0: none),
 * short of a stack page's checked end. Shadow pages are only ever added
 * while a run lasts, so a remembered one stays right. */
typedef struct mips_check_local {
    uint32_t readable;
    uint32_t shadow_base, shadow_len;
    uint8_t *shadow;
} mips_check_local;

/* The fast path of a load or store of 1, 2 or 4 aligned bytes whose shadow
 * page exists: true when it is done (a store marked, a load found written);
 * anything else goes to mips_check_memory. */
static inline bool mips_check_memory_fast(mips_checker *ck, const mips_machine *m,
                                          const mips_check_op *op, mips_check_local *local,
                                          int kind)
{
    uint32_t ea = m->state.r[op->base] + (uint32_t)op->offset;
    uint32_t size = op->size;
    if (UNLIKELY(size - 1 > 3 || (ea & (size - 1)) != 0))
        return false;
    uint8_t *page;
    uint32_t off = ea - local->shadow_base;
    if (LIKELY(off < local->shadow_len)) {
        page = local->shadow;
    } else {
        off = ea - MIPS_EXTERN_BASE;
        uint32_t len = 4096;
        if (off < MIPS_SHADOW_PAGES * 4096u) {
            page = ck->data_shadow[off >> 12];
        } else {
            off = ea - MIPS_SHADOW_STACK_BASE;
            if (off >= ck->stack_span)
                return true; /* memory no check looks at */
            page = ck->stack_shadow[off >> 12];
            if (ck->stack_span - (off & ~0xfffu) < len)
                len = ck->stack_span - (off & ~0xfffu);
        }
        if (UNLIKELY(!page))
            return false;
        local->shadow = page;
        local->shadow_base = ea & ~0xfffu;
        local->shadow_len = len;
    }
    uint8_t *bits = &page[(off & 0xfffu) >> 3];
    unsigned mask = ((1u << size) - 1) << (off & 7);
    if (kind == MIPS_OP_STORE) {
        *bits |= (uint8_t)mask;
        return true;
    }
    return (*bits & mask) == mask;
}

/* The kind of every record of an instruction handler h runs (as its word's
 * roles make it), or -1 where it depends on the word (SLOW, jr, calls,
 * syscall, no code): a constant for the checked loop's hook, which then
 * tests no kind for most instructions. test_mips_check holds it to the
 * records of every basic row. */
static inline int mips_check_kind_of(unsigned h)
{
    switch ((mips_handler)h) {
    case MIPS_H_LW: case MIPS_H_LB: case MIPS_H_LBU: case MIPS_H_LH: case MIPS_H_LHU:
    case MIPS_H_LW_ADDI: case MIPS_H_LW_ADDIU:
        return MIPS_OP_LOAD;
    case MIPS_H_SW: case MIPS_H_SB: case MIPS_H_SH:
        return MIPS_OP_STORE;
    case MIPS_H_NONE: case MIPS_H_SLOW: case MIPS_H_RESERVED: case MIPS_H_SYSCALL:
    case MIPS_H_BGEZAL: case MIPS_H_BLTZAL: case MIPS_H_JAL: case MIPS_H_JR:
    case MIPS_H_JALR: case MIPS_H_PAGE_END: case MIPS_H_COUNT:
        return -1;
    default:
        return MIPS_OP_PLAIN;
    }
}

/* Before the instruction at pc, whose record is op, runs; true: stop (it
 * has not run). kind is op's kind when known (mips_check_kind_of), else -1. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline bool mips_check_step(mips_checker *ck, mips_machine *m, uint32_t pc,
                                   const mips_check_op *op, mips_check_local *local,
                                   int kind)
{
    if (kind < 0)
        kind = op->kind;
    bool stop = false;
    if (UNLIKELY(op->reads & ~local->readable)) {
        ck->readable = local->readable;
        stop = mips_check_reads(ck, m, op, pc);
        local->readable = ck->readable;
        if (stop)
            return true;
    }
    if (kind != MIPS_OP_PLAIN) {
        if (kind <= MIPS_OP_STORE) {
            if (!mips_check_memory_fast(ck, m, op, local, kind)) {
                ck->readable = local->readable;
                stop = mips_check_memory(ck, m, op, pc);
                local->readable = ck->readable;
            }
        } else {
            ck->readable = local->readable;
            stop = mips_check_special(ck, m, op, pc);
            local->readable = ck->readable;
        }
        if (stop)
            return true;
    }
    unsigned w = op->writes;
    local->readable |= 1u << w;
    ck->last_writer[w] = pc;
    return false;
}

#endif
