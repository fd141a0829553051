/* MIPS pseudo-instructions: every format of mips_pseudo.def expanded by
 * mips_expand and, independently, by MARS's own text substitution followed
 * by the basic table; the boundaries that choose between formats; delayed
 * branching, branches within an expansion, S32, NR and label+offset. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mips_isa.h"
#include "mips_isa_impl.h"

/* The table as written, for the independent path. */
typedef struct row_text {
    const char *example;
    const char *expansion;
    const char *description;
} row_text;

static const row_text rows[] = {
#define MIPS_PSEUDO(example, expansion, description) {example, expansion, description},
#include "mips_pseudo.def"
#undef MIPS_PSEUDO
};

enum {
    ROW_COUNT = sizeof rows / sizeof rows[0],
    TEXT_MAX = 256,
    VARIANTS = 3,
};

static const uint32_t PC = 0x00400000;

/* ---- Java int arithmetic, written independently of mips_pseudo.c -------- */

/* The int64 value of a Java int that overflowed into v. */
static int64_t java_int(int64_t v)
{
    v &= 0xffffffff;
    return v >= 0x80000000 ? v - 0x100000000 : v;
}

/* Java's int >> 16 (arithmetic): the floor of v / 65536. */
static int64_t shr16(int64_t v)
{
    v = java_int(v);
    return (v - (v & 0xffff)) / 65536;
}

/* Java's v << 16 >> 16. */
static int64_t low16(int64_t v)
{
    return ((java_int(v) & 0xffff) ^ 0x8000) - 0x8000;
}

/* MARS's Binary.bitValue(v, 15). */
static int64_t bit15(int64_t v)
{
    return (java_int(v) & 0x8000) != 0;
}

/* ---- MARS's ExtendedInstruction.makeTemplateSubstitutions, as text ---- */

/* A source statement as MARS holds it during expansion: the token values
 * of its basic form (registers as "$8", labels as their address), and the
 * operands mips_expand gets. */
typedef struct source {
    char text[TEXT_MAX];          /* for messages */
    int size;                     /* MARS's token count, the operator included */
    char tok[1 + MIPS_MAX_TOKENS][24];
    unsigned count;
    mips_operand ops[MIPS_MAX_TOKENS];
    const char *label;            /* the label's name, if one */
    uint32_t label_address;
} source;

static int64_t to_int(const char *s)
{
    return strtoll(s, NULL, 10);
}

static void put_int(char *buf, int64_t v)
{
    snprintf(buf, 24, "%lld", (long long)java_int(v));
}

static int index_of(const char *s, const char *find)
{
    const char *p = strstr(s, find);
    return p ? (int)(p - s) : -1;
}

static void replace_at(char *s, size_t at, size_t len, const char *replacement)
{
    char rest[TEXT_MAX];
    snprintf(rest, sizeof rest, "%s", s + at + len);
    snprintf(s + at, TEXT_MAX - at, "%s%s", replacement, rest);
}

/* ExtendedInstruction.substitute: every occurrence, searching again from
 * the start after each replacement. */
static void substitute(char *s, const char *find, const char *replacement)
{
    if (strcmp(find, replacement) == 0)
        return;
    int at;
    while ((at = index_of(s, find)) >= 0)
        replace_at(s, (size_t)at, strlen(find), replacement);
}

static void substitute_first(char *s, const char *find, const char *replacement)
{
    int at = index_of(s, find);
    if (at >= 0)
        replace_at(s, (size_t)at, strlen(find), replacement);
}

/* The character at i, or NUL past the end (Java's length checks). */
static char char_at(const char *s, int i)
{
    return i >= 0 && (size_t)i < strlen(s) ? s[i] : '\0';
}

/* One template statement of MARS's table with src's tokens substituted,
 * step by step in MARS's order; "" when it emits nothing (DBNOP). */
