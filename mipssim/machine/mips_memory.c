/* The MIPS machine's memory with MARS 4.5's map: which addresses exist,
 * the errors for the others, lazily allocated 4 KiB blocks (as MARS's
 * block tables), and code pages whose words are decoded when placed. */
#include <stdlib.h>

#include <string.h>

#include "mips_check_impl.h"
#include "grow.h"

typedef enum mips_region {
    REGION_NONE,  /* outside MARS's map */
    REGION_PAGED, /* data, stack, kdata, MMIO: plain words in pages */
    REGION_TEXT,
    REGION_KTEXT,
} mips_region;

/* MARS checks only an access's first address against its segments. The
 * stack's pages are whole 4 KiB blocks, 0x7fc00000-0x7fffffff, but MARS's
 * stack ends at 0x7ffffffc and its MMIO before 0xffffffff: a byte or half
 * above those is out of range (the interpreter's fast path leaves those
 * addresses to this file). MARS's lower stack edge, 0x7fbffffd-f, is left
 * out: MARS itself crashes there. */
static mips_region region_of(uint32_t a)
{
    if (a >= MIPS_EXTERN_BASE && a < MIPS_DATA_END)
        return REGION_PAGED;
    if (a >= MIPS_STACK_LOW + 4 && a <= MIPS_STACK_HIGH)
        return REGION_PAGED;
    if (a >= MIPS_TEXT_BASE && a < MIPS_TEXT_LIMIT)
        return REGION_TEXT;
    if (a >= MIPS_MMIO_BASE && a != 0xffffffffu)
        return REGION_PAGED;
    if (a >= MIPS_KDATA_BASE && a < MIPS_KDATA_LIMIT)
        return REGION_PAGED;
    if (a >= MIPS_KTEXT_BASE && a < MIPS_KTEXT_LIMIT)
        return REGION_KTEXT;
    return REGION_NONE;
}

static void *block_alloc(mips_machine *m, size_t size, bool zeroed);

void *mips_block_alloc(mips_machine *m, size_t size)
{
    return block_alloc(m, size, true);
}

/* zeroed false: the caller writes every byte. */
static void *block_alloc(mips_machine *m, size_t size, bool zeroed)
{
    if (m->block_count == m->block_capacity) {
        void **grown = grow_array(m->blocks, &m->block_capacity, m->block_count + 1, sizeof *grown);
        if (!grown)
            return NULL;
        m->blocks = grown;
    }
    void *block = zeroed ? calloc(1, size) : malloc(size);
    if (block)
        m->blocks[m->block_count++] = block;
    return block;
}

mips_decoded mips_decode_word(const mips_machine *m, uint32_t word, uint32_t addr)
{
    return mips_decode_at(&m->rows, word, addr);
}

mips_text_page *mips_text_page_of(const mips_machine *m, uint32_t addr)
{
    if (addr >= MIPS_TEXT_BASE && addr < MIPS_TEXT_LIMIT)
        return m->text[0][(addr - MIPS_TEXT_BASE) >> MIPS_PAGE_BITS];
    if (addr >= MIPS_KTEXT_BASE && addr < MIPS_KTEXT_LIMIT)
        return m->text[1][(addr - MIPS_KTEXT_BASE) >> MIPS_PAGE_BITS];
    return NULL;
}

static unsigned word_index(uint32_t addr)
{
    return (addr >> 2) & (MIPS_PAGE_WORDS - 1);
}

bool mips_place_code(mips_machine *m, uint32_t addr, uint32_t word)
{
    mips_text_page **slot;
    if (addr % 4 != 0)
        return false;
    if (addr >= MIPS_TEXT_BASE && addr < MIPS_TEXT_LIMIT)
        slot = &m->text[0][(addr - MIPS_TEXT_BASE) >> MIPS_PAGE_BITS];
    else if (addr >= MIPS_KTEXT_BASE && addr < MIPS_KTEXT_LIMIT)
        slot = &m->text[1][(addr - MIPS_KTEXT_BASE) >> MIPS_PAGE_BITS];
    else
        return false;
    if (!*slot) {
        mips_text_page *page = mips_block_alloc(m, sizeof *page); /* all NONE: handler 0 */
        if (!page)
            return false;
        mips_text_slot_set(m, addr, page);
        (*slot)->dec[MIPS_PAGE_WORDS] = mips_pack(MIPS_H_PAGE_END, 0, 0, 0, 0);
    } else if (m->code_owner && mips_text_page_of(m->code_owner, addr) == *slot) {
        /* Another machine's page: this machine's own copy takes the store. */
        mips_text_page *own = mips_block_alloc(m, sizeof *own);
        if (!own)
            return false;
        memcpy(own, *slot, sizeof *own);
        *slot = own;
    }
    (*slot)->word[word_index(addr)] = word;
    (*slot)->dec[word_index(addr)] = mips_decode_at(&m->rows, word, addr);
    /* Pairs within the page only: the last word's next is PAGE_END. */
    mips_fuse_at((*slot)->dec, word_index(addr));
    if (word_index(addr) > 0)
        mips_fuse_at((*slot)->dec, word_index(addr) - 1);
    if (m->checker) /* --check made its record of the old word */
        mips_check_code_placed(m->checker, addr, word);
    return true;
}

