/* The MIPS instruction set of MARS 4.5: basic instructions and
 * pseudo-instructions from one pair of tables (mips_basic.def,
 * mips_pseudo.def). Operand kinds come from each row's example, as in MARS;
 * encodings from its bit string. Everything here is derived from those two
 * files the first time it is needed and is read-only afterwards. */
#ifndef MIPS_ISA_H
#define MIPS_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The kinds of token in an operand list, as MARS's TokenTypes classifies
 * them. Integers take the narrowest kind that holds them, in this order:
 * 0..31 INT5, 0..65535 INT16U, -32768..32767 INT16, anything else INT32. */
typedef enum mips_tok {
    MIPS_TOK_REG,    /* a general register by name: $t1, $zero, $sp */
    MIPS_TOK_REGNUM, /* a general register by number: $8 */
    MIPS_TOK_FREG,   /* a floating-point register: $f0 */
    MIPS_TOK_INT5,
    MIPS_TOK_INT16U,
    MIPS_TOK_INT16,
    MIPS_TOK_INT32,
    MIPS_TOK_IDENT,  /* a label */
    MIPS_TOK_LPAREN,
    MIPS_TOK_RPAREN,
    MIPS_TOK_PLUS,
    MIPS_TOK_OTHER,  /* anything else a statement may hold (a real number, a
                        string, '-'): no format takes it ("incorrect type") */
} mips_tok;

/* The general registers by number, named as MARS names them: the one
 * list every part of the toolchain uses (mips_registers.def). */
enum mips_gpr {
#define MIPS_REGISTER(id, name, use, convention) MIPS_REG_##id,
#include "mips_registers.def"
#undef MIPS_REGISTER
};

/* What the convention keeps in a register (mips_registers.def's use). */
typedef enum mips_reg_use {
    MIPS_USE_CONSTANT,  /* $zero */
    MIPS_USE_RESERVED,  /* $at, $k0, $k1 */
    MIPS_USE_RESULT,    /* $v0, $v1 */
    MIPS_USE_ARGUMENT,  /* $a0-$a3 */
    MIPS_USE_TEMPORARY, /* $t0-$t9 */
    MIPS_USE_SAVED,     /* $s0-$s7 */
    MIPS_USE_POINTER,   /* $gp, $sp, $fp (saved too) */
    MIPS_USE_RETURN,    /* $ra */
} mips_reg_use;

/* The use of general register r (0-31). */
mips_reg_use mips_register_use(unsigned r);

/* The floating-point registers MARS's syscalls read and write. */
enum { MIPS_FPR_F0 = 0, MIPS_FPR_F12 = 12 };

/* Register names: "$t1" -> 9, "$zero" -> 0, "$8" -> 8 (*is_number set),
 * "$f12" -> 12 (*is_float set). -1 when not a register. As in MARS, the
 * number after '$' is read by Binary.stringToInt, so "$010" (octal) and
 * "$08" are $8; names are case-sensitive ("$T0" is no register). */
int mips_register(const char *text, size_t len, bool *is_number, bool *is_float);

/* The name of general register r without its '$' ("zero", "t0", "ra"). */
const char *mips_register_name(unsigned r);
/* Its convention ("temporary: not preserved across calls"); NULL past 31. */
const char *mips_register_convention(unsigned r);

/* MARS's integer syntax (Binary.stringToInt): Java's Integer.decode (sign,
 * 0x hex, leading-0 octal, decimal, within 32 bits), then 0x with exactly 8
 * hex digits as a bit pattern, then unsigned decimal digits wrapping mod
 * 2^32 (so the empty string is 0, as in MARS). False when text is none of
 * these. */
bool mips_parse_int(const char *text, size_t len, int32_t *value);

/* The narrowest integer kind that holds v (MARS's rule above). */
mips_tok mips_int_kind(int64_t v);

/* One token of a statement's operands, after the symbol table was
 * consulted: registers by number, integers by value, labels by address. */
typedef struct mips_operand {
    mips_tok kind;
    int32_t value;     /* register number, integer, or label address */
    const char *label; /* the label's name for IDENT (for LAB), else NULL */
} mips_operand;

enum { MIPS_MAX_TOKENS = 7 }; /* "lw $t1,label+100000($t2)" has 7 operand tokens */

typedef enum mips_format {
    MIPS_FMT_R,
    MIPS_FMT_I,
    MIPS_FMT_IB, /* branch: label as a word offset from pc + 4 */
    MIPS_FMT_J,  /* jump: label address >> 2 in 26 bits */
} mips_format;

/* A bit field of the encoding that an operand fills. */
typedef struct mips_field {
    uint8_t shift; /* lowest bit */
    uint8_t bits;  /* width; 0 when the operand has no field */
} mips_field;

