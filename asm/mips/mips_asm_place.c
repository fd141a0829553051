/* Placing the assembled words: data bytes into their segments, code words
 * checked, sorted and laid out with their origins (the assembler's side of
 * the program image). */
#include "mips_asm_impl.h"

#include <stdlib.h>
#include <string.h>

#include "big_array.h"
#include "grow.h"

/* MARS's text segments hold 4 MB each (Memory.textLimitAddress). */
enum { MIPS_TEXT_SIZE = 0x400000 };

void mips_segment_store(mips_segment *seg, uint32_t addr, const uint8_t *bytes, size_t n)
{
    if (seg->size == 0)
        seg->base = addr;
    uint32_t lo = addr < seg->base ? addr : seg->base;
    uint32_t end = seg->base + seg->size, hi = addr + (uint32_t)n > end ? addr + (uint32_t)n : end;
    size_t need = hi - lo;
    if (need > seg->capacity) { /* the two arrays grow alike */
        size_t cap = seg->capacity, placed_cap = seg->capacity;
        seg->bytes = asm_need_memory(grow_array(seg->bytes, &cap, need, 1));
        seg->placed = asm_need_memory(grow_array(seg->placed, &placed_cap, need, 1));
        seg->capacity = cap;
    }
    if (lo < seg->base) { /* placed below the first byte: move the rest up */
        size_t shift = seg->base - lo;
        memmove(seg->bytes + shift, seg->bytes, seg->size);
        memset(seg->bytes, 0, shift);
        memmove(seg->placed + shift, seg->placed, seg->size);
        memset(seg->placed, 0, shift);
        seg->base = lo;
    }
    size_t used = end - seg->base;
    if (need > used) {
        memset(seg->bytes + used, 0, need - used);
        memset(seg->placed + used, 0, need - used);
    }
    memcpy(seg->bytes + (addr - seg->base), bytes, n);
    memset(seg->placed + (addr - seg->base), 1, n);
    seg->size = (uint32_t)need;
}

/* Files appear in command-line order; a file not among them (one the
 * preprocessor included) is added with an empty label table. */
size_t mips_program_file_index(mips_program *prog, const source_file *file)
{
    for (size_t i = 0; i < prog->file_count; i++)
        if (prog->files[i] == file)
            return i;
    size_t n = prog->file_count + 1;
    const source_file **files = realloc(prog->files, n * sizeof *files);
    symtab *locals = realloc(prog->locals, n * sizeof *locals);
    if (!files || !locals)
        abort();
    files[n - 1] = file;
    symtab_init(&locals[n - 1], false);
    prog->files = files;
    prog->locals = locals;
    prog->file_count = n;
    return n - 1;
}

static int segment_of(uint32_t addr)
{
    if (addr % 4 != 0)
        return -1;
    if (addr >= MIPS_TEXT_BASE && addr - MIPS_TEXT_BASE < MIPS_TEXT_SIZE)
        return MIPS_SEG_TEXT;
    if (addr >= MIPS_KTEXT_BASE && addr - MIPS_KTEXT_BASE < MIPS_TEXT_SIZE)
        return MIPS_SEG_KTEXT;
    return -1;
}

/* A word with the order it was made in, for sorting. */
typedef struct numbered_word {
    mips_word word;
    uint32_t seq;
} numbered_word;

static int by_address(const void *a, const void *b)
{
    const numbered_word *x = a, *y = b;
    if (x->word.address != y->word.address)
        return x->word.address < y->word.address ? -1 : 1;
    /* stable: the later statement stays later (and wins, as in MARS) */
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Sorts words by address, keeping the order they were made in among
 * equal addresses (qsort alone is not stable). */
static void sort_words(mips_word *words, size_t count)
{
    numbered_word *all = asm_need_memory(malloc(count * sizeof *all));
    for (size_t i = 0; i < count; i++)
        all[i] = (numbered_word){words[i], (uint32_t)i};
    qsort(all, count, sizeof *all, by_address);
    for (size_t i = 0; i < count; i++)
        words[i] = all[i].word;
    free(all);
}

static src_loc word_loc(const mips_asm *as, const mips_word *w)
{
    const mips_stmt *s = &as->stmts[w->stmt];
    int col = s->first_col;
    return (src_loc){as->prog->files[s->file], (int)s->line, col, col ? 1 : 0};
}

static void lay_out(const mips_asm *as, const mips_word *words, size_t count, int id)
{
    mips_program *prog = as->prog;
    mips_segment *seg = &prog->segments[id];
    size_t first = SIZE_MAX, last = 0;
    for (size_t i = 0; i < count; i++)
        if (segment_of(words[i].address) == id) {
            if (first == SIZE_MAX)
                first = i;
            last = i;
        }
    if (first == SIZE_MAX)
        return;
    seg->base = words[first].address;
    seg->size = words[last].address + 4 - seg->base;
    seg->capacity = seg->size;
    seg->bytes = calloc(seg->size, 1);
    size_t origin_capacity;
    mips_origin *origins = big_array_calloc(seg->size / 4, sizeof *origins, /* parts 0: no code */
                                            &origin_capacity);
    if (!seg->bytes || !origins)
        abort();
    for (size_t i = first; i <= last; i++) {
        uint32_t offset = words[i].address - seg->base;
        for (int b = 0; b < 4; b++)
            seg->bytes[offset + b] = (uint8_t)(words[i].word >> (8 * b));
        origins[offset / 4] = mips_word_origin(as, &words[i]);
    }
    if (id == MIPS_SEG_TEXT)
        prog->text_origin = origins, prog->text_origin_capacity = origin_capacity;
    else
        prog->ktext_origin = origins, prog->ktext_origin_capacity = origin_capacity;
}

/* MARS stores each word with Memory.setStatement, which takes only word
 * addresses inside .text or .ktext, then sorts the words and reports
 * every address used twice (a .text/.ktext operand can cause that). */
void mips_program_place_text(mips_asm *as)
{
    size_t kept = 0;
    for (size_t i = 0; i < as->word_count; i++) {
        mips_word *w = &as->words[i];
        if (segment_of(w->address) < 0)
            mips_report(as, word_loc(as, w), MIPS_MSG_TEXT_ADDRESS,
                        (int)(int32_t)w->address);
        else
            as->words[kept++] = *w;
    }
    as->word_count = kept;
    /* Words are made in statement order, so they are usually in address
     * order already (and then also in seq order, which breaks ties). */
    bool sorted = true;
    for (size_t i = 1; i < kept && sorted; i++)
        sorted = as->words[i - 1].address <= as->words[i].address;
    if (!sorted)
        sort_words(as->words, kept);
    for (size_t i = 1; i < kept; i++) {
        const mips_word *before = &as->words[i - 1], *w = &as->words[i];
        if (before->address == w->address)
            mips_report(as, word_loc(as, w), MIPS_MSG_DUPLICATE_ADDRESS, w->address,
                        as->prog->files[as->stmts[before->stmt].file]->path,
                        (int)as->stmts[before->stmt].line,
                        segment_of(w->address) == MIPS_SEG_TEXT ? ".text" : ".ktext");
    }
    lay_out(as, as->words, kept, MIPS_SEG_TEXT);
    lay_out(as, as->words, kept, MIPS_SEG_KTEXT);
}
