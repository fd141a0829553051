/* LC-3 object, symbol and listing files: object files in the classic format
 * (lc3as, PennSim) and in lc3tools'; symbols and listings as lc3as writes
 * them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../front/listing.h"
#include "lc3_asm.h"
#include "grow.h"

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

/* Blocks that hold words, by origin (ties: source order). */
static int by_origin(const void *a, const void *b)
{
    const lc3_block *x = *(const lc3_block *const *)a, *y = *(const lc3_block *const *)b;
    if (x->origin != y->origin)
        return x->origin < y->origin ? -1 : 1;
    return x < y ? -1 : x > y;
}

bool lc3_obj_gap(const lc3_program *prog, uint16_t *from, uint16_t *to, size_t *next)
{
    const lc3_block **sorted = malloc((prog->block_count + 1) * sizeof *sorted);
    if (!sorted)
        abort();
    size_t n = 0;
    for (size_t b = 0; b < prog->block_count; b++)
        if (prog->blocks[b].count)
            sorted[n++] = &prog->blocks[b];
    qsort(sorted, n, sizeof *sorted, by_origin);
    bool gap = false;
    uint32_t covered = n ? sorted[0]->origin : 0; /* end of the run so far */
    for (size_t i = 0; i < n && !gap; i++) {
        if (sorted[i]->origin > covered) {
            *from = (uint16_t)covered;
            *to = (uint16_t)(sorted[i]->origin - 1);
            *next = (size_t)(sorted[i] - prog->blocks);
            gap = true;
        }
        uint32_t end = sorted[i]->origin + (uint32_t)sorted[i]->count;
        if (end > covered)
            covered = end;
    }
    free(sorted);
    return gap;
}

