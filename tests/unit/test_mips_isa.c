/* The MIPS ISA tables against MARS 4.5: every basic format encoded from its
 * own bit string, golden words worked out by hand, decoding (with MARS's
 * choice for words two formats share), disassembly, tokens, registers and
 * MARS's choice of format for a statement's operands. */
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

/* ---- The rows, read from the .def here, independently of mips_isa.c ---- */

typedef struct def_row {
    const char *example;
    const char *format; /* "R", "I", "IB", "J" */
    const char *encoding;
} def_row;

static const def_row def_rows[] = {
#define MIPS_BASIC(example, format, encoding, roles, description) {example, #format, encoding},
#include "mips_basic.def"
#undef MIPS_BASIC
};

enum { DEF_COUNT = sizeof def_rows / sizeof def_rows[0] };

/* Operands as the assembler hands them over. */
#define REG(n) {MIPS_TOK_REG, (n), NULL}
#define NUM(n) {MIPS_TOK_REGNUM, (n), NULL}
#define FR(n) {MIPS_TOK_FREG, (n), NULL}
#define I5(v) {MIPS_TOK_INT5, (v), NULL}
#define I16(v) {MIPS_TOK_INT16, (v), NULL}
#define I16U(v) {MIPS_TOK_INT16U, (v), NULL}
#define I32(v) {MIPS_TOK_INT32, (v), NULL}
#define LAB(addr) {MIPS_TOK_IDENT, (int32_t)(addr), "label"}
#define LP {MIPS_TOK_LPAREN, 0, NULL}
#define RP {MIPS_TOK_RPAREN, 0, NULL}
#define PLUS {MIPS_TOK_PLUS, 0, NULL}

static const mips_basic *row_by_example(const char *example)
{
    for (size_t i = 0; i < mips_basic_count(); i++)
        if (strcmp(mips_basic_at(i)->example, example) == 0)
            return mips_basic_at(i);
    fail_msg("no basic row \"%s\"", example);
    return NULL;
}

/* ---- Vectors built from each row's bit string -------------------------- */

/* The test's own operand kind for an example token, read from its text. */
static mips_tok kind_of_text(const char *t, size_t len)
{
    if (len == 1 && (t[0] == '(' || t[0] == ')' || t[0] == '+'))
        return t[0] == '(' ? MIPS_TOK_LPAREN : t[0] == ')' ? MIPS_TOK_RPAREN : MIPS_TOK_PLUS;
    if (t[0] == '$' && t[1] == 'f' && t[2] >= '0' && t[2] <= '9')
        return MIPS_TOK_FREG;
    if (t[0] == '$')
        return t[1] >= '0' && t[1] <= '9' ? MIPS_TOK_REGNUM : MIPS_TOK_REG;
    if (t[0] == '-')
        return MIPS_TOK_INT16;
    if (t[0] >= '0' && t[0] <= '9') {
        long v = strtol(t, NULL, 10);
        return v <= 31 ? MIPS_TOK_INT5 : v <= 65535 ? MIPS_TOK_INT16U : MIPS_TOK_INT32;
    }
    return MIPS_TOK_IDENT;
}

/* Splits an example by hand: operand token texts, commas dropped. */
static unsigned example_tokens(const char *example, const char *starts[], size_t lens[])
{
    const char *p = strchr(example, ' ');
    unsigned n = 0;
    while (p && *p) {
        if (*p == ' ' || *p == ',') {
            p++;
            continue;
        }
        size_t len = strchr("()+", *p) ? 1 : strcspn(p, " ,()+");
        starts[n] = p;
        lens[n++] = len;
        p += len;
    }
    return n;
}

/* Writes v into the positions of `letter` in the bit string, lowest bit at
 * the rightmost position: the filler the issue asks for, no field maths. */
static void fill_letter(char *bits, char letter, uint32_t v)
{
    for (int i = 31; i >= 0; i--)
        if (bits[i] == letter) {
            bits[i] = (v & 1) ? '1' : '0';
            v >>= 1;
        }
}

static uint32_t bits_to_word(const char *bits)
{
    uint32_t w = 0;
    for (int i = 0; i < 32; i++)
        w = w << 1 | (uint32_t)(bits[i] == '1');
    return w;
}

static unsigned letter_width(const char *encoding, char letter)
{
    unsigned n = 0;
    for (const char *p = encoding; *p; p++)
        n += *p == letter;
    return n;
}

enum { VECTOR_PC = 0x00400100 };

typedef struct row_vector {
    mips_operand ops[MIPS_MAX_TOKENS];
    unsigned count;
    uint32_t word; /* from the bit string */
} row_vector;

/* Operand values for row i, varied per row and chosen so that no row's
 * word is also another row's (no 0 register, rd != 31, cc != 0). */
static row_vector vector_for_row(size_t i)
{
    const def_row *r = &def_rows[i];
    const char *starts[MIPS_MAX_TOKENS];
    size_t lens[MIPS_MAX_TOKENS];
    row_vector v = {.count = example_tokens(r->example, starts, lens)};
    char bits[33];
    memcpy(bits, r->encoding, 33);
    unsigned k = 0;
    for (unsigned t = 0; t < v.count; t++) {
        mips_tok kind = kind_of_text(starts[t], lens[t]);
        mips_operand *op = &v.ops[t];
        op->kind = kind;
        if (kind == MIPS_TOK_LPAREN || kind == MIPS_TOK_RPAREN || kind == MIPS_TOK_PLUS)
            continue;
        char letter = "fst"[k];
        unsigned width = letter_width(r->encoding, letter);
        uint32_t field;
        switch (kind) {
        case MIPS_TOK_REG:
        case MIPS_TOK_REGNUM:
            op->value = (int32_t)(8 + 3 * k + i % 4); /* 8..17 */
            field = (uint32_t)op->value;
            break;
        case MIPS_TOK_FREG:
            op->value = (int32_t)(1 + 9 * k + i % 5); /* 1..23 */
            field = (uint32_t)op->value;
            break;
        case MIPS_TOK_INT5:
            /* shift amounts (5 bits) and condition flags (3 bits) */
            op->value = (int32_t)(1 + i % ((1u << width) - 1));
            field = (uint32_t)op->value;
            break;
        case MIPS_TOK_INT16:
            op->value = -(int32_t)(3 + i);
            field = (uint32_t)op->value;
            break;
        case MIPS_TOK_INT16U:
            op->value = (int32_t)(0xBE00 + i);
            field = (uint32_t)op->value;
            break;
        default: /* a label */
            if (strcmp(r->format, "J") == 0) {
                op->value = (int32_t)(0x00400000 + 4 * (0x123 + i));
                field = (uint32_t)op->value >> 2;
            } else {
                int32_t off = i % 2 ? (int32_t)(7 + i) : -(int32_t)(3 + i);
                op->value = (int32_t)(VECTOR_PC + 4 + 4 * off);
                field = (uint32_t)off;
            }
            op->label = "label";
            break;
        }
        op->kind = kind == MIPS_TOK_INT5 || kind == MIPS_TOK_INT16 || kind == MIPS_TOK_INT16U
                       ? mips_int_kind(op->value)
                       : kind;
        fill_letter(bits, letter, field);
        k++;
    }
    v.word = bits_to_word(bits);
    return v;
}

