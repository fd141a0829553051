/* The LC-3 instruction set: opcodes, instruction fields, and the one table
 * (lc3_isa.def) that the assembler, the disassembler and the debugger share. */
#ifndef LC3_ISA_H
#define LC3_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bits 15:12 of every instruction. */
typedef enum lc3_opcode {
    LC3_OP_BR = 0x0, LC3_OP_ADD = 0x1, LC3_OP_LD = 0x2,   LC3_OP_ST = 0x3,
    LC3_OP_JSR = 0x4, LC3_OP_AND = 0x5, LC3_OP_LDR = 0x6, LC3_OP_STR = 0x7,
    LC3_OP_RTI = 0x8, LC3_OP_NOT = 0x9, LC3_OP_LDI = 0xA, LC3_OP_STI = 0xB,
    LC3_OP_JMP = 0xC, LC3_OP_RES = 0xD, LC3_OP_LEA = 0xE, LC3_OP_TRAP = 0xF,
} lc3_opcode;

/* Sign-extends the low `bits` bits of v. */
static inline int16_t lc3_sext(uint16_t v, unsigned bits)
{
    uint16_t sign = (uint16_t)(1u << (bits - 1));
    v &= (uint16_t)((1u << bits) - 1);
    return (int16_t)((v ^ sign) - sign);
}

/* Instruction fields (see the diagram in lc3_isa.def). */
#define LC3_OPCODE(w)   ((unsigned)(w) >> 12)
#define LC3_DR(w)       (((unsigned)(w) >> 9) & 7u)  /* also SR of ST/STI/STR, nzp of BR */
#define LC3_SR1(w)      (((unsigned)(w) >> 6) & 7u)  /* also BaseR */
#define LC3_SR2(w)      ((unsigned)(w) & 7u)
#define LC3_IMM_FLAG(w) (((unsigned)(w) >> 5) & 1u)
#define LC3_JSR_FLAG(w) (((unsigned)(w) >> 11) & 1u)
#define LC3_IMM5(w)     lc3_sext((uint16_t)(w), 5)
#define LC3_OFF6(w)     lc3_sext((uint16_t)(w), 6)
#define LC3_PCOFF9(w)   lc3_sext((uint16_t)(w), 9)
#define LC3_PCOFF11(w)  lc3_sext((uint16_t)(w), 11)
#define LC3_TRAPVECT(w) ((unsigned)(w) & 0xFFu)

/* Kinds of operand, each with the field it fills. */
typedef enum lc3_operand {
    LC3_OPND_NONE,
    LC3_OPND_R_DR,   /* register in bits 11:9 */
    LC3_OPND_R_SR1,  /* register in bits 8:6 */
    LC3_OPND_R_BASE, /* register in bits 8:6, named BaseR */
    LC3_OPND_R_SR2,  /* register in bits 2:0 */
    LC3_OPND_IMM5,   /* signed, bits 4:0 */
    LC3_OPND_OFF6,   /* signed, bits 5:0 */
    LC3_OPND_PC9,    /* PC-relative, signed bits 8:0 */
    LC3_OPND_PC11,   /* PC-relative, signed bits 10:0 */
    LC3_OPND_VEC8,   /* unsigned, bits 7:0 */
} lc3_operand;

typedef struct lc3_operand_info {
    const char *name;  /* for messages: "imm5", "PCoffset9" ... */
    unsigned shift;    /* lowest bit of the field */
    unsigned bits;     /* width of the field */
    bool is_register;
    bool is_signed;
    bool is_pc_relative;
} lc3_operand_info;

extern const lc3_operand_info lc3_operands[];

