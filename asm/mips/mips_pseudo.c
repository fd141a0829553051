/* MARS's pseudo-instructions: mips_pseudo.def compiled once into basic
 * formats and operand expressions, and their expansion into words. */
#include "mips_isa_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The table as written: example, expansion, description per row. */
typedef struct mips_pseudo_source {
    const char *example;
    const char *expansion;
    const char *description;
} mips_pseudo_source;

static const mips_pseudo_source pseudo_source[] = {
#define MIPS_PSEUDO(example, expansion, description) {example, expansion, description},
#include "mips_pseudo.def"
#undef MIPS_PSEUDO
};

enum {
    MIPS_PSEUDO_ROWS = sizeof pseudo_source / sizeof pseudo_source[0],
    MIPS_MNEMONIC_MAX = 8,    /* "mfc1.d" and a NUL, with room to spare */
    MIPS_STATEMENT_MAX = 64,  /* the longest template statement is 20 characters */
    MIPS_NO_TOKEN = 0xff,
};

/* How an argument of a template statement gets its value at expansion.
 * MARS's codes reduce to these: the label ones (LLn, LHn, LHL, LLP, LHPA,
 * LHPN) are the value ones applied to a label's address, or to token 2
 * plus token 4 for label+offset. */
typedef enum mips_arg_op {
    MIPS_ARG_FIXED,    /* written in the template: $1, $0, 31, -1, a parenthesis */
    MIPS_ARG_SOURCE,   /* a source operand as it is: RGn, OPn, LAB */
    MIPS_ARG_NEXT_REG, /* NRn: the register after operand n (the odd half of a pair) */
    MIPS_ARG_LOW,      /* low 16 bits sign-extended: VLn, LLn, LLP (...Pm) */
    MIPS_ARG_LOW_U,    /* low 16 bits: VLnU, LLnU, LLPU, VLnPmU */
    MIPS_ARG_HIGH,     /* >> 16, for an ori low half: VHLn, LHL, LHPN (...Pm) */
    MIPS_ARG_HIGH_ADJ, /* >> 16 plus bit 15, for a sign-extended low half: VHn, LHn, LHPA */
    MIPS_ARG_FROM_32,  /* S32: 32 minus the value */
    MIPS_ARG_BROFF,    /* BROFFnm: a literal branch offset, n or m words */
} mips_arg_op;

struct mips_template_arg {
    uint8_t op;           /* mips_arg_op */
    uint8_t operand;      /* source operand index (MARS's token n is operand n - 1) */
    uint8_t addend;       /* a second operand added in (label+offset), or MIPS_NO_TOKEN */
    uint8_t add;          /* the m of ...Pm */
    mips_tok kind;        /* FIXED: the token's kind */
    int32_t value;        /* FIXED: its value; BROFF: the offset without delayed branching */
    int32_t value_delayed; /* BROFF: the offset with delayed branching */
};

/* Written once by mips_pseudo_build (under the table setup's call_once),
 * read-only afterwards. */
static mips_pseudo pseudo_rows[MIPS_PSEUDO_ROWS];
static char pseudo_mnemonics[MIPS_PSEUDO_ROWS][MIPS_MNEMONIC_MAX];

/* A table that does not compile is a bug in mips_pseudo.def: stop loudly. */
static _Noreturn void table_error(size_t row, const char *what, const char *text)
{
    fprintf(stderr, "mips_pseudo.def: \"%s\": %s: %s\n", pseudo_source[row].example, what,
            text);
    abort();
}

/* Copies the next ';'-separated statement of *cursor into buf, without the
 * surrounding blanks; false at the end of the expansion. */
static bool next_statement(size_t row, const char **cursor, char *buf)
{
    const char *p = *cursor;
    if (*p == '\0')
        return false;
    const char *end = strchr(p, ';');
    if (!end)
        end = p + strlen(p);
    *cursor = *end ? end + 1 : end;
    while (p < end && *p == ' ')
        p++;
    while (end > p && end[-1] == ' ')
        end--;
    size_t len = (size_t)(end - p);
    if (len == 0 || len >= MIPS_STATEMENT_MAX)
        table_error(row, "bad statement in", pseudo_source[row].expansion);
    memcpy(buf, p, len);
    buf[len] = '\0';
    return true;
}