static void test_table_shape(void **state)
{
    (void)state;
    assert_int_equal(mips_basic_count(), 155);
    assert_int_equal(DEF_COUNT, 155);
    /* BEHAVIOUR.md: 155 formats, 139 mnemonics. */
    unsigned distinct = 0;
    for (size_t i = 0; i < DEF_COUNT; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(mips_basic_at(i)->mnemonic, mips_basic_at(j)->mnemonic) == 0;
        distinct += !seen;
    }
    assert_int_equal(distinct, 139);
    assert_null(mips_basic_at(155));

    for (size_t i = 0; i < DEF_COUNT; i++) {
        const mips_basic *b = mips_basic_at(i);
        const def_row *r = &def_rows[i];
        assert_string_equal(b->example, r->example);
        size_t mlen = strcspn(r->example, " ");
        assert_int_equal(strlen(b->mnemonic), mlen);
        assert_memory_equal(b->mnemonic, r->example, mlen);
        assert_int_equal(b->format, strcmp(r->format, "R") == 0    ? MIPS_FMT_R
                                    : strcmp(r->format, "I") == 0  ? MIPS_FMT_I
                                    : strcmp(r->format, "IB") == 0 ? MIPS_FMT_IB
                                                                   : MIPS_FMT_J);
        /* Token kinds as this test reads the example's text. */
        const char *starts[MIPS_MAX_TOKENS];
        size_t lens[MIPS_MAX_TOKENS];
        unsigned n = example_tokens(r->example, starts, lens);
        assert_int_equal(b->token_count, n);
        unsigned operands = 0;
        for (unsigned t = 0; t < n; t++) {
            mips_tok kind = kind_of_text(starts[t], lens[t]);
            assert_int_equal(b->tokens[t], kind);
            if (kind != MIPS_TOK_LPAREN && kind != MIPS_TOK_RPAREN && kind != MIPS_TOK_PLUS)
                assert_int_equal(b->operand_token[operands++], t);
        }
        assert_int_equal(b->operand_count, operands);
        /* Match and mask straight from the string. */
        uint32_t mask = 0, match = 0;
        for (int c = 0; c < 32; c++) {
            mask = mask << 1 | (uint32_t)(r->encoding[c] == '0' || r->encoding[c] == '1');
            match = match << 1 | (uint32_t)(r->encoding[c] == '1');
        }
        assert_int_equal(b->mask, mask);
        assert_int_equal(b->match, match);
        for (unsigned k = 0; k < 3; k++)
            assert_int_equal(b->field[k].bits, letter_width(r->encoding, "fst"[k]));
        /* A template statement finds each row by its shape. */
        mips_text_token tok[MIPS_MAX_TOKENS];
        size_t ml;
        int count = mips_split_statement(r->example, &ml, tok, MIPS_MAX_TOKENS);
        assert_int_equal(count, n);
        assert_ptr_equal(mips_basic_by_shape(r->example, ml, tok, (unsigned)count), b);
        /* No two rows have the same fixed bits, so MARS's hash map (where
         * a later row would replace an earlier one) loses none. */
        for (size_t j = 0; j < i; j++)
            assert_false(mips_basic_at(j)->mask == b->mask && mips_basic_at(j)->match == b->match);
    }

    /* Fields of one row spelled out: lw $t1,-100($t2) is
     * 100011 ttttt fffff ssssssssssssssss. */
    const mips_basic *lw = row_by_example("lw $t1,-100($t2)");
    assert_int_equal(lw->operand_token[0], 0);
    assert_int_equal(lw->operand_token[1], 1);
    assert_int_equal(lw->operand_token[2], 3);
    assert_int_equal(lw->field[0].shift, 16);
    assert_int_equal(lw->field[1].shift, 0);
    assert_int_equal(lw->field[1].bits, 16);
    assert_int_equal(lw->field[2].shift, 21);
    const mips_basic *add = row_by_example("add $t1,$t2,$t3");
    assert_int_equal(add->mask, 0xFC0007FF);
    assert_int_equal(add->match, 0x00000020);
    assert_int_equal(add->field[0].shift, 11);
}

static void test_encode_every_row_from_its_bits(void **state)
{
    (void)state;
    for (size_t i = 0; i < DEF_COUNT; i++) {
        row_vector v = vector_for_row(i);
        uint32_t word = 0;
        unsigned bad = 99;
        if (!mips_encode(mips_basic_at(i), v.ops, VECTOR_PC, &word, &bad))
            fail_msg("%s: encode refused operand %u", def_rows[i].example, bad);
        if (word != v.word)
            fail_msg("%s: encoded 0x%08x, the bit string gives 0x%08x", def_rows[i].example,
                     (unsigned)word, (unsigned)v.word);
    }
}

static void test_decode_every_row(void **state)
{
    (void)state;
    for (size_t i = 0; i < DEF_COUNT; i++) {
        row_vector v = vector_for_row(i);
        const mips_basic *back = mips_decode(v.word);
        if (back != mips_basic_at(i))
            fail_msg("0x%08x (%s) decodes as %s", (unsigned)v.word, def_rows[i].example,
                     back ? back->example : "nothing");
        /* Every row disassembles under its own name. */
        char text[80];
        int n = mips_disasm(v.word, VECTOR_PC, text, sizeof text);
        assert_int_equal(n, (int)strlen(text));
        size_t mlen = strlen(back->mnemonic);
        assert_memory_equal(text, back->mnemonic, mlen);
        assert_true(text[mlen] == '\0' || text[mlen] == ' ');
    }
}

/* ---- Golden words ------------------------------------------------------ */

typedef struct golden {
    const char *example; /* the row */
    mips_operand ops[MIPS_MAX_TOKENS];
    uint32_t pc;
    uint32_t word;
    const char *text; /* MARS's Basic column */
} golden;

enum { PC = 0x00400000 };

/* Each word from the MIPS32 manual's layouts, fields written out in the
 * comment (opcode | fields | function), then checked bit by bit. */