/* v's low bits in field f, the rest of a word zero. */
static inline uint32_t mips_field_put(const mips_field *f, uint32_t v)
{
    return (f->bits >= 32 ? v : v & ((UINT32_C(1) << f->bits) - 1)) << f->shift;
}

/* The roles column of mips_basic.def: what a basic instruction does that
 * the grader's trace and the debugger need to know, from the table rather
 * than from opcode bits. */
enum mips_role {
    MIPS_WRITES_F = 1 << 0,    /* writes its first operand, a general register */
    MIPS_WRITES_RA = 1 << 1,   /* writes $ra (jal, one-operand jalr, bgezal, bltzal) */
    MIPS_WRITES_HILO = 1 << 2, /* writes hi and lo */
    MIPS_WRITES_FPR = 1 << 3,  /* writes a floating-point register */
    MIPS_CALL = 1 << 4,        /* a call: jal, jalr */
    MIPS_LINKS = 1 << 5,       /* leaves a return address: every call, bgezal, bltzal */
    MIPS_JUMP = 1 << 6,        /* an unconditional jump that is no call: j, jr */
    MIPS_VIA_REG = 1 << 7,     /* jumps to the address in its last register operand */
    MIPS_RETURN = 1 << 8,      /* jr $ra: never in the table, mips_roles_of derives it */
    MIPS_BRANCH = 1 << 9,      /* a conditional branch */
    MIPS_SYSCALL = 1 << 10,
    MIPS_LOAD = 1 << 11,       /* reads memory at base register + offset */
    MIPS_STORE = 1 << 12,      /* writes memory at base register + offset */
    MIPS_PARTIAL = 1 << 13,    /* lwl, lwr, swl, swr: part of the aligned word */
    MIPS_COP1 = 1 << 14,       /* the floating-point coprocessor: its registers,
                                  flags or loads and stores */
    MIPS_COP0 = 1 << 15,       /* mfc0, mtc0: the second operand ($8) names a
                                  coprocessor 0 register, no general one */
};
/* A load's or store's size in bytes, in the roles (1, 2, 4 or 8). */
#define MIPS_BYTES(n) ((unsigned)(n) << 16)
#define MIPS_ROLE_BYTES(roles) ((roles) >> 16 & 15u)

/* A basic instruction format (a row of mips_basic.def). */
typedef struct mips_basic {
    const char *mnemonic;    /* "add", "c.eq.s" */
    const char *example;     /* "add $t1,$t2,$t3" */
    const char *description;
    mips_format format;
    uint32_t match;          /* the fixed bits */
    uint32_t mask;           /* which bits are fixed */
    uint8_t token_count;     /* operand tokens of the example, parentheses included */
    mips_tok tokens[MIPS_MAX_TOKENS];
    uint8_t operand_count;   /* tokens that are not punctuation: at most 3 */
    uint8_t operand_token[3]; /* index in tokens[] of operand f, s, t */
    mips_field field[3];     /* where operands f, s, t go in the word */
    unsigned roles;          /* enum mips_role and MIPS_BYTES, as the row says */
} mips_basic;

/* One basic statement of a pseudo-instruction's expansion: which basic
 * format, and for each of its operand tokens where the value comes from. */
typedef struct mips_template_arg mips_template_arg; /* private to mips_pseudo.c */

typedef struct mips_template {
    /* NULL (and args NULL) where MARS's table has a statement that is no
     * basic instruction: only "swr $t1,100" -> "swr RG1, 0", which MARS
     * rejects with "INTERNAL ERROR: pseudo-instruction expansion contained
     * a pseudo-instruction". */
    const mips_basic *basic;
    const mips_template_arg *args; /* one per token of basic->tokens */
    bool only_delayed;             /* DBNOP: emitted only with delayed branching */
} mips_template;

/* A pseudo-instruction format (a row of mips_pseudo.def). */
typedef struct mips_pseudo {
    const char *mnemonic;
    const char *example;
    const char *description;
    uint8_t token_count;
    mips_tok tokens[MIPS_MAX_TOKENS];
    uint8_t template_count;
    const mips_template *templates;
} mips_pseudo;

/* Either kind of row, as the matcher returns it. */
typedef struct mips_form {
    const mips_basic *basic;   /* exactly one of the two is set */
    const mips_pseudo *pseudo;
} mips_form;

/* The tables. */
size_t mips_basic_count(void);
const mips_basic *mips_basic_at(size_t i);
size_t mips_pseudo_count(void);
const mips_pseudo *mips_pseudo_at(size_t i);

/* True when some basic or pseudo format has this mnemonic; like MARS,
 * mnemonics match in any case ("ADD" is "add"). */