/* The page of a paged address: with the MMIO device attached, its 4 KiB
 * is the device's own, never in pages (see mips_machine_impl.h). */
static uint32_t *page_of(const mips_machine *m, uint32_t addr)
{
    if (m->mmio_page && addr >> MIPS_PAGE_BITS == MIPS_MMIO_PAGE)
        return m->mmio_page;
    return m->pages[addr >> MIPS_PAGE_BITS];
}

void mips_set_fresh_words(mips_machine *m, mips_fresh_word fresh, void *ctx)
{
    m->fresh = fresh;
    m->fresh_ctx = ctx;
}

/* A paged word never written (its block unallocated). */
static uint32_t fresh_word(const mips_machine *m, uint32_t addr)
{
    uint32_t word = 0;
    if (m->fresh && addr < MIPS_MMIO_BASE)
        m->fresh(m->fresh_ctx, addr & ~3u, &word, 1);
    return word;
}

static uint32_t *page_for_store(mips_machine *m, uint32_t addr)
{
    if (m->mmio_page && addr >> MIPS_PAGE_BITS == MIPS_MMIO_PAGE)
        return m->mmio_page;
    uint32_t **slot = &m->pages[addr >> MIPS_PAGE_BITS];
    if (!*slot) {
        if (m->paged_count == m->paged_capacity) {
            uint32_t *grown = grow_array(m->paged, &m->paged_capacity, m->paged_count + 1,
                                         sizeof *grown);
            if (!grown)
                abort(); /* as below */
            m->paged = grown;
        }
        bool fresh = m->fresh && addr < MIPS_MMIO_BASE; /* which fills every word */
        *slot = block_alloc(m, MIPS_PAGE_WORDS * sizeof **slot, !fresh);
        if (!*slot)
            abort(); /* as the assembler does: nothing sensible to run on */
        m->paged[m->paged_count++] = addr >> MIPS_PAGE_BITS;
        if (fresh)
            m->fresh(m->fresh_ctx, addr & ~(uint32_t)(MIPS_PAGE_WORDS * 4 - 1), *slot,
                     MIPS_PAGE_WORDS);
    }
    return *slot;
}

static uint32_t extract(uint32_t word, uint32_t addr, unsigned size)
{
    unsigned shift = (addr & 3) * 8;
    if (size == 4)
        return word;
    return (word >> shift) & (size == 2 ? 0xffffu : 0xffu);
}

static uint32_t merge(uint32_t word, uint32_t addr, unsigned size, uint32_t value)
{
    if (size == 4)
        return value;
    unsigned shift = (addr & 3) * 8;
    uint32_t mask = size == 2 ? 0xffffu : 0xffu;
    return (word & ~(mask << shift)) | ((value & mask) << shift);
}

int mips_mem_load(mips_machine *m, uint32_t addr, unsigned size, uint32_t *value)
{
    if (size == 4 && addr % 4 != 0)
        return MIPS_ERR_LOAD_WORD_ALIGN;
    if (size == 2 && addr % 2 != 0)
        return MIPS_ERR_LOAD_HALF_ALIGN;
    uint32_t word = 0;
    if (m->mmio_page && addr - MIPS_MMIO_BASE < 16)
        return mips_mmio_load(m, addr, size, value);
    switch (region_of(addr)) {
    case REGION_PAGED: {
        const uint32_t *page = page_of(m, addr);
        word = page ? page[word_index(addr)] : fresh_word(m, addr);
        break;
    }
    case REGION_TEXT: {
        if (!m->options.self_modifying_code)
            return MIPS_ERR_TEXT_READ;
        if (addr % 4 != 0)
            return MIPS_ERR_TEXT_ALIGN;
        const mips_text_page *p = mips_text_page_of(m, addr);
        word = p ? p->word[word_index(addr)] : 0;
        break;
    }
    case REGION_KTEXT:
        return MIPS_ERR_KTEXT_READ;
    case REGION_NONE:
        return MIPS_ERR_LOAD_RANGE;
    }
    *value = extract(word, addr, size);
    return -1;
}