static const golden goldens[] = {
    /* add $t0,$t1,$t2: 000000 rs=01001 rt=01010 rd=01000 00000 100000 */
    {"add $t1,$t2,$t3", {REG(8), REG(9), REG(10)}, PC, 0x012a4020, "add $8,$9,$10"},
    /* addi $t0,$t1,100: 001000 rs=01001 rt=01000 imm=0x0064 */
    {"addi $t1,$t2,-100", {REG(8), REG(9), I16U(100)}, PC, 0x21280064, "addi $8,$9,0x00000064"},
    /* addi $t0,$t1,-100: imm = 0xff9c, shown sign-extended */
    {"addi $t1,$t2,-100", {REG(8), REG(9), I16(-100)}, PC, 0x2128ff9c, "addi $8,$9,0xffffff9c"},
    /* lw $t0,4($sp): 100011 base=11101 rt=01000 offset=0x0004 */
    {"lw $t1,-100($t2)", {REG(8), I5(4), LP, REG(29), RP}, PC, 0x8fa80004,
     "lw $8,0x00000004($29)"},
    /* sw $ra,0($sp): 101011 11101 11111 0x0000 */
    {"sw $t1,-100($t2)", {REG(31), I5(0), LP, REG(29), RP}, PC, 0xafbf0000,
     "sw $31,0x00000000($29)"},
    /* lb $t0,-1($a0): 100000 00100 01000 0xffff */
    {"lb $t1,-100($t2)", {REG(8), I16(-1), LP, REG(4), RP}, PC, 0x8088ffff,
     "lb $8,0xffffffff($4)"},
    /* beq $t0,$t1,+3 words: 000100 01000 01001 0x0003; label = pc + 4 + 12 */
    {"beq $t1,$t2,label", {REG(8), REG(9), LAB(PC + 16)}, PC, 0x11090003,
     "beq $8,$9,0x00000003"},
    /* bne $t0,$zero,-4 words: 000101 01000 00000 0xfffc; label = pc + 4 - 16 */
    {"bne $t1,$t2,label", {REG(8), REG(0), LAB(PC + 0x40 + 4 - 16)}, PC + 0x40, 0x1500fffc,
     "bne $8,$0,0xfffffffc"},
    /* bgez $t0 to itself (-1): 000001 01000 00001 0xffff */
    {"bgez $t1,label", {REG(8), LAB(PC + 8)}, PC + 8, 0x0501ffff, "bgez $8,0xffffffff"},
    /* j 0x00400018: 000010 | 0x00400018 >> 2 = 0x0100006 */
    {"j target", {LAB(0x00400018)}, PC, 0x08100006, "j 0x00400018"},
    /* jal 0x00400100: 000011 | 0x0100040 */
    {"jal target", {LAB(0x00400100)}, PC + 0x20, 0x0c100040, "jal 0x00400100"},
    /* jr $ra: 000000 11111 000000000000000 001000 */
    {"jr $t1", {REG(31)}, PC, 0x03e00008, "jr $31"},
    /* syscall: function 001100, all else 0 */
    {"syscall", {{0}}, PC, 0x0000000c, "syscall"},
    /* sll $t0,$t1,2: 000000 00000 rt=01001 rd=01000 sa=00010 000000 */
    {"sll $t1,$t2,10", {REG(8), REG(9), I5(2)}, PC, 0x00094080, "sll $8,$9,0x00000002"},
    /* sra $t0,$t1,31: 000000 00000 01001 01000 11111 000011 */
    {"sra $t1,$t2,10", {REG(8), REG(9), I5(31)}, PC, 0x000947c3, "sra $8,$9,0x0000001f"},
    /* lui $t0,0x1001: 001111 00000 01000 0x1001 */
    {"lui $t1,100", {REG(8), I16U(0x1001)}, PC, 0x3c081001, "lui $8,0x00001001"},
    /* ori $t0,$t0,0xff00: 001101 01000 01000 0xff00, shown zero-extended */
    {"ori $t1,$t2,100", {REG(8), REG(8), I16U(0xff00)}, PC, 0x3508ff00,
     "ori $8,$8,0x0000ff00"},
    /* andi $t0,$t1,0xffff: 001100 01001 01000 0xffff */
    {"andi $t1,$t2,100", {REG(8), REG(9), I16U(0xffff)}, PC, 0x3128ffff,
     "andi $8,$9,0x0000ffff"},
    /* sltiu $t0,$t1,-1: 001011 01001 01000 0xffff, sign-extended like slti */
    {"sltiu $t1,$t2,-100", {REG(8), REG(9), I16(-1)}, PC, 0x2d28ffff,
     "sltiu $8,$9,0xffffffff"},
    /* slt $t0,$t1,$t2: 000000 01001 01010 01000 00000 101010 */
    {"slt $t1,$t2,$t3", {REG(8), REG(9), REG(10)}, PC, 0x012a402a, "slt $8,$9,$10"},
    /* mult $t0,$t1: 000000 01000 01001 00000 00000 011000 */
    {"mult $t1,$t2", {REG(8), REG(9)}, PC, 0x01090018, "mult $8,$9"},
    /* mflo $t0: 000000 00000 00000 01000 00000 010010 */
    {"mflo $t1", {REG(8)}, PC, 0x00004012, "mflo $8"},
    /* add.s $f0,$f1,$f2: 010001 fmt=10000 ft=00010 fs=00001 fd=00000 000000 */
    {"add.s $f0,$f1,$f3", {FR(0), FR(1), FR(2)}, PC, 0x46020800, "add.s $f0,$f1,$f2"},
    /* c.eq.d 2,$f2,$f4: 010001 10001 ft=00100 fs=00010 cc=010 00 11 0010 */
    {"c.eq.d 1,$f2,$f4", {I5(2), FR(2), FR(4)}, PC, 0x46241232,
     "c.eq.d 0x00000002,$f2,$f4"},
    /* bc1t 1,label (+2 words): 010001 01000 cc=001 nd=0 tf=1 0x0002 */
    {"bc1t 1,label", {I5(1), LAB(PC + 12)}, PC, 0x45050002, "bc1t 0x00000001,0x00000002"},
    /* lwc1 $f2,8($sp): 110001 11101 00010 0x0008 */
    {"lwc1 $f1,-100($t2)", {FR(2), I5(8), LP, REG(29), RP}, PC, 0xc7a20008,
     "lwc1 $f2,0x00000008($29)"},
    /* mfc1 $t0,$f12: 010001 00000 rt=01000 fs=01100 00000000000 */
    {"mfc1 $t1,$f1", {REG(8), FR(12)}, PC, 0x44086000, "mfc1 $8,$f12"},
    /* cvt.w.s $f0,$f12: 010001 10000 00000 fs=01100 fd=00000 100100 */
    {"cvt.w.s $f0,$f1", {FR(0), FR(12)}, PC, 0x46006024, "cvt.w.s $f0,$f12"},
    /* movn.s $f0,$f2,$t0: 010001 10000 rt=01000 fs=00010 fd=00000 010011 */
    {"movn.s $f0,$f1,$t3", {FR(0), FR(2), REG(8)}, PC, 0x46081013, "movn.s $f0,$f2,$8"},
    /* break 5: 000000 code(20 bits)=5 001101 */
    {"break 100", {I5(5)}, PC, 0x0000014d, "break 0x00000005"},
    /* teqi $t0,-7: 000001 rs=01000 01100 0xfff9 */
    {"teqi $t1,-100", {REG(8), I16(-7)}, PC, 0x050cfff9, "teqi $8,0xfffffff9"},
    /* eret: 010000 1 (19 zeros) 011000 */
    {"eret", {{0}}, PC, 0x42000018, "eret"},
    /* mfc0 $k0,$13: 010000 00000 rt=11010 rd=01101 00000000000 */
    {"mfc0 $t1,$8", {REG(26), NUM(13)}, PC, 0x401a6800, "mfc0 $26,$13"},
    /* jalr $t0,$t1: 000000 rs=01001 00000 rd=01000 00000 001001 */
    {"jalr $t1,$t2", {REG(8), REG(9)}, PC, 0x01204009, "jalr $8,$9"},
};

static void test_golden_words(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof goldens / sizeof goldens[0]; i++) {
        const golden *g = &goldens[i];
        const mips_basic *b = row_by_example(g->example);
        uint32_t word = 0;
        unsigned bad = 99;
        assert_true(mips_encode(b, g->ops, g->pc, &word, &bad));
        if (word != g->word)
            fail_msg("%s: 0x%08x, expected 0x%08x", g->text, (unsigned)word, (unsigned)g->word);
        assert_ptr_equal(mips_decode(g->word), b);
        char text[80];
        mips_disasm(g->word, g->pc, text, sizeof text);
        assert_string_equal(text, g->text);
    }
}

/* ---- Words two formats share: what MARS shows -------------------------- */

typedef struct shared_word {
    uint32_t word;
    const char *row;  /* the format MARS's findByBinaryCode picks */
    const char *text;
} shared_word;

