/* How MARS shows registers and memory after a run (MarsLaunch's post-mortem
 * displays), for both command lines: the mars front end prints exactly
 * MARS's lines, mipssim prints the same lines for --regs and --mem. */
#ifndef MIPS_DISPLAY_H
#define MIPS_DISPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mips_machine.h"

typedef enum mips_display_format {
    MIPS_DISPLAY_HEX,     /* 0x%08x (MARS's default, "hex") */
    MIPS_DISPLAY_DECIMAL, /* signed decimal; FP as Java prints it ("dec") */
    MIPS_DISPLAY_ASCII,   /* 4 characters, 3 columns each ("ascii") */
} mips_display_format;

typedef struct mips_display {
    FILE *out;
    mips_display_format format;
    bool verbose; /* the name or address first (MARS without "b") */
} mips_display;

/* MARS's "<m>-<n>" memory range (MarsLaunch.checkMemoryAddressRange):
 * two numbers as Binary.stringToInt reads them, word-aligned, m <= n in
 * signed order. -1 when text has no '-' between two parts (no range at
 * all), 0 when it is a bad one, 1 with *low and *high set. */
int mips_parse_word_range(const char *text, uint32_t *low, uint32_t *high);

/* One value in the format, nothing after it. */
void mips_display_int(const mips_display *d, int32_t value);

/* A general register (r 0-31) or FP register line, named as given
 * ("$t0\t0x0000000a\n"); an even FP register shows its double too. */
void mips_display_register(const mips_display *d, const mips_machine *m, const char *name,
                           unsigned r, bool is_float);

/* An FP register word MARS accepts by its number in any Binary.stringToInt
 * form ("$f0x2", "$f+3", "$f010") but then reads by its exact name, which
 * no register has: the float 0 and no double ("$f0x2\t0x00000000\n"). */
void mips_display_unnamed_fp(const mips_display *d, const char *name);

/* The words from low to high (word addresses, signed order as MARS reads
 * them), four a line: "Mem[0x10010000]\t0x00000001\t...\t\n". Text shows its
 * code (0 where none); an address no load may read shows MARS's
 * "Invalid address: <decimal>". */
void mips_display_memory(const mips_display *d, mips_machine *m, uint32_t low, uint32_t high);

#endif
