/* Fuzz target: the LC-3 assembler on any source text. A program that
 * assembles is also written out as object, symbol and listing files, and
 * its object file must read back as the same words (lc3sim reads what
 * lc3as writes). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "lc3_asm.h"

/* Whether a block after block b also fills addr (it wins there). */
static bool overwritten(const lc3_program *prog, size_t b, uint32_t addr)
{
    for (size_t later = b + 1; later < prog->block_count; later++) {
        const lc3_block *block = &prog->blocks[later];
        if (addr >= block->origin && addr < block->origin + block->count)
            return true;
    }
    return false;
}

/* The object file of prog, in the format lc3as picks (classic for one run
 * of memory, else lc3tools'), must read back with the same words: every
 * block as it was in lc3tools' format; in the classic image, every word
 * at its address but where a later block wins. */
static void check_object_round_trip(const lc3_program *prog)
{
    uint16_t from, to;
    size_t next;
    bool gap = lc3_obj_gap(prog, &from, &to, &next);
    char *obj = NULL;
    size_t obj_len = 0;
    FILE *out = open_memstream(&obj, &obj_len);
    if (!out || !(gap ? lc3_write_obj_lc3tools(prog, out) : lc3_write_obj(prog, out)))
        abort();
    fclose(out);
    lc3_program back;
    memset(&back, 0, sizeof back);
    const char *why = NULL;
    if (prog->block_count > 0) {
        if (!lc3_read_obj((const uint8_t *)obj, obj_len, &back, &why))
            abort(); /* lc3as wrote what no loader reads */
        if (gap && back.block_count != prog->block_count)
            abort();
        for (size_t i = 0; i < prog->block_count; i++) {
            const lc3_block *p = &prog->blocks[i];
            const lc3_block *b = gap ? &back.blocks[i] : &back.blocks[0];
            if (gap && (b->origin != p->origin || b->count != p->count))
                abort();
            for (size_t w = 0; w < p->count; w++) {
                uint32_t addr = p->origin + (uint32_t)w;
                size_t at = (uint16_t)(addr - b->origin);
                if (!gap && overwritten(prog, i, addr))
                    continue;
                if (at >= b->count || b->words[at] != p->words[w])
                    abort(); /* a block came back changed */
            }
        }
    }
    lc3_program_free(&back);
    free(obj);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    source_file *src = source_from_memory("fuzz.asm", (const char *)data, size);
    diag_sink diags;
    diag_init(&diags, fuzz_null_file());
    diags.show_source = 1;
    lc3_program prog;
    if (lc3_assemble(src, &diags, &prog)) {
        check_object_round_trip(&prog);
        lc3_write_sym(&prog, fuzz_null_file());
        lc3_write_listing(&prog, fuzz_null_file());
    }
    lc3_program_free(&prog);
    diag_free(&diags);
    source_free(src);
    return 0;
}