/* Reading a code such as "VL2P1U": a cursor over its text. */
typedef struct code_cursor {
    const char *p, *end;
} code_cursor;

static bool eat(code_cursor *c, const char *literal)
{
    size_t len = strlen(literal);
    if ((size_t)(c->end - c->p) < len || memcmp(c->p, literal, len) != 0)
        return false;
    c->p += len;
    return true;
}

/* One digit, or -1. */
static int eat_digit(code_cursor *c)
{
    if (c->p == c->end || *c->p < '0' || *c->p > '9')
        return -1;
    return *c->p++ - '0';
}

/* A literal followed by a digit (the digit in *n), consumed only together:
 * "LH2" is LH with token 2, while "LHL" must stay for another reading. */
static bool eat_numbered(code_cursor *c, const char *literal, int *n)
{
    code_cursor save = *c;
    if (eat(c, literal) && (*n = eat_digit(c)) >= 0)
        return true;
    *c = save;
    return false;
}

/* "Pm" after a code: m, or 0 when absent. */
static int eat_plus(size_t row, code_cursor *c, const char *code)
{
    if (!eat(c, "P"))
        return 0;
    int m = eat_digit(c);
    if (m < 0)
        table_error(row, "no digit after P in", code);
    return m;
}

/* Source token n (operator = 0) as an operand index, checked against the
 * example's operand count. */
static uint8_t source_operand(size_t row, int n, unsigned count, const char *code)
{
    if (n < 1 || (unsigned)n > count)
        table_error(row, "no such source token for", code);
    return (uint8_t)(n - 1);
}

/* Compiles one template code (an IDENT token of a template statement).
 * Each is recognised by its exact spelling, so MARS's careful substitution
 * order (LHnPm before LHn, VHLn last, ...) needs no counterpart here. */
static mips_template_arg compile_code(size_t row, const char *text, size_t len,
                                      unsigned count)
{
    char code[MIPS_STATEMENT_MAX];
    memcpy(code, text, len);
    code[len] = '\0';
    code_cursor c = {text, text + len};
    mips_template_arg a = {.addend = MIPS_NO_TOKEN};
    int n;
    if (eat_numbered(&c, "RG", &n) || eat_numbered(&c, "OP", &n)) {
        a.op = MIPS_ARG_SOURCE;
        a.operand = source_operand(row, n, count, code);
    } else if (eat_numbered(&c, "NR", &n)) {
        a.op = MIPS_ARG_NEXT_REG;
        a.operand = source_operand(row, n, count, code);
    } else if (eat(&c, "LAB")) {
        a.op = MIPS_ARG_SOURCE; /* the branch encodes the address relative to itself */
        a.operand = source_operand(row, (int)count, count, code);
    } else if (eat(&c, "S32")) {
        a.op = MIPS_ARG_FROM_32;
        a.operand = source_operand(row, (int)count, count, code);
    } else if (eat(&c, "BROFF")) {
        a.op = MIPS_ARG_BROFF;
        a.value = eat_digit(&c);
        a.value_delayed = eat_digit(&c);
        if (a.value < 0 || a.value_delayed < 0)
            table_error(row, "BROFF needs two digits", code);
    } else if (eat(&c, "LHL")) { /* la's lui before an ori: no adjustment */
        a.op = MIPS_ARG_HIGH;
        a.operand = source_operand(row, 2, count, code);
    } else if (eat(&c, "LHPA")) {
        a.op = MIPS_ARG_HIGH_ADJ;
        a.operand = source_operand(row, 2, count, code);
        a.addend = source_operand(row, 4, count, code);
        a.add = (uint8_t)eat_plus(row, &c, code);
    } else if (eat(&c, "LHPN")) {
        a.op = MIPS_ARG_HIGH;
        a.operand = source_operand(row, 2, count, code);
        a.addend = source_operand(row, 4, count, code);
    } else if (eat(&c, "LLP")) {
        a.operand = source_operand(row, 2, count, code);
        a.addend = source_operand(row, 4, count, code);
        a.add = (uint8_t)eat_plus(row, &c, code);
        /* MARS reads a U only on plain LLP, not after LLPPm */
        a.op = a.add == 0 && eat(&c, "U") ? MIPS_ARG_LOW_U : MIPS_ARG_LOW;
    } else if (eat_numbered(&c, "LH", &n)) {
        a.op = MIPS_ARG_HIGH_ADJ;
        a.operand = source_operand(row, n, count, code);
        a.add = (uint8_t)eat_plus(row, &c, code);
    } else if (eat_numbered(&c, "LL", &n)) {
        a.operand = source_operand(row, n, count, code);
        a.add = (uint8_t)eat_plus(row, &c, code);
        /* likewise: LLnU, but no LLnPmU */
        a.op = a.add == 0 && eat(&c, "U") ? MIPS_ARG_LOW_U : MIPS_ARG_LOW;
    } else if (eat_numbered(&c, "VHL", &n)) {
        a.op = MIPS_ARG_HIGH;
        a.operand = source_operand(row, n, count, code);
        a.add = (uint8_t)eat_plus(row, &c, code);
    } else if (eat_numbered(&c, "VH", &n)) {
        a.op = MIPS_ARG_HIGH_ADJ;
        a.operand = source_operand(row, n, count, code);
        a.add = (uint8_t)eat_plus(row, &c, code);
    } else if (eat_numbered(&c, "VL", &n)) {
        a.operand = source_operand(row, n, count, code);
        a.add = (uint8_t)eat_plus(row, &c, code);
        a.op = eat(&c, "U") ? MIPS_ARG_LOW_U : MIPS_ARG_LOW; /* VLnU and VLnPmU */
    } else {
        table_error(row, "unknown template code", code);
    }
    if (c.p != c.end)
        table_error(row, "unknown template code", code);
    return a;
}