static const shared_word shared_words[] = {
    {0x00000000, "nop", "nop"},                     /* not sll $0,$0,0 */
    {0x0000000d, "break", "break"},                 /* not break 0 (earlier in the table) */
    {0x0120f809, "jalr $t1", "jalr $9"},            /* rd 31: not jalr $31,$9 (earlier) */
    {0x01204001, "movf $t1,$t2", "movf $8,$9"},     /* cc 0 */
    {0x01284001, "movf $t1,$t2,1", "movf $8,$9,0x00000002"},
    {0x01214001, "movt $t1,$t2", "movt $8,$9"},
    {0x45010003, "bc1t label", "bc1t 0x00000003"},  /* cc 0 */
    {0x4500fffe, "bc1f label", "bc1f 0xfffffffe"},
    {0x46020832, "c.eq.s $f0,$f1", "c.eq.s $f1,$f2"}, /* cc 0 */
    {0x46020b32, "c.eq.s 1,$f0,$f1", "c.eq.s 0x00000003,$f1,$f2"},
    {0x46201051, "movf.d $f2,$f4", "movf.d $f1,$f2"},
};

static void test_shared_words(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof shared_words / sizeof shared_words[0]; i++) {
        const shared_word *s = &shared_words[i];
        const mips_basic *b = mips_decode(s->word);
        assert_non_null(b);
        if (strcmp(b->example, s->row) != 0)
            fail_msg("0x%08x decodes as \"%s\", MARS shows \"%s\"", (unsigned)s->word, b->example,
                     s->row);
        char text[80];
        mips_disasm(s->word, PC, text, sizeof text);
        assert_string_equal(text, s->text);
    }
    /* Encoding the wider form with the default value gives the same word. */
    uint32_t w;
    unsigned bad;
    assert_true(mips_encode(row_by_example("sll $t1,$t2,10"),
                            (mips_operand[]){REG(0), REG(0), I5(0)}, PC, &w, &bad));
    assert_int_equal(w, 0);
    assert_true(mips_encode(row_by_example("jalr $t1,$t2"),
                            (mips_operand[]){REG(31), REG(9)}, PC, &w, &bad));
    assert_ptr_equal(mips_decode(w), row_by_example("jalr $t1"));
    assert_true(mips_encode(row_by_example("bc1t 1,label"),
                            (mips_operand[]){I5(0), LAB(PC + 16)}, PC, &w, &bad));
    assert_ptr_equal(mips_decode(w), row_by_example("bc1t label"));
}

static void test_disasm_details(void **state)
{
    (void)state;
    char text[80];
    /* opcode 0x3f is no instruction; neither is SPECIAL function 0x3f. */
    assert_int_equal(mips_disasm(0xfc000000, PC, text, sizeof text), 16);
    assert_string_equal(text, ".word 0xfc000000");
    assert_null(mips_decode(0x0000003f));
    /* A jump keeps the top 4 bits of its own address. */
    mips_disasm(0x08000060, 0x80000180, text, sizeof text);
    assert_string_equal(text, "j 0x80000180");
    /* Truncation is safe and the length is still the whole text's. */
    assert_int_equal(mips_disasm(0x8fa80004, PC, text, 5), 21);
    assert_string_equal(text, "lw $");
    assert_int_equal(mips_disasm(0x8fa80004, PC, NULL, 0), 21);
}

/* ---- Encoding limits ---------------------------------------------------- */

static void test_branch_and_jump_reach(void **state)
{
    (void)state;
    const mips_basic *beq = row_by_example("beq $t1,$t2,label");
    uint32_t w;
    unsigned bad = 99;
    /* 2^15 - 1 words ahead fits; -2^15 too. */
    assert_true(mips_encode(beq, (mips_operand[]){REG(8), REG(9), LAB(PC + 4 + 4 * 32767)}, PC,
                            &w, &bad));
    assert_int_equal(w, 0x11097fff);
    assert_true(mips_encode(beq, (mips_operand[]){REG(8), REG(9), LAB(PC + 4)}, PC + 4 * 32768,
                            &w, &bad));
    assert_int_equal(w, 0x11098000);
    /* 2^15 words: MARS keeps the low 16 bits without a word of warning
     * (ProgramStatement.insertBinaryCode), so the branch goes backwards. */
    assert_true(mips_encode(beq, (mips_operand[]){REG(8), REG(9), LAB(PC + 4 + 4 * 32768)}, PC,
                            &w, &bad));
    assert_int_equal(w, 0x11098000);
    /* An integer in the label's place is a word offset (BROFF expansions). */
    assert_true(mips_encode(beq, (mips_operand[]){REG(1), REG(0), I5(12)}, PC, &w, &bad));
    assert_int_equal(w, 0x1020000c);

    /* A jump stays in its 256 MB region: "Jump target word address beyond
     * 26-bit range". */
    const mips_basic *j = row_by_example("j target");
    assert_true(mips_encode(j, (mips_operand[]){LAB(0x0ffffffc)}, PC, &w, &bad));
    assert_int_equal(w, 0x0bffffff);
    assert_false(mips_encode(j, (mips_operand[]){LAB(0x10000000)}, PC, &w, &bad));
    assert_int_equal(bad, 0);
    assert_true(mips_encode(j, (mips_operand[]){LAB(0x80000200)}, 0x80000180, &w, &bad));
    assert_int_equal(w, 0x08000080);
    const mips_basic *jal = row_by_example("jal target");
    assert_false(mips_encode(jal, (mips_operand[]){LAB(0x00400000)}, 0x80000000, &w, &bad));

    /* Other fields keep their low bits, as MARS does: the matcher has
     * already refused values out of range. */
    assert_true(mips_encode(row_by_example("sll $t1,$t2,10"),
                            (mips_operand[]){REG(8), REG(9), I16U(33)}, PC, &w, &bad));
    assert_int_equal(w, 0x00094040);
}

/* What MARS's statement keeps beside the word: the whole branch offset,
 * the value a template gave, shown so in its Basic column. */
static void test_shown_values(void **state)
{
    (void)state;
    const mips_basic *beq = row_by_example("beq $t1,$t2,label");
    uint32_t w;
    unsigned bad = 99;
    int32_t shown = 0;
    assert_true(mips_encode_shown(beq, (mips_operand[]){REG(8), REG(9), LAB(PC + 4 + 4 * 40000)},
                                  PC, &w, &bad, &shown));
    assert_int_equal(w, 0x11099c40);
    assert_int_equal(shown, 40000);
    char text[64];
    mips_disasm_shown(w, PC, &shown, text, sizeof text);
    assert_string_equal(text, "beq $8,$9,0x00009c40");
    mips_disasm(w, PC, text, sizeof text);
    assert_string_equal(text, "beq $8,$9,0xffff9c40"); /* the word alone */
    /* li $t0,-65536 makes lui $1,-1: the field is 0xffff, the value -1. */
    const mips_basic *lui = row_by_example("lui $t1,100");
    assert_true(mips_encode_shown(lui, (mips_operand[]){REG(1), I16(-1)}, PC, &w, &bad, &shown));
    assert_int_equal(w, 0x3c01ffff);
    assert_int_equal(shown, -1);
    mips_disasm_shown(w, PC, &shown, text, sizeof text);
    assert_string_equal(text, "lui $1,0xffffffff");
    /* A jump keeps its target address. */
    assert_true(mips_encode_shown(row_by_example("j target"), (mips_operand[]){LAB(0x00400010)},
                                  PC, &w, &bad, &shown));
    assert_int_equal(shown, 0x00400010);
}

/* ---- Table statements, registers, integer kinds ------------------------- */

