/* The MIPS tokenizer against MARS's rules (docs/mips-assembler.md, "Tokens"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mips_lex.h"

/* Tokenizes line and checks each token's kind and text. */
static void expect_tokens(const char *line, const mips_lex_kind *kinds, const char *const *texts,
                          size_t count)
{
    mips_token t[32];
    size_t n = mips_lex_line(line, strlen(line), t, 32);
    if (n != count)
        fail_msg("'%s': %zu tokens, expected %zu", line, n, count);
    for (size_t i = 0; i < n; i++) {
        if (t[i].kind != kinds[i] || t[i].len != strlen(texts[i]) ||
            memcmp(t[i].text, texts[i], t[i].len) != 0)
            fail_msg("'%s': token %zu is kind %d '%.*s', expected kind %d '%s'", line, i,
                     (int)t[i].kind, (int)t[i].len, t[i].text, (int)kinds[i], texts[i]);
    }
}

#define EXPECT(line, ...)                                                        \
    do {                                                                         \
        static const struct { int k; const char *s; } want[] = {__VA_ARGS__}; \
        mips_lex_kind kinds[32];                                                 \
        const char *texts[32];                                                   \
        for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {              \
            kinds[i] = (mips_lex_kind)want[i].k;                                 \
            texts[i] = want[i].s;                                                \
        }                                                                        \
        expect_tokens(line, kinds, texts, sizeof want / sizeof want[0]);        \
    } while (0)

enum {
    RN = MIPS_LEX_REG_NAME, RNUM = MIPS_LEX_REG_NUMBER, FR = MIPS_LEX_FREG, INT = MIPS_LEX_INT,
    REAL = MIPS_LEX_REAL, STR = MIPS_LEX_STRING, ID = MIPS_LEX_IDENT, OP = MIPS_LEX_OPERATOR,
    DIR = MIPS_LEX_DIRECTIVE, MP = MIPS_LEX_MACRO_PARAM, LP = MIPS_LEX_LPAREN,
    RP = MIPS_LEX_RPAREN, COL = MIPS_LEX_COLON, PLUS = MIPS_LEX_PLUS, MINUS = MIPS_LEX_MINUS,
    ERR = MIPS_LEX_ERROR,
};

static void test_delimiters_and_comments(void **state)
{
    (void)state;
    EXPECT("main: addi $t0, $zero, 5 # set", {ID, "main"}, {COL, ":"}, {OP, "addi"},
           {RN, "$t0"}, {RN, "$zero"}, {INT, "5"});
    /* SPIM's and MARS's example of spaces being optional. */
    EXPECT("label:lw,$t4,simple#comment", {ID, "label"}, {COL, ":"}, {OP, "lw"}, {RN, "$t4"},
           {ID, "simple"});
    EXPECT("  lw $t0, -4($sp)", {OP, "lw"}, {RN, "$t0"}, {INT, "-4"}, {LP, "("}, {RN, "$sp"},
           {RP, ")"});
    mips_token t[1];
    assert_int_equal(mips_lex_line("#only a comment", 15, t, 1), 0);
    assert_int_equal(mips_lex_line("  \t,", 4, t, 1), 0);
}

static void test_signs(void **state)
{
    (void)state;
    /* After a label a sign is an operator; elsewhere it joins a digit. */
    EXPECT("lw $t0, label+4", {OP, "lw"}, {RN, "$t0"}, {ID, "label"}, {PLUS, "+"}, {INT, "4"});
    EXPECT("la $t0, label-4", {OP, "la"}, {RN, "$t0"}, {ID, "label"}, {MINUS, "-"}, {INT, "4"});
    EXPECT(".word 10-4", {DIR, ".word"}, {INT, "10"}, {INT, "-4"});
    EXPECT("li $t0, - 4", {OP, "li"}, {RN, "$t0"}, {MINUS, "-"}, {INT, "4"});
    EXPECT(".float 1.5e-3, -2.5E+2", {DIR, ".float"}, {REAL, "1.5e-3"}, {REAL, "-2.5E+2"});
}

static void test_registers(void **state)
{
    (void)state;
    mips_token t[8];
    size_t n = mips_lex_line("$t1 $8 $0 $zero $f12 $fp $ra $31 $32 $f32", 41, t, 8);
    assert_int_equal(n, 10);
    assert_int_equal(t[0].kind, RN);
    assert_int_equal(t[0].value, 9);
    assert_int_equal(t[1].kind, RNUM);
    assert_int_equal(t[1].value, 8);
    assert_int_equal(t[2].kind, RNUM); /* register 0's name is $zero */
    assert_int_equal(t[3].kind, RN);
    assert_int_equal(t[4].kind, FR);
    assert_int_equal(t[4].value, 12);
    assert_int_equal(t[5].kind, RN);
    assert_int_equal(t[5].value, 30);
    assert_int_equal(t[6].value, 31);
    assert_int_equal(t[7].kind, RNUM);
}

static int32_t int_of(const char *text)
{
    int32_t v = 12345;
    if (!mips_parse_int(text, strlen(text), &v))
        fail_msg("'%s' is not an integer", text);
    return v;
}

