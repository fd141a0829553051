/* Private to the MIPS machine: its state, the decoded form of a word of
 * code, and the calls between mips_machine.c (state, exceptions, mips_run),
 * mips_memory.c (MARS's memory map), mips_decode.c (the decoded forms),
 * mips_exec.c (the interpreter) and mips_exec_slow.c (the rare and
 * floating-point instructions). */
#ifndef MIPS_MACHINE_IMPL_H
#define MIPS_MACHINE_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "mips_machine.h"

enum {
    MIPS_PAGE_BITS = 12, /* MARS allocates memory in 4 KiB blocks */
    MIPS_PAGE_WORDS = 1024,
    MIPS_PAGE_COUNT = 1 << 20,
    MIPS_SEG_SPAN = 0x400000,      /* MARS's text, ktext, data and kdata hold 4 MiB each */
    MIPS_STACK_LOW = 0x7fbffffc,   /* MARS's stackLimitAddress (exclusive) */
    MIPS_STACK_HIGH = 0x7ffffffc,  /* MARS's stackBaseAddress (inclusive) */
    MIPS_SINK = 32,                /* register index that writes to $0 go to */
    MIPS_STATUS_EXL = 1u << 1,
};

/* Interpreter handlers. The frequent instructions have their own; the rest
 * share SLOW, which mips_exec_slow runs from the word itself. */
/* Segment bounds (exclusive), as addresses; some exceed int, so no enum. */
#define MIPS_TEXT_LIMIT (0x00400000u + 0x400000u)
#define MIPS_KTEXT_LIMIT (0x80000000u + 0x400000u)
#define MIPS_KDATA_LIMIT (0x90000000u + 0x400000u)

#define MIPS_HANDLERS(X)                                                                 \
    X(NONE)    /* no instruction at this address: the run ends as syscall 10 */        \
    X(SLOW)    /* a = mips_slow_op, imm = the word */                                   \
    X(RESERVED) /* no basic instruction has this word (smc): imm = the word */          \
    X(NOP) X(SYSCALL)                                                                    \
    X(ADD) X(ADDU) X(SUB) X(SUBU) X(AND) X(OR) X(XOR) X(NOR) X(SLT) X(SLTU)              \
    X(SLLV) X(SRLV) X(SRAV) X(SLL) X(SRL) X(SRA)                                         \
    X(ADDI) X(ADDIU) X(SLTI) X(SLTIU) X(ANDI) X(ORI) X(XORI) X(LUI)                      \
    X(MULT) X(MULTU) X(MUL) X(DIV) X(DIVU) X(MFHI) X(MFLO) X(MTHI) X(MTLO)               \
    X(LW) X(LB) X(LBU) X(LH) X(LHU) X(SW) X(SB) X(SH)                                    \
    X(BEQ) X(BNE) X(BGEZ) X(BGTZ) X(BLEZ) X(BLTZ) X(BGEZAL) X(BLTZAL)                   \
    X(J) X(JAL) X(JR) X(JALR)

typedef enum mips_handler {
#define MIPS_H_ENUM(name) MIPS_H_##name,
    MIPS_HANDLERS(MIPS_H_ENUM)
#undef MIPS_H_ENUM
    MIPS_H_COUNT
} mips_handler;

