/* gen_mips_forms.c: instruction statements, one per form of the project's
 * MIPS tables (asm/mips/mips_basic.def, mips_pseudo.def: the one
 * description of MARS's instruction set, included here rather than copied),
 * with operands shaped as each form's example shows. */
#include "gen_mips.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const basic_forms[] = {
#define MIPS_BASIC(example, format, encoding, roles, description) example,
#include "mips_basic.def"
#undef MIPS_BASIC
};

static const char *const pseudo_forms[] = {
#define MIPS_PSEUDO(example, expansion, description) example,
#include "mips_pseudo.def"
#undef MIPS_PSEUDO
};

static const char *const free_registers[] = {
    "$zero", "$v1", "$a1", "$a2", "$a3", "$t0", "$t1", "$t2", "$t3", "$t4",
    "$t5", "$t6", "$t7", "$t8", "$t9", "$s0", "$s1", "$s2", "$s3", "$s4",
    "$8", "$9", "$25",
};

const char *mips_free_register(struct mips_gen *gen)
{
    return free_registers[rng_below(&gen->rng, sizeof free_registers / sizeof free_registers[0])];
}

unsigned mips_forward_label(struct mips_gen *gen)
{
    unsigned left = gen->place.count - gen->place.slot;
    /* Mostly near, so the slots in between still run now and then. */
    if (rng_percent(&gen->rng, 70) && left > 3)
        left = 3;
    return gen->place.slot + 1 + rng_below(&gen->rng, left);
}

static void format_value(struct mips_gen *gen, int64_t value, char *out, size_t size)
{
    if (value < 0 || !rng_percent(&gen->rng, 40))
        snprintf(out, size, "%lld", (long long)value);
    else
        snprintf(out, size, "0x%llx", (unsigned long long)value);
}

/* The values an operand shaped as LITERAL holds in MARS's example. */
static int fits(const char *literal, int64_t value)
{
    if (strcmp(literal, "-100") == 0)
        return value >= -0x8000 && value <= 0x7fff;
    if (strcmp(literal, "100") == 0)
        return value >= 0 && value <= 0xffff;
    if (strcmp(literal, "10") == 0)
        return value >= 0 && value <= 31;
    if (strcmp(literal, "1") == 0)
        return value >= 0 && value <= 7;
    return value >= -0x80000000LL && value <= 0xffffffffLL;
}

void mips_number(struct mips_gen *gen, const char *literal, char *out, size_t size)
{
    int64_t value;
    if (rng_percent(&gen->rng, 30)) {
        /* A boundary value; out of the operand's range only as often as
         * the out_of_range weight says (MARS's error is then compared). */
        int any = rng_percent(&gen->rng, weight_of(gen->weights, "out_of_range"));
        do
            value = boundary_values[rng_below(&gen->rng, (uint32_t)boundary_count)];
        while (!any && !fits(literal, value));
    } else if (strcmp(literal, "-100") == 0) {
        value = (int64_t)rng_below(&gen->rng, 0x10000) - 0x8000;
        if (rng_percent(&gen->rng, 60))
            value = (int64_t)rng_below(&gen->rng, 41) - 20;
    } else if (strcmp(literal, "100") == 0) {
        value = rng_percent(&gen->rng, 60) ? rng_below(&gen->rng, 40) : rng_below(&gen->rng, 0x10000);
    } else if (strcmp(literal, "10") == 0) {
        value = rng_below(&gen->rng, 32);
    } else if (strcmp(literal, "1") == 0) {
        value = rng_below(&gen->rng, 8);
    } else {
        value = (int32_t)rng_next(&gen->rng);
    }
    format_value(gen, value, out, size);
}

/* An offset for a memory operand: mostly a small word-aligned one, so the
 * access lands in buf and runs on. */
static void memory_offset(struct mips_gen *gen, const char *literal, char *out, size_t size)
{
    if (rng_percent(&gen->rng, 80))
        snprintf(out, size, "%u", 4 * rng_below(&gen->rng, 16));
    else
        mips_number(gen, literal, out, size);
}

static int is_control(const char *mnemonic)
{
    return mnemonic[0] == 'b' || mnemonic[0] == 'j';
}

static const char *data_label(struct mips_gen *gen)
{
    static const char *const labels[] = {"buf", "buf", "buf", "words", "fvals", "dvals", "str"};
    return labels[rng_below(&gen->rng, sizeof labels / sizeof labels[0])];
}

