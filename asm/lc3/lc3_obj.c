/* LC-3 object, symbol and listing files in the classic formats (lc3as, PennSim). */
#include <stdlib.h>
#include <string.h>

#include "../front/listing.h"
#include "lc3_asm.h"

/* Lowest origin and highest end (exclusive) of the program's blocks. */
static void span(const lc3_program *prog, uint32_t *low, uint32_t *high)
{
    *low = 0x10000;
    *high = 0;
    for (size_t b = 0; b < prog->block_count; b++) {
        const lc3_block *block = &prog->blocks[b];
        if (block->count == 0)
            continue;
        if (block->origin < *low)
            *low = block->origin;
        if (block->origin + block->count > *high)
            *high = block->origin + (uint32_t)block->count;
    }
}

static bool put_word(FILE *out, uint16_t w)
{
    return fputc(w >> 8, out) != EOF && fputc(w & 0xFF, out) != EOF;
}

bool lc3_write_obj(const lc3_program *prog, FILE *out)
{
    uint32_t low, high;
    span(prog, &low, &high);
    if (high == 0) /* no words: an origin alone, as lc3as writes it */
        return put_word(out, lc3_program_entry(prog)) && fflush(out) == 0;
    /* One image over all blocks; gaps are zero, like unwritten memory. */
    uint16_t *image = calloc(high - low, sizeof *image);
    if (!image)
        return false;
    for (size_t b = 0; b < prog->block_count; b++) {
        const lc3_block *block = &prog->blocks[b];
        if (block->count)
            memcpy(image + (block->origin - low), block->words, block->count * sizeof *image);
    }
    bool ok = put_word(out, (uint16_t)low);
    for (uint32_t i = 0; ok && i < high - low; i++)
        ok = put_word(out, image[i]);
    free(image);
    return ok && fflush(out) == 0;
}

bool lc3_write_sym(const lc3_program *prog, FILE *out)
{
    symbol **sorted = symtab_sorted(&prog->symbols);
    if (!sorted)
        return false;
    fprintf(out, "// Symbol table\n"
                 "// Scope level 0:\n"
                 "//\tSymbol Name       Page Address\n"
                 "//\t----------------  ------------\n");
    for (symbol **s = sorted; *s; s++)
        fprintf(out, "//\t%-16s  %04X\n", (*s)->name, (unsigned)(*s)->value);
    fprintf(out, "\n");
    free(sorted);
    return fflush(out) == 0 && !ferror(out);
}

/* Overlapping blocks load in order (as lc3tools loads them), so a word a
 * later block also fills never reaches memory. */
static bool overwritten(const lc3_program *prog, size_t b, uint32_t addr)
{
    for (size_t later = b + 1; later < prog->block_count; later++) {
        const lc3_block *block = &prog->blocks[later];
        if (addr >= block->origin && addr < block->origin + block->count)
            return true;
    }
    return false;
}

bool lc3_write_listing(const lc3_program *prog, FILE *out)
{
    listing l = {out, 16, 4, "x"};
    const source_file *src = prog->source;
    int next_line = 1; /* source lines up to here are listed */
    for (size_t b = 0; b < prog->block_count; b++) {
        const lc3_block *block = &prog->blocks[b];
        for (size_t w = 0; w < block->count; w++) {
            int line = block->lines ? block->lines[w] : 0;
            bool first_of_line = line >= next_line;
            while (src && first_of_line && next_line < line)
                listing_text(&l, src, next_line++);
            if (!overwritten(prog, b, block->origin + (uint32_t)w))
                listing_word(&l, (uint16_t)(block->origin + w), block->words[w], src,
                             first_of_line ? line : 0);
            else if (src && first_of_line)
                listing_text(&l, src, line);
            if (first_of_line)
                next_line = line + 1;
        }
    }
    while (src && next_line <= src->line_count)
        listing_text(&l, src, next_line++);
    return fflush(out) == 0 && !ferror(out);
}

bool lc3_read_obj(const uint8_t *bytes, size_t size, lc3_program *out, const char **why)
{
    memset(out, 0, sizeof *out);
    symtab_init(&out->symbols, true);
    if (size < 2 || size % 2 != 0) {
        *why = size < 2 ? "too short to hold an origin" : "odd number of bytes (words are 2 bytes)";
        return false;
    }
    size_t count = size / 2 - 1;
    uint16_t origin = (uint16_t)(bytes[0] << 8 | bytes[1]);
    if (origin + count > 0x10000) {
        *why = "runs past the end of memory at xFFFF";
        return false;
    }
    lc3_block *block = calloc(1, sizeof *block);
    uint16_t *words = malloc((count ? count : 1) * sizeof *words);
    if (!block || !words) {
        free(block);
        free(words);
        *why = "out of memory";
        return false;
    }
    for (size_t i = 0; i < count; i++)
        words[i] = (uint16_t)(bytes[2 + 2 * i] << 8 | bytes[3 + 2 * i]);
    *block = (lc3_block){origin, words, NULL, count};
    out->blocks = block;
    out->block_count = 1;
    return true;
}
