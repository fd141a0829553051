/* The MIPS line tokenizer: MARS 4.5's Tokenizer and TokenTypes rules, from
 * delimiters and signs to the order in which a token is classified. */
#include "mips_lex.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mips_isa.h"
#include "mips_isa_impl.h"

static const struct {
    const char *name;
    const char *description;
} directives[] = {
#define MIPS_DIRECTIVE(id, name, description) {name, description},
#include "mips_directives.def"
#undef MIPS_DIRECTIVE
};

const char *mips_directive_name(mips_directive d)
{
    return d < MIPS_DIR_COUNT ? directives[d].name : NULL;
}

const char *mips_directive_description(mips_directive d)
{
    return d < MIPS_DIR_COUNT ? directives[d].description : NULL;
}

static bool same_fold(const char *a, size_t len, const char *b)
{
    for (size_t i = 0; i < len; i++)
        if (b[i] == '\0' || tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return false;
    return b[len] == '\0';
}

mips_directive mips_directive_find(const char *text, size_t len)
{
    for (int d = 0; d < MIPS_DIR_COUNT; d++)
        if (same_fold(text, len, directives[d].name))
            return (mips_directive)d;
    return MIPS_DIR_COUNT;
}

/* Digits of a Java floating literal from s[*i] on; returns how many. */
static size_t java_digits(const char *s, size_t *i, bool hex)
{
    size_t n = 0;
    while (hex ? isxdigit((unsigned char)s[*i]) : isdigit((unsigned char)s[*i])) {
        (*i)++;
        n++;
    }
    return n;
}

/* Java's FloatingDecimal grammar: significand digits with an optional '.',
 * then the exponent, 'e' for decimal (optional) or 'p' for hex (required).
 * Returns where the literal ends, 0 if it is none. */
static size_t java_literal_end(const char *s, size_t i)
{
    bool hex = s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    if (hex)
        i += 2;
    size_t digits = java_digits(s, &i, hex);
    if (s[i] == '.') {
        i++;
        digits += java_digits(s, &i, hex);
    }
    if (digits == 0)
        return 0;
    char mark = hex ? 'p' : 'e';
    if (tolower((unsigned char)s[i]) != mark)
        return hex ? 0 : i;
    i++;
    if (s[i] == '+' || s[i] == '-')
        i++;
    return java_digits(s, &i, false) ? i : 0;
}

bool mips_parse_real(const char *s, size_t len, double *value)
{
    /* Java trims every character up to ' ' from both ends first. */
    while (len > 0 && (unsigned char)s[0] <= ' ')
        s++, len--;
    while (len > 0 && (unsigned char)s[len - 1] <= ' ')
        len--;
    if (len == 0 || memchr(s, '\0', len))
        return false;
    char small[128];
    char *buf = len < sizeof small ? small : malloc(len + 1);
    if (!buf)
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    size_t i = buf[0] == '+' || buf[0] == '-';
    bool ok;
    if (strcmp(buf + i, "Infinity") == 0 || strcmp(buf + i, "NaN") == 0) {
        ok = true; /* C's strtod reads both spellings */
    } else {
        size_t end = java_literal_end(buf, i);
        ok = end > 0 && (end == len || (end + 1 == len && strchr("fFdD", buf[end])));
        buf[end] = '\0'; /* the float/double suffix means nothing to the value */
    }
    if (ok)
        *value = strtod(buf, NULL); /* C99 reads hex significands too, rounded alike */
    if (buf != small)
        free(buf);
    return ok;
}

/* MARS's escapes, for strings and character literals alike. */
static int escape_value(char c)
{
    static const char letters[] = "ntr\\'\"bf0";
    static const char values[] = "\n\t\r\\'\"\b\f";
    const char *at = strchr(letters, c);
    if (!at || c == '\0')
        return -1;
    return at - letters < 8 ? values[at - letters] : 0;
}

size_t mips_unescape(const char *body, size_t len, char *out)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (body[i] == '\\' && i + 1 < len) {
            int v = escape_value(body[i + 1]);
            out[n++] = v >= 0 ? (char)v : body[i + 1]; /* any other \x is x */
            i++;
        } else {
            out[n++] = body[i];
        }
    }
    return n;
}

