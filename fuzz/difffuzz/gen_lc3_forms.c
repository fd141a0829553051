/* gen_lc3_forms.c: the LC-3 generator's instruction slots: every form of
 * asm/lc3/lc3_isa.def (read through the preprocessor, so the table stays
 * the one description), with operands at their boundaries. */
#include "gen_lc3.h"

#include "lc3_isa.h"

#include <stdio.h>

struct lc3_form {
    const char *mnemonic;
    lc3_operand operands[3];
    unsigned flags;
};

static const struct lc3_form forms[] = {
#define LC3_INSN(id, mnemonic, match, mask, op1, op2, op3, flags, description) \
    {mnemonic, {LC3_OPND_##op1, LC3_OPND_##op2, LC3_OPND_##op3}, flags},
#include "lc3_isa.def"
#undef LC3_INSN
};
enum { FORM_COUNT = sizeof forms / sizeof forms[0] };

/* R5 for R6 while R6 may be the supervisor stack: TRAP's pushes into the
 * program's data show the OS's own return addresses, which are not
 * lc3tools' (cause L5, docs/fidelity.md). The same draws either way, so
 * a user-mode program keeps its bytes. */
unsigned lc3_not_stack(const struct lc3_gen *gen, unsigned r)
{
    return r == 6 && gen->r6_stack ? 5 : r;
}

unsigned lc3_register(struct lc3_gen *gen)
{
    unsigned r = rng_percent(&gen->rng, 10) ? 7 : rng_below(&gen->rng, 7);
    return lc3_not_stack(gen, r);
}

unsigned lc3_forward_label(struct lc3_gen *gen)
{
    /* Mostly the next label or one soon after: the slots between are
     * skipped, not the whole program. */
    unsigned left = gen->place.count - gen->place.slot;
    unsigned span = left < 3 ? left : 3;
    return gen->place.slot + 1 + rng_below(&gen->rng, span);
}

void lc3_signed_operand(struct lc3_gen *gen, unsigned bits, unsigned field_bits, char *out, size_t size)
{
    int high = (1 << (bits - 1)) - 1, low = -(1 << (bits - 1));
    int field_high = (1 << (field_bits - 1)) - 1, field_low = -(1 << (field_bits - 1));
    int value;
    switch (rng_below(&gen->rng, 8)) {
    case 0: value = 0; break;
    case 1: value = 1; break;
    case 2: value = -1; break;
    case 3: value = high; break;
    case 4: value = low; break;
    case 5: value = high - 1; break;
    case 6: value = low + 1; break;
    default: value = low + (int)rng_below(&gen->rng, (unsigned)(high - low + 1)); break;
    }
    /* Out of the field for both assemblers: lc3as takes Lumetta's bit
     * patterns up to 2^n - 1 (docs/lc3tools-differences.md), so 2^n. */
    if (rng_percent(&gen->rng, weight_of(gen->weights, "out_of_range")))
        value = rng_percent(&gen->rng, 50) ? 2 * field_high + 2 : field_low - 1;
    if (rng_percent(&gen->rng, 30) && value >= 0)
        snprintf(out, size, "x%X", (unsigned)value);
    else
        snprintf(out, size, "#%d", value);
}

void lc3_add_key(struct lc3_gen *gen)
{
    static const unsigned char plain[] = {'a', 'Z', '0', '9', ' ', '\n', '\r', '\t', '~', 0x01, 0x7f, 0x00};
    static const unsigned char high[] = {0x80, 0xe9, 0xff, 0xc3, 0xa0};
    unsigned char key;
    if (rng_percent(&gen->rng, weight_of(gen->weights, "high_keys")))
        key = high[rng_below(&gen->rng, sizeof high)];
    else
        key = plain[rng_below(&gen->rng, sizeof plain)];
    for (int i = gen->place.in_loop ? 3 : 1; i > 0; i--)
        text_printf(&gen->input, "%c", key);
}

/* A key read is masked to its low byte unless raw_keys says otherwise:
 * lc3tools sign-extends a key over x7F, a documented difference
 * (docs/lc3tools-differences.md). */
void lc3_mask_key(struct lc3_gen *gen, unsigned reg)
{
    if (!rng_percent(&gen->rng, weight_of(gen->weights, "raw_keys")))
        text_printf(&gen->text, "\tLD R%u, MASK\n\tAND R%u, R%u, R%u\n", reg == 4 ? 5 : 4, reg, reg,
                    reg == 4 ? 5 : 4);
}

static void emit_operand(struct lc3_gen *gen, const struct lc3_form *form, unsigned i, char *out, size_t size)
{
    switch (form->operands[i]) {
    case LC3_OPND_R_DR:
    case LC3_OPND_R_SR1:
    case LC3_OPND_R_SR2:
        snprintf(out, size, "R%u", rng_below(&gen->rng, 8));
        return;
    case LC3_OPND_IMM5:
        lc3_signed_operand(gen, 5, 5, out, size);
        return;
    default:
        snprintf(out, size, "?");
        return;
    }
}

void lc3_emit_form(struct lc3_gen *gen)
{
    const struct lc3_form *form;
    do
        form = &forms[rng_below(&gen->rng, FORM_COUNT)];
    while (form->flags & LC3_DISASM_ONLY);
    lc3_operand first = form->operands[0], second = form->operands[1];
    char a[16], b[16], c[16];
    if (first == LC3_OPND_VEC8 || (form->flags & LC3_CALL && first == LC3_OPND_NONE)) {
        lc3_emit_trap(gen);
    } else if (form->flags & LC3_BRANCH) {
        text_printf(&gen->text, "\t%s L%u\n", form->mnemonic, lc3_forward_label(gen));
    } else if (first == LC3_OPND_PC11) {
        text_printf(&gen->text, "\t%s L%u\n", form->mnemonic, lc3_forward_label(gen));
    } else if (first == LC3_OPND_R_BASE) {
        /* JMP, JSRR: through a register loaded with a later label. JSRR R7
         * is a documented difference (lc3tools writes R7 first). */
        unsigned base = form->flags & LC3_WRITES_R7 ? rng_below(&gen->rng, 7) : rng_below(&gen->rng, 8);
        base = lc3_not_stack(gen, base);
        text_printf(&gen->text, "\tLEA R%u, L%u\n\t%s R%u\n", base, lc3_forward_label(gen), form->mnemonic, base);
    } else if (form->flags & LC3_RETURN && first == LC3_OPND_NONE && form->mnemonic[0] == 'R' &&
               form->mnemonic[1] == 'E') {
        text_printf(&gen->text, "\tLEA R7, L%u\n\tRET\n", lc3_forward_label(gen));
    } else if (form->flags & LC3_RETURN) {
        /* RTI: in user mode an exception that ends the program, so rarely */
        if (gen->supervisor || rng_percent(&gen->rng, 20))
            lc3_emit_privilege(gen);
        else {
            /* draws sequenced, in the order gcc made them (see lc3_emit_data) */
            unsigned src = rng_below(&gen->rng, 8);
            text_printf(&gen->text, "\tNOT R%u, R%u\n", lc3_register(gen), src);
        }
    } else if (second == LC3_OPND_PC9) {
        /* LD, LDI, LEA, ST, STI: LDI and STI through the pointers, the
         * others on the values. */
        int indirect = form->mnemonic[2] == 'I';
        unsigned word = rng_below(&gen->rng, indirect ? LC3_POINTERS : LC3_VALUES);
        unsigned reg = form->flags & LC3_STORE ? rng_below(&gen->rng, 8) : lc3_register(gen);
        text_printf(&gen->text, "\t%s R%u, %c%u\n", form->mnemonic, reg, indirect ? 'P' : 'W', word);
    } else if (form->operands[2] == LC3_OPND_OFF6) {
        /* LDR, STR: on BUF (32 words, BUF in the middle); a load may reach
         * the words around it, a store stays inside. */
        unsigned base = lc3_not_stack(gen, rng_below(&gen->rng, 7)), reg = form->flags & LC3_STORE ? rng_below(&gen->rng, 8)
                                                                               : lc3_register(gen);
        lc3_signed_operand(gen, form->flags & LC3_STORE ? 5 : 6, 6, c, sizeof c);
        text_printf(&gen->text, "\tLEA R%u, BUF\n\t%s R%u, R%u, %s\n", base, form->mnemonic, reg, base, c);
    } else {
        /* ADD, AND (both forms), NOT. */
        snprintf(a, sizeof a, "R%u", lc3_register(gen));
        emit_operand(gen, form, 1, b, sizeof b);
        if (form->operands[2] == LC3_OPND_NONE)
            text_printf(&gen->text, "\t%s %s, %s\n", form->mnemonic, a, b);
        else {
            emit_operand(gen, form, 2, c, sizeof c);
            text_printf(&gen->text, "\t%s %s, %s, %s\n", form->mnemonic, a, b, c);
        }
    }
}