/* The instructions SLOW runs. */
#define MIPS_SLOW_OPS(X)                                                                 \
    X(MADD) X(MADDU) X(MSUB) X(MSUBU) X(CLO) X(CLZ) X(MOVN) X(MOVZ) X(MOVF) X(MOVT)      \
    X(LL) X(SC) X(LWL) X(LWR) X(SWL) X(SWR) X(BREAK) X(BREAK_CODE) X(ERET)               \
    X(MFC0) X(MTC0) X(TEQ) X(TNE) X(TGE) X(TGEU) X(TLT) X(TLTU)                          \
    X(TEQI) X(TNEI) X(TGEI) X(TGEIU) X(TLTI) X(TLTIU)                                    \
    X(BC1T) X(BC1F) X(MFC1) X(MTC1) X(LWC1) X(SWC1) X(LDC1) X(SDC1)                      \
    X(ADD_S) X(SUB_S) X(MUL_S) X(DIV_S) X(SQRT_S) X(ABS_S) X(NEG_S) X(MOV_S)             \
    X(ADD_D) X(SUB_D) X(MUL_D) X(DIV_D) X(SQRT_D) X(ABS_D) X(NEG_D) X(MOV_D)             \
    X(FLOOR_W_S) X(CEIL_W_S) X(ROUND_W_S) X(TRUNC_W_S) X(CVT_W_S)                        \
    X(FLOOR_W_D) X(CEIL_W_D) X(ROUND_W_D) X(TRUNC_W_D) X(CVT_W_D)                        \
    X(CVT_D_S) X(CVT_D_W) X(CVT_S_D) X(CVT_S_W)                                          \
    X(C_EQ_S) X(C_LE_S) X(C_LT_S) X(C_EQ_D) X(C_LE_D) X(C_LT_D)                          \
    X(MOVF_S) X(MOVT_S) X(MOVN_S) X(MOVZ_S) X(MOVF_D) X(MOVT_D) X(MOVN_D) X(MOVZ_D)

typedef enum mips_slow_op {
#define MIPS_S_ENUM(name) MIPS_S_##name,
    MIPS_SLOW_OPS(MIPS_S_ENUM)
#undef MIPS_S_ENUM
    MIPS_S_COUNT
} mips_slow_op;

/* One word of code decoded for the address it sits at, so branches and
 * jumps carry their absolute target. A destination $0 is MIPS_SINK, so
 * handlers write without testing. Packed in an integer rather than a
 * struct: one load, and compilers keep it in one register (with a struct,
 * gcc and clang each lost a quarter of the speed on some layout).
 *   bits 7:0   handler (mips_handler)
 *   bits 15:8  a: destination; rs of branches and jr; stores' value register
 *   bits 23:16 b: first source; base of loads and stores
 *   bits 31:24 c: second source
 *   bits 63:32 imm: immediate (extended as the instruction wants), shift
 *              amount, target address, or the word (SLOW, RESERVED) */
typedef uint64_t mips_decoded;

#define MIPS_D_H(e) ((unsigned)(e) & 0xffu)
#define MIPS_D_A(e) ((unsigned)((e) >> 8) & 0xffu)
#define MIPS_D_B(e) ((unsigned)((e) >> 16) & 0xffu)
#define MIPS_D_C(e) ((unsigned)((e) >> 24) & 0xffu)
#define MIPS_D_IMM(e) ((uint32_t)((e) >> 32))

static inline mips_decoded mips_pack(unsigned h, unsigned a, unsigned b, unsigned c,
                                     uint32_t imm)
{
    return (mips_decoded)h | (mips_decoded)a << 8 | (mips_decoded)b << 16 |
           (mips_decoded)c << 24 | (mips_decoded)imm << 32;
}

/* 4 KiB of .text or .ktext: the words and their decoded forms. */
typedef struct mips_text_page {
    uint32_t word[MIPS_PAGE_WORDS];
    mips_decoded dec[MIPS_PAGE_WORDS]; /* NONE where no instruction was placed */
} mips_text_page;

enum { MIPS_TEXT_PAGES = MIPS_SEG_SPAN >> MIPS_PAGE_BITS };

/* Allocates a zeroed block of size bytes that the machine frees with itself;
 * NULL when out of memory. */
void *mips_block_alloc(mips_machine *m, size_t size);