/* A character literal: 'a', '\n', '\101'. False if malformed. */
static bool char_literal(const char *s, size_t len, int32_t *value)
{
    if (len < 3 || s[0] != '\'' || s[len - 1] != '\'')
        return false;
    const char *in = s + 1;
    size_t n = len - 2;
    if (in[0] != '\\') {
        *value = (unsigned char)in[0];
        return n == 1;
    }
    if (n == 2) {
        int v = escape_value(in[1]);
        *value = v;
        return v >= 0;
    }
    if (n == 4) {
        int v = 0;
        for (int i = 1; i < 4; i++) {
            if (in[i] < '0' || in[i] > '7')
                return false;
            v = v * 8 + (in[i] - '0');
        }
        *value = v;
        return v <= 255;
    }
    return false;
}

/* strchr finds the terminating NUL too: a NUL byte in the source is no
 * identifier character (else labels with NULs reach the symbol tables,
 * which keep names as C strings, and two of them collide and leak). */
/* What each character is to the lexer, one look each: the tools run in
 * the C locale, so letters and digits are ASCII's. */
enum {
    CH_LETTER = 1,
    CH_DIGIT = 2,
    CH_IDENT = 4, /* in an identifier: letters, digits, '_', '.', '$' */
    CH_SPLIT = 8, /* one the switch of split() handles */
    CH_PLAIN = 16, /* a delimiter that makes a token of itself or of nothing */
    CH_WORD = 32,  /* in an identifier, but not '.' (mips_lex_line_plain) */
};
#define L (CH_LETTER | CH_IDENT | CH_WORD)
#define D (CH_DIGIT | CH_IDENT | CH_WORD)
static const unsigned char char_class[256] = {
    ['a'] = L, ['b'] = L, ['c'] = L, ['d'] = L, ['e'] = L, ['f'] = L, ['g'] = L, ['h'] = L, ['i'] = L, ['j'] = L, ['k'] = L, ['l'] = L, ['m'] = L,
    ['n'] = L, ['o'] = L, ['p'] = L, ['q'] = L, ['r'] = L, ['s'] = L, ['t'] = L, ['u'] = L, ['v'] = L, ['w'] = L, ['x'] = L, ['y'] = L, ['z'] = L,
    ['A'] = L, ['B'] = L, ['C'] = L, ['D'] = L, ['E'] = L, ['F'] = L, ['G'] = L, ['H'] = L, ['I'] = L, ['J'] = L, ['K'] = L, ['L'] = L, ['M'] = L,
    ['N'] = L, ['O'] = L, ['P'] = L, ['Q'] = L, ['R'] = L, ['S'] = L, ['T'] = L, ['U'] = L, ['V'] = L, ['W'] = L, ['X'] = L, ['Y'] = L, ['Z'] = L,
    ['0'] = D, ['1'] = D, ['2'] = D, ['3'] = D, ['4'] = D, ['5'] = D, ['6'] = D, ['7'] = D, ['8'] = D, ['9'] = D,
    ['_'] = CH_IDENT | CH_WORD, ['.'] = CH_IDENT, ['$'] = CH_IDENT | CH_WORD,
    [' '] = CH_SPLIT | CH_PLAIN, ['\t'] = CH_SPLIT | CH_PLAIN, [','] = CH_SPLIT | CH_PLAIN,
    ['('] = CH_SPLIT | CH_PLAIN, [')'] = CH_SPLIT | CH_PLAIN, [':'] = CH_SPLIT | CH_PLAIN,
    ['#'] = CH_SPLIT, ['+'] = CH_SPLIT, ['-'] = CH_SPLIT, ['"'] = CH_SPLIT, ['\''] = CH_SPLIT,
};
#undef L
#undef D

static bool is_letter(unsigned char c)
{
    return char_class[c] & CH_LETTER;
}

