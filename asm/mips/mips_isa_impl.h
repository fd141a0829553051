/* Private to the MIPS ISA modules (mips_isa.c, mips_pseudo.c): splitting
 * the statements written in the tables into tokens, and the registers. */
#ifndef MIPS_ISA_IMPL_H
#define MIPS_ISA_IMPL_H

#include "mips_isa.h"

/* A token of a statement as written in a table row: an example
 * ("lw $t1,-100($t2)") or a template ("lw RG1, VL2($0)"). */
typedef struct mips_text_token {
    mips_tok kind;    /* IDENT also for template codes such as RG1, VL2U, LAB */
    int32_t value;    /* register number or integer */
    const char *text; /* where the token starts in the statement */
    size_t len;
} mips_text_token;

/* Splits a statement: the mnemonic (*mnemonic_len bytes at the start) and
 * up to max operand tokens (commas dropped, parentheses and '+' kept). The
 * statement ends at NUL or ';'. Returns the number of tokens, or -1 if the
 * text does not split. */
int mips_split_statement(const char *text, size_t *mnemonic_len, mips_text_token *tokens,
                         unsigned max);

/* The basic format with this mnemonic whose operand tokens have the same
 * shape (count and punctuation) as tokens: how a template statement finds
 * the basic instruction it stands for. */
const mips_basic *mips_basic_by_shape(const char *mnemonic, size_t len,
                                      const mips_text_token *tokens, unsigned count);

/* Builds both tables once (C11 call_once); every public entry point of the
 * basic table runs it. Safe to call from inside mips_pseudo_build. */
void mips_isa_setup(void);

/* Builds the pseudo table (mips_pseudo.c); called once by the table setup
 * in mips_isa.c after the basic table is ready. */
void mips_pseudo_build(void);

#endif
