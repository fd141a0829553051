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
    src_loc where;   /* its .ORIG (line 0: read from an object file) */
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

/* The block holding address (the later block wins, as they load), its
 * word's index in *offset; NULL when no block holds it. */
const lc3_block *lc3_program_block_at(const lc3_program *prog, uint16_t address, size_t *offset);

/* The source line of the word at address, 0 when no block holds it or the
 * program came from an object file. */
int lc3_program_line(const lc3_program *prog, uint16_t address);

/* Object files come in two formats. The classic one (Lumetta's lc3as,
 * PennSim): big-endian 16-bit words, the first the origin, then one run of
 * words. lc3tools': a header, then an entry per .ORIG and per word, so each
 * block is kept apart and nothing between blocks is ever written. */
typedef enum lc3_obj_format {
    LC3_OBJ_AUTO,     /* classic when it holds the program, else lc3tools' */
    LC3_OBJ_CLASSIC,
    LC3_OBJ_LC3TOOLS,
} lc3_obj_format;

/* True when prog's blocks leave a gap between them that a classic image
 * would have to fill: *from..*to (inclusive) is the first, and *next the
 * index of the block after it. */
bool lc3_obj_gap(const lc3_program *prog, uint16_t *from, uint16_t *to, size_t *next);

/* Settles *format for prog: AUTO becomes CLASSIC, or LC3TOOLS with a
 * warning when there is a gap; CLASSIC with a gap is an error (its zeros
 * would overwrite memory on load). Reports on diags; false on the error. */
bool lc3_obj_choose_format(const lc3_program *prog, lc3_obj_format *format,
                           diag_sink *diags);

/* prog.obj in the classic format: one image from the lowest origin to the
 * highest end (overlapping blocks: the later wins). False, nothing
 * written, when there is a gap (lc3_obj_gap). */
bool lc3_write_obj(const lc3_program *prog, FILE *out);
/* prog.obj in lc3tools' format, each line's first word with the line's text. */
bool lc3_write_obj_lc3tools(const lc3_program *prog, FILE *out);
/* prog.sym in lc3as's layout ("//\tNAME  ADDR" under its header). */
bool lc3_write_sym(const lc3_program *prog, FILE *out);
/* Listing: address, word (hex and binary), line number, source line. */
bool lc3_write_listing(const lc3_program *prog, FILE *out);

/* Reads an object file of either format (lc3tools' is told by its header)
 * into blocks, in the file's order. On failure returns false and sets *why
 * to a plain-words reason. */
bool lc3_read_obj(const uint8_t *bytes, size_t size, lc3_program *out, const char **why);

/* The largest object file read: lc3tools' format spends 7 bytes and a
 * source line on every word. */
enum { LC3_OBJ_MAX_BYTES = 64 << 20 };

/* Reads the file at path (a regular file, at most LC3_OBJ_MAX_BYTES) with
 * lc3_read_obj. False with *why set on failure. */
bool lc3_read_obj_file(const char *path, lc3_program *out, const char **why);

#endif
