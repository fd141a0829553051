/* What the MIPS assembler's tests share: assembling sources in memory with
 * the diagnostics captured (without source lines and carets), and reading
 * back bytes, words and labels. Include after <cmocka.h>. */
#ifndef MIPS_ASM_FIXTURE_H
#define MIPS_ASM_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mips_asm.h"

enum { FIXTURE_MAX_FILES = 4 };

typedef struct result {
    bool ok;
    char *diags;
    mips_program prog;
    source_file *files[FIXTURE_MAX_FILES];
    size_t count;
} result;

/* Assembles files (the result takes them over). */
static inline result assemble_sources(source_file **files, size_t count,
                                      const mips_asm_options *options)
{
    result r;
    memset(&r, 0, sizeof r);
    size_t size = 0;
    FILE *out = open_memstream(&r.diags, &size);
    diag_sink sink;
    diag_init(&sink, out);
    sink.show_source = 0;
    r.count = count;
    for (size_t i = 0; i < count; i++)
        r.files[i] = files[i];
    r.ok = mips_assemble((const source_file *const *)r.files, count, options, &sink, &r.prog);
    fclose(out);
    return r;
}

/* Texts as files: "t.asm" alone, else "a.asm", "b.asm", ... */
static inline result assemble_files(const char *const *texts, size_t count,
                                    const mips_asm_options *options)
{
    static const char *const names[FIXTURE_MAX_FILES] = {"a.asm", "b.asm", "c.asm", "d.asm"};
    source_file *files[FIXTURE_MAX_FILES];
    for (size_t i = 0; i < count; i++)
        files[i] = source_from_memory(count == 1 ? "t.asm" : names[i], texts[i],
                                      strlen(texts[i]));
    return assemble_sources(files, count, options);
}

static inline result assemble(const char *text)
{
    return assemble_files(&text, 1, NULL);
}

static inline void release(result *r)
{
    mips_program_free(&r->prog);
    for (size_t i = 0; i < r->count; i++)
        source_free(r->files[i]);
    free(r->diags);
}

#define assert_assembled(r)                                                    \
    do {                                                                       \
        if (!(r).ok)                                                           \
            fail_msg("assembly failed:\n%s", (r).diags);                       \
    } while (0)

/* The byte at addr in whichever segment holds it. */
static inline uint8_t byte_at(const result *r, uint32_t addr)
{
    for (int s = 0; s < MIPS_SEG_COUNT; s++) {
        const mips_segment *seg = &r->prog.segments[s];
        if (seg->bytes && addr >= seg->base && addr - seg->base < seg->size)
            return seg->bytes[addr - seg->base];
    }
    fail_msg("no segment holds 0x%08x", (unsigned)addr);
    return 0;
}

/* Little-endian, as MARS stores words. */
static inline uint32_t word_at(const result *r, uint32_t addr)
{
    uint32_t w = 0;
    for (int b = 3; b >= 0; b--)
        w = w << 8 | byte_at(r, addr + (uint32_t)b);
    return w;
}

#define assert_words(r, addr, ...)                                             \
    do {                                                                       \
        const uint32_t want[] = {__VA_ARGS__};                                 \
        for (size_t i_ = 0; i_ < sizeof want / sizeof want[0]; i_++)           \
            if (word_at(&(r), (addr) + 4 * (uint32_t)i_) != want[i_])         \
                fail_msg("word at 0x%08x is 0x%08x, expected 0x%08x",          \
                         (unsigned)((addr) + 4 * i_),                          \
                         (unsigned)word_at(&(r), (addr) + 4 * (uint32_t)i_),   \
                         (unsigned)want[i_]);                                  \
    } while (0)

/* A label's address: the file's own labels, then the global ones. */
static inline uint32_t label(const result *r, size_t file, const char *name)
{
    const symbol *s = symtab_find(&r->prog.locals[file], name, strlen(name));
    if (!s)
        s = symtab_find(&r->prog.globals, name, strlen(name));
    if (!s)
        fail_msg("no label %s", name);
    return (uint32_t)s->value;
}

#endif