static void mars_substitute(const char *template_text, const source *src, bool delayed,
                            char *out)
{
    snprintf(out, TEXT_MAX, "%s", template_text);
    if (strstr(out, "DBNOP")) {
        snprintf(out, TEXT_MAX, "%s", delayed ? "nop" : "");
        return;
    }
    char code[24], num[24];
    int index;
    for (int op = 1; op < src->size; op++) {
        const char *value = src->tok[op];
        snprintf(code, sizeof code, "RG%d", op);
        substitute(out, code, value);
        snprintf(code, sizeof code, "OP%d", op);
        substitute(out, code, value);
        snprintf(code, sizeof code, "LH%dP", op);
        if ((index = index_of(out, code)) >= 0) {
            int add = char_at(out, index + 4) - '0';
            int64_t val = java_int(to_int(value) + add);
            snprintf(code, sizeof code, "LH%dP%d", op, add);
            put_int(num, shr16(val) + bit15(val));
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "LH%d", op);
        if (index_of(out, code) >= 0) {
            int64_t val = to_int(value);
            put_int(num, shr16(val) + bit15(val));
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "LL%dP", op);
        if ((index = index_of(out, code)) >= 0) {
            int add = char_at(out, index + 4) - '0';
            snprintf(code, sizeof code, "LL%dP%d", op, add);
            put_int(num, low16(to_int(value) + add));
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "LL%d", op);
        if ((index = index_of(out, code)) >= 0) {
            int64_t val = to_int(value);
            if (char_at(out, index + 3) == 'U') {
                snprintf(code, sizeof code, "LL%dU", op);
                put_int(num, java_int(val) & 0xffff);
            } else {
                put_int(num, low16(val));
            }
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "VHL%dP", op);
        if ((index = index_of(out, code)) >= 0) {
            int add = char_at(out, index + 5) - '0';
            snprintf(code, sizeof code, "VHL%dP%d", op, add);
            put_int(num, shr16(to_int(value) + add));
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "VH%dP", op);
        if ((index = index_of(out, code)) >= 0) {
            int add = char_at(out, index + 4) - '0';
            int64_t val = java_int(to_int(value) + add);
            snprintf(code, sizeof code, "VH%dP%d", op, add);
            put_int(num, shr16(val) + bit15(val));
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "VH%d", op);
        if (index_of(out, code) >= 0) {
            int64_t val = to_int(value);
            put_int(num, shr16(val) + bit15(val));
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "VL%dP", op);
        if ((index = index_of(out, code)) >= 0) {
            int add = char_at(out, index + 4) - '0';
            int64_t val = java_int(to_int(value) + add);
            if (char_at(out, index + 5) == 'U') {
                snprintf(code, sizeof code, "VL%dP%dU", op, add);
                put_int(num, val & 0xffff);
            } else {
                snprintf(code, sizeof code, "VL%dP%d", op, add);
                put_int(num, low16(val));
            }
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "VL%d", op);
        if ((index = index_of(out, code)) >= 0) {
            int64_t val = to_int(value);
            if (char_at(out, index + 3) == 'U') {
                snprintf(code, sizeof code, "VL%dU", op);
                put_int(num, java_int(val) & 0xffff);
            } else {
                put_int(num, low16(val));
            }
            substitute(out, code, num);
        }
        snprintf(code, sizeof code, "VHL%d", op);
        if (index_of(out, code) >= 0) {
            put_int(num, shr16(to_int(value)));
            substitute(out, code, num);
        }
    }
    if (index_of(out, "LHL") >= 0) {
        put_int(num, shr16(to_int(src->tok[2])));
        substitute(out, "LHL", num);
    }
    if ((index = index_of(out, "LHPAP")) >= 0) {
        int add = char_at(out, index + 5) - '0';
        int64_t val = java_int(to_int(src->tok[2]) + to_int(src->tok[4]) + add);
        snprintf(code, sizeof code, "LHPAP%d", add);
        put_int(num, shr16(val) + bit15(val));
        substitute(out, code, num);
    }
    if (index_of(out, "LHPA") >= 0) {
        int64_t val = java_int(to_int(src->tok[2]) + to_int(src->tok[4]));
        put_int(num, shr16(val) + bit15(val));
        substitute(out, "LHPA", num);
    }
    if (index_of(out, "LHPN") >= 0) {
        put_int(num, shr16(to_int(src->tok[2]) + to_int(src->tok[4])));
        substitute(out, "LHPN", num);
    }
    if ((index = index_of(out, "LLPP")) >= 0) {
        int add = char_at(out, index + 4) - '0';
        snprintf(code, sizeof code, "LLPP%d", add);
        put_int(num, low16(to_int(src->tok[2]) + to_int(src->tok[4]) + add));
        substitute(out, code, num);
    }
    if ((index = index_of(out, "LLP")) >= 0) {
        int64_t val = java_int(to_int(src->tok[2]) + to_int(src->tok[4]));
        if (char_at(out, index + 3) == 'U') {
            put_int(num, val & 0xffff);
            substitute(out, "LLPU", num);
        } else {
            put_int(num, low16(val));
            substitute(out, "LLP", num);
        }
    }
    if ((index = index_of(out, "BROFF")) >= 0) {
        char off = char_at(out, index + 5), on = char_at(out, index + 6);
        snprintf(code, sizeof code, "BROFF%c%c", off, on);
        snprintf(num, sizeof num, "%c", delayed ? on : off);
        substitute(out, code, num);
    }
    if (index_of(out, "NR") >= 0) {
        for (int op = 1; op < src->size; op++) {
            const char *value = src->tok[op];
            if (value[0] != '$')
                continue;
            bool fp = value[1] == 'f';
            snprintf(code, sizeof code, "NR%d", op);
            snprintf(num, sizeof num, "%s%lld", fp ? "$f" : "$",
                     (long long)to_int(value + (fp ? 2 : 1)) + 1);
            substitute(out, code, num);
        }
    }
    if (index_of(out, "S32") >= 0) {
        put_int(num, 32 - to_int(src->tok[src->size - 1]));
        substitute(out, "S32", num);
    }
    if (index_of(out, "LAB") >= 0 && src->label)
        substitute_first(out, "LAB", src->label);
}

/* ---- Assembling substituted text through the basic table -------------- */

/* The words MARS makes of one row for src, or the statement that fails
 * (*failed_at, return 0). texts gets each emitted statement, for messages. */
