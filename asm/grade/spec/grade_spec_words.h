/* A case's structures on a machine whose memory is of words, each element
 * in a word of its own (grade_spec_isa.word_elements: the LC-3's 16-bit
 * words): a string's characters and its NUL, an array's elements, a
 * struct's fields, a buffer's, file's or grid's bytes. The draw makes
 * bytes (grade_spec_draw.h); these say which words they become and where
 * they go. */
#ifndef GRADE_SPEC_WORDS_H
#define GRADE_SPEC_WORDS_H

#include <stdint.h>

#include "grade_spec.h"
#include "grade_spec_draw.h"

/* The words of pointer argument v made by g, into out (NULL: only
 * counted); returns how many. A byte element or field drawn from a range
 * with negative numbers is sign-extended, every other byte zero-extended. */
uint32_t grade_spec_words(const grade_gen *g, const grade_spec_value *v, uint16_t *out);

/* The word that byte offset of v's bytes falls in: where a pointer into
 * v points on such a machine. */
uint32_t grade_spec_word_index(const grade_gen *g, const grade_spec_value *v, uint32_t offset);

/* grade_spec_layout for such a machine: addresses count words. */
void grade_spec_layout_words(const grade_spec_function *fn, grade_spec_state *st, uint32_t base,
                             uint32_t gap);

#endif