int mips_mem_store(mips_machine *m, uint32_t addr, unsigned size, uint32_t value)
{
    if (size == 4 && addr % 4 != 0)
        return MIPS_ERR_STORE_WORD_ALIGN;
    if (size == 2 && addr % 2 != 0)
        return MIPS_ERR_STORE_HALF_ALIGN;
    if (m->mmio_page && addr - MIPS_MMIO_BASE < 16)
        return mips_mmio_store(m, addr, size, value);
    switch (region_of(addr)) {
    case REGION_PAGED: {
        uint32_t *w = &page_for_store(m, addr)[word_index(addr)];
        *w = merge(*w, addr, size, value);
        return -1;
    }
    case REGION_TEXT: {
        /* MARS with smc makes the value stored the word's new statement,
         * whatever its size: a byte or half replaces the whole word,
         * zero-extended (MARS's Memory.set ignores the length there). */
        if (!m->options.self_modifying_code)
            return MIPS_ERR_TEXT_WRITE;
        if (addr % 4 != 0)
            return MIPS_ERR_TEXT_ALIGN;
        if (!mips_place_code(m, addr, size == 4 ? value : value & (size == 2 ? 0xffffu : 0xffu)))
            abort();
        return -1;
    }
    case REGION_KTEXT:
        return MIPS_ERR_KTEXT_WRITE;
    case REGION_NONE:
        break;
    }
    return MIPS_ERR_STORE_RANGE;
}

bool mips_load(mips_machine *m, uint32_t addr, unsigned size, uint32_t *value,
               mips_error_kind *kind)
{
    int k = mips_mem_load(m, addr, size, value);
    if (k >= 0 && kind)
        *kind = (mips_error_kind)k;
    return k < 0;
}

bool mips_store(mips_machine *m, uint32_t addr, unsigned size, uint32_t value,
                mips_error_kind *kind)
{
    int k = mips_mem_store(m, addr, size, value);
    if (k >= 0 && kind)
        *kind = (mips_error_kind)k;
    return k < 0;
}

/* MARS's getRawWordOrNull: a block never touched, or a text word holding no
 * instruction, is "null"; MMIO and unmapped addresses are errors there. */
bool mips_peek(const mips_machine *m, uint32_t addr, uint32_t *word)
{
    *word = 0;
    if (addr % 4 != 0)
        return false;
    switch (region_of(addr)) {
    case REGION_PAGED: {
        if (addr >= MIPS_MMIO_BASE)
            return false;
        const uint32_t *page = m->pages[addr >> MIPS_PAGE_BITS];
        if (!page) {
            *word = fresh_word(m, addr);
            return false;
        }
        *word = page[word_index(addr)];
        return true;
    }
    case REGION_TEXT:
    case REGION_KTEXT: {
        const mips_text_page *p = mips_text_page_of(m, addr);
        if (!p || MIPS_D_H(p->dec[word_index(addr)]) == MIPS_H_NONE)
            return false;
        *word = p->word[word_index(addr)];
        return true;
    }
    case REGION_NONE:
        break;
    }
    return false;
}

uint32_t mips_display_word(const mips_machine *m, uint32_t addr)
{
    addr &= ~3u;
    if (m->mmio_page && addr - MIPS_MMIO_BASE < 16)
        return m->state.mmio.reg[(addr - MIPS_MMIO_BASE) / 4];
    if (region_of(addr) != REGION_PAGED)
        return 0;
    const uint32_t *page = page_of(m, addr);
    return page ? page[word_index(addr)] : fresh_word(m, addr);
}

void mips_poke(mips_machine *m, uint32_t addr, uint32_t word)
{
    if (addr % 4 != 0)
        return;
    if (m->mmio_page && addr - MIPS_MMIO_BASE < 16) {
        m->state.mmio.reg[(addr - MIPS_MMIO_BASE) / 4] = word; /* the debugger's, no side effect */
        return;
    }
    switch (region_of(addr)) {
    case REGION_PAGED:
        page_for_store(m, addr)[word_index(addr)] = word;
        break;
    case REGION_TEXT:
    case REGION_KTEXT:
        if (!mips_place_code(m, addr, word))
            abort();
        break;
    case REGION_NONE:
        break;
    }
}

