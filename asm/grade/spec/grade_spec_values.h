/* Output compared as values (`compare output values [hex]`): the numbers
 * and words a program prints, read in order, compared by value, so the
 * formats a handout allows (`x0014`, `0x14`, `0014` in hex; `20`, `#20` in
 * decimal; any case of the digits; any spacing and punctuation between)
 * are one, and a wrong value or word never is. ISA-free. */
#ifndef GRADE_SPEC_VALUES_H
#define GRADE_SPEC_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grade_findings.h"

typedef struct grade_value_token {
    bool number;
    int64_t value;       /* number: its value */
    const char *start;   /* the text it was read from (a word: the word) */
    size_t len;
} grade_value_token;

/* How the items are read: bare digits as hexadecimal (hex), and the
 * machine word's hexadecimal digits (4 on the LC-3, 8 on MIPS; 0: none): a
 * hexadecimal number of exactly that many digits is the word's bit
 * pattern, negative when its top bit is set (xFFEC and 0xffffffec are
 * -20, as a program that prints a word in hex prints -20). */
typedef struct grade_values_mode {
    bool hex;
    unsigned word_digits;
    bool ignore_case;   /* words in any case */
} grade_values_mode;

/* The items of text in order, at most max into out (NULL: only counted);
 * returns how many there are. A run of letters and digits is an item; it
 * is a number when it is, with an optional '-' or '#' before it: `x` or
 * `0x` and hexadecimal digits, decimal digits, or (hex) only hexadecimal
 * digits. Everything else between items is ignored. */
size_t grade_value_tokens(const char *text, size_t len, const grade_values_mode *mode,
                          grade_value_token *out, size_t max);

/* Whether got's items are want's, number by value and word by word; else
 * the first difference, as a problem. */
bool grade_values_compare(const char *got, size_t got_len, const char *want, size_t want_len,
                          const grade_values_mode *mode, grade_findings *problems);

#endif
