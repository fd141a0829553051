/* Private to the MIPS machine: the decoded form of a word of code, and
 * decoding (mips_decode.c). It needs only the ISA table, none of the
 * machine's state: memory decodes the code it places through it, and the
 * interpreter dispatches on what it made. */
#ifndef MIPS_DECODE_H
#define MIPS_DECODE_H

#include <stdbool.h>
#include <stdint.h>

enum { MIPS_SINK = 32 }; /* register index that writes to $0 go to */

/* Interpreter handlers. The frequent instructions have their own; the rest
 * share SLOW, which mips_exec_slow runs from the word itself. */
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
    X(J) X(JAL) X(JR) X(JALR)                                                            \
    MIPS_FUSED_HANDLERS(X)                                                               \
    X(PAGE_END) /* after a page's last word: its fetch goes to the next page */

/* Pairs the plain interpreter runs as one (mips_fuse_at): the first's
 * fields stay in its own slot, the second's in the next, and the second
 * reads the first's result from a host register, not through r[] (a store
 * and a reload, on the chain of a loop's dependences). The hooked and
 * checked loops run the first alone. */
#define MIPS_FUSED_HANDLERS(X)                                                           \
    X(LW_ADDI) X(LW_ADDIU)    /* lw rt; addi(u) rd, rt, imm */                         \
    X(ADDI_SW) X(ADDIU_SW)    /* addi(u) rt; sw rt, off(base) */                       \
    X(ADDI_BNE) X(ADDIU_BNE)  /* addi(u) rt; bne rt, rs, label */                      \
    X(ADDI_BEQ) X(ADDIU_BEQ)  /* addi(u) rt; beq rt, rs, label */

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
 * handlers write without testing. The interpreter reads each field straight
 * from memory through a pointer to it (one load, no shifts and masks). */
typedef struct mips_decoded {
    uint8_t h; /* mips_handler */
    uint8_t a; /* destination; rs of branches and jr; stores' value register */
    uint8_t b; /* first source; base of loads and stores */
    uint8_t c; /* second source */
    uint32_t imm; /* immediate (extended as the instruction wants), shift amount,
                     target address, or the word (SLOW, RESERVED) */
} mips_decoded;

_Static_assert(sizeof(mips_decoded) == 8, "the interpreter's taken branch scales by 2");

#define MIPS_D_H(e) ((unsigned)(e).h)
#define MIPS_D_A(e) ((unsigned)(e).a)
#define MIPS_D_B(e) ((unsigned)(e).b)
#define MIPS_D_C(e) ((unsigned)(e).c)
#define MIPS_D_IMM(e) ((e).imm)

static inline mips_decoded mips_pack(unsigned h, unsigned a, unsigned b, unsigned c,
                                     uint32_t imm)
{
    return (mips_decoded){(uint8_t)h, (uint8_t)a, (uint8_t)b, (uint8_t)c, imm};
}

/* Per row of mips_basic.def: its handler, and for SLOW its mips_slow_op. */
typedef struct mips_rows {
    uint8_t handler[256];
    uint8_t slow[256];
} mips_rows;

/* Fills rows from the tables; false if a row of mips_basic.def has no
 * handler (the tables disagree). */
bool mips_bind_rows(mips_rows *rows);

/* Decodes word as if placed at addr (never a fused handler). */
mips_decoded mips_decode_at(const mips_rows *rows, uint32_t word, uint32_t addr);

/* Gives dec[i] the fused handler of it and dec[i + 1] where they make a
 * pair, else its own; called for a placed word and the one before it. */
void mips_fuse_at(mips_decoded *dec, unsigned i);

#endif
