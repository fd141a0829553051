/* Fuzz target: the MIPS assembler (preprocessor, .include, .eqv, macros,
 * both passes) on any source text. The input is the main file; from its
 * first NUL byte on, the rest is "inc.asm" in the same scratch directory,
 * so `.include "inc.asm"` splices fuzzed text in (and may include itself).
 * An odd-length input assembles the way the mars front end does (MARS's
 * framing, stopping where MARS stops). A program that assembles has every
 * code word disassembled and its .text and .data dumped. */
#include <stdio.h>
#include <string.h>

#include "fuzz_util.h"
#include "mips_asm.h"
#include "mips_dump.h"
#include "mips_isa.h"

static bool read_segment(void *ctx, uint32_t addr, uint32_t *word)
{
    const mips_segment *seg = ctx;
    uint32_t offset = addr - seg->base;
    if (addr < seg->base || offset >= seg->size)
        return false;
    uint32_t w = 0;
    for (uint32_t i = 0; i < 4 && offset + i < seg->size; i++)
        w |= (uint32_t)seg->bytes[offset + i] << (8 * i);
    *word = w;
    return true;
}

static void use_program(const mips_program *prog)
{
    const mips_segment *text = &prog->segments[MIPS_SEG_TEXT];
    char buf[160];
    for (uint32_t off = 0; off + 4 <= text->size; off += 4) {
        uint32_t word = 0;
        read_segment((void *)text, text->base + off, &word);
        mips_disasm(word, text->base + off, buf, sizeof buf);
    }
    for (int s = 0; s < 2; s++) {
        const mips_segment *seg = &prog->segments[s == 0 ? MIPS_SEG_TEXT : MIPS_SEG_DATA];
        if (seg->size)
            mips_dump_range(fuzz_null_file(), s == 0 ? MIPS_DUMP_HEX_TEXT : MIPS_DUMP_ASCII_TEXT,
                            read_segment, (void *)seg, seg->base, seg->base + seg->size - 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    const char *dir = fuzz_scratch_dir();
    const uint8_t *nul = memchr(data, 0, size);
    size_t main_len = nul ? (size_t)(nul - data) : size;
    fuzz_clear_dir(dir);
    if (nul && !fuzz_write_file(dir, "inc.asm", nul + 1, size - main_len - 1))
        return 0;
    char path[600];
    snprintf(path, sizeof path, "%s/main.asm", dir);
    source_file *src = source_from_memory(path, (const char *)data, main_len);

    mips_asm_options options = mips_asm_default_options();
    diag_sink diags;
    diag_init(&diags, fuzz_null_file());
    diags.show_source = 1;
    if (size % 2) {
        options.stop_like_mars = true;
        diags.style = DIAG_STYLE_MARS;
    }
    diag_buffer(&diags);
    const source_file *files[1] = {src};
    mips_program prog;
    if (mips_assemble(files, 1, &options, &diags, &prog))
        use_program(&prog);
    diag_flush(&diags); /* before the program frees the included files */
    mips_program_free(&prog);
    diag_free(&diags);
    source_free(src);
    return 0;
}