bool mips_is_mnemonic(const char *name, size_t len);
/* The same as a number: 1 + the mnemonic's index, or 0 when none has it.
 * The lexer keeps it in an operator token's value, so that matching the
 * statement looks nothing up again (mips_match_mnemonic). */
unsigned mips_mnemonic_id(const char *name, size_t len);

/* Why a statement matched no format, for the message MARS prints. */
typedef enum mips_mismatch {
    MIPS_MATCH_OK,
    MIPS_MATCH_TOO_FEW,     /* "Too few or incorrectly formatted operands. Expected: <example>" */
    MIPS_MATCH_TOO_MANY,    /* "Too many or incorrectly formatted operands. Expected: <example>" */
    MIPS_MATCH_OUT_OF_RANGE, /* "operand is out of range" (at bad_token) */
    MIPS_MATCH_WRONG_TYPE,  /* "operand is of incorrect type" (at bad_token) */
} mips_mismatch;

typedef struct mips_match {
    mips_form form;         /* the chosen format, or the first one (for messages);
                               both NULL when no format has the mnemonic */
    mips_mismatch why;      /* the operand check of form */
    unsigned bad_token;     /* operand token the message is about (0 for the
                               count messages, which MARS puts on the mnemonic) */
    bool not_allowed;       /* form is a pseudo-instruction and allow_pseudo is
                               false: MARS first reports "Extended (pseudo)
                               instruction or format not permitted.  See
                               Settings." on the mnemonic, then why if not OK */
} mips_match;

/* MARS's choice among the formats of a mnemonic: basic formats, then
 * pseudo ones, each in table order; one candidate is taken as it is, else
 * the first whose operand tokens match (with MARS's widenings: a register
 * number for a name, a narrower integer for a wider one, INT16U for INT16
 * when the value fits, and so on), else the first. Like MARS, pseudo
 * formats are candidates even when allow_pseudo is false: choosing one then
 * sets not_allowed ("ori $t0,$0,-3" is refused as a pseudo-instruction, not
 * as out of range). */
mips_match mips_match_operands(const char *mnemonic, size_t len, const mips_operand *operands,
                               unsigned count, bool allow_pseudo);
/* The same for the mnemonic numbered id (mips_mnemonic_id; 0 matches nothing). */
mips_match mips_match_mnemonic(unsigned id, const mips_operand *operands, unsigned count,
                               bool allow_pseudo);

/* Encodes a basic instruction at address pc. operands are the statement's
 * operand tokens (parentheses included) with their values; a label's value
 * is its address. Every value is cut to its field's low bits, as MARS does
 * (it never range-checks a branch: one 2^15 words away wraps). A branch's
 * label becomes (address - (pc + 4)) >> 2; an integer there is taken as the
 * word offset itself. Returns false only for a jump whose target is outside
 * pc's 256 MB region (MARS: "Jump target word address beyond 26-bit
 * range"), with the token index in *bad. */
bool mips_encode(const mips_basic *basic, const mips_operand *operands, uint32_t pc,
                 uint32_t *word, unsigned *bad);

/* The operand of a basic format whose value MARS shows in its Basic column
 * and keeps in its statement: the last one that is no register (the
 * immediate, shift amount, flag, branch offset or jump target); -1 when
 * there is none. */
int mips_shown_operand(const mips_basic *basic);

/* mips_encode, also giving in *shown (when not NULL) that operand's value
 * as MARS's statement holds it, before it is cut to its field: the source
 * or template value (li $t0,-65536 makes "lui $1,-1"), a branch's whole
 * word offset, a jump's target address. MARS's simulator runs a branch
 * with that whole offset. */
bool mips_encode_shown(const mips_basic *basic, const mips_operand *operands, uint32_t pc,
                       uint32_t *word, unsigned *bad, int32_t *shown);

/* Expands a pseudo-instruction at address pc into words (at most
 * MIPS_MAX_EXPANSION: ush with label+offset($t2) takes 12); returns how
 * many. delayed_branching selects DBNOP and BROFF as MARS does. A word that
 * cannot be made (a branch too far; NRn past register 31; a template
 * statement that is no basic instruction, basic == NULL) returns 0 with the
 * template index in *bad: MARS rejects all three at assembly. */
enum { MIPS_MAX_EXPANSION = 12 };
unsigned mips_expand(const mips_pseudo *pseudo, const mips_operand *operands, uint32_t pc,
                     bool delayed_branching, uint32_t *words, unsigned *bad);
/* mips_expand, with each word's shown value (mips_encode_shown) in shown[]. */
unsigned mips_expand_shown(const mips_pseudo *pseudo, const mips_operand *operands,
                           uint32_t pc, bool delayed_branching, uint32_t *words,
                           int32_t *shown, unsigned *bad);