struct mips_machine {
    uint32_t r[33];      /* $0-$31, then MIPS_SINK (written, never read) */
    uint32_t hi, lo;
    uint32_t pc;
    uint32_t cp0[16];    /* only BadVAddr, Status, Cause and EPC exist in MARS */
    uint32_t f[32];      /* raw FP registers; a double is f[n] low, f[n+1] high */
    uint8_t cc;          /* FP condition flags 0-7, bit n = flag n */
    mips_machine_options options;
    uint32_t **pages;    /* MIPS_PAGE_COUNT entries: data, stack, kdata, MMIO
                            blocks as words; NULL = never allocated */
    mips_text_page *text[2][MIPS_TEXT_PAGES]; /* .text, .ktext; NULL = no code */
    const mips_machine *code_owner; /* mips_machine_load_shared: whose text pages
                                       these are, until one is copied */
    void **blocks;        /* every page allocated, so freeing a machine costs what
                             it used, not a walk over the whole table (a grader
                             makes a machine per call) */
    size_t block_count, block_capacity;
    uint32_t heap_break;
    uint64_t count;       /* instructions executed */
    uint32_t last_pc;     /* the instruction executed last (a syscall's EPC) */
    uint32_t delay_target; /* delayed branching: where the pending branch goes */
    bool delay_pending;   /* the next instruction is a taken branch's slot */
    bool error_pending;   /* mips_raise found no handler: the next run stops */
    mips_error error;
    uint8_t row_handler[256]; /* per row of mips_basic.def: its handler ... */
    uint8_t row_slow[256];    /* ... and for SLOW its mips_slow_op */
};

/* Fills m->row_handler and m->row_slow; false if a row of mips_basic.def
 * has no handler (the tables disagree). */
bool mips_bind_rows(mips_machine *m);

/* Decodes word as if placed at addr. */
mips_decoded mips_decode_at(const mips_machine *m, uint32_t word, uint32_t addr);

/* The text page holding addr (in .text or .ktext), or NULL. */
mips_text_page *mips_text_page_of(const mips_machine *m, uint32_t addr);

/* Places a word of code at addr (.text or .ktext, word-aligned) and
 * decodes it; false when out of memory or addr is no text address. */
bool mips_place_code(mips_machine *m, uint32_t addr, uint32_t word);

/* MARS runs a branch its assembler made with the whole word offset its
 * statement holds (offset, from the program's origin), even one the 16-bit
 * field cut; the code placed at addr takes it if it is such a branch. (bc1t
 * and bc1f, run from the word, keep the field's offset.) */
void mips_keep_branch_offset(mips_machine *m, uint32_t addr, int32_t offset);

/* Memory as the program sees it; -1 on success, else the mips_error_kind
 * (the faulting address is addr). Loads zero-extend. */
int mips_mem_load(mips_machine *m, uint32_t addr, unsigned size, uint32_t *value);
int mips_mem_store(mips_machine *m, uint32_t addr, unsigned size, uint32_t value);

/* Takes exception kind raised by the instruction at fault_pc: with a
 * handler at 0x80000180 sets CP0 as MARS does and returns true with *pc
 * the handler; otherwise records the error and returns false. */
bool mips_exception(mips_machine *m, mips_error_kind kind, uint32_t fault_pc, uint32_t address,
                    int32_t code, uint32_t *pc);

/* Results of mips_exec_slow besides an error kind (>= 0). */
enum { MIPS_SLOW_OK = -1, MIPS_SLOW_BRANCH = -2, MIPS_SLOW_JUMP = -3 };

/* Runs one SLOW instruction (the word) at pc (m->pc is pc + 4). Returns
 * MIPS_SLOW_OK, MIPS_SLOW_BRANCH with *target set (a taken branch, which
 * delayed branching defers), MIPS_SLOW_JUMP with *target (eret: at once),
 * or an error kind with *address and *code for the message. */
int mips_exec_slow(mips_machine *m, unsigned op, uint32_t word, uint32_t pc, uint32_t *target,
                   uint32_t *address, int32_t *code);

/* What mips_execute stopped for. */
typedef enum mips_exec_end {
    MIPS_END_BUDGET, /* ran out of steps */
    MIPS_END_DELAY,  /* delayed branching: a taken branch is pending in m */
    MIPS_END_SYSCALL,
    MIPS_END_EXIT,
    MIPS_END_ERROR,
} mips_exec_end;

/* Runs up to budget instructions from m->pc; *ran says how many ran. */
mips_exec_end mips_execute(mips_machine *m, uint64_t budget, uint64_t *ran);

#endif