static unsigned mars_expand(size_t row, const source *src, bool delayed, uint32_t *words,
                            unsigned *failed_at, char texts[][TEXT_MAX])
{
    unsigned emitted = 0, statement = 0;
    const char *p = rows[row].expansion;
    for (;; statement++) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char template_text[TEXT_MAX];
        snprintf(template_text, sizeof template_text, "%.*s", (int)len, p);
        char *t = template_text;
        while (*t == ' ')
            t++;
        char out[TEXT_MAX];
        mars_substitute(t, src, delayed, out);
        if (out[0] != '\0') {
            snprintf(texts[emitted], TEXT_MAX, "%s", out);
            size_t mnemonic_len;
            mips_text_token tok[MIPS_MAX_TOKENS];
            int n = mips_split_statement(out, &mnemonic_len, tok, MIPS_MAX_TOKENS);
            const mips_basic *basic =
                n < 0 ? NULL : mips_basic_by_shape(out, mnemonic_len, tok, (unsigned)n);
            mips_operand ops[MIPS_MAX_TOKENS];
            for (int i = 0; basic && i < n; i++) {
                ops[i] = (mips_operand){tok[i].kind, tok[i].value, NULL};
                if (tok[i].kind == MIPS_TOK_IDENT) {
                    assert_non_null(src->label);
                    assert_int_equal(tok[i].len, strlen(src->label));
                    ops[i] = (mips_operand){MIPS_TOK_IDENT, (int32_t)src->label_address,
                                            src->label};
                }
            }
            unsigned bad;
            uint32_t pc = PC + 4 * emitted;
            if (!basic || !mips_encode(basic, ops, pc, &words[emitted], &bad)) {
                *failed_at = statement;
                return 0;
            }
            emitted++;
        }
        if (!end)
            return emitted;
        p = end + 1;
    }
}

/* ---- Operands for a row, from its example ----------------------------- */

/* Three operand sets: the example's own values; extremes; and values whose
 * halves wrap or sit on the bit-15 boundary. Registers are distinct and
 * differ from the example's, so a wrong RGn shows. */
static const int32_t gp_regs[VARIANTS][3] = {{8, 17, 25}, {3, 30, 12}, {24, 2, 16}};
static const int32_t fp_regs[VARIANTS] = {4, 30, 17};
static const int32_t int5_values[VARIANTS] = {10, 31, 0};
static const int32_t int16_values[VARIANTS] = {-100, -32768, -1};
static const int32_t int16u_values[VARIANTS] = {100, 65535, 32768};
static const int32_t int32_values[VARIANTS] = {100000, 2147483647, -32769};
static const uint32_t data_labels[VARIANTS] = {0x10010008, 0x1001fffc, 0xfffffffc};
/* branch targets: forward, backward, far forward */
static const uint32_t text_labels[VARIANTS] = {0x00400040, 0x003ffff0, 0x00420000};

static void make_source(size_t row, int variant, source *s)
{
    memset(s, 0, sizeof *s);
    const char *example = rows[row].example;
    size_t mnemonic_len;
    mips_text_token tok[MIPS_MAX_TOKENS];
    int n = mips_split_statement(example, &mnemonic_len, tok, MIPS_MAX_TOKENS);
    assert_true(n > 0);
    s->count = (unsigned)n;
    s->size = n + 1;
    snprintf(s->tok[0], sizeof s->tok[0], "%.*s", (int)mnemonic_len, example);
    bool branch = strstr(rows[row].expansion, "LAB") != NULL;
    int gp = 0;
    for (int i = 0; i < n; i++) {
        mips_operand *o = &s->ops[i];
        char *v = s->tok[i + 1];
        o->kind = tok[i].kind;
        switch (tok[i].kind) {
        case MIPS_TOK_REG:
        case MIPS_TOK_REGNUM:
            o->value = gp_regs[variant][gp++];
            snprintf(v, 24, "$%d", (int)o->value);
            break;
        case MIPS_TOK_FREG:
            o->value = fp_regs[variant];
            snprintf(v, 24, "$f%d", (int)o->value);
            break;
        case MIPS_TOK_INT5:
        case MIPS_TOK_INT16:
        case MIPS_TOK_INT16U:
        case MIPS_TOK_INT32:
            o->value = tok[i].kind == MIPS_TOK_INT5    ? int5_values[variant]
                       : tok[i].kind == MIPS_TOK_INT16 ? int16_values[variant]
                       : tok[i].kind == MIPS_TOK_INT16U ? int16u_values[variant]
                                                       : int32_values[variant];
            o->kind = mips_int_kind(o->value);
            put_int(v, o->value);
            break;
        case MIPS_TOK_IDENT:
            s->label = "label";
            s->label_address = branch ? text_labels[variant] : data_labels[variant];
            *o = (mips_operand){MIPS_TOK_IDENT, (int32_t)s->label_address, s->label};
            put_int(v, o->value);
            break;
        case MIPS_TOK_LPAREN:
            snprintf(v, 24, "(");
            break;
        case MIPS_TOK_RPAREN:
            snprintf(v, 24, ")");
            break;
        case MIPS_TOK_PLUS:
            snprintf(v, 24, "+");
            break;
        case MIPS_TOK_OTHER:
            fail_msg("%s: a token no example has", example);
        }
    }
    size_t len = (size_t)snprintf(s->text, sizeof s->text, "%s", s->tok[0]);
    for (int i = 1; i < s->size && len < sizeof s->text; i++)
        len += (size_t)snprintf(s->text + len, sizeof s->text - len, " %s", s->tok[i]);
}