static void test_split_statement(void **state)
{
    (void)state;
    mips_text_token t[MIPS_MAX_TOKENS];
    size_t ml = 0;
    assert_int_equal(mips_split_statement("lw $t1,-100($t2)", &ml, t, MIPS_MAX_TOKENS), 5);
    assert_int_equal(ml, 2);
    assert_int_equal(t[0].kind, MIPS_TOK_REG);
    assert_int_equal(t[0].value, 9);
    assert_int_equal(t[1].kind, MIPS_TOK_INT16);
    assert_int_equal(t[1].value, -100);
    assert_int_equal(t[2].kind, MIPS_TOK_LPAREN);
    assert_int_equal(t[3].value, 10);
    assert_int_equal(t[4].kind, MIPS_TOK_RPAREN);

    assert_int_equal(mips_split_statement("lw RG1,0(RG3)", &ml, t, MIPS_MAX_TOKENS), 5);
    assert_int_equal(t[0].kind, MIPS_TOK_IDENT);
    assert_int_equal(t[0].len, 3);
    assert_memory_equal(t[0].text, "RG1", 3);
    assert_int_equal(t[1].kind, MIPS_TOK_INT5);
    assert_int_equal(t[3].kind, MIPS_TOK_IDENT);
    assert_memory_equal(t[3].text, "RG3)", 4);
    assert_int_equal(t[3].len, 3);

    assert_int_equal(mips_split_statement("lw RG1, VL2($0)", &ml, t, MIPS_MAX_TOKENS), 5);
    assert_int_equal(t[1].kind, MIPS_TOK_IDENT);
    assert_int_equal(t[1].len, 3);
    assert_int_equal(t[3].kind, MIPS_TOK_REGNUM);
    assert_int_equal(t[3].value, 0);

    assert_int_equal(mips_split_statement("beq $1,$0, BROFF12", &ml, t, MIPS_MAX_TOKENS), 3);
    assert_int_equal(t[0].kind, MIPS_TOK_REGNUM);
    assert_int_equal(t[0].value, 1);
    assert_int_equal(t[2].kind, MIPS_TOK_IDENT);
    assert_int_equal(t[2].len, 7);

    assert_int_equal(mips_split_statement("c.eq.s 1,$f0,$f1", &ml, t, MIPS_MAX_TOKENS), 3);
    assert_int_equal(ml, 6);
    assert_int_equal(t[0].kind, MIPS_TOK_INT5);
    assert_int_equal(t[2].kind, MIPS_TOK_FREG);
    assert_int_equal(t[2].value, 1);
    assert_int_equal(mips_split_statement("cvt.d.w $f2,$f1", &ml, t, MIPS_MAX_TOKENS), 2);
    assert_int_equal(ml, 7);
    assert_int_equal(mips_split_statement("mfc1.d $t1,$f2", &ml, t, MIPS_MAX_TOKENS), 2);
    assert_int_equal(ml, 6);

    assert_int_equal(mips_split_statement("lw $t1,label+100000($t2)", &ml, t, 7), 7);
    assert_int_equal(t[1].kind, MIPS_TOK_IDENT);
    assert_int_equal(t[2].kind, MIPS_TOK_PLUS);
    assert_int_equal(t[3].kind, MIPS_TOK_INT32);
    assert_int_equal(t[3].value, 100000);
    assert_int_equal(mips_split_statement("lw $t1,label+100000($t2)", &ml, t, 6), -1);

    assert_int_equal(mips_split_statement("DBNOP", &ml, t, MIPS_MAX_TOKENS), 0);
    assert_int_equal(ml, 5);
    assert_int_equal(mips_split_statement("nop", &ml, t, MIPS_MAX_TOKENS), 0);
    assert_int_equal(mips_split_statement("addi $1, $0, 0x10 ; sub", &ml, t, 7), 3);
    assert_int_equal(t[2].kind, MIPS_TOK_INT5);
    assert_int_equal(t[2].value, 16);
    assert_int_equal(mips_split_statement("li $1, -1", &ml, t, 7), 2);
    assert_int_equal(t[1].kind, MIPS_TOK_INT16);
    assert_int_equal(mips_split_statement("li $1, 0xFFFFFFFF", &ml, t, 7), 2);
    assert_int_equal(t[1].value, -1); /* a hex bit pattern, as MARS reads it */

    assert_int_equal(mips_split_statement("add $t1,$t99", &ml, t, 7), -1);
    assert_int_equal(mips_split_statement("add $t1,#3", &ml, t, 7), -1);
    assert_int_equal(mips_split_statement(" add", &ml, t, 7), -1);
    assert_int_equal(mips_split_statement("li $1,99999999999", &ml, t, 7), -1);
}

static void test_registers(void **state)
{
    (void)state;
    static const char *const names[32] = {
        "$zero", "$at", "$v0", "$v1", "$a0", "$a1", "$a2", "$a3", "$t0", "$t1", "$t2",
        "$t3",   "$t4", "$t5", "$t6", "$t7", "$s0", "$s1", "$s2", "$s3", "$s4", "$s5",
        "$s6",   "$s7", "$t8", "$t9", "$k0", "$k1", "$gp", "$sp", "$fp", "$ra",
    };
    bool num, flt;
    for (int r = 0; r < 32; r++) {
        assert_int_equal(mips_register(names[r], strlen(names[r]), &num, &flt), r);
        assert_false(num);
        assert_false(flt);
        char text[8];
        snprintf(text, sizeof text, "$%d", r);
        assert_int_equal(mips_register(text, strlen(text), &num, &flt), r);
        assert_true(num);
        assert_false(flt);
        snprintf(text, sizeof text, "$f%d", r);
        assert_int_equal(mips_register(text, strlen(text), &num, &flt), r);
        assert_false(num);
        assert_true(flt);
    }
    assert_int_equal(mips_register("$32", 3, &num, &flt), -1);
    assert_int_equal(mips_register("$f32", 4, &num, &flt), -1);
    assert_int_equal(mips_register("$T0", 3, &num, &flt), -1); /* names are case-sensitive */
    assert_int_equal(mips_register("$F0", 3, &num, &flt), -1);
    assert_int_equal(mips_register("t0", 2, &num, &flt), -1);
    assert_int_equal(mips_register("$-1", 3, &num, &flt), -1);
    assert_int_equal(mips_register("$t0x", 4, &num, &flt), -1);
    assert_int_equal(mips_register("$t0,", 3, &num, &flt), 8); /* only len bytes count */
    /* stringToInt after '$': octal, hex, and the digits fallback. */
    assert_int_equal(mips_register("$010", 4, &num, &flt), 8);
    assert_true(num);
    assert_int_equal(mips_register("$08", 3, &num, &flt), 8);
    assert_int_equal(mips_register("$0x1f", 5, &num, &flt), 31);
    assert_int_equal(mips_register("$4294967304", 11, &num, &flt), 8); /* wraps mod 2^32 */
    /* $f with a non-canonical number: MARS cannot build it either. */
    assert_int_equal(mips_register("$f08", 4, &num, &flt), -1);
    assert_false(flt);
}

static void test_int_kinds(void **state)
{
    (void)state;
    assert_int_equal(mips_int_kind(0), MIPS_TOK_INT5);
    assert_int_equal(mips_int_kind(31), MIPS_TOK_INT5);
    assert_int_equal(mips_int_kind(32), MIPS_TOK_INT16U);
    assert_int_equal(mips_int_kind(32767), MIPS_TOK_INT16U);
    assert_int_equal(mips_int_kind(65535), MIPS_TOK_INT16U);
    assert_int_equal(mips_int_kind(65536), MIPS_TOK_INT32);
    assert_int_equal(mips_int_kind(-1), MIPS_TOK_INT16);
    assert_int_equal(mips_int_kind(-32768), MIPS_TOK_INT16);
    assert_int_equal(mips_int_kind(-32769), MIPS_TOK_INT32);
    assert_int_equal(mips_int_kind(INT32_MIN), MIPS_TOK_INT32);
}

