/* Fuzz target: the LC-3 object-file loader on any bytes, then what lc3as
 * --disasm and lc3sim do with a file it accepts: disassemble every word,
 * and run it (bounded) over the embedded OS with no input. */
#include <string.h>

#include "fuzz_util.h"
#include "lc3_asm.h"
#include "lc3_isa.h"
#include "lc3_machine.h"
#include "lc3_session.h"

enum { STEP_LIMIT = 20000 };

static int no_key(void *ctx, bool may_wait)
{
    (void)ctx;
    (void)may_wait;
    return LC3_KEY_EOF;
}

static void drop_char(void *ctx, uint8_t byte)
{
    (void)ctx;
    (void)byte;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    lc3_program prog;
    const char *why = NULL;
    if (lc3_read_obj(data, size, &prog, &why)) {
        char text[128];
        for (size_t b = 0; b < prog.block_count; b++) {
            const lc3_block *block = &prog.blocks[b];
            for (size_t i = 0; i < block->count; i++)
                lc3_disasm(block->words[i], (uint16_t)(block->origin + i), NULL, NULL, text,
                           sizeof text);
        }
        lc3_session_config config = {.io = {NULL, no_key, drop_char}};
        lc3_session *s = lc3_session_new(&config);
        if (s && lc3_session_load_program(s, &prog))
            lc3_session_run(s, STEP_LIMIT);
        lc3_session_free(s);
    }
    lc3_program_free(&prog);
    return 0;
}
