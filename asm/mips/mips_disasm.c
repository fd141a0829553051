/* MIPS disassembly in the style of MARS's Text Segment "Basic" column. */
#include "mips_isa.h"

#include <stdio.h>

/* The low `bits` bits of v, sign-extended. */
static int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t sign = UINT32_C(1) << (bits - 1);
    v &= (sign << 1) - 1;
    return (int32_t)(v ^ sign) - (int32_t)sign;
}

/* MARS builds this column from the source statement's values
 * (ProgramStatement.buildBasicStatementFromBasicInstruction): registers as
 * $n / $fn, every number through Binary.intToHexString ("0x%08x"), a branch
 * as its word offset and a jump as its target address. A word carries no
 * source, so each field is widened the way the basic format reads it: an
 * operand the example writes as a negative number (INT16: addi, lw, slti,
 * teqi ...) and a branch offset sign-extended, everything else
 * zero-extended. For every statement MARS accepts from source this prints
 * what MARS prints. */
int mips_disasm(uint32_t word, uint32_t pc, char *buf, size_t size)
{
    return mips_disasm_shown(word, pc, NULL, buf, size);
}

/* With the statement's own value at hand (shown), MARS's column is exact
 * for expansions too, whose template values the rule above cannot know:
 * "lui $1,0xffffffff" for li $t0,-65536, a whole branch offset. */
int mips_disasm_shown(uint32_t word, uint32_t pc, const int32_t *shown, char *buf, size_t size)
{
    const mips_basic *b = mips_decode(word);
    if (!b)
        return snprintf(buf, size, ".word 0x%08x", (unsigned)word);
    int n = snprintf(buf, size, "%s", b->mnemonic);
    int shown_k = shown ? mips_shown_operand(b) : -1;
    unsigned k = 0; /* operand f, s, t */
    for (unsigned t = 0; t < b->token_count; t++) {
        size_t used = (size_t)n < size ? (size_t)n : size;
        char *out = buf ? buf + used : NULL;
        size_t room = size - used;
        mips_tok kind = b->tokens[t];
        /* MARS's separators: a space after the mnemonic, then ',' between
         * two tokens unless one of them is a parenthesis. */
        bool paren = kind == MIPS_TOK_LPAREN || kind == MIPS_TOK_RPAREN;
        bool after_paren = t > 0 && (b->tokens[t - 1] == MIPS_TOK_LPAREN ||
                                     b->tokens[t - 1] == MIPS_TOK_RPAREN);
        const char *sep = t == 0 ? " " : paren || after_paren ? "" : ",";
        if (paren || kind == MIPS_TOK_PLUS) {
            n += snprintf(out, room, "%s%c", sep,
                          kind == MIPS_TOK_LPAREN ? '(' : kind == MIPS_TOK_RPAREN ? ')' : '+');
            continue;
        }
        bool from_statement = (int)k == shown_k;
        const mips_field *f = &b->field[k++];
        uint32_t raw = (word >> f->shift) & ((UINT32_C(1) << f->bits) - 1);
        uint32_t value = raw;
        switch (kind) {
        case MIPS_TOK_REG:
        case MIPS_TOK_REGNUM:
            n += snprintf(out, room, "%s$%u", sep, (unsigned)raw);
            continue;
        case MIPS_TOK_FREG:
            n += snprintf(out, room, "%s$f%u", sep, (unsigned)raw);
            continue;
        case MIPS_TOK_IDENT:
            if (b->format == MIPS_FMT_J)
                value = mips_jump_target(pc, raw);
            else
                value = (uint32_t)sext(raw, f->bits);
            break;
        case MIPS_TOK_INT16:
            value = (uint32_t)sext(raw, f->bits);
            break;
        default:
            break;
        }
        if (from_statement)
            value = (uint32_t)*shown;
        n += snprintf(out, room, "%s0x%08x", sep, (unsigned)value);
    }
    return n;
}