static bool is_digit(unsigned char c)
{
    return char_class[c] & CH_DIGIT;
}

static bool identifier_char(char c)
{
    return char_class[(unsigned char)c] & CH_IDENT;
}

static bool identifier(const char *s, size_t len)
{
    if (len == 0 || is_digit((unsigned char)s[0]) || !identifier_char(s[0]))
        return false;
    for (size_t i = 1; i < len; i++)
        if (!identifier_char(s[i]))
            return false;
    return true;
}

/* TokenTypes.matchTokenType, in its order. */
static void classify(mips_token *t)
{
    const char *s = t->text;
    size_t len = t->len;
    t->value = 0;
    t->real = 0;
    if (s[0] == '\'') {
        t->kind = char_literal(s, len, &t->value) ? MIPS_LEX_INT : MIPS_LEX_ERROR;
        return;
    }
    if (len == 1) {
        switch (s[0]) {
        case '(': t->kind = MIPS_LEX_LPAREN; return;
        case ')': t->kind = MIPS_LEX_RPAREN; return;
        case ':': t->kind = MIPS_LEX_COLON; return;
        case '+': t->kind = MIPS_LEX_PLUS; return;
        case '-': t->kind = MIPS_LEX_MINUS; return;
        }
    }
    if (s[0] == '%' && len > 1) { /* Macro.tokenIsMacroParameter: %1 counts too */
        t->kind = MIPS_LEX_MACRO_PARAM;
        return;
    }
    unsigned char first = (unsigned char)s[0];
    if (is_letter(first) || first == '_') {
        /* No register (no '$'), no integer (no digit, sign or '#'), no
         * directive or string; a real only as Java spells Infinity and NaN. */
        if ((first == 'I' || first == 'N') && mips_parse_real(s, len, &t->real))
            t->kind = MIPS_LEX_REAL;
        else if ((t->value = (int32_t)mips_mnemonic_id(s, len)) != 0)
            t->kind = MIPS_LEX_OPERATOR;
        else
            t->kind = identifier(s, len) ? MIPS_LEX_IDENT : MIPS_LEX_ERROR;
        return;
    }
    bool is_number, is_float;
    int reg = mips_register(s, len, &is_number, &is_float);
    if (reg >= 0) {
        t->kind = is_float ? MIPS_LEX_FREG : is_number ? MIPS_LEX_REG_NUMBER : MIPS_LEX_REG_NAME;
        t->value = reg;
        return;
    }
    if (mips_parse_int(s, len, &t->value)) {
        t->kind = MIPS_LEX_INT;
        return;
    }
    if (mips_parse_real(s, len, &t->real)) {
        t->kind = MIPS_LEX_REAL;
        return;
    }
    if ((t->value = (int32_t)mips_mnemonic_id(s, len)) != 0) {
        t->kind = MIPS_LEX_OPERATOR;
        return;
    }
    if (s[0] == '.') {
        mips_directive d = mips_directive_find(s, len);
        if (d != MIPS_DIR_COUNT) {
            t->kind = MIPS_LEX_DIRECTIVE;
            t->value = (int32_t)d;
            return;
        }
    }
    if (s[0] == '"') {
        t->kind = MIPS_LEX_STRING;
        return;
    }
    t->kind = identifier(s, len) ? MIPS_LEX_IDENT : MIPS_LEX_ERROR;
}

/* True only when classify cannot find the token invalid: a word that is
 * an identifier (so are every register, mnemonic, directive, Infinity
 * and NaN), or digits alone (stringToInt reads any, wrapping). Anything
 * else is left to classify. */
static bool surely_valid(const char *s, size_t len)
{
    unsigned char first = (unsigned char)s[0];
    if (is_letter(first) || first == '_' || first == '$')
        return identifier(s, len);
    for (size_t i = 0; i < len; i++)
        if (!is_digit((unsigned char)s[i]))
            return false;
    return true;
}

