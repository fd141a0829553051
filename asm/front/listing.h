/* Listing output: one row per emitted word beside the source line it came from.
 *
 *   x3000  x5260  0101001001100000     3  START   AND R1, R1, #0
 *
 * Word width (16 or 32 bits) and address width come from the ISA. */
#ifndef ASM_LISTING_H
#define ASM_LISTING_H

#include <stdint.h>
#include <stdio.h>

#include "source.h"

typedef struct listing {
    FILE *out;
    int word_bits;   /* 16 for LC-3, 32 for MIPS */
    int addr_digits; /* hex digits of an address */
    const char *hex_prefix; /* "x" for LC-3, "0x" for MIPS */
} listing;

/* A row with a word; src_line 0 prints no source (continuation of a
 * multi-word directive). */
void listing_word(listing *l, uint32_t addr, uint32_t word, const source_file *file,
                  int src_line);
/* A source line that emits nothing (comment, label, .ORIG). */
void listing_text(listing *l, const source_file *file, int src_line);

#endif