/* MARS's reading of a template whose NRn is past register 31 (fuzz D10):
 * it writes "$32" or "$f32" into the statement it makes, where the name
 * reads as a label it cannot find, and reports it at that name's column
 * in the statement. Its code generation still stores a word: the operands
 * before the name in their fields, and in the others the mask's letters
 * 'f', 's' and 't', which Binary.binaryStringToInt ORs in as 54, 67 and 68
 * bit by bit. False when template t fails for another reason. */
typedef struct mips_missing_register {
    uint32_t word;
    unsigned column;  /* 1-based, in the statement MARS made of the template */
    unsigned operand; /* the source operand whose next register it is */
    bool fpu;         /* "$f32" rather than "$32" */
} mips_missing_register;
bool mips_missing_next_register(const mips_pseudo *pseudo, unsigned t,
                                const mips_operand *operands, bool delayed_branching,
                                mips_missing_register *out);
/* How many words an expansion takes (known before labels are). */
unsigned mips_expansion_length(const mips_pseudo *pseudo, bool delayed_branching);

/* The basic format a word is, or NULL. Like MARS's findByBinaryCode, the
 * format with the most fixed bits wins: 0 is nop (not sll), 0x0000000d is
 * "break" (not "break 0"), jalr with rd 31 is "jalr $t1", and cc 0 gives
 * the forms without a flag (movf, bc1t, c.eq.s ...). */
const mips_basic *mips_decode(uint32_t word);

/* The roles of one word, with the registers they name. */
typedef struct mips_roles {
    const mips_basic *basic; /* mips_decode(word); NULL: no instruction, no roles */
    unsigned roles;          /* the row's roles; jr $ra has MIPS_RETURN, not MIPS_JUMP */
    unsigned writes;         /* the general register written (31 for MIPS_WRITES_RA),
                                0 when none: $zero is never written */
    unsigned base;           /* MIPS_LOAD, MIPS_STORE: the base register */
    int32_t offset;          /* and the offset, sign-extended */
    unsigned target;         /* MIPS_VIA_REG: the register holding the target */
    unsigned data;           /* MIPS_STORE: the register stored (an FPR with
                                MIPS_COP1) */
    uint32_t region_offset;  /* J format: the target's place in pc's 256 MB
                                region (the operand << 2) */
    uint32_t reads;          /* bit n: general register n is a source operand
                                (every register operand but a written first
                                one; a store's value and base included) */
} mips_roles;

mips_roles mips_roles_of(uint32_t word);

/* A J-format jump's target: its 26-bit word index (the low bits of word)
 * in the 256 MB region of pc. MARS takes the region of the jump's address
 * + 4, which the decoder passes; the disassembler, the checker and the
 * grader's trace pass the jump's own address (they differ only for a jump
 * in the last word of a region). */
static inline uint32_t mips_jump_target(uint32_t pc, uint32_t word)
{
    return (pc & UINT32_C(0xF0000000)) | (word & UINT32_C(0x03FFFFFF)) << 2;
}

/* A branch's target: offset words from pc + 4 (pc: the branch's own
 * address). MARS's simulator may keep an offset wider than 16 bits
 * (mips_keep_branch_offset); mips_branch_target takes the word's own. */
static inline uint32_t mips_branch_to(uint32_t pc, int32_t offset)
{
    return pc + 4 + ((uint32_t)offset << 2);
}

static inline uint32_t mips_branch_target(uint32_t pc, uint32_t word)
{
    return mips_branch_to(pc, (int16_t)(word & UINT32_C(0xFFFF)));
}

/* Disassembles one word at pc in the style of MARS's Text Segment "Basic"
 * column: registers by number, every number as 0x%08x, e.g.
 * "addi $8,$9,0xffffff9c", "lw $8,0x00000004($29)", "sll $8,$9,0x00000002",
 * "c.eq.d 0x00000002,$f2,$f4", "beq $8,$9,0x00000003" (branch: the word
 * offset), "j 0x00400018" (jump: the target address), "syscall". Fields the
 * example writes negative (INT16) and branch offsets are sign-extended, the
 * others zero-extended (mips_disasm.c says why). Returns the length
 * snprintf would; unknown words print as ".word 0x...". */
int mips_disasm(uint32_t word, uint32_t pc, char *buf, size_t size);
/* mips_disasm with the shown operand (mips_shown_operand) printed as
 * *shown, the value MARS's statement holds (mips_encode_shown); NULL: taken
 * from the word, as MARS does for a word it decodes from memory. */
int mips_disasm_shown(uint32_t word, uint32_t pc, const int32_t *shown, char *buf, size_t size);

#endif
