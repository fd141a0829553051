/* The MIPS debugger target's view of the code (mips_debug_impl.h): kinds of
 * instruction, disassembly, symbols and source lines. */
#include <stdio.h>
#include <string.h>

#include "mips_debug_impl.h"
#include "mips_isa.h"

/* ------------------------------------------------------------------------
 * Code: kinds of instruction, disassembly, symbols, source */

dbg_insn_kind mips_dbg_classify(void *ctx, uint32_t addr, uint32_t *return_addr)
{
    mips_dbg *d = ctx;
    uint32_t word;
    *return_addr = addr + (d->config->session.machine.delayed_branching ? 8 : 4);
    if (!mips_peek(d->m, addr, &word))
        return DBG_INSN_OTHER;
    unsigned roles = mips_roles_of(word).roles;
    if (roles & MIPS_LINKS)
        return DBG_INSN_CALL; /* jal, jalr, bltzal, bgezal: next steps over them */
    if (roles & MIPS_RETURN)
        return DBG_INSN_RETURN; /* jr $ra */
    return DBG_INSN_OTHER;
}

int mips_dbg_disasm(void *ctx, uint32_t addr, char *buf, size_t size)
{
    mips_dbg *d = ctx;
    uint32_t word;
    if (!mips_peek(d->m, addr, &word)) {
        snprintf(buf, size, "(no instruction)");
        return -1;
    }
    return mips_program_disasm(d->prog, addr, word, buf, size);
}

uint32_t mips_dbg_next_addr(void *ctx, uint32_t addr)
{
    (void)ctx;
    return addr + 4;
}

static bool in_text(uint32_t addr)
{
    return (addr >= MIPS_TEXT_BASE && addr < MIPS_EXTERN_BASE) ||
           (addr >= MIPS_KTEXT_BASE && addr < MIPS_KDATA_BASE);
}

/* A label names addresses of its own kind: a text label in a text segment,
 * a data label in a data segment (a label of one kind placed in the other's
 * segment names nothing). */
enum { GROUP_DATA, GROUP_TEXT, GROUP_NONE };

bool mips_dbg_add_symbols(mips_dbg *d, const symtab *table)
{
    for (size_t i = 0; i < table->capacity; i++) {
        const symbol *s = symtab_slot_symbol(table, i);
        if (!s)
            continue;
        bool text = (s->flags & MIPS_SYM_TEXT) != 0;
        unsigned group = text != in_text((uint32_t)s->value) ? GROUP_NONE
                         : text                                 ? GROUP_TEXT
                                                                : GROUP_DATA;
        if (!dbg_symbols_add(&d->symbols, s->name, (uint32_t)s->value, group))
            return false;
    }
    return true;
}

bool mips_dbg_symbol_value(void *ctx, const char *name, uint32_t *addr)
{
    mips_dbg *d = ctx;
    const symbol *s = symtab_find(&d->prog->globals, name, strlen(name));
    for (int f = 0; !s && f < d->config->source_count; f++)
        s = symtab_find(&d->prog->locals[f], name, strlen(name));
    if (s)
        *addr = (uint32_t)s->value;
    return s != NULL;
}

const char *mips_dbg_symbol_at(void *ctx, uint32_t addr, uint32_t *offset)
{
    mips_dbg *d = ctx;
    bool text = in_text(addr);
    if (!text && !(addr >= MIPS_EXTERN_BASE && addr < MIPS_HEAP_BASE) &&
        !(addr >= MIPS_KDATA_BASE && addr < MIPS_KDATA_BASE + 0x400000u))
        return NULL;
    return dbg_symbols_nearest(&d->symbols, addr, 0, text ? GROUP_TEXT : GROUP_DATA, offset);
}

bool mips_dbg_symbol_nth(void *ctx, size_t i, const char **name, uint32_t *addr)
{
    return dbg_symbols_nth(&((mips_dbg *)ctx)->symbols, i, name, addr);
}

bool mips_dbg_source_of(void *ctx, uint32_t addr, dbg_source *out)
{
    mips_dbg *d = ctx;
    const mips_origin *o = mips_program_origin(d->prog, addr);
    if (!o || o->file >= d->prog->file_count)
        return false;
    *out = (dbg_source){.file = o->file, .line = (int)o->line, .part = o->part, .parts = o->parts};
    return true;
}

bool mips_dbg_line_addr(void *ctx, size_t file, int line, uint32_t *addr)
{
    mips_dbg *d = ctx;
    int best_line = 0;
    static const int ids[2] = {MIPS_SEG_TEXT, MIPS_SEG_KTEXT};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < 2; i++) {
            const mips_segment *seg = &d->prog->segments[ids[i]];
            const mips_origin *origins = i == 0 ? d->prog->text_origin : d->prog->ktext_origin;
            for (uint32_t k = 0; origins && k < seg->size / 4; k++) {
                const mips_origin *o = &origins[k];
                if (!o->parts || o->file != file || (int)o->line < line)
                    continue;
                if (pass == 0 && (best_line == 0 || (int)o->line < best_line))
                    best_line = (int)o->line;
                if (pass == 1 && (int)o->line == best_line && o->part == 0) {
                    *addr = seg->base + 4 * k;
                    return true;
                }
            }
        }
    return false;
}
