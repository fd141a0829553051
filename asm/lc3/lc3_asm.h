/* The LC-3 assembler: source text in, program image and symbols out, every
 * error reported through a diag_sink. Also reads and writes the classic
 * object-file formats. */
#ifndef LC3_ASM_H
#define LC3_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../front/diag.h"
#include "../front/source.h"
#include "../front/symtab.h"

/* One .ORIG ... .END block. */
typedef struct lc3_block {
    uint16_t origin;
    uint16_t *words;
    int *lines;      /* source line of each word (0: none, e.g. loaded from .obj) */
    size_t count;
} lc3_block;

typedef struct lc3_program {
    lc3_block *blocks;   /* in source order; never overlapping */
    size_t block_count;
    symtab symbols;      /* labels (case-insensitive), value = address */
    const source_file *source; /* NULL when loaded from an object file */
} lc3_program;

/* Assembles a whole file. Reports every error and warning to diags; returns
 * true when there was no error (out is then filled; free it either way). */
bool lc3_assemble(const source_file *src, diag_sink *diags, lc3_program *out);

void lc3_program_free(lc3_program *prog);

/* The address execution starts at: the first block's origin. */
uint16_t lc3_program_entry(const lc3_program *prog);

/* prog.obj: big-endian 16-bit words, the first the origin, then the block's
 * words, as Lumetta's lc3as and PennSim write it. Several blocks are written
 * as one image from the lowest origin to the highest end, gaps filled with
 * zero, so every classic loader places each block at its address. */
bool lc3_write_obj(const lc3_program *prog, FILE *out);
/* prog.sym in lc3as's layout ("//\tNAME  ADDR" under its header). */
bool lc3_write_sym(const lc3_program *prog, FILE *out);
/* Listing: address, word (hex and binary), line number, source line. */
bool lc3_write_listing(const lc3_program *prog, FILE *out);

/* Reads a classic object file (one block). On failure returns false and sets
 * *why to a plain-words reason. */
bool lc3_read_obj(const uint8_t *bytes, size_t size, lc3_program *out, const char **why);

#endif