/* Compiles one statement of a row's expansion into *t, its arguments going
 * to args (room for MIPS_MAX_TOKENS). Returns how many arguments it used. */
static unsigned compile_statement(size_t row, const char *text, mips_template *t,
                                  mips_template_arg *args)
{
    const mips_pseudo *p = &pseudo_rows[row];
    /* DBNOP: a nop that only delayed branching emits */
    t->only_delayed = strcmp(text, "DBNOP") == 0;
    if (t->only_delayed)
        text = "nop";
    size_t mnemonic_len;
    mips_text_token tokens[MIPS_MAX_TOKENS];
    int count = mips_split_statement(text, &mnemonic_len, tokens, MIPS_MAX_TOKENS);
    if (count < 0)
        table_error(row, "does not split", text);
    t->basic = mips_basic_by_shape(text, mnemonic_len, tokens, (unsigned)count);
    if (!t->basic) { /* "swr RG1, 0": MARS's own slip, an error when used */
        t->args = NULL;
        return 0;
    }
    for (int i = 0; i < count; i++) {
        if (tokens[i].kind == MIPS_TOK_IDENT) {
            args[i] = compile_code(row, tokens[i].text, tokens[i].len, p->token_count);
        } else {
            args[i] = (mips_template_arg){.op = MIPS_ARG_FIXED, .addend = MIPS_NO_TOKEN,
                                          .kind = tokens[i].kind, .value = tokens[i].value};
        }
    }
    t->args = args;
    return (unsigned)count;
}

/* Splits a row's example into its mnemonic and operand tokens. */
static void compile_example(size_t row)
{
    mips_pseudo *p = &pseudo_rows[row];
    const char *example = pseudo_source[row].example;
    size_t mnemonic_len;
    mips_text_token tokens[MIPS_MAX_TOKENS];
    int count = mips_split_statement(example, &mnemonic_len, tokens, MIPS_MAX_TOKENS);
    if (count < 0 || mnemonic_len == 0 || mnemonic_len >= MIPS_MNEMONIC_MAX)
        table_error(row, "bad example", example);
    memcpy(pseudo_mnemonics[row], example, mnemonic_len);
    pseudo_mnemonics[row][mnemonic_len] = '\0';
    p->mnemonic = pseudo_mnemonics[row];
    p->example = example;
    p->description = pseudo_source[row].description;
    p->token_count = (uint8_t)count;
    for (int i = 0; i < count; i++)
        p->tokens[i] = tokens[i].kind;
}