/* ---- The table itself ------------------------------------------------- */

static void test_table_rows(void **state)
{
    (void)state;
    assert_int_equal(ROW_COUNT, 388);
    assert_int_equal(mips_pseudo_count(), ROW_COUNT);
    assert_null(mips_pseudo_at(ROW_COUNT));
    for (size_t i = 0; i < ROW_COUNT; i++) {
        const mips_pseudo *p = mips_pseudo_at(i);
        assert_non_null(p);
        assert_string_equal(p->example, rows[i].example);
        assert_string_equal(p->description, rows[i].description);
        size_t mnemonic_len;
        mips_text_token tok[MIPS_MAX_TOKENS];
        int n = mips_split_statement(rows[i].example, &mnemonic_len, tok, MIPS_MAX_TOKENS);
        assert_int_equal(strlen(p->mnemonic), mnemonic_len);
        assert_memory_equal(p->mnemonic, rows[i].example, mnemonic_len);
        assert_int_equal(p->token_count, n);
        for (int k = 0; k < n; k++)
            assert_int_equal(p->tokens[k], tok[k].kind);
        unsigned statements = 1;
        for (const char *c = rows[i].expansion; *c; c++)
            statements += *c == ';';
        assert_int_equal(p->template_count, statements);
        assert_true(p->template_count <= MIPS_MAX_EXPANSION);
    }
}

/* Exactly one statement of MARS's table is no basic instruction. */
static void test_only_swr_100_is_broken(void **state)
{
    (void)state;
    unsigned broken = 0;
    for (size_t i = 0; i < mips_pseudo_count(); i++) {
        const mips_pseudo *p = mips_pseudo_at(i);
        for (unsigned t = 0; t < p->template_count; t++) {
            if (p->templates[t].basic)
                continue;
            broken++;
            assert_string_equal(p->example, "swr $t1,100");
            assert_int_equal(t, 1);
        }
    }
    assert_int_equal(broken, 1);
}

/* MARS's "(n words)" for a few rows, and DBNOP counted only when delayed. */
static void test_expansion_lengths(void **state)
{
    (void)state;
    static const struct {
        const char *example;
        unsigned plain, delayed;
    } lengths[] = {
        {"mulo $t1,$t2,$t3", 7, 8},  {"mulo $t1,$t2,100000", 9, 10},
        {"div $t1,$t2,$t3", 4, 5},   {"ush $t1,label+100000($t2)", 12, 12},
        {"li $t1,100000", 2, 2},     {"ulh $t1,label+100000($t2)", 8, 8},
        {"not $t1,$t2", 1, 1},
    };
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
        const mips_pseudo *p = NULL;
        for (size_t i = 0; i < mips_pseudo_count() && !p; i++)
            if (strcmp(mips_pseudo_at(i)->example, lengths[k].example) == 0)
                p = mips_pseudo_at(i);
        assert_non_null(p);
        assert_int_equal(mips_expansion_length(p, false), lengths[k].plain);
        assert_int_equal(mips_expansion_length(p, true), lengths[k].delayed);
    }
}

/* ---- Every format, both ways ------------------------------------------ */

static void report(size_t row, const source *src, bool delayed, const char *why,
                   char texts[][TEXT_MAX], unsigned n_expected, const uint32_t *expected,
                   unsigned n_got, const uint32_t *got)
{
    print_error("\"%s\" as \"%s\"%s: %s\n", rows[row].example, src->text,
                delayed ? " (delayed branching)" : "", why);
    for (unsigned i = 0; i < n_expected || i < n_got; i++)
        print_error("  %-32s want 0x%08x got 0x%08x\n", i < n_expected ? texts[i] : "",
                    i < n_expected ? expected[i] : 0u, i < n_got ? got[i] : 0u);
}

static void test_every_format_as_mars_text(void **state)
{
    (void)state;
    unsigned failures = 0, compared = 0, words_compared = 0;
    for (size_t row = 0; row < ROW_COUNT; row++) {
        const mips_pseudo *p = mips_pseudo_at(row);
        for (int variant = 0; variant < VARIANTS; variant++) {
            source src;
            make_source(row, variant, &src);
            for (int d = 0; d < 2; d++) {
                bool delayed = d == 1;
                char texts[MIPS_MAX_EXPANSION + 1][TEXT_MAX];
                uint32_t expected[MIPS_MAX_EXPANSION + 1], got[MIPS_MAX_EXPANSION];
                unsigned want_bad = ~0u, got_bad = ~0u;
                unsigned n_expected = mars_expand(row, &src, delayed, expected, &want_bad, texts);
                unsigned n_got = mips_expand(p, src.ops, PC, delayed, got, &got_bad);
                compared++;
                const char *why = NULL;
                if (n_expected != n_got)
                    why = "word counts differ";
                else if (n_expected == 0 && want_bad != got_bad)
                    why = "fails at a different statement";
                else if (n_expected && memcmp(expected, got, n_expected * sizeof got[0]) != 0)
                    why = "words differ";
                else if (n_expected && n_expected != mips_expansion_length(p, delayed))
                    why = "mips_expansion_length disagrees";
                if (why) {
                    report(row, &src, delayed, why, texts, n_expected, expected, n_got, got);
                    failures++;
                }
                words_compared += n_expected;
            }
        }
    }
    assert_int_equal(failures, 0);
    assert_int_equal(compared, ROW_COUNT * VARIANTS * 2);
    assert_true(words_compared > 5000); /* the comparison was not vacuous */
}

