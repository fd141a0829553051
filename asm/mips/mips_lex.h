/* Tokens of one MIPS source line, classified exactly as MARS 4.5 does it
 * (see docs/mips-assembler.md, "Tokens"). The tokenizer is pure: it reports
 * bad elements as MIPS_LEX_ERROR tokens and the caller words the message. */
#ifndef MIPS_LEX_H
#define MIPS_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mips_isa.h" /* mips_parse_int: integers as MARS reads them */

typedef enum mips_lex_kind {
    MIPS_LEX_REG_NAME,   /* $t1: value = register number */
    MIPS_LEX_REG_NUMBER, /* $8 */
    MIPS_LEX_FREG,       /* $f12 */
    MIPS_LEX_INT,        /* value (character literals too) */
    MIPS_LEX_REAL,       /* real */
    MIPS_LEX_STRING,     /* text includes the quotes, escapes undecoded */
    MIPS_LEX_IDENT,
    MIPS_LEX_OPERATOR,   /* an instruction mnemonic (may also be a label):
                            value = mips_mnemonic_id */
    MIPS_LEX_DIRECTIVE,  /* value = mips_directive */
    MIPS_LEX_MACRO_PARAM,/* %name */
    MIPS_LEX_LPAREN,
    MIPS_LEX_RPAREN,
    MIPS_LEX_COLON,
    MIPS_LEX_PLUS,
    MIPS_LEX_MINUS,
    MIPS_LEX_ERROR,      /* "Invalid language element" */
} mips_lex_kind;

typedef enum mips_directive {
#define MIPS_DIRECTIVE(id, name, description) MIPS_DIR_##id,
#include "mips_directives.def"
#undef MIPS_DIRECTIVE
    MIPS_DIR_COUNT
} mips_directive;

/* The directive's name (".data") and MARS's description of it. */
const char *mips_directive_name(mips_directive d);
const char *mips_directive_description(mips_directive d);
/* The directive named text[0..len) in any case, or MIPS_DIR_COUNT. */
mips_directive mips_directive_find(const char *text, size_t len);

typedef struct mips_token {
    mips_lex_kind kind;
    int col;          /* 1-based column of its first character */
    const char *text; /* into the line */
    size_t len;
    int32_t value;
    double real;
} mips_token;

/* Tokenizes line[0..len) (no newline). The comment is dropped. Writes at
 * most max tokens and returns how many the line has (more than max means
 * some were not stored). */
size_t mips_lex_line(const char *line, size_t len, mips_token *tokens, size_t max);

/* Whether mips_lex_line finds no MIPS_LEX_ERROR token in line[0..len):
 * the same split, classifying only what could be invalid (a word or a
 * number mostly cannot), for a stage that needs no tokens from a valid
 * line. */
bool mips_lex_line_valid(const char *line, size_t len);

/* True only when line[0..len) has no '.' before any comment and
 * mips_lex_line_valid is surely true: runs of letters, digits, '_' and
 * '$' (none starting with a digit unless digits alone) between ' ', '\t',
 * ',', '(', ')' and ':'. Most lines of a program are such; false asks
 * nothing of the others, which take the longer way. */
bool mips_lex_line_plain(const char *line, size_t len);

/* Java's Double.parseDouble: surrounding characters up to ' ' trimmed, a
 * sign, decimal digits with '.' and an 'e' exponent or hex ones ("0x1.8p1",
 * the 'p' exponent required), an f/F/d/D suffix, Infinity, NaN. */
bool mips_parse_real(const char *text, size_t len, double *value);

/* Decodes a string token's body (quotes removed) with MARS's escapes
 * (\n \t \r \\ \' \" \b \f \0; any other \x is x) into out (len bytes
 * suffice). Returns the decoded length. */
size_t mips_unescape(const char *body, size_t len, char *out);

#endif