void mips_pseudo_build(void)
{
    /* Count first, so the templates and arguments fit one allocation each. */
    size_t statements = 0, args = 0;
    char text[MIPS_STATEMENT_MAX];
    for (size_t row = 0; row < MIPS_PSEUDO_ROWS; row++) {
        const char *cursor = pseudo_source[row].expansion;
        unsigned in_row = 0;
        while (next_statement(row, &cursor, text)) {
            size_t mnemonic_len;
            mips_text_token tokens[MIPS_MAX_TOKENS];
            int count = mips_split_statement(text, &mnemonic_len, tokens, MIPS_MAX_TOKENS);
            if (count < 0)
                table_error(row, "does not split", text);
            args += (size_t)count;
            in_row++;
        }
        if (in_row == 0 || in_row > MIPS_MAX_EXPANSION)
            table_error(row, "expansion length out of range", pseudo_source[row].expansion);
        statements += in_row;
    }
    /* Kept for the life of the program: the table is never torn down. */
    mips_template *template_pool = calloc(statements, sizeof *template_pool);
    mips_template_arg *arg_pool = calloc(args + 1, sizeof *arg_pool);
    if (!template_pool || !arg_pool) {
        fputs("mips_pseudo: out of memory building the pseudo-instruction table\n", stderr);
        abort();
    }

    for (size_t row = 0; row < MIPS_PSEUDO_ROWS; row++) {
        compile_example(row);
        mips_pseudo *p = &pseudo_rows[row];
        p->templates = template_pool;
        const char *cursor = pseudo_source[row].expansion;
        while (next_statement(row, &cursor, text)) {
            arg_pool += compile_statement(row, text, template_pool, arg_pool);
            template_pool++;
            p->template_count++;
        }
    }
}

size_t mips_pseudo_count(void)
{
    return MIPS_PSEUDO_ROWS;
}

const mips_pseudo *mips_pseudo_at(size_t i)
{
    mips_isa_setup(); /* builds both tables once, this one by mips_pseudo_build */
    return i < MIPS_PSEUDO_ROWS ? &pseudo_rows[i] : NULL;
}

/* Java's int arithmetic: two's complement, wrapping, without C's undefined
 * signed overflow. */
static int32_t to_int32(uint32_t u)
{
    return u <= INT32_MAX ? (int32_t)u : -(int32_t)(~u) - 1;
}

/* The low half sign-extended: MARS's v << 16 >> 16. */
static int32_t low_signed(uint32_t v)
{
    int32_t low = (int32_t)(v & 0xffff);
    return low >= 0x8000 ? low - 0x10000 : low;
}

/* v >> 16 on a Java int (arithmetic). */
static int32_t high_signed(uint32_t v)
{
    int32_t high = (int32_t)(v >> 16);
    return high >= 0x8000 ? high - 0x10000 : high;
}

/* The operand an argument stands for, from the source operands. False when
 * MARS would not assemble it (NRn of $31 or $f31 names no register). */
static bool evaluate(const mips_template_arg *a, const mips_operand *source, bool delayed,
                     mips_operand *out)
{
    const mips_operand *from = &source[a->operand];
    switch ((mips_arg_op)a->op) {
    case MIPS_ARG_FIXED:
        *out = (mips_operand){a->kind, a->value, NULL};
        return true;
    case MIPS_ARG_SOURCE:
        *out = *from;
        return true;
    case MIPS_ARG_NEXT_REG:
        if (from->value >= 31)
            return false;
        *out = (mips_operand){from->kind, from->value + 1, NULL};
        return true;
    case MIPS_ARG_BROFF: {
        int32_t offset = delayed ? a->value_delayed : a->value;
        *out = (mips_operand){mips_int_kind(offset), offset, NULL};
        return true;
    }
    default:
        break;
    }
    uint32_t v = (uint32_t)from->value + a->add;
    if (a->addend != MIPS_NO_TOKEN)
        v += (uint32_t)source[a->addend].value;
    int32_t result;
    switch ((mips_arg_op)a->op) {
    case MIPS_ARG_LOW:
        result = low_signed(v);
        break;
    case MIPS_ARG_LOW_U:
        result = (int32_t)(v & 0xffff);
        break;
    case MIPS_ARG_HIGH:
        result = high_signed(v);
        break;
    case MIPS_ARG_HIGH_ADJ:
        /* the low half will be sign-extended: when its bit 15 is set it
         * takes 0x10000 away, which one more in the high half gives back */
        result = high_signed(v) + (int32_t)((v >> 15) & 1);
        break;
    case MIPS_ARG_FROM_32:
        result = to_int32(32u - v);
        break;
    default:
        return false;
    }
    *out = (mips_operand){mips_int_kind(result), result, NULL};
    return true;
}