static void test_integers(void **state)
{
    (void)state;
    assert_int_equal(int_of("42"), 42);
    assert_int_equal(int_of("-42"), -42);
    assert_int_equal(int_of("+7"), 7);
    assert_int_equal(int_of("0x1F"), 31);
    assert_int_equal(int_of("0X7fffffff"), INT32_MAX);
    assert_int_equal(int_of("010"), 8);          /* Java's decode: leading 0 is octal */
    assert_int_equal(int_of("08"), 8);           /* bad octal, then plain digits */
    assert_int_equal(int_of("-2147483648"), INT32_MIN);
    assert_int_equal(int_of("0xFFFFFFFF"), -1);  /* eight hex digits: a bit pattern */
    assert_int_equal(int_of("0x80000000"), INT32_MIN);
    assert_int_equal(int_of("4294967295"), -1);  /* unsigned decimal wraps */
    assert_int_equal(int_of("4294967296"), 0);
    int32_t v;
    assert_false(mips_parse_int("0x1FFFFFFFF", 11, &v));
    assert_false(mips_parse_int("-08", 3, &v));
    assert_false(mips_parse_int("0x", 2, &v));
    assert_false(mips_parse_int("-0x80000001", 11, &v));
    assert_false(mips_parse_int("12a", 3, &v));
    assert_true(mips_parse_int("", 0, &v)); /* MARS's stringToInt("") is 0 */
    assert_int_equal(v, 0);
}

static void test_reals(void **state)
{
    (void)state;
    double d;
    assert_true(mips_parse_real("1.5", 3, &d));
    assert_true(d == 1.5);
    assert_true(mips_parse_real(".5", 2, &d));
    assert_true(mips_parse_real("5.", 2, &d));
    assert_true(mips_parse_real("-2.5e2", 6, &d));
    assert_true(d == -250.0);
    assert_true(mips_parse_real("3f", 2, &d));
    assert_true(mips_parse_real("-Infinity", 9, &d));
    assert_true(d < 0 && d * 0.5 == d);
    assert_false(mips_parse_real("e5", 2, &d));
    assert_false(mips_parse_real("1.5x", 4, &d));
    assert_false(mips_parse_real(".", 1, &d));
    /* Java's hex forms: a 'p' exponent is required, a suffix allowed. */
    assert_true(mips_parse_real("0x1.8p1", 7, &d));
    assert_true(d == 3.0);
    assert_true(mips_parse_real("-0X.8P+2d", 9, &d));
    assert_true(d == -2.0);
    assert_true(mips_parse_real("0x1p-1", 6, &d));
    assert_true(d == 0.5);
    assert_false(mips_parse_real("0x10", 4, &d));
    assert_false(mips_parse_real("0xp1", 4, &d));
    assert_false(mips_parse_real("0x1p", 4, &d));
    assert_false(mips_parse_real("Infinityf", 9, &d));
    /* Java trims control characters, as it does spaces. */
    assert_true(mips_parse_real("\f1.5\v", 5, &d));
    assert_true(d == 1.5);
    /* "-08" is no integer, so MARS reads it as a real. */
    mips_token t[2];
    assert_int_equal(mips_lex_line("-08", 3, t, 2), 1);
    assert_int_equal(t[0].kind, REAL);
}

static void test_character_literals(void **state)
{
    (void)state;
    mips_token t[8];
    const char *line = "'a' '\\n' '\\101' '\\0' ' '";
    size_t n = mips_lex_line(line, strlen(line), t, 8);
    assert_int_equal(n, 5);
    assert_int_equal(t[0].kind, INT);
    assert_int_equal(t[0].value, 'a');
    assert_int_equal(t[1].value, '\n');
    assert_int_equal(t[2].value, 'A');
    assert_int_equal(t[3].value, 0);
    assert_int_equal(t[4].value, ' '); /* a space inside quotes is a character */
    n = mips_lex_line("'ab' ''", 7, t, 8);
    assert_int_equal(t[0].kind, ERR);
    assert_int_equal(t[n - 1].kind, ERR);
}

static void test_strings(void **state)
{
    (void)state;
    EXPECT("msg: .asciiz \"# ,\\n\\\"\",\"aaaaa\"", {ID, "msg"}, {COL, ":"}, {DIR, ".asciiz"},
           {STR, "\"# ,\\n\\\"\""}, {STR, "\"aaaaa\""});
    char out[16];
    size_t n = mips_unescape("a\\n\\t\\\\\\q\\0", 11, out);
    assert_int_equal(n, 6);
    assert_memory_equal(out, "a\n\t\\q\0", 6); /* unknown \q is q */
}

