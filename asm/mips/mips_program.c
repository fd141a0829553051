/* The program image's own helpers: mips_program_free, the disassembly of
 * a placed word and the source origin of an address. */
#include "mips_program.h"

#include <stdlib.h>
#include <string.h>

#include "big_array.h"
#include "mips_isa.h"

void mips_program_free(mips_program *prog)
{
    for (int s = 0; s < MIPS_SEG_COUNT; s++) {
        free(prog->segments[s].bytes);
        free(prog->segments[s].placed);
    }
    big_array_free(prog->text_origin, prog->text_origin_capacity, sizeof *prog->text_origin);
    big_array_free(prog->ktext_origin, prog->ktext_origin_capacity, sizeof *prog->ktext_origin);
    for (size_t i = 0; i < prog->file_count && prog->locals; i++)
        symtab_free(&prog->locals[i]);
    free(prog->locals);
    free(prog->files);
    for (size_t i = 0; i < prog->owned_count; i++)
        source_free(prog->owned[i]);
    free(prog->owned);
    symtab_free(&prog->globals);
    memset(prog, 0, sizeof *prog);
}

int mips_program_disasm(const mips_program *prog, uint32_t addr, uint32_t word, char *buf,
                        size_t size)
{
    const mips_origin *o = prog ? mips_program_origin(prog, addr) : NULL;
    const mips_segment *seg = o ? &prog->segments[addr >= MIPS_KTEXT_BASE ? MIPS_SEG_KTEXT
                                                                          : MIPS_SEG_TEXT]
                                : NULL;
    const uint8_t *b = seg ? seg->bytes + (addr - seg->base) : NULL;
    bool placed = b && ((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                        (uint32_t)b[3] << 24) == word;
    return mips_disasm_shown(word, addr, placed ? &o->shown : NULL, buf, size);
}

const mips_origin *mips_program_origin(const mips_program *prog, uint32_t addr)
{
    static const int ids[2] = {MIPS_SEG_TEXT, MIPS_SEG_KTEXT};
    for (int i = 0; i < 2; i++) {
        const mips_segment *seg = &prog->segments[ids[i]];
        const mips_origin *origins = i == 0 ? prog->text_origin : prog->ktext_origin;
        if (!origins || addr < seg->base || addr - seg->base >= seg->size || addr % 4 != 0)
            continue;
        const mips_origin *o = &origins[(addr - seg->base) / 4];
        return o->parts ? o : NULL;
    }
    return NULL;
}