unsigned mips_expand(const mips_pseudo *pseudo, const mips_operand *operands, uint32_t pc,
                     bool delayed_branching, uint32_t *words, unsigned *bad)
{
    int32_t shown[MIPS_MAX_EXPANSION];
    return mips_expand_shown(pseudo, operands, pc, delayed_branching, words, shown, bad);
}

unsigned mips_expand_shown(const mips_pseudo *pseudo, const mips_operand *operands,
                           uint32_t pc, bool delayed_branching, uint32_t *words,
                           int32_t *shown, unsigned *bad)
{
    unsigned emitted = 0;
    for (unsigned t = 0; t < pseudo->template_count; t++) {
        const mips_template *tp = &pseudo->templates[t];
        if (tp->only_delayed && !delayed_branching)
            continue;
        bool ok = tp->basic != NULL;
        mips_operand ops[MIPS_MAX_TOKENS];
        for (unsigned i = 0; ok && i < tp->basic->token_count; i++)
            ok = evaluate(&tp->args[i], operands, delayed_branching, &ops[i]);
        unsigned field;
        /* each word at its own address: a LAB branch counts from itself */
        if (!ok ||
            !mips_encode_shown(tp->basic, ops, pc, &words[emitted], &field, &shown[emitted])) {
            if (bad)
                *bad = t;
            return 0;
        }
        emitted++;
        pc += 4;
    }
    return emitted;
}

/* How long MARS's statement text spells an evaluated template operand:
 * registers by number, integers in decimal. */
static unsigned spelled_length(const mips_operand *op)
{
    char text[16];
    const char *prefix = op->kind == MIPS_TOK_FREG ? "$f"
                         : op->kind == MIPS_TOK_REG || op->kind == MIPS_TOK_REGNUM ? "$"
                                                                                 : "";
    return (unsigned)snprintf(text, sizeof text, "%s%d", prefix, (int)op->value);
}

bool mips_missing_next_register(const mips_pseudo *pseudo, unsigned t,
                                const mips_operand *operands, bool delayed_branching,
                                mips_missing_register *out)
{
    const mips_template *tp = &pseudo->templates[t];
    if (!tp->basic)
        return false;
    const mips_basic *b = tp->basic;
    /* "mnemonic " then each operand and ", ": NRn never follows a
     * parenthesis in MARS's table. */
    unsigned column = (unsigned)strlen(b->mnemonic) + 2;
    mips_operand ops[MIPS_MAX_TOKENS];
    for (unsigned i = 0; i < b->token_count; i++) {
        const mips_template_arg *a = &tp->args[i];
        if (a->op == MIPS_ARG_NEXT_REG && operands[a->operand].value >= 31) {
            static const uint32_t letter[3] = {'f' - '0', 's' - '0', 't' - '0'};
            uint32_t word = b->match;
            for (unsigned k = 0; k < b->operand_count; k++) {
                const mips_field *f = &b->field[k];
                if (b->operand_token[k] < i) {
                    word |= mips_field_put(f, (uint32_t)ops[b->operand_token[k]].value);
                } else {
                    for (unsigned bit = f->shift; bit < f->shift + f->bits; bit++)
                        word |= letter[k] << bit;
                }
            }
            *out = (mips_missing_register){word, column, a->operand,
                                           operands[a->operand].kind == MIPS_TOK_FREG};
            return true;
        }
        if (!evaluate(a, operands, delayed_branching, &ops[i]))
            return false;
        column += spelled_length(&ops[i]) + 2;
    }
    return false;
}

unsigned mips_expansion_length(const mips_pseudo *pseudo, bool delayed_branching)
{
    unsigned length = 0;
    for (unsigned t = 0; t < pseudo->template_count; t++)
        if (delayed_branching || !pseudo->templates[t].only_delayed)
            length++;
    return length;
}
