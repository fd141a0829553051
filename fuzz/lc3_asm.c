/* Fuzz target: the LC-3 assembler on any source text. A program that
 * assembles is also written out as object, symbol and listing files, and
 * its object file must read back as the same words (lc3sim reads what
 * lc3as writes). */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "lc3_asm.h"

/* The object file of prog must read back with the same words from the
 * lowest origin (gaps zero). */
static void check_object_round_trip(const lc3_program *prog)
{
    char *obj = NULL;
    size_t obj_len = 0;
    FILE *out = open_memstream(&obj, &obj_len);
    if (!out || !lc3_write_obj(prog, out))
        abort();
    fclose(out);
    lc3_program back;
    memset(&back, 0, sizeof back);
    const char *why = NULL;
    if (prog->block_count > 0) {
        if (!lc3_read_obj((const uint8_t *)obj, obj_len, &back, &why))
            abort(); /* lc3as wrote what no loader reads */
        const lc3_block *b = &back.blocks[0];
        for (size_t i = 0; i < prog->block_count; i++) {
            const lc3_block *p = &prog->blocks[i];
            uint16_t offset = (uint16_t)(p->origin - b->origin);
            if ((size_t)offset + p->count > b->count ||
                memcmp(b->words + offset, p->words, p->count * sizeof *p->words) != 0)
                abort(); /* a block came back changed */
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