static const char *fp_register(struct mips_gen *gen, int example_number)
{
    static char name[8];
    unsigned n = rng_below(&gen->rng, 32);
    if (example_number % 2 == 0 && rng_percent(&gen->rng, 92))
        n &= ~1u;
    snprintf(name, sizeof name, "$f%u", n);
    return name;
}

/* Writes the statement for EXAMPLE into LINE; *JUMP_REGISTER is set to the
 * register operand a jr/jalr jumps through. */
static void instantiate(struct mips_gen *gen, const char *example, char *line, size_t size,
                        char *jump_register, size_t jump_size)
{
    char mnemonic[32];
    size_t m = 0;
    while (example[m] && example[m] != ' ' && m + 1 < sizeof mnemonic) {
        mnemonic[m] = example[m];
        m++;
    }
    mnemonic[m] = '\0';
    int is_cp0 = strcmp(mnemonic, "mfc0") == 0 || strcmp(mnemonic, "mtc0") == 0;
    int has_label = strstr(example, "label") || strstr(example, "target");
    int has_base = strchr(example, '(') != NULL;
    int operand = 0;
    size_t at = (size_t)snprintf(line, size, "%s", mnemonic);
    const char *p = example + m;
    while (*p && at + 40 < size) {
        char piece[48] = "";
        if (p[0] == '$' && p[1] == 'f' && isdigit((unsigned char)p[2])) {
            int number = 0;
            for (p += 2; isdigit((unsigned char)*p); p++)
                number = number * 10 + (*p - '0');
            snprintf(piece, sizeof piece, "%s", fp_register(gen, number));
            operand++;
        } else if (p[0] == '$') {
            for (p++; isalnum((unsigned char)*p); p++)
                ;
            operand++;
            const char *reg = mips_free_register(gen);
            if (is_cp0 && operand == 2) {
                static const char *const cp0[] = {"$8", "$12", "$13", "$14"};
                reg = cp0[rng_below(&gen->rng, 4)];
            } else if (has_base && p[0] == ')') {
                /* The base: buf's address, or with a label a small offset. */
                reg = has_label ? (rng_percent(&gen->rng, 50) ? "$zero" : "$s5")
                                : (rng_percent(&gen->rng, 90) ? "$s7" : reg);
            }
            snprintf(piece, sizeof piece, "%s", reg);
            if (!has_label && (strncmp(mnemonic, "jr", 2) == 0 || strncmp(mnemonic, "jalr", 4) == 0))
                snprintf(jump_register, jump_size, "%s", reg);
        } else if (strncmp(p, "label", 5) == 0 || strncmp(p, "target", 6) == 0) {
            p += p[0] == 'l' ? 5 : 6;
            if (is_control(mnemonic))
                snprintf(piece, sizeof piece, "L%u", mips_forward_label(gen));
            else
                snprintf(piece, sizeof piece, "%s", data_label(gen));
            operand++;
        } else if (isdigit((unsigned char)p[0]) || (p[0] == '-' && isdigit((unsigned char)p[1]))) {
            char literal[16];
            size_t n = 0;
            do
                literal[n++] = *p++;
            while (isdigit((unsigned char)*p) && n + 1 < sizeof literal);
            literal[n] = '\0';
            if (has_base || (has_label && !is_control(mnemonic) && *(p - n - 1) == '+'))
                memory_offset(gen, literal, piece, sizeof piece);
            else if (strcmp(mnemonic, "break") == 0)
                snprintf(piece, sizeof piece, "%u", rng_below(&gen->rng, 0x10000));
            else
                mips_number(gen, literal, piece, sizeof piece);
            operand++;
        } else {
            piece[0] = *p++;
            piece[1] = '\0';
        }
        at += (size_t)snprintf(line + at, size - at, "%s", piece);
    }
}

void mips_emit_form(struct mips_gen *gen, int pseudo)
{
    const char *const *forms = pseudo ? pseudo_forms : basic_forms;
    size_t count = pseudo ? sizeof pseudo_forms / sizeof pseudo_forms[0]
                          : sizeof basic_forms / sizeof basic_forms[0];
    const char *example;
    /* A plain syscall takes whatever is in $v0 (maybe a read with no input
     * left): the syscall slots cover the services instead. */
    do
        example = forms[rng_below(&gen->rng, (uint32_t)count)];
    while (strcmp(example, "syscall") == 0);
    char line[256], jump_register[16] = "";
    instantiate(gen, example, line, sizeof line, jump_register, sizeof jump_register);
    if (jump_register[0] && rng_percent(&gen->rng, 85))
        text_printf(&gen->text, "\tla %s, L%u\n", jump_register, mips_forward_label(gen));
    text_printf(&gen->text, "\t%s\n", line);
}