static void test_classification_order(void **state)
{
    (void)state;
    EXPECT(".DATA .foo %arg b B .globl main", {DIR, ".DATA"}, {ID, ".foo"}, {MP, "%arg"},
           {OP, "b"}, {OP, "B"}, {DIR, ".globl"}, {ID, "main"});
    EXPECT("m(%1, %x.y) %", {ID, "m"}, {LP, "("}, {MP, "%1"}, {MP, "%x.y"}, {RP, ")"},
           {ERR, "%"});
    EXPECT("x$y _a.b 9abc @", {ID, "x$y"}, {ID, "_a.b"}, {ERR, "9abc"}, {ERR, "@"});
    mips_token t[4];
    assert_int_equal(mips_lex_line(".space 8", 8, t, 4), 2);
    assert_int_equal(t[0].value, MIPS_DIR_SPACE);
    assert_int_equal(t[1].col, 8);
    assert_string_equal(mips_directive_name(MIPS_DIR_END_MACRO), ".end_macro");
    assert_int_equal(mips_directive_find(".Include", 8), MIPS_DIR_INCLUDE);
}

static void test_operator_numbered(void **state)
{
    (void)state;
    mips_token t[4];
    assert_int_equal(mips_lex_line("ADDI $t0", 8, t, 4), 2);
    assert_int_equal(t[0].kind, MIPS_LEX_OPERATOR);
    assert_int_equal(t[0].value, (int32_t)mips_mnemonic_id("addi", 4));
}

static void test_too_many_tokens_counted(void **state)
{
    (void)state;
    mips_token t[2];
    assert_int_equal(mips_lex_line("a b c d", 7, t, 2), 4);
}

/* Whether mips_lex_line finds an invalid element, the long way. */
static bool has_error_token(const char *line, size_t len)
{
    mips_token t[64];
    size_t n = mips_lex_line(line, len, t, 64);
    assert_true(n <= 64);
    for (size_t i = 0; i < n; i++)
        if (t[i].kind == MIPS_LEX_ERROR)
            return true;
    return false;
}

static void expect_same_verdict(const char *line, size_t len)
{
    bool valid = mips_lex_line_valid(line, len);
    bool error = has_error_token(line, len);
    if (valid == error)
        fail_msg("'%.*s': mips_lex_line_valid says %s", (int)len, line,
                 valid ? "valid" : "invalid");
    /* Plain: valid, and no '.' before a comment (plain lines have no string). */
    const char *hash = memchr(line, '#', len);
    size_t code = hash ? (size_t)(hash - line) : len;
    if (mips_lex_line_plain(line, len) && (error || memchr(line, '.', code)))
        fail_msg("'%.*s': mips_lex_line_plain says plain", (int)len, line);
}

/* The check that skips classifying must agree with classifying: on every
 * line of up to four characters from a set that reaches each rule (signs
 * after labels and numbers, exponents, literals, registers, NUL), and on
 * longer lines seen in programs. */
static void test_valid_agrees_with_tokens(void **state)
{
    (void)state;
    static const char alphabet[] = "a$0.+-'\"(:# eE_I\x01\x80x9f";
    const size_t k = sizeof alphabet; /* with the NUL */
    char line[4];
    for (size_t len = 1; len <= 4; len++) {
        size_t total = 1;
        for (size_t i = 0; i < len; i++)
            total *= k;
        for (size_t code = 0; code < total; code++) {
            size_t c = code;
            for (size_t i = 0; i < len; i++, c /= k)
                line[i] = alphabet[c % k];
            expect_same_verdict(line, len);
        }
    }
    static const char *const lines[] = {
        "main: li $v0, 10", "lw $t1, -4($sp)", "la $a0, label+4", "x-1", "beq $t0,$t1,L1-8",
        "$f08", "$f32", "$-5", "$0x1F", "$zero", "$zeros", "1abc", "0x1G", "1.5e-3", ".5",
        "Infinity", "NaN", "-Infinity", "Infinity\x0b", "NaNa", "'a'", "'\\n'", "'\\101'",
        "'ab", "\"a#b\" #c", ".eqv X 3", "%arg", "a@b", "add.s $f0,$f1,$f2", "_x.y$z",
        "9999999999", "07", "08", "0x", "#", "label:", "a:b:c",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        expect_same_verdict(lines[i], strlen(lines[i]));
    /* Most lines of a program are plain; a sign, a string or a '.' is not. */
    static const char *const plain[] = {"main: li $v0, 10", "\tsw $t1, 8($sp) # .x", "L12:",
                                        "bne $t0, $t1, L3", ""};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        assert_true(mips_lex_line_plain(plain[i], strlen(plain[i])));
    static const char *const not_plain[] = {"lw $t1, -4($sp)", "la $a0, x+4", ".data",
                                            "add.s $f0,$f1,$f2", "li $a0, 'a'", "1abc"};
    for (size_t i = 0; i < sizeof not_plain / sizeof not_plain[0]; i++)
        assert_false(mips_lex_line_plain(not_plain[i], strlen(not_plain[i])));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_delimiters_and_comments),
        cmocka_unit_test(test_signs),
        cmocka_unit_test(test_registers),
        cmocka_unit_test(test_integers),
        cmocka_unit_test(test_reals),
        cmocka_unit_test(test_character_literals),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_classification_order),
        cmocka_unit_test(test_operator_numbered),
        cmocka_unit_test(test_too_many_tokens_counted),
        cmocka_unit_test(test_valid_agrees_with_tokens),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