/* ---- Choosing a format (needs the pseudo table of mips_pseudo.c) -------- */

/* The chosen form's example, "basic:" or "pseudo:" first. */
static const char *chosen(mips_match m, char *buf, size_t size)
{
    if (m.form.basic)
        snprintf(buf, size, "basic:%s", m.form.basic->example);
    else if (m.form.pseudo)
        snprintf(buf, size, "pseudo:%s", m.form.pseudo->example);
    else
        snprintf(buf, size, "none");
    return buf;
}

#define MATCH(mn, pseudo_ok, ...)                                                    \
    mips_match_operands(mn, strlen(mn), (mips_operand[]){__VA_ARGS__},             \
                        sizeof((mips_operand[]){__VA_ARGS__}) / sizeof(mips_operand), \
                        pseudo_ok)

static void assert_choice(mips_match m, const char *form, mips_mismatch why, unsigned bad)
{
    char buf[80];
    assert_string_equal(chosen(m, buf, sizeof buf), form);
    assert_int_equal(m.why, why);
    if (why != MIPS_MATCH_OK)
        assert_int_equal(m.bad_token, bad);
}

static void test_match_widenings(void **state)
{
    (void)state;
    assert_choice(MATCH("add", true, REG(8), REG(9), REG(10)), "basic:add $t1,$t2,$t3",
                  MIPS_MATCH_OK, 0);
    assert_choice(MATCH("ADD", true, REG(8), REG(9), REG(10)), "basic:add $t1,$t2,$t3",
                  MIPS_MATCH_OK, 0);
    assert_choice(MATCH("aDd", true, NUM(8), NUM(9), NUM(10)), "basic:add $t1,$t2,$t3",
                  MIPS_MATCH_OK, 0); /* a number where the example has a name */
    /* a name where the example has a number ($8 of mfc0) */
    assert_choice(MATCH("mfc0", true, REG(8), REG(12)), "basic:mfc0 $t1,$8", MIPS_MATCH_OK, 0);
    assert_choice(MATCH("mfc0", true, REG(8), NUM(12)), "basic:mfc0 $t1,$8", MIPS_MATCH_OK, 0);
    assert_choice(MATCH("mfc0", true, REG(8), FR(12)), "basic:mfc0 $t1,$8",
                  MIPS_MATCH_WRONG_TYPE, 1);
    /* INT5 goes where INT16, INT16U or INT32 is written */
    assert_choice(MATCH("addi", true, REG(8), REG(9), I5(5)), "basic:addi $t1,$t2,-100",
                  MIPS_MATCH_OK, 0);
    assert_choice(MATCH("andi", true, REG(8), REG(9), I5(5)), "basic:andi $t1,$t2,100",
                  MIPS_MATCH_OK, 0);
    assert_choice(MATCH("li", true, REG(8), I5(5)), "pseudo:li $t1,-100", MIPS_MATCH_OK, 0);
    /* INT16U where INT16 is written: only up to 32767 */
    assert_choice(MATCH("addi", true, REG(8), REG(9), I16U(32767)), "basic:addi $t1,$t2,-100",
                  MIPS_MATCH_OK, 0);
    assert_choice(MATCH("addi", true, REG(8), REG(9), I16U(40000)),
                  "pseudo:addi $t1,$t2,100000", MIPS_MATCH_OK, 0);
    assert_choice(MATCH("lw", true, REG(8), I16U(40000), LP, REG(29), RP),
                  "pseudo:lw $t1,100($t2)", MIPS_MATCH_OK, 0);
    assert_choice(MATCH("lw", true, REG(8), I5(4), LP, REG(29), RP), "basic:lw $t1,-100($t2)",
                  MIPS_MATCH_OK, 0);
    /* INT16 where INT16U is written: only 0..65535 (a crafted kind: real
     * negative numbers are never in range) */
    assert_choice(MATCH("andi", true, REG(8), REG(9), I16(100)), "basic:andi $t1,$t2,100",
                  MIPS_MATCH_OK, 0);
    assert_choice(MATCH("andi", true, REG(8), REG(9), I16(-1)), "pseudo:andi $t1,$t2,100000",
                  MIPS_MATCH_OK, 0);
    assert_choice(MATCH("andi", true, REG(8), REG(9), I16U(0xFFFF)), "basic:andi $t1,$t2,100",
                  MIPS_MATCH_OK, 0);
    /* INT32 takes INT16U and INT16 */
    assert_choice(MATCH("addi", true, REG(8), REG(9), I32(100000)),
                  "pseudo:addi $t1,$t2,100000", MIPS_MATCH_OK, 0);
    assert_choice(MATCH("li", true, REG(8), I16U(40000)), "pseudo:li $t1,100", MIPS_MATCH_OK, 0);
    assert_choice(MATCH("li", true, REG(8), I32(-40000)), "pseudo:li $t1,100000",
                  MIPS_MATCH_OK, 0);
    /* basic first, then pseudo: add with an immediate becomes addi's pseudo */
    assert_choice(MATCH("add", true, REG(8), REG(9), I5(5)), "pseudo:add $t1,$t2,-100",
                  MIPS_MATCH_OK, 0);
    assert_choice(MATCH("add", true, REG(8), REG(9), I32(100000)),
                  "pseudo:add $t1,$t2,100000", MIPS_MATCH_OK, 0);
}

static void test_match_errors(void **state)
{
    (void)state;
    /* None matches: the first candidate's check is the message. */
    assert_choice(MATCH("add", true, REG(8), REG(9)), "basic:add $t1,$t2,$t3",
                  MIPS_MATCH_TOO_FEW, 0);
    assert_choice(MATCH("add", true, REG(8), REG(9), REG(10), REG(11)), "basic:add $t1,$t2,$t3",
                  MIPS_MATCH_TOO_MANY, 0);
    assert_choice(MATCH("add", true, REG(8), REG(9), FR(2)), "basic:add $t1,$t2,$t3",
                  MIPS_MATCH_WRONG_TYPE, 2);
    assert_choice(MATCH("li", true, REG(8), I5(1), I5(2)), "pseudo:li $t1,-100",
                  MIPS_MATCH_TOO_MANY, 0);
    /* One candidate: its check, whatever it says. */
    assert_choice(MATCH("sll", true, REG(8), REG(9), I16U(40)), "basic:sll $t1,$t2,10",
                  MIPS_MATCH_OUT_OF_RANGE, 2);
    assert_choice(MATCH("sll", true, REG(8), REG(9), I16(-1)), "basic:sll $t1,$t2,10",
                  MIPS_MATCH_OUT_OF_RANGE, 2);
    assert_choice(MATCH("sll", true, REG(8), REG(9), I32(100000)), "basic:sll $t1,$t2,10",
                  MIPS_MATCH_OUT_OF_RANGE, 2);
    assert_choice(MATCH("jr", true, FR(0)), "basic:jr $t1", MIPS_MATCH_WRONG_TYPE, 0);
    assert_choice(MATCH("j", true, I5(5)), "basic:j target", MIPS_MATCH_WRONG_TYPE, 0);
    assert_choice(MATCH("lui", true, REG(8), I16(-1)), "basic:lui $t1,100",
                  MIPS_MATCH_OUT_OF_RANGE, 1);
    assert_choice(MATCH("lui", true, REG(8), I32(65536)), "basic:lui $t1,100",
                  MIPS_MATCH_OUT_OF_RANGE, 1);
    /* a real number, a string, '-': never the right type */
    assert_choice(MATCH("li", true, REG(8), {MIPS_TOK_OTHER, 0, NULL}), "pseudo:li $t1,-100",
                  MIPS_MATCH_WRONG_TYPE, 1);
    /* punctuation counts as tokens */
    assert_choice(MATCH("jr", true, LP, REG(8), RP), "basic:jr $t1", MIPS_MATCH_TOO_MANY, 0);
    /* no format at all */
    mips_match m = MATCH("foo", true, REG(8));
    assert_null(m.form.basic);
    assert_null(m.form.pseudo);
}