typedef struct lexer {
    const char *line;
    size_t start, len; /* the token being gathered */
    mips_token *out;   /* NULL when only checking (mips_lex_line_valid) */
    size_t max, count;
    /* The kind of the last token emitted, stored or not: '+' and '-' split
     * by it, so a line must split alike whatever max is (else the count
     * returned for a small max undercounts, and a caller that grows its
     * array to that count reads past it). A check classifies the last
     * token only when a sign asks (last_known false until then). */
    mips_lex_kind last;
    bool last_known;
    size_t last_start, last_len;
    bool invalid; /* a check found an invalid element */
} lexer;

static void emit(lexer *lx)
{
    if (lx->len == 0)
        return;
    if (lx->out && lx->count < lx->max) {
        /* Made and classified where it is stored, field by field: a token
         * built aside and copied whole after classify wrote its fields
         * stalled every time (narrow stores do not forward to the copy's
         * wide loads: 6% of the assembler's time). */
        mips_token *at = &lx->out[lx->count];
        at->kind = MIPS_LEX_ERROR;
        at->col = (int)lx->start + 1;
        at->text = lx->line + lx->start;
        at->len = lx->len;
        classify(at);
        lx->last = at->kind;
        lx->last_known = true;
        lx->count++;
        lx->len = 0;
        return;
    }
    mips_token t = {MIPS_LEX_ERROR, (int)lx->start + 1, lx->line + lx->start, lx->len, 0, 0};
    if (lx->out) {
        classify(&t);
        lx->last = t.kind;
        lx->last_known = true;
    } else {
        lx->last_start = lx->start;
        lx->last_len = lx->len;
        lx->last_known = false;
        if (!surely_valid(t.text, t.len)) {
            classify(&t);
            lx->last = t.kind;
            lx->last_known = true;
            lx->invalid = lx->invalid || t.kind == MIPS_LEX_ERROR;
        }
    }
    lx->count++;
    lx->len = 0;
}

static void gather(lexer *lx, size_t pos)
{
    if (lx->len == 0)
        lx->start = pos;
    lx->len++;
}

static mips_lex_kind last_kind(lexer *lx)
{
    if (lx->count == 0)
        return MIPS_LEX_ERROR;
    if (!lx->last_known) {
        mips_token t = {MIPS_LEX_ERROR, (int)lx->last_start + 1, lx->line + lx->last_start,
                        lx->last_len, 0, 0};
        classify(&t);
        lx->last = t.kind;
        lx->last_known = true;
    }
    return lx->last;
}

/* A character literal starts at pos: take the characters MARS's lookahead
 * takes, and return the position of the last one. */
static size_t char_literal_span(lexer *lx, const char *line, size_t len, size_t pos)
{
    size_t lookahead = len - pos - 1;
    gather(lx, pos);
    if (lookahead < 2)
        return pos; /* the following characters join the token as usual */
    char c2 = line[++pos];
    gather(lx, pos);
    if (c2 == '\'')
        return pos;
    char c3 = line[++pos];
    gather(lx, pos);
    if ((c3 == '\'' && c2 != '\\') || lookahead == 2) {
        emit(lx);
        return pos;
    }
    char c4 = line[++pos];
    gather(lx, pos);
    if (c4 == '\'' || lookahead == 3) {
        emit(lx);
        return pos;
    }
    if (lookahead >= 5) {
        char c5 = line[++pos];
        gather(lx, pos);
        if (c5 != '\'')
            gather(lx, ++pos);
    }
    emit(lx);
    return pos;
}

static void split(lexer *lx, const char *line, size_t len);

size_t mips_lex_line(const char *line, size_t len, mips_token *tokens, size_t max)
{
    mips_token none; /* a place to count into, never written (max 0) */
    lexer lx = {line, 0, 0, tokens ? tokens : &none, tokens ? max : 0, 0, MIPS_LEX_ERROR,
                false, 0, 0, false};
    split(&lx, line, len);
    return lx.count;
}

/* True only when the line is surely free of invalid elements: it holds
 * only identifier characters and the delimiters ' ', '\t', ',', '(', ')'
 * and ':' before any comment, so its tokens are runs of identifier
 * characters, which classify finds valid unless one starts with a digit
 * and is not digits alone. No sign, quote or other character: those lines
 * are split the long way. */
