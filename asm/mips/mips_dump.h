/* MARS's memory dump formats (its `dump` command-line option and mipsas):
 * HexText, BinaryText, Binary, AsciiText and HEX (Intel hex), byte for byte as MARS writes
 * them. The words come from a reader, so the simulator's memory after a run
 * and an assembled image can both be dumped. */
#ifndef MIPS_DUMP_H
#define MIPS_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum mips_dump_format {
    MIPS_DUMP_HEX_TEXT,    /* 8 lowercase hex digits a line */
    MIPS_DUMP_BINARY_TEXT, /* 32 binary digits a line */
    MIPS_DUMP_BINARY,      /* each word's 4 bytes, least significant first */
    MIPS_DUMP_ASCII_TEXT,  /* 4 characters a line, 3 columns each, MSB first */
    MIPS_DUMP_INTEL_HEX,   /* "HEX": an Intel hex record a word, offsets from the
                              first address, then the end-of-file record */
    MIPS_DUMP_FORMAT_COUNT
} mips_dump_format;

/* The format MARS names so ("HexText"; names are case-sensitive, as in MARS). */
bool mips_dump_format_find(const char *name, mips_dump_format *format);
const char *mips_dump_format_name(mips_dump_format format);

/* A word as MARS's Binary.intToAscii shows it (its register and memory
 * displays): the 4 bytes, most significant first, 3 columns each, no
 * newline. */
void mips_dump_ascii_word(FILE *out, uint32_t word);

/* Reads the word at addr. False when the word was never allocated (MARS's
 * getRawWordOrNull returning null), which ends a dump. */
typedef bool (*mips_word_reader)(void *ctx, uint32_t addr, uint32_t *word);

/* Writes the words from first to last inclusive (word addresses), stopping
 * at the first one the reader does not have. Returns the number written. */
size_t mips_dump_range(FILE *out, mips_dump_format format, mips_word_reader read, void *ctx,
                       uint32_t first, uint32_t last);

#endif
