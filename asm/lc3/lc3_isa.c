/* The LC-3 instruction table and what is derived from it: lookup, encoding,
 * decoding and disassembly. */
#include "lc3_isa.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const lc3_operand_info lc3_operands[] = {
    [LC3_OPND_NONE] = {"", 0, 0, false, false, false},
    [LC3_OPND_R_DR] = {"register", 9, 3, true, false, false},
    [LC3_OPND_R_SR1] = {"register", 6, 3, true, false, false},
    [LC3_OPND_R_BASE] = {"base register", 6, 3, true, false, false},
    [LC3_OPND_R_SR2] = {"register", 0, 3, true, false, false},
    [LC3_OPND_IMM5] = {"imm5", 0, 5, false, true, false},
    [LC3_OPND_OFF6] = {"offset6", 0, 6, false, true, false},
    [LC3_OPND_PC9] = {"PCoffset9", 0, 9, false, true, true},
    [LC3_OPND_PC11] = {"PCoffset11", 0, 11, false, true, true},
    [LC3_OPND_VEC8] = {"trapvect8", 0, 8, false, false, false},
};

#define COUNT_OPERANDS(a, b, c) \
    ((LC3_OPND_##a != LC3_OPND_NONE) + (LC3_OPND_##b != LC3_OPND_NONE) + \
     (LC3_OPND_##c != LC3_OPND_NONE))

const lc3_insn_info lc3_insns[LC3_INSN_COUNT] = {
#define LC3_INSN(id, mn, match, mask, a, b, c, flags, description) \
    [LC3_##id] = {mn, match, mask, {LC3_OPND_##a, LC3_OPND_##b, LC3_OPND_##c}, \
                  COUNT_OPERANDS(a, b, c), flags, description},
#include "lc3_isa.def"
#undef LC3_INSN
};

static const struct {
    const char *name, *description;
} directives[LC3_DIR_COUNT] = {
#define LC3_DIRECTIVE(id, name, description) [LC3_DIR_##id] = {name, description},
#include "lc3_directives.def"
#undef LC3_DIRECTIVE
};

const char *lc3_directive_name(lc3_directive d)
{
    return d < LC3_DIR_COUNT ? directives[d].name : NULL;
}

const char *lc3_directive_description(lc3_directive d)
{
    return d < LC3_DIR_COUNT ? directives[d].description : NULL;
}

lc3_directive lc3_directive_find(const char *text, size_t len)
{
    for (int d = 0; d < LC3_DIR_COUNT; d++) {
        const char *name = directives[d].name;
        size_t i = 0;
        while (i < len && name[i] && toupper((unsigned char)text[i]) == name[i])
            i++;
        if (i == len && name[i] == '\0')
            return (lc3_directive)d;
    }
    return LC3_DIR_COUNT;
}

static const char *const register_conventions[] = {
#define LC3_REGISTER(number, use, convention) [number] = convention,
#include "lc3_registers.def"
#undef LC3_REGISTER
};

static const lc3_reg_use register_uses[] = {
#define LC3_REGISTER(number, use, convention) [number] = LC3_USE_##use,
#include "lc3_registers.def"
#undef LC3_REGISTER
};

lc3_reg_use lc3_register_use(unsigned r)
{
    return r < 8 ? register_uses[r] : LC3_USE_GENERAL;
}

const char *lc3_register_convention(unsigned r)
{
    return r < 8 ? register_conventions[r] : NULL;
}

static bool same_mnemonic(const char *text, size_t len, const char *mnemonic)
{
    for (size_t i = 0; i < len; i++) {
        char a = text[i], b = mnemonic[i];
        if (b == '\0')
            return false;
        if (a >= 'a' && a <= 'z')
            a = (char)(a - 32);
        if (b >= 'a' && b <= 'z')
            b = (char)(b - 32);
        if (a != b)
            return false;
    }
    return mnemonic[len] == '\0';
}

const lc3_insn_info *lc3_find_mnemonic(const char *text, size_t len)
{
    for (size_t i = 0; i < LC3_INSN_COUNT; i++)
        if (!(lc3_insns[i].flags & LC3_DISASM_ONLY) &&
            same_mnemonic(text, len, lc3_insns[i].mnemonic))
            return &lc3_insns[i];
    return NULL;
}

const lc3_insn_info *lc3_decode(uint16_t word)
{
    for (size_t i = 0; i < LC3_INSN_COUNT; i++) {
        const lc3_insn_info *in = &lc3_insns[i];
        if (!(in->flags & LC3_ASM_ONLY) && (word & in->mask) == (in->match & in->mask))
            return in;
    }
    return NULL;
}

void lc3_operand_range(lc3_operand kind, int32_t *min, int32_t *max)
{
    const lc3_operand_info *op = &lc3_operands[kind];
    if (op->is_register) {
        *min = 0;
        *max = 7;
    } else if (op->is_signed) {
        *min = -(1 << (op->bits - 1));
        *max = (1 << (op->bits - 1)) - 1;
    } else {
        *min = 0;
        *max = (1 << op->bits) - 1;
    }
}

int lc3_encode(const lc3_insn_info *insn, const int32_t values[3], uint16_t *word)
{
    uint16_t w = insn->match;
    for (unsigned i = 0; i < insn->operand_count; i++) {
        lc3_operand kind = insn->operands[i];
        int32_t min, max;
        lc3_operand_range(kind, &min, &max);
        if (values[i] < min || values[i] > max)
            return (int)i;
        const lc3_operand_info *op = &lc3_operands[kind];
        uint16_t field = (uint16_t)((uint32_t)values[i] & ((1u << op->bits) - 1));
        w |= (uint16_t)(field << op->shift);
    }
    *word = w;
    return -1;
}

int32_t lc3_operand_value(const lc3_insn_info *insn, unsigned i, uint16_t word)
{
    const lc3_operand_info *op = &lc3_operands[insn->operands[i]];
    uint16_t field = (uint16_t)((word >> op->shift) & ((1u << op->bits) - 1));
    return op->is_signed ? lc3_sext(field, op->bits) : field;
}

int lc3_disasm(uint16_t word, uint16_t addr, lc3_label_fn label_of, void *ctx, char *buf,
               size_t size)
{
    const lc3_insn_info *in = lc3_decode(word);
    if (!in)
        return snprintf(buf, size, ".FILL x%04X", word);
    int n = snprintf(buf, size, "%s", in->mnemonic);
    for (unsigned i = 0; i < in->operand_count; i++) {
        const lc3_operand_info *op = &lc3_operands[in->operands[i]];
        int32_t v = lc3_operand_value(in, i, word);
        size_t used = (size_t)n < size ? (size_t)n : size;
        const char *sep = i == 0 ? " " : ", ";
        if (op->is_register) {
            n += snprintf(buf + used, size - used, "%sR%d", sep, (int)v);
        } else if (op->is_pc_relative) {
            uint16_t target = (uint16_t)(addr + 1 + v);
            const char *label = label_of ? label_of(ctx, target) : NULL;
            if (label)
                n += snprintf(buf + used, size - used, "%s%s", sep, label);
            else
                n += snprintf(buf + used, size - used, "%sx%04X", sep, target);
        } else if (in->operands[i] == LC3_OPND_VEC8) {
            n += snprintf(buf + used, size - used, "%sx%02X", sep, (unsigned)v);
        } else {
            n += snprintf(buf + used, size - used, "%s#%d", sep, (int)v);
        }
    }
    return n;
}

unsigned lc3_roles_of(uint16_t word)
{
    const lc3_insn_info *in = lc3_decode(word);
    return in ? in->flags & LC3_ROLES : 0;
}