static bool plain_line_valid(const char *line, size_t len)
{
    bool token_start = true;
    for (size_t i = 0; i < len; i++) {
        char c = line[i];
        if (c == '#')
            return true;
        if (char_class[(unsigned char)c] & CH_PLAIN) {
            token_start = true;
            continue;
        }
        if (!identifier_char(c))
            return false;
        if (token_start && is_digit((unsigned char)c)) {
            while (i + 1 < len && is_digit((unsigned char)line[i + 1]))
                i++;
            if (i + 1 < len && identifier_char(line[i + 1]))
                return false; /* 0x10, 1.5, 1abc: classify decides */
        }
        token_start = false;
    }
    return true;
}

bool mips_lex_line_plain(const char *line, size_t len)
{
    /* plain_line_valid's rule, a run at a time, with '.' refused. */
    const char *p = line, *end = line + len;
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        unsigned k = char_class[c];
        if (k & CH_PLAIN) {
            while (++p < end && (char_class[(unsigned char)*p] & CH_PLAIN))
                ; /* indentation at once */
        } else if (k & CH_DIGIT) {
            while (++p < end && (char_class[(unsigned char)*p] & CH_DIGIT))
                ;
            if (p < end && (char_class[(unsigned char)*p] & CH_IDENT))
                return false; /* 0x10, 1.5, 1abc: classify decides */
        } else if (k & CH_WORD) {
            while (++p < end && (char_class[(unsigned char)*p] & CH_WORD))
                ;
        } else {
            return c == '#';
        }
    }
    return true;
}

bool mips_lex_line_valid(const char *line, size_t len)
{
    if (plain_line_valid(line, len))
        return true;
    lexer lx = {line, 0, 0, NULL, 0, 0, MIPS_LEX_ERROR, false, 0, 0, false};
    split(&lx, line, len);
    return !lx.invalid;
}

/* MARS's Tokenizer.tokenizeLine: where tokens start and end. */
static void split(lexer *lx, const char *line, size_t len)
{
    bool in_string = false;
    for (size_t pos = 0; pos < len; pos++) {
        char c = line[pos];
        if (in_string) {
            gather(lx, pos);
            if (c == '"' && line[pos - 1] != '\\') {
                emit(lx);
                in_string = false;
            }
            continue;
        }
        switch (c) {
        case '#':
            emit(lx);
            return;
        case ' ':
        case '\t':
        case ',':
            if (lx->len > 0)
                emit(lx);
            while (pos + 1 < len && (line[pos + 1] == ' ' || line[pos + 1] == '\t'))
                pos++; /* indentation at once */
            break;
        case '+':
        case '-': {
            bool digit_next = pos + 1 < len && isdigit((unsigned char)line[pos + 1]);
            if (lx->len > 0 && digit_next && (line[pos - 1] == 'e' || line[pos - 1] == 'E')) {
                gather(lx, pos); /* the sign of an exponent: 1.5e-3 */
                break;
            }
            emit(lx);
            gather(lx, pos);
            /* A sign before a digit belongs to the number, unless it follows
             * a label (label+4 is label, +, 4). */
            if (!(last_kind(lx) != MIPS_LEX_IDENT && digit_next))
                emit(lx);
            break;
        }
        case ':':
        case '(':
        case ')':
            emit(lx);
            gather(lx, pos);
            emit(lx);
            break;
        case '"':
            emit(lx);
            gather(lx, pos);
            in_string = true;
            break;
        case '\'':
            emit(lx);
            pos = char_literal_span(lx, line, len, pos);
            break;
        default:
            /* The run of characters no rule above splits on, at once. */
            gather(lx, pos);
            while (pos + 1 < len && !(char_class[(unsigned char)line[pos + 1]] & CH_SPLIT)) {
                pos++;
                lx->len++;
            }
            break;
        }
    }
    emit(lx);
}
