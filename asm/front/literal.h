/* Numbers and string literals as assembly sources write them. Each ISA picks
 * the spellings it accepts; parsing and range checks live here once. */
#ifndef ASM_LITERAL_H
#define ASM_LITERAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Spellings of an integer literal an assembler accepts. */
enum lit_syntax {
    LIT_DECIMAL      = 1 << 0, /* 42, -42 */
    LIT_HASH_DECIMAL = 1 << 1, /* #42, #-42 (LC-3) */
    LIT_X_HEX        = 1 << 2, /* x2A, X2A, x-2A (LC-3) */
    LIT_0X_HEX       = 1 << 3, /* 0x2A, 0X2A, -0x2A */
    LIT_B_BINARY     = 1 << 4, /* b1010, B1010 (LC-3) */
};

typedef enum lit_status {
    LIT_OK,
    LIT_NOT_A_NUMBER, /* no accepted spelling matches */
    LIT_BAD_DIGIT,    /* right prefix, wrong digits ("x12G", "#1a") */
    LIT_TOO_BIG,      /* does not fit in 64 bits */
} lit_status;

/* Parses all of text[0..len) as an integer in one of the spellings of
 * `syntax`. On LIT_OK stores the value; on LIT_BAD_DIGIT *bad_at is the
 * offset of the first wrong character. */
lit_status lit_parse_int(const char *text, size_t len, unsigned syntax, int64_t *value,
                         size_t *bad_at);

/* True when the value fits in a signed field of `bits` bits. */
bool lit_fits_signed(int64_t value, unsigned bits);
/* True when the value fits in an unsigned field of `bits` bits. */
bool lit_fits_unsigned(int64_t value, unsigned bits);

/* The escapes a string literal may contain: after a backslash, letters[i]
 * stands for bytes[i]. */
typedef struct lit_escapes {
    const char *letters;
    const char *bytes;
} lit_escapes;

/* Decodes the body of a string literal (between its quotes) into out, which
 * must hold len bytes. Returns the decoded length, or -1 with *bad_at the
 * offset of the backslash of an escape not in `escapes`. */
long lit_unescape(const char *body, size_t len, const lit_escapes *escapes, char *out,
                  size_t *bad_at);

#endif