static void test_match_without_pseudo(void **state)
{
    (void)state;
    /* MARS chooses first and refuses after: the pseudo format still wins. */
    mips_match m = MATCH("add", false, REG(8), REG(9), I5(5));
    assert_choice(m, "pseudo:add $t1,$t2,-100", MIPS_MATCH_OK, 0);
    assert_true(m.not_allowed);
    m = MATCH("ori", false, REG(8), REG(0), I16(-3));
    assert_choice(m, "pseudo:ori $t1,$t2,100000", MIPS_MATCH_OK, 0);
    assert_true(m.not_allowed);
    m = MATCH("li", false, REG(8));
    assert_choice(m, "pseudo:li $t1,-100", MIPS_MATCH_TOO_FEW, 0);
    assert_true(m.not_allowed); /* both messages */
    m = MATCH("add", false, REG(8), REG(9), REG(10));
    assert_choice(m, "basic:add $t1,$t2,$t3", MIPS_MATCH_OK, 0);
    assert_false(m.not_allowed);
    m = MATCH("add", false, REG(8), REG(9));
    assert_choice(m, "basic:add $t1,$t2,$t3", MIPS_MATCH_TOO_FEW, 0);
    assert_false(m.not_allowed);
    m = MATCH("add", true, REG(8), REG(9), I5(5));
    assert_false(m.not_allowed);
}

static void test_mnemonics(void **state)
{
    (void)state;
    assert_true(mips_is_mnemonic("add", 3));
    assert_true(mips_is_mnemonic("ADD", 3));
    assert_true(mips_is_mnemonic("c.eq.s", 6));
    assert_true(mips_is_mnemonic("C.EQ.S", 6));
    assert_true(mips_is_mnemonic("addx", 3)); /* only len bytes count */
    assert_true(mips_is_mnemonic("li", 2));   /* pseudo only */
    assert_true(mips_is_mnemonic("mfc1.d", 6));
    assert_false(mips_is_mnemonic("addx", 4));
    assert_false(mips_is_mnemonic("ad", 2));
    assert_false(mips_is_mnemonic("foo", 3));
    assert_false(mips_is_mnemonic("", 0));
    assert_false(mips_is_mnemonic("li.s", 4)); /* MARS has no li.s */
    /* Numbered alike in any case, distinct per mnemonic, 0 for none. */
    unsigned add = mips_mnemonic_id("add", 3);
    assert_true(add != 0);
    assert_int_equal(mips_mnemonic_id("ADD", 3), add);
    assert_true(mips_mnemonic_id("li", 2) != add);
    assert_int_equal(mips_mnemonic_id("foo", 3), 0);
    /* Matching by number is matching by name. */
    mips_operand ops[] = {{MIPS_TOK_REG, 8, NULL}, {MIPS_TOK_INT16, -3, NULL}};
    mips_match by_name = mips_match_operands("li", 2, ops, 2, true);
    mips_match by_id = mips_match_mnemonic(mips_mnemonic_id("li", 2), ops, 2, true);
    assert_ptr_equal(by_id.form.pseudo, by_name.form.pseudo);
    assert_int_equal(by_id.why, MIPS_MATCH_OK);
    assert_null(mips_match_mnemonic(0, ops, 2, true).form.pseudo);
}

/* ---- Roles -------------------------------------------------------------- */

/* A sample of rows with their roles written out by hand from MIPS's
 * definitions, independently of the .def's roles column. */
static const struct {
    const char *example;
    unsigned roles;
} role_sample[] = {
    {"nop", 0},
    {"add $t1,$t2,$t3", MIPS_WRITES_F},
    {"lui $t1,100", MIPS_WRITES_F},
    {"mult $t1,$t2", MIPS_WRITES_HILO},
    {"mul $t1,$t2,$t3", MIPS_WRITES_F | MIPS_WRITES_HILO},
    {"mthi $t1", MIPS_WRITES_HILO},
    {"lw $t1,-100($t2)", MIPS_WRITES_F | MIPS_LOAD | MIPS_BYTES(4)},
    {"lwl $t1,-100($t2)", MIPS_WRITES_F | MIPS_LOAD | MIPS_BYTES(4) | MIPS_PARTIAL},
    {"lbu $t1,-100($t2)", MIPS_WRITES_F | MIPS_LOAD | MIPS_BYTES(1)},
    {"sw $t1,-100($t2)", MIPS_STORE | MIPS_BYTES(4)},
    {"swr $t1,-100($t2)", MIPS_STORE | MIPS_BYTES(4) | MIPS_PARTIAL},
    {"sh $t1,-100($t2)", MIPS_STORE | MIPS_BYTES(2)},
    {"sc $t1,-100($t2)", MIPS_WRITES_F | MIPS_STORE | MIPS_BYTES(4)},
    {"sdc1 $f2,-100($t2)", MIPS_COP1 | MIPS_STORE | MIPS_BYTES(8)},
    {"lwc1 $f1,-100($t2)", MIPS_WRITES_FPR | MIPS_COP1 | MIPS_LOAD | MIPS_BYTES(4)},
    {"beq $t1,$t2,label", MIPS_BRANCH},
    {"bgezal $t1,label", MIPS_BRANCH | MIPS_LINKS | MIPS_WRITES_RA},
    {"bc1t 1,label", MIPS_BRANCH | MIPS_COP1},
    {"j target", MIPS_JUMP},
    {"jr $t1", MIPS_JUMP | MIPS_VIA_REG},
    {"jal target", MIPS_CALL | MIPS_LINKS | MIPS_WRITES_RA},
    {"jalr $t1,$t2", MIPS_CALL | MIPS_LINKS | MIPS_VIA_REG | MIPS_WRITES_F},
    {"jalr $t1", MIPS_CALL | MIPS_LINKS | MIPS_VIA_REG | MIPS_WRITES_RA},
    {"syscall", MIPS_SYSCALL},
    {"break", 0},
    {"teq $t1,$t2", 0},
    {"eret", 0},
    {"mfc0 $t1,$8", MIPS_WRITES_F | MIPS_COP0},
    {"mtc0 $t1,$8", MIPS_COP0},
    {"mfc1 $t1,$f1", MIPS_WRITES_F | MIPS_COP1},
    {"mtc1 $t1,$f1", MIPS_WRITES_FPR | MIPS_COP1},
    {"movf $t1,$t2", MIPS_WRITES_F},
    {"add.d $f2,$f4,$f6", MIPS_WRITES_FPR | MIPS_COP1},
    {"c.eq.s $f0,$f1", MIPS_COP1},
};

static void test_roles_sample(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof role_sample / sizeof role_sample[0]; i++)
        if (row_by_example(role_sample[i].example)->roles != role_sample[i].roles)
            fail_msg("%s: roles 0x%x, expected 0x%x", role_sample[i].example,
                     row_by_example(role_sample[i].example)->roles, role_sample[i].roles);
}