/* ---- Statements through the matcher, with words worked out by hand ---- */

typedef struct symbol {
    const char *name;
    uint32_t address;
} symbol;

static const symbol symbols[] = {
    {"data", 0x10010008},   /* bit 15 clear */
    {"high", 0x10018004},   /* bit 15 set */
    {"target", 0x00400020}, /* a branch target 8 words after PC */
};

/* Splits a source statement into operands, labels resolved. */
static unsigned parse_source(const char *text, size_t *mnemonic_len, mips_operand *ops)
{
    mips_text_token tok[MIPS_MAX_TOKENS];
    int n = mips_split_statement(text, mnemonic_len, tok, MIPS_MAX_TOKENS);
    assert_true(n >= 0);
    for (int i = 0; i < n; i++) {
        ops[i] = (mips_operand){tok[i].kind, tok[i].value, NULL};
        if (tok[i].kind != MIPS_TOK_IDENT)
            continue;
        const symbol *sym = NULL;
        for (size_t k = 0; k < sizeof symbols / sizeof symbols[0]; k++)
            if (strlen(symbols[k].name) == tok[i].len &&
                memcmp(symbols[k].name, tok[i].text, tok[i].len) == 0)
                sym = &symbols[k];
        assert_non_null(sym);
        ops[i] = (mips_operand){MIPS_TOK_IDENT, (int32_t)sym->address, sym->name};
    }
    return (unsigned)n;
}

typedef struct hand_case {
    const char *source;
    bool delayed;
    const char *chosen; /* the example of the format MARS picks */
    unsigned count;
    uint32_t words[MIPS_MAX_EXPANSION];
} hand_case;

/* Field reminders: lui 0x3c000000 | rt<<16; ori/andi/addi/addiu/lw:
 * op<<26 | rs<<21 | rt<<16 | imm16; R-type rs<<21 | rt<<16 | rd<<11 |
 * shamt<<6 | funct. $at = 1, $t0 = 8, $t1 = 9, $t2 = 10. Branches: offset
 * = (target - (own address + 4)) / 4, target 0x00400020, PC 0x00400000. */