void mips_poke_words(mips_machine *m, uint32_t addr, const uint32_t *words, size_t count)
{
    while (count) {
        uint32_t index = word_index(addr);
        size_t run = MIPS_PAGE_WORDS - index;
        run = run < count ? run : count;
        bool plain = addr % 4 == 0 && region_of(addr) == REGION_PAGED &&
                     region_of(addr + 4 * (uint32_t)(run - 1)) == REGION_PAGED &&
                     !(m->mmio_page && addr >> MIPS_PAGE_BITS == MIPS_MMIO_PAGE);
        if (plain)
            memcpy(&page_for_store(m, addr)[index], words, run * sizeof *words);
        else
            for (size_t i = 0; i < run; i++)
                mips_poke(m, addr + 4 * (uint32_t)i, words[i]);
        addr += 4 * (uint32_t)run;
        words += run;
        count -= run;
    }
}

void mips_keep_branch_offset(mips_machine *m, uint32_t addr, int32_t offset)
{
    mips_text_page *p = mips_text_page_of(m, addr);
    if (!p)
        return;
    mips_decoded *d = &p->dec[(addr >> 2) & (MIPS_PAGE_WORDS - 1)];
    unsigned h = MIPS_D_H(*d);
    if (h >= MIPS_H_BEQ && h <= MIPS_H_BLTZAL)
        *d = mips_pack(h, MIPS_D_A(*d), MIPS_D_B(*d), MIPS_D_C(*d),
                       mips_branch_to(addr, offset));
}

/* A word's load or store is its four bytes' there: not in the last word
 * of either half of the address space. */
static bool word_at(uint32_t addr, size_t left)
{
    return left >= 4 && addr % 4 == 0 && (addr | 0x80000000u) < 0xfffffffcu;
}

/* Whole words from addr to the end of its page, at most left / 4, when
 * addr lies in .data (paged, never MMIO; it ends where a page does, so
 * the run does not leave it): what a page's plain copy may take. */
_Static_assert(MIPS_DATA_END % (4 * MIPS_PAGE_WORDS) == 0, ".data ends at a page's end");
static size_t data_run(uint32_t addr, size_t left)
{
    if (addr % 4 != 0 || addr < MIPS_EXTERN_BASE || addr >= MIPS_DATA_END)
        return 0;
    size_t run = MIPS_PAGE_WORDS - word_index(addr);
    return run < left / 4 ? run : left / 4;
}

bool mips_load_bytes(mips_machine *m, uint32_t addr, void *bytes, size_t len,
                     mips_error_kind *kind)
{
    uint8_t *b = bytes;
    for (size_t i = 0; i < len;) {
        uint32_t at = addr + (uint32_t)i;
        size_t run = data_run(at, len - i);
        const uint32_t *page = run ? page_of(m, at) : NULL;
        if (page) {
            const uint32_t *w = &page[word_index(at)];
            for (size_t k = 0; k < run; k++, i += 4) {
                b[i] = (uint8_t)w[k];
                b[i + 1] = (uint8_t)(w[k] >> 8);
                b[i + 2] = (uint8_t)(w[k] >> 16);
                b[i + 3] = (uint8_t)(w[k] >> 24);
            }
            continue;
        }
        unsigned size = word_at(at, len - i) ? 4 : 1;
        uint32_t value;
        if (!mips_load(m, at, size, &value, kind))
            return false;
        for (unsigned k = 0; k < size; k++)
            b[i++] = (uint8_t)(value >> 8 * k);
    }
    return true;
}

bool mips_store_bytes(mips_machine *m, uint32_t addr, const void *bytes, size_t len,
                      mips_error_kind *kind)
{
    const uint8_t *b = bytes;
    for (size_t i = 0; i < len;) {
        uint32_t at = addr + (uint32_t)i;
        size_t run = data_run(at, len - i);
        if (run) {
            uint32_t *w = &page_for_store(m, at)[word_index(at)];
            for (size_t k = 0; k < run; k++, i += 4)
                w[k] = b[i] | (uint32_t)b[i + 1] << 8 | (uint32_t)b[i + 2] << 16 |
                       (uint32_t)b[i + 3] << 24;
            continue;
        }
        bool word = word_at(at, len - i);
        uint32_t value = word ? b[i] | (uint32_t)b[i + 1] << 8 | (uint32_t)b[i + 2] << 16 |
                                    (uint32_t)b[i + 3] << 24
                              : b[i];
        if (!mips_store(m, at, word ? 4 : 1, value, kind))
            return false;
        i += word ? 4 : 1;
    }
    return true;
}