bool lc3_write_obj(const lc3_program *prog, FILE *out)
{
    uint16_t from, to;
    size_t next;
    if (lc3_obj_gap(prog, &from, &to, &next))
        return false; /* zeros there would overwrite memory on load */
    uint32_t low, high;
    span(prog, &low, &high);
    if (high == 0) /* no words: an origin alone, as lc3as writes it */
        return put_word(out, lc3_program_entry(prog)) && fflush(out) == 0;
    /* One image over all blocks, which abut or overlap: the later wins. */
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

/* lc3tools' object format, as its assembler writes and its simulator reads
 * it: a header (magic 1C 30 15 C0 01, version 01 01), then entries of a word
 * (2 bytes, little-endian), a flag (1: an .ORIG, the word its origin; 0: the
 * block's next word), the length of a source line (4 bytes, little-endian)
 * and the line's text, not terminated. */
static const uint8_t lc3tools_magic[5] = {0x1C, 0x30, 0x15, 0xC0, 0x01};
static const uint8_t lc3tools_version[2] = {0x01, 0x01};
enum { LC3TOOLS_HEADER = 7, LC3TOOLS_ENTRY = 7 };

static bool put_entry(FILE *out, uint16_t word, bool orig, const char *text, size_t len)
{
    uint8_t head[LC3TOOLS_ENTRY] = {
        (uint8_t)(word & 0xFF), (uint8_t)(word >> 8), orig,
        (uint8_t)(len & 0xFF), (uint8_t)(len >> 8 & 0xFF), (uint8_t)(len >> 16 & 0xFF),
        (uint8_t)(len >> 24 & 0xFF),
    };
    return fwrite(head, 1, sizeof head, out) == sizeof head &&
           (len == 0 || fwrite(text, 1, len, out) == len);
}

/* A word's source line as lc3tools keeps it: without its comment and
 * trailing blanks. Only a line's first word carries it (lc3tools repeats it
 * on every word of a .BLKW or .STRINGZ, which can make a file of a line's
 * length times 65536 bytes; its simulator reads an empty line as well). */
static const char *entry_text(const lc3_program *prog, const lc3_block *block, size_t w,
                              size_t *len)
{
    *len = 0;
    if (!prog->source || !block->lines || block->lines[w] <= 0 ||
        (w > 0 && block->lines[w - 1] == block->lines[w]))
        return "";
    size_t n = 0;
    const char *line = source_line(prog->source, block->lines[w], &n);
    if (!line)
        return "";
    bool quoted = false;
    size_t end = 0;
    for (size_t i = 0; i < n && line[i] != '\n' && line[i] != '\r'; i++) {
        if (line[i] == ';' && !quoted)
            break;
        if (line[i] == '"')
            quoted = !quoted;
        else if (line[i] == '\\' && quoted && i + 1 < n)
            i++;
        end = i + 1;
    }
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        end--;
    *len = end;
    return line;
}

bool lc3_write_obj_lc3tools(const lc3_program *prog, FILE *out)
{
    bool ok = fwrite(lc3tools_magic, 1, sizeof lc3tools_magic, out) == sizeof lc3tools_magic &&
              fwrite(lc3tools_version, 1, sizeof lc3tools_version, out) ==
                  sizeof lc3tools_version;
    for (size_t b = 0; ok && b < prog->block_count; b++) {
        const lc3_block *block = &prog->blocks[b];
        char orig[16];
        int n = snprintf(orig, sizeof orig, ".ORIG x%04X", (unsigned)block->origin);
        ok = put_entry(out, block->origin, true, orig, (size_t)n);
        for (size_t w = 0; ok && w < block->count; w++) {
            size_t len;
            const char *text = entry_text(prog, block, w, &len);
            ok = put_entry(out, block->words[w], false, text, len);
        }
    }
    return ok && fflush(out) == 0 && !ferror(out);
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

/* Grows prog by one empty block at origin. */
static bool add_block(lc3_program *prog, uint16_t origin)
{
    lc3_block *blocks = realloc(prog->blocks, (prog->block_count + 1) * sizeof *blocks);
    if (!blocks)
        return false;
    prog->blocks = blocks;
    prog->blocks[prog->block_count++] = (lc3_block){.origin = origin};
    return true;
}

static bool add_word(lc3_block *block, size_t *capacity, uint16_t word)
{
    if (block->count == *capacity) {
        uint16_t *words = grow_array(block->words, capacity, block->count + 1, sizeof *words);
        if (!words)
            return false;
        block->words = words;
    }
    block->words[block->count++] = word;
    return true;
}

static uint32_t little32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool read_lc3tools(const uint8_t *bytes, size_t size, lc3_program *out, const char **why)
{
    if (size < LC3TOOLS_HEADER || memcmp(bytes + 5, lc3tools_version, 2) != 0) {
        *why = size < LC3TOOLS_HEADER ? "lc3tools' header is cut short"
                                      : "an lc3tools object file of another version than 1.1";
        return false;
    }
    size_t capacity = 0; /* of the last block's words */
    for (size_t at = LC3TOOLS_HEADER; at < size;) {
        if (size - at < LC3TOOLS_ENTRY) {
            *why = "the last entry is cut short (each is 7 bytes and a source line)";
            return false;
        }
        const uint8_t *e = bytes + at;
        uint16_t word = (uint16_t)(e[0] | e[1] << 8);
        uint32_t len = little32(e + 3);
        if (e[2] > 1) {
            *why = "an entry's .ORIG flag is neither 0 nor 1";
            return false;
        }
        if (len > size - at - LC3TOOLS_ENTRY) {
            *why = "an entry's source line runs past the end of the file";
            return false;
        }
        at += LC3TOOLS_ENTRY + len;
        if (e[2]) {
            if (!add_block(out, word))
                goto no_memory;
            capacity = 0;
            continue;
        }
        if (out->block_count == 0) {
            *why = "a word comes before the first .ORIG entry";
            return false;
        }
        lc3_block *block = &out->blocks[out->block_count - 1];
        if (block->origin + block->count > 0xFFFF) {
            *why = "a block runs past the end of memory at xFFFF";
            return false;
        }
        if (!add_word(block, &capacity, word))
            goto no_memory;
    }
    return true;
no_memory:
    *why = "out of memory";
    return false;
}

static bool read_classic(const uint8_t *bytes, size_t size, lc3_program *out, const char **why)
{
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
    uint16_t *words = malloc((count ? count : 1) * sizeof *words);
    if (!words || !add_block(out, origin)) {
        free(words);
        *why = "out of memory";
        return false;
    }
    for (size_t i = 0; i < count; i++)
        words[i] = (uint16_t)(bytes[2 + 2 * i] << 8 | bytes[3 + 2 * i]);
    out->blocks[0].words = words;
    out->blocks[0].count = count;
    return true;
}

bool lc3_read_obj(const uint8_t *bytes, size_t size, lc3_program *out, const char **why)
{
    memset(out, 0, sizeof *out);
    symtab_init(&out->symbols, true);
    bool lc3tools = size >= sizeof lc3tools_magic &&
                    memcmp(bytes, lc3tools_magic, sizeof lc3tools_magic) == 0;
    bool ok = lc3tools ? read_lc3tools(bytes, size, out, why) : read_classic(bytes, size, out, why);
    if (!ok) {
        lc3_program_free(out);
        symtab_init(&out->symbols, true);
    }
    return ok;
}

bool lc3_read_obj_file(const char *path, lc3_program *out, const char **why)
{
    memset(out, 0, sizeof *out);
    symtab_init(&out->symbols, true);
    FILE *f = source_fopen_regular(path, why);
    if (!f)
        return false;
    size_t size = 0, capacity = 1 << 16;
    uint8_t *bytes = malloc(capacity);
    bool ok = bytes != NULL;
    *why = "out of memory";
    while (ok) {
        if (size == capacity) {
            uint8_t *grown =
                capacity > LC3_OBJ_MAX_BYTES ? NULL : grow_array(bytes, &capacity, size + 1, 1);
            if (!grown) {
                ok = false;
                if (capacity > LC3_OBJ_MAX_BYTES)
                    *why = "too large for an LC-3 object file";
                break;
            }
            bytes = grown;
        }
        size_t got = fread(bytes + size, 1, capacity - size, f);
        size += got;
        if (got == 0) {
            if (ferror(f)) {
                ok = false;
                *why = strerror(errno);
            }
            break;
        }
    }
    fclose(f);
    if (ok && size > LC3_OBJ_MAX_BYTES) {
        ok = false;
        *why = "too large for an LC-3 object file";
    }
    if (ok)
        ok = lc3_read_obj(bytes, size, out, why);
    free(bytes);
    return ok;
}