static const hand_case hand_cases[] = {
    /* -32769 = 0xffff7fff is INT32: VHL2 = -32769 >> 16 = -1 -> 0xffff,
     * VL2U = 0x7fff: lui $1,0xffff ; ori $8,$1,0x7fff */
    {"li $t0,-32769", false, "li $t1,100000", 2, {0x3c01ffff, 0x34287fff}},
    /* INT16: addiu $8,$0,-32768 = 0x24000000 | 8<<16 | 0x8000 */
    {"li $t0,-32768", false, "li $t1,-100", 1, {0x24088000}},
    /* INT16U 32767 fits INT16: still addiu $8,$0,0x7fff */
    {"li $t0,32767", false, "li $t1,-100", 1, {0x24087fff}},
    /* 32768 does not fit INT16: ori $8,$0,0x8000 = 0x34000000 | 8<<16 | 0x8000 */
    {"li $t0,32768", false, "li $t1,100", 1, {0x34088000}},
    {"li $t0,65535", false, "li $t1,100", 1, {0x3408ffff}},
    /* 65536 = 0x10000: lui $1,1 ; ori $8,$1,0 */
    {"li $t0,65536", false, "li $t1,100000", 2, {0x3c010001, 0x34280000}},
    /* basic: addi $8,$9,-32768 = 0x20000000 | 9<<21 | 8<<16 | 0x8000 */
    {"addi $t0,$t1,-32768", false, "addi $t1,$t2,-100", 1, {0x21288000}},
    /* 32768: lui $1,0 ; ori $1,$1,0x8000 ; add $8,$9,$1 = 9<<21|1<<16|8<<11|0x20 */
    {"addi $t0,$t1,32768", false, "addi $t1,$t2,100000", 3,
     {0x3c010000, 0x34218000, 0x01214020}},
    /* -32769: lui $1,0xffff ; ori $1,$1,0x7fff ; add $8,$9,$1 */
    {"addi $t0,$t1,-32769", false, "addi $t1,$t2,100000", 3,
     {0x3c01ffff, 0x34217fff, 0x01214020}},
    /* basic: andi $8,$9,0xffff = 0x30000000 | 9<<21 | 8<<16 | 0xffff */
    {"andi $t0,$t1,65535", false, "andi $t1,$t2,100", 1, {0x3128ffff}},
    /* 65536: lui $1,1 ; ori $1,$1,0 ; and $8,$9,$1 (funct 0x24) */
    {"andi $t0,$t1,65536", false, "andi $t1,$t2,100000", 3,
     {0x3c010001, 0x34210000, 0x01214024}},
    /* -1 is INT16, out of range for andi's INT16U: -1 >> 16 = -1, low 0xffff */
    {"andi $t0,$t1,-1", false, "andi $t1,$t2,100000", 3, {0x3c01ffff, 0x3421ffff, 0x01214024}},
    /* basic: lw $8,-32768($9) = 0x8c000000 | 9<<21 | 8<<16 | 0x8000 */
    {"lw $t0,-32768($t1)", false, "lw $t1,-100($t2)", 1, {0x8d288000}},
    /* 32768 is INT16U: ori $1,$0,0x8000 ; addu $1,$1,$9 (1<<21|9<<16|1<<11|0x21)
     * ; lw $8,0($1) */
    {"lw $t0,32768($t1)", false, "lw $t1,100($t2)", 3, {0x34018000, 0x00290821, 0x8c280000}},
    /* 100000 = 0x186a0, bit 15 set: VH2 = 1 + 1 = 2, VL2 = 0x86a0 (-31072) */
    {"lw $t0,100000($t1)", false, "lw $t1,100000($t2)", 3,
     {0x3c010002, 0x00290821, 0x8c2886a0}},
    /* -32769 = 0xffff7fff, bit 15 clear: VH2 = -1 + 0 -> 0xffff, VL2 = 0x7fff */
    {"lw $t0,-32769($t1)", false, "lw $t1,100000($t2)", 3,
     {0x3c01ffff, 0x00290821, 0x8c287fff}},
    /* no base: ori $1,$0,0x8000 ; lw $8,0($1) */
    {"lw $t0,32768", false, "lw $t1,100", 2, {0x34018000, 0x8c280000}},
    /* high = 0x10018004: LH2 = 0x1001 + bit 15 = 0x1002, LL2 = 0x8004 */
    {"lw $t0,high", false, "lw $t1,label", 2, {0x3c011002, 0x8c288004}},
    /* la uses ori, so LHL does not adjust: lui $1,0x1001 ; ori $8,$1,0x8004 */
    {"la $t0,high", false, "la $t1,label", 2, {0x3c011001, 0x34288004}},
    /* data+32764 = 0x10010008 + 0x7ffc = 0x10018004: LHPA = 0x1002, LLP = 0x8004 */
    {"lw $t0,data+32764", false, "lw $t1,label+100000", 2, {0x3c011002, 0x8c288004}},
    /* the same address for la: LHPN = 0x1001 (no adjustment), LLPU = 0x8004 */
    {"la $t0,data+32764", false, "la $t1,label+100000", 2, {0x3c011001, 0x34288004}},
    /* addi $1,$0,-32768 ; beq $1,$8 at 0x00400004: (0x20 - 0x08) / 4 = 6 */
    {"beq $t0,-32768,target", false, "beq $t1,-100,label", 2, {0x20018000, 0x10280006}},
    /* 32768: lui $1,0 ; ori $1,$1,0x8000 ; beq at 0x00400008: (0x20 - 0x0c) / 4 = 5 */
    {"beq $t0,32768,target", false, "beq $t1,100000,label", 3,
     {0x3c010000, 0x34218000, 0x10280005}},
    /* slt $1,$8,$9 (8<<21|9<<16|1<<11|0x2a) ; bne $1,$0 at 0x00400004: 6 */
    {"blt $t0,$t1,target", false, "blt $t1,$t2,label", 2, {0x0109082a, 0x14200006}},
    /* 100000 + 1 = 0x186a1: VHL2P1 = 1, VL2P1U = 0x86a1 ; slt $1,$8,$1 ;
     * beq $1,$0 at 0x0040000c: (0x20 - 0x10) / 4 = 4 */
    {"bgt $t0,100000,target", false, "bgt $t1,100000,label", 4,
     {0x3c010001, 0x342186a1, 0x0101082a, 0x10200004}},
    /* bgez $0 at PC: (0x20 - 0x04) / 4 = 7; bgez = 0x04010000 */
    {"b target", false, "b label", 1, {0x04010007}},
    /* mult $9,$10 ; mfhi $1 ; mflo $8 ; sra $8,$8,31 (8<<16|8<<11|31<<6|3) ;
     * beq $1,$8,BROFF12 -> 1 ; break ; mflo $8 */
    {"mulo $t0,$t1,$t2", false, "mulo $t1,$t2,$t3", 7,
     {0x012a0018, 0x00000810, 0x00004012, 0x000847c3, 0x10280001, 0x0000000d, 0x00004012}},
    /* delayed branching: the offset is 2 and a nop fills the delay slot */
    {"mulo $t0,$t1,$t2", true, "mulo $t1,$t2,$t3", 8,
     {0x012a0018, 0x00000810, 0x00004012, 0x000847c3, 0x10280002, 0x00000000, 0x0000000d,
      0x00004012}},
    /* bne $10,$0,1 (0x14000000 | 10<<21) ; break ; div $9,$10 ; mflo $8 */
    {"div $t0,$t1,$t2", false, "div $t1,$t2,$t3", 4,
     {0x15400001, 0x0000000d, 0x012a001a, 0x00004012}},
    {"div $t0,$t1,$t2", true, "div $t1,$t2,$t3", 5,
     {0x15400002, 0x00000000, 0x0000000d, 0x012a001a, 0x00004012}},
    /* S32 = 32 - 10 = 22: srl $1,$9,22 (9<<16|1<<11|22<<6|2) ; sll $8,$9,10 ;
     * or $8,$8,$1 (8<<21|1<<16|8<<11|0x25) */
    {"rol $t0,$t1,10", false, "rol $t1,$t2,10", 3, {0x00090d82, 0x00094280, 0x01014025}},
    /* S32 = 29: sll $1,$9,29 ; srl $8,$9,3 ; or $8,$8,$1 */
    {"ror $t0,$t1,3", false, "ror $t1,$t2,10", 3, {0x00090f40, 0x000940c2, 0x01014025}},
    /* mfc1 $8,$f4 (0x44000000|8<<16|4<<11) ; mfc1 NR1 = $9, NR2 = $f5 */
    {"mfc1.d $t0,$f4", false, "mfc1.d $t1,$f2", 2, {0x44082000, 0x44092800}},
    /* mtc1 $8,$f4 (0x44800000|...) ; mtc1 $9,$f5 */
    {"mtc1.d $t0,$f4", false, "mtc1.d $t1,$f2", 2, {0x44882000, 0x44892800}},
};