static bool has_token(const mips_basic *b, mips_tok kind)
{
    for (unsigned t = 0; t < b->token_count; t++)
        if (b->tokens[t] == kind)
            return true;
    return false;
}

static void test_roles_invariants(void **state)
{
    (void)state;
    const unsigned flow = MIPS_CALL | MIPS_JUMP | MIPS_BRANCH;
    for (size_t i = 0; i < mips_basic_count(); i++) {
        const mips_basic *b = mips_basic_at(i);
        unsigned r = b->roles, bytes = MIPS_ROLE_BYTES(r);
        const char *ex = b->example;
        if ((r & MIPS_CALL) && !(r & MIPS_LINKS))
            fail_msg("%s: a call that leaves no return address", ex);
        if ((r & MIPS_LINKS) && !(r & (MIPS_WRITES_RA | MIPS_WRITES_F)))
            fail_msg("%s: links without writing a register", ex);
        if ((r & flow) & ((r & flow) - 1))
            fail_msg("%s: more than one of call, jump, branch", ex);
        if (r & MIPS_RETURN)
            fail_msg("%s: a return is derived from the register, never in the table", ex);
        if (((r & MIPS_BRANCH) != 0) != (b->format == MIPS_FMT_IB))
            fail_msg("%s: branches are exactly the IB rows", ex);
        if ((((r & (MIPS_CALL | MIPS_JUMP)) && !(r & MIPS_VIA_REG)) != 0) !=
            (b->format == MIPS_FMT_J))
            fail_msg("%s: jumps to a label are exactly the J rows", ex);
        if ((r & MIPS_VIA_REG) && !(r & (MIPS_CALL | MIPS_JUMP)))
            fail_msg("%s: jumps through a register but is no jump", ex);
        if ((r & MIPS_VIA_REG) && !has_token(b, MIPS_TOK_REG))
            fail_msg("%s: jumps through a register it does not name", ex);
        if ((r & MIPS_STORE) && (r & MIPS_WRITES_F) && strcmp(b->mnemonic, "sc") != 0)
            fail_msg("%s: a store writes no register (only sc reports in its own)", ex);
        if ((r & MIPS_STORE) && (r & (MIPS_WRITES_RA | MIPS_WRITES_HILO | MIPS_WRITES_FPR)))
            fail_msg("%s: a store writes no register", ex);
        if ((r & MIPS_LOAD) && (r & MIPS_STORE))
            fail_msg("%s: both a load and a store", ex);
        bool memory = (r & (MIPS_LOAD | MIPS_STORE)) != 0;
        if (memory != (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8) ||
            (!memory && bytes))
            fail_msg("%s: loads and stores, and only they, have a size", ex);
        if (memory && !(b->token_count == 5 && b->tokens[2] == MIPS_TOK_LPAREN &&
                        b->tokens[3] == MIPS_TOK_REG && b->tokens[4] == MIPS_TOK_RPAREN))
            fail_msg("%s: memory is reached through offset(base)", ex);
        if ((r & MIPS_PARTIAL) && (!memory || bytes != 4))
            fail_msg("%s: only word loads and stores are partial", ex);
        if ((r & MIPS_WRITES_F) && (b->operand_count == 0 || b->tokens[0] != MIPS_TOK_REG))
            fail_msg("%s: writes its first operand, which is no general register", ex);
        if ((r & MIPS_WRITES_FPR) && !(r & MIPS_COP1))
            fail_msg("%s: writes an $f register outside the coprocessor", ex);
        if (has_token(b, MIPS_TOK_FREG) && !(r & MIPS_COP1))
            fail_msg("%s: names an $f register outside the coprocessor", ex);
        if (((b->match >> 26) == 0x11) != ((r & MIPS_COP1) && !memory))
            fail_msg("%s: the coprocessor's opcode and its role disagree", ex);
        if ((r & MIPS_SYSCALL) && strcmp(b->mnemonic, "syscall") != 0)
            fail_msg("%s: only syscall is a syscall", ex);
    }
}

/* Roles of words: the registers they name, and jr $ra as a return. */
static void test_roles_of_words(void **state)
{
    (void)state;
    mips_roles r = mips_roles_of(0x03e00008); /* jr $ra */
    assert_int_equal(r.roles, MIPS_RETURN | MIPS_VIA_REG);
    assert_int_equal(r.target, 31);
    r = mips_roles_of(0x01000008); /* jr $t0 */
    assert_int_equal(r.roles, MIPS_JUMP | MIPS_VIA_REG);
    assert_int_equal(r.target, 8);
    r = mips_roles_of(0x01404809); /* jalr $t1,$t2 */
    assert_int_equal(r.writes, 9);
    assert_int_equal(r.target, 10);
    r = mips_roles_of(0x0120f809); /* jalr $t1 */
    assert_int_equal(r.writes, 31);
    assert_int_equal(r.target, 9);
    r = mips_roles_of(0x0c100006); /* jal 0x00400018 */
    assert_int_equal(r.writes, 31);
    assert_int_equal(r.region_offset, 0x00400018);
    r = mips_roles_of(0xafb00004); /* sw $s0,4($sp) */
    assert_int_equal(r.roles, MIPS_STORE | MIPS_BYTES(4));
    assert_int_equal(r.base, 29);
    assert_int_equal(r.data, 16);
    assert_int_equal(r.offset, 4);
    assert_int_equal(r.writes, 0);
    r = mips_roles_of(0x8fa8fff8); /* lw $t0,-8($sp) */
    assert_int_equal(r.writes, 8);
    assert_int_equal(r.base, 29);
    assert_int_equal(r.offset, -8);
    r = mips_roles_of(0x00000020); /* add $zero,$zero,$zero: $zero is never written */
    assert_int_equal(r.roles, MIPS_WRITES_F);
    assert_int_equal(r.writes, 0);
    r = mips_roles_of(0x0000000c);
    assert_int_equal(r.roles, MIPS_SYSCALL);
    r = mips_roles_of(0x0000010c); /* a syscall with code bits is no instruction here */
    assert_null(r.basic);
    assert_int_equal(r.roles, 0);
    r = mips_roles_of(0x44024000); /* mfc1 $v0,$f8 */
    assert_int_equal(r.writes, 2);
    assert_true(r.roles & MIPS_COP1);
    r = mips_roles_of(0x40046800); /* mfc0 $a0,$13: Cause is no $t5 */
    assert_int_equal(r.writes, 4);
    assert_int_equal(r.reads, 0);
    r = mips_roles_of(0x40896000); /* mtc0 $t1,$12: reads $t1, not $t4 */
    assert_int_equal(r.reads, 1u << 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_shape),
        cmocka_unit_test(test_encode_every_row_from_its_bits),
        cmocka_unit_test(test_decode_every_row),
        cmocka_unit_test(test_golden_words),
        cmocka_unit_test(test_shared_words),
        cmocka_unit_test(test_disasm_details),
        cmocka_unit_test(test_branch_and_jump_reach),
        cmocka_unit_test(test_split_statement),
        cmocka_unit_test(test_registers),
        cmocka_unit_test(test_shown_values),
        cmocka_unit_test(test_int_kinds),
        cmocka_unit_test(test_match_widenings),
        cmocka_unit_test(test_match_errors),
        cmocka_unit_test(test_match_without_pseudo),
        cmocka_unit_test(test_mnemonics),
        cmocka_unit_test(test_roles_sample),
        cmocka_unit_test(test_roles_invariants),
        cmocka_unit_test(test_roles_of_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
