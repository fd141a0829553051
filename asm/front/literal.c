/* Integer and string literals, in the spellings each assembler accepts. */
#include "literal.h"

#include <ctype.h>

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

/* Digits of `base` from text[start..len), with an optional sign first when
 * allow_sign. Magnitudes past 2^63 are LIT_TOO_BIG. */
static lit_status parse_digits(const char *text, size_t len, size_t start, int base,
                               int allow_sign, int64_t *value, size_t *bad_at)
{
    int negative = 0;
    if (allow_sign && start < len && (text[start] == '-' || text[start] == '+')) {
        negative = text[start] == '-';
        start++;
    }
    if (start == len) {
        *bad_at = start;
        return LIT_BAD_DIGIT;
    }
    uint64_t magnitude = 0;
    for (size_t i = start; i < len; i++) {
        int d = digit_value(text[i]);
        if (d >= base) {
            *bad_at = i;
            return LIT_BAD_DIGIT;
        }
        if (magnitude > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            return LIT_TOO_BIG;
        magnitude = magnitude * (uint64_t)base + (uint64_t)d;
    }
    if (magnitude > (uint64_t)INT64_MAX + (uint64_t)negative)
        return LIT_TOO_BIG;
    *value = negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude;
    return LIT_OK;
}

lit_status lit_parse_int(const char *text, size_t len, unsigned syntax, int64_t *value,
                         size_t *bad_at)
{
    size_t ignored;
    if (!bad_at)
        bad_at = &ignored;
    if (len == 0)
        return LIT_NOT_A_NUMBER;
    char first = text[0];
    if (first == '#' && (syntax & LIT_HASH_DECIMAL))
        return parse_digits(text, len, 1, 10, 1, value, bad_at);
    if ((first == 'x' || first == 'X') && (syntax & LIT_X_HEX) && len > 1)
        return parse_digits(text, len, 1, 16, 1, value, bad_at);
    if ((first == 'b' || first == 'B') && (syntax & LIT_B_BINARY) && len > 1)
        return parse_digits(text, len, 1, 2, 1, value, bad_at);
    size_t sign = (first == '-' || first == '+') ? 1 : 0;
    if ((syntax & LIT_0X_HEX) && len > sign + 2 && text[sign] == '0' &&
        (text[sign + 1] == 'x' || text[sign + 1] == 'X')) {
        lit_status st = parse_digits(text, len, sign + 2, 16, 0, value, bad_at);
        if (st == LIT_OK && first == '-')
            *value = -*value;
        return st;
    }
    if ((syntax & LIT_DECIMAL) && len > sign && isdigit((unsigned char)text[sign]))
        return parse_digits(text, len, 0, 10, 1, value, bad_at);
    return LIT_NOT_A_NUMBER;
}

bool lit_fits_signed(int64_t value, unsigned bits)
{
    int64_t limit = (int64_t)1 << (bits - 1);
    return value >= -limit && value < limit;
}

bool lit_fits_unsigned(int64_t value, unsigned bits)
{
    return value >= 0 && (bits >= 63 || value < ((int64_t)1 << bits));
}

long lit_unescape(const char *body, size_t len, const lit_escapes *escapes, char *out,
                  size_t *bad_at)
{
    long n = 0;
    for (size_t i = 0; i < len; i++) {
        if (body[i] != '\\') {
            out[n++] = body[i];
            continue;
        }
        const char *letter = NULL;
        if (i + 1 < len)
            for (const char *l = escapes->letters; *l; l++)
                if (*l == body[i + 1])
                    letter = l;
        if (!letter) {
            *bad_at = i;
            return -1;
        }
        out[n++] = escapes->bytes[letter - escapes->letters];
        i++;
    }
    return n;
}