static void test_boundaries_by_hand(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof hand_cases / sizeof hand_cases[0]; k++) {
        const hand_case *c = &hand_cases[k];
        size_t mnemonic_len;
        mips_operand ops[MIPS_MAX_TOKENS];
        unsigned count = parse_source(c->source, &mnemonic_len, ops);
        mips_match m = mips_match_operands(c->source, mnemonic_len, ops, count, true);
        if (m.why != MIPS_MATCH_OK)
            fail_msg("%s: no format matches (%d)", c->source, (int)m.why);
        const char *chosen = m.form.basic ? m.form.basic->example : m.form.pseudo->example;
        if (strcmp(chosen, c->chosen) != 0)
            fail_msg("%s: chose \"%s\", MARS chooses \"%s\"", c->source, chosen, c->chosen);
        uint32_t words[MIPS_MAX_EXPANSION];
        unsigned n, bad = 0;
        if (m.form.basic)
            n = mips_encode(m.form.basic, ops, PC, &words[0], &bad) ? 1 : 0;
        else
            n = mips_expand(m.form.pseudo, ops, PC, c->delayed, words, &bad);
        if (n != c->count)
            fail_msg("%s: %u words, want %u", c->source, n, c->count);
        for (unsigned i = 0; i < n; i++)
            if (words[i] != c->words[i])
                fail_msg("%s%s: word %u is 0x%08x, want 0x%08x", c->source,
                         c->delayed ? " (delayed)" : "", i, words[i], c->words[i]);
    }
}

/* ---- Single behaviours, directly on a row ----------------------------- */

static const mips_pseudo *row_of(const char *example)
{
    for (size_t i = 0; i < mips_pseudo_count(); i++)
        if (strcmp(mips_pseudo_at(i)->example, example) == 0)
            return mips_pseudo_at(i);
    fail_msg("no row \"%s\"", example);
    return NULL;
}

/* A LAB branch counts from its own word, wherever the expansion starts. */
static void test_lab_branch_counts_from_itself(void **state)
{
    (void)state;
    const mips_pseudo *blt = row_of("blt $t1,$t2,label");
    mips_operand ops[] = {{MIPS_TOK_REG, 8, NULL}, {MIPS_TOK_REG, 9, NULL},
                          {MIPS_TOK_IDENT, 0x00400100, "loop"}};
    uint32_t words[MIPS_MAX_EXPANSION];
    unsigned bad;
    /* at 0x004000f8: bne sits at 0x004000fc, so (0x100 - 0x100) / 4 = 0 */
    assert_int_equal(mips_expand(blt, ops, 0x004000f8, false, words, &bad), 2);
    assert_int_equal(words[1], 0x14200000);
    /* a backward branch from 0x00400104 (bne at 0x00400108): (0x100 - 0x10c) / 4 = -3 */
    assert_int_equal(mips_expand(blt, ops, 0x00400104, false, words, &bad), 2);
    assert_int_equal(words[1], 0x1420fffd);
}

/* LHPA adjusts for bit 15 of label+offset, LHPN (la) does not; and the
 * ...P4 forms add 4 before splitting (ld's second word). */