enum lc3_insn_flags {
    LC3_ASM_ONLY = 1 << 0,    /* accepted by the assembler, never printed (BR) */
    LC3_DISASM_ONLY = 1 << 1, /* printed, not accepted (NOP) */
    /* The roles: */
    LC3_WRITES_DR = 1 << 2,   /* writes the register of its DR field */
    LC3_WRITES_R7 = 1 << 3,   /* writes the return address into R7 (JSR, JSRR) */
    LC3_CALL = 1 << 4,        /* JSR, JSRR, TRAP (TRAP's return address goes on the
                                 supervisor stack) */
    LC3_RETURN = 1 << 5,      /* RET, RTI */
    LC3_JUMP = 1 << 6,        /* JMP through a register other than R7 */
    LC3_BRANCH = 1 << 7,      /* BR with at least one condition (NOP never branches) */
    LC3_LOAD = 1 << 8,        /* LD, LDI, LDR (LEA reads no memory) */
    LC3_STORE = 1 << 9,       /* ST, STI, STR */
};
#define LC3_ROLES (~(unsigned)(LC3_ASM_ONLY | LC3_DISASM_ONLY))

typedef enum lc3_insn_id {
#define LC3_INSN(id, mn, match, mask, a, b, c, flags, description) LC3_##id,
#include "lc3_isa.def"
#undef LC3_INSN
    LC3_INSN_COUNT
} lc3_insn_id;

typedef struct lc3_insn_info {
    const char *mnemonic; /* canonical spelling (BRnz); lookup ignores case */
    uint16_t match;
    uint16_t mask;
    lc3_operand operands[3];
    unsigned operand_count;
    unsigned flags;
    const char *description; /* one line: what the form does */
} lc3_insn_info;

extern const lc3_insn_info lc3_insns[LC3_INSN_COUNT];

/* The first row whose mnemonic is text[0..len) (any case) that the assembler
 * accepts; rows of the same mnemonic follow it. NULL if none. */
const lc3_insn_info *lc3_find_mnemonic(const char *text, size_t len);

/* The row a word disassembles as, or NULL (the reserved opcode). */
const lc3_insn_info *lc3_decode(uint16_t word);

/* The roles (lc3_insn_flags within LC3_ROLES) of the row word decodes as;
 * 0 for the reserved opcode. */
unsigned lc3_roles_of(uint16_t word);

/* Packs operand values into the word. Register operands are 0-7; PC-relative
 * operands are already offsets. Returns the index of the first operand that
 * does not fit its field, or -1 when all fit. */
int lc3_encode(const lc3_insn_info *insn, const int32_t values[3], uint16_t *word);

/* The value of operand i as the word holds it (offsets sign-extended). */
int32_t lc3_operand_value(const lc3_insn_info *insn, unsigned i, uint16_t word);

/* Range of an immediate operand kind. */
void lc3_operand_range(lc3_operand kind, int32_t *min, int32_t *max);

/* The directives (lc3_directives.def). */
typedef enum lc3_directive {
#define LC3_DIRECTIVE(id, name, description) LC3_DIR_##id,
#include "lc3_directives.def"
#undef LC3_DIRECTIVE
    LC3_DIR_COUNT
} lc3_directive;

/* The directive's name (".ORIG") and what it does. */
const char *lc3_directive_name(lc3_directive d);
const char *lc3_directive_description(lc3_directive d);
/* The directive named text[0..len) in any case, or LC3_DIR_COUNT. */
lc3_directive lc3_directive_find(const char *text, size_t len);

/* The convention register r (0-7) follows (lc3_registers.def); NULL past 7. */
const char *lc3_register_convention(unsigned r);

/* What the convention keeps in a register (lc3_registers.def's use). */
typedef enum lc3_reg_use {
    LC3_USE_ARGUMENT, /* R0: the TRAP services' argument and result */
    LC3_USE_GENERAL,  /* R1-R4 */
    LC3_USE_POINTER,  /* R5 frame, R6 stack */
    LC3_USE_RETURN,   /* R7 */
} lc3_reg_use;

/* The use of register r (0-7). */
lc3_reg_use lc3_register_use(unsigned r);

/* Names an address for the disassembler (a label), or returns NULL. */
typedef const char *(*lc3_label_fn)(void *ctx, uint16_t addr);

/* Writes "ADD R1, R2, #-3" or "BRnp LOOP" (label_of may be NULL: targets are
 * then shown as x3005). `addr` is the word's own address. Returns the length
 * snprintf would. Unknown words disassemble as ".FILL xD000". */
int lc3_disasm(uint16_t word, uint16_t addr, lc3_label_fn label_of, void *ctx, char *buf,
               size_t size);

#endif
