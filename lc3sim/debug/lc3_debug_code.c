/* The LC-3 debugger target's code (lc3_debug_impl.h): kinds of
 * instruction, disassembly, symbols, source lines. */
#include "lc3_debug_impl.h"

#include <string.h>

#include "lc3_isa.h"

dbg_insn_kind lc3_dbg_classify(void *ctx, uint32_t addr, uint32_t *return_addr)
{
    lc3_dbg *d = ctx;
    uint16_t word = lc3_peek(d->m, (uint16_t)addr);
    unsigned roles = lc3_roles_of(word);
    *return_addr = (uint16_t)(addr + 1);
    if (roles & LC3_CALL) /* JSR, JSRR, TRAP */
        return DBG_INSN_CALL;
    if (roles & LC3_RETURN) /* RET, RTI */
        return DBG_INSN_RETURN;
    return DBG_INSN_OTHER;
}

static const char *label_exactly(void *ctx, uint16_t addr)
{
    lc3_dbg *d = ctx;
    return dbg_symbols_exact(&d->symbols, addr);
}

int lc3_dbg_disasm(void *ctx, uint32_t addr, char *buf, size_t size)
{
    lc3_dbg *d = ctx;
    return lc3_disasm(lc3_peek(d->m, (uint16_t)addr), (uint16_t)addr, label_exactly, d, buf, size);
}

uint32_t lc3_dbg_next_addr(void *ctx, uint32_t addr)
{
    (void)ctx;
    return (addr + 1) & 0xffff;
}

bool lc3_dbg_symbol_value(void *ctx, const char *name, uint32_t *addr)
{
    lc3_dbg *d = ctx;
    const symbol *s = symtab_find(&d->prog->program.symbols, name, strlen(name));
    if (s)
        *addr = (uint16_t)s->value;
    return s != NULL;
}

/* The block of the program holding addr, or NULL (OS code, free memory). */
static const lc3_block *block_of(const lc3_dbg *d, uint32_t addr)
{
    for (size_t b = 0; b < d->prog->program.block_count; b++) {
        const lc3_block *blk = &d->prog->program.blocks[b];
        if (addr >= blk->origin && addr - blk->origin < blk->count)
            return blk;
    }
    return NULL;
}

const char *lc3_dbg_symbol_at(void *ctx, uint32_t addr, uint32_t *offset)
{
    lc3_dbg *d = ctx;
    const lc3_block *blk = block_of(d, addr);
    if (!blk)
        return NULL;
    return dbg_symbols_nearest(&d->symbols, addr, blk->origin, 0, offset);
}

bool lc3_dbg_symbol_nth(void *ctx, size_t i, const char **name, uint32_t *addr)
{
    return dbg_symbols_nth(&((lc3_dbg *)ctx)->symbols, i, name, addr);
}

bool lc3_dbg_source_of(void *ctx, uint32_t addr, dbg_source *out)
{
    lc3_dbg *d = ctx;
    const lc3_block *blk = block_of(d, addr);
    if (!blk || !d->prog->source || !blk->lines || blk->lines[addr - blk->origin] <= 0)
        return false;
    *out = (dbg_source){.file = 0, .line = blk->lines[addr - blk->origin], .part = 0, .parts = 1};
    return true;
}

bool lc3_dbg_line_addr(void *ctx, size_t file, int line, uint32_t *addr)
{
    lc3_dbg *d = ctx;
    int best = 0;
    (void)file;
    for (size_t b = 0; b < d->prog->program.block_count; b++) {
        const lc3_block *blk = &d->prog->program.blocks[b];
        for (size_t k = 0; blk->lines && k < blk->count; k++)
            if (blk->lines[k] >= line && (best == 0 || blk->lines[k] < best)) {
                best = blk->lines[k];
                *addr = blk->origin + (uint32_t)k;
            }
    }
    return best != 0;
}

bool lc3_dbg_collect_symbols(lc3_dbg *d)
{
    const symtab *table = &d->prog->program.symbols;
    for (size_t i = 0; i < table->capacity; i++) {
        const symbol *s = symtab_slot_symbol(table, i);
        if (s && !dbg_symbols_add(&d->symbols, s->name, (uint16_t)s->value, 0))
            return false;
    }
    dbg_symbols_sort(&d->symbols);
    return true;
}