static void test_label_offset_halves(void **state)
{
    (void)state;
    /* label 0x10017ff8 + 4 = 0x10017ffc (bit 15 clear), + 4 more = 0x10018000 */
    mips_operand ops[] = {{MIPS_TOK_REG, 8, NULL},   {MIPS_TOK_IDENT, 0x10017ff8, "x"},
                          {MIPS_TOK_PLUS, 0, NULL},  {MIPS_TOK_INT5, 4, NULL}};
    uint32_t words[MIPS_MAX_EXPANSION];
    unsigned bad;
    /* lui $1,0x1001 ; lw $8,0x7ffc($1) ; lui $1,0x1002 ; lw $9,-32768($1) */
    assert_int_equal(mips_expand(row_of("ld $t1,label+100000"), ops, PC, false, words, &bad), 4);
    assert_int_equal(words[0], 0x3c011001);
    assert_int_equal(words[1], 0x8c287ffc);
    assert_int_equal(words[2], 0x3c011002);
    assert_int_equal(words[3], 0x8c298000);
    /* la: label+offset = 0x10018000 with offset 8: lui $1,0x1001 ; ori $8,$1,0x8000 */
    ops[3].value = 8;
    assert_int_equal(mips_expand(row_of("la $t1,label+100000"), ops, PC, false, words, &bad), 2);
    assert_int_equal(words[0], 0x3c011001);
    assert_int_equal(words[1], 0x34288000);
    /* lw: the same address adjusted: lui $1,0x1002 ; lw $8,-32768($1) */
    assert_int_equal(mips_expand(row_of("lw $t1,label+100000"), ops, PC, false, words, &bad), 2);
    assert_int_equal(words[0], 0x3c011002);
    assert_int_equal(words[1], 0x8c288000);
}

/* What MARS refuses at assembly, mips_expand refuses too, naming the
 * statement: NR past $31, and the "swr RG1, 0" slip in MARS's table. */
static void test_expansions_that_fail(void **state)
{
    (void)state;
    uint32_t words[MIPS_MAX_EXPANSION];
    unsigned bad = 99;
    mips_operand ld_ra[] = {{MIPS_TOK_REG, 31, NULL}, {MIPS_TOK_INT16, -100, NULL},
                            {MIPS_TOK_LPAREN, 0, NULL}, {MIPS_TOK_REG, 10, NULL},
                            {MIPS_TOK_RPAREN, 0, NULL}};
    /* lw RG1 ; lui ; addu ; lw NR1 -> "$32" */
    assert_int_equal(mips_expand(row_of("ld $t1,-100($t2)"), ld_ra, PC, false, words, &bad), 0);
    assert_int_equal(bad, 3);
    ld_ra[0].value = 30; /* $fp: NR1 = $ra is fine */
    assert_int_equal(mips_expand(row_of("ld $t1,-100($t2)"), ld_ra, PC, false, words, &bad), 4);
    assert_int_equal(words[3], 0x8c3fffa0); /* lw $31,-96($1): VL2P4 = -100 + 4 */

    mips_operand f31[] = {{MIPS_TOK_REG, 8, NULL}, {MIPS_TOK_FREG, 31, NULL}};
    bad = 99;
    assert_int_equal(mips_expand(row_of("mfc1.d $t1,$f2"), f31, PC, false, words, &bad), 0);
    assert_int_equal(bad, 1);

    mips_operand swr[] = {{MIPS_TOK_REG, 8, NULL}, {MIPS_TOK_INT16U, 40000, NULL}};
    size_t mnemonic_len = 3;
    mips_match m = mips_match_operands("swr", mnemonic_len, swr, 2, true);
    assert_int_equal(m.why, MIPS_MATCH_OK);
    assert_non_null(m.form.pseudo);
    assert_string_equal(m.form.pseudo->example, "swr $t1,100");
    bad = 99;
    assert_int_equal(mips_expand(m.form.pseudo, swr, PC, false, words, &bad), 0);
    assert_int_equal(bad, 1);
    assert_null(m.form.pseudo->templates[bad].basic);
    assert_int_equal(mips_expansion_length(m.form.pseudo, false), 2); /* MARS reserves 2 */
}

/* S32 of 0 is 32, which MARS writes into the 5-bit field as 0. */
static void test_rol_by_zero(void **state)
{
    (void)state;
    mips_operand ops[] = {{MIPS_TOK_REG, 8, NULL}, {MIPS_TOK_REG, 9, NULL},
                          {MIPS_TOK_INT5, 0, NULL}};
    uint32_t words[MIPS_MAX_EXPANSION];
    unsigned bad;
    assert_int_equal(mips_expand(row_of("rol $t1,$t2,10"), ops, PC, false, words, &bad), 3);
    assert_int_equal(words[0], 0x00090802); /* srl $1,$9,0 */
    assert_int_equal(words[1], 0x00094000); /* sll $8,$9,0 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_rows),
        cmocka_unit_test(test_only_swr_100_is_broken),
        cmocka_unit_test(test_expansion_lengths),
        cmocka_unit_test(test_every_format_as_mars_text),
        cmocka_unit_test(test_boundaries_by_hand),
        cmocka_unit_test(test_lab_branch_counts_from_itself),
        cmocka_unit_test(test_label_offset_halves),
        cmocka_unit_test(test_expansions_that_fail),
        cmocka_unit_test(test_rol_by_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
