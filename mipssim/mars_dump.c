/* MARS's "dump <segment> <format> <file>" (MarsLaunch.dumpSegments): the
 * segment or range up to its first never-written word, in one of MARS's
 * formats, SegmentWindow included. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mars_impl.h"
#include "mips_display.h"
#include "mips_dump.h"
#include "mips_isa.h"

/* MemoryDump's segments and command-line ranges, as [low, limit): MARS's
 * getAddressOfFirstNull stops before its limit, so a range m-n dumps the
 * words m to n - 4 (a display of m-n shows n too). */
static bool mars_segment_bounds(const char *name, uint32_t *low, uint32_t *limit)
{
    if (strcmp(name, ".text") == 0) {
        *low = MIPS_TEXT_BASE, *limit = MIPS_EXTERN_BASE - 4; /* textLimitAddress */
        return true;
    }
    if (strcmp(name, ".data") == 0) {
        *low = MIPS_DATA_BASE, *limit = MIPS_DATA_END;
        return true;
    }
    /* Else an address range, as on the command line. */
    return mips_parse_word_range(name, low, limit) == 1;
}

static bool mars_read_word(void *ctx, uint32_t addr, uint32_t *word)
{
    return ctx && mips_peek(ctx, addr, word);
}

/* The Data Segment window: 8 words a line after the address; a line the
 * dump ends in is not written (as in MARS). */
static void mars_data_window(FILE *out, const mips_machine *m, uint32_t low, uint32_t high)
{
    char line[160];
    size_t used = 0;
    for (uint64_t addr = low; addr <= high; addr += 4) {
        uint32_t word;
        if ((addr - low) % 32 == 0)
            used = (size_t)snprintf(line, sizeof line, "0x%08" PRIx32 "    ", (uint32_t)addr);
        if (!mips_peek(m, (uint32_t)addr, &word))
            break;
        used += (size_t)snprintf(line + used, sizeof line - used, "0x%08" PRIx32 " ", word);
        if ((addr - low) % 32 == 28)
            fprintf(out, "%s\n", line);
    }
}

/* The Text Segment window: address, code, the basic instruction in 22
 * columns, the line number in 5, and the source on a statement's first word. */
static void mars_text_window(FILE *out, const mips_machine *m, const mips_program *prog,
                             uint32_t low, uint32_t high)
{
    fputs(" Address    Code        Basic                     Source\n\n", out);
    for (uint64_t addr = low; addr <= high; addr += 4) {
        uint32_t word;
        if (!mips_peek(m, (uint32_t)addr, &word))
            break;
        char basic[64];
        mips_program_disasm(prog, (uint32_t)addr, word, basic, sizeof basic);
        fprintf(out, "0x%08" PRIx32 "  0x%08" PRIx32 "  %-22.22s", (uint32_t)addr, word, basic);
        const mips_origin *o = prog ? mips_program_origin(prog, (uint32_t)addr) : NULL;
        size_t len = 0;
        const char *text = o && o->part == 0 && o->file < prog->file_count
                               ? source_line(prog->files[o->file], (int)o->line, &len) : NULL;
        if (text) {
            char number[16];
            snprintf(number, sizeof number, "%" PRIu32, o->line);
            fprintf(out, "%-5.5s%.*s", number, (int)len, text);
        } else {
            fputs("     ", out);
        }
        fputc('\n', out);
    }
}

static void mars_dump_one(const mars_options *opt, const mips_machine *m,
                          const mips_program *prog, const mars_dump_request *d)
{
    uint32_t low, limit;
    if (!mars_segment_bounds(d->segment, &low, &limit)) {
        fprintf(opt->out, "Error while attempting to save dump, segment/address-range %s is "
                          "invalid!\n", d->segment);
        return;
    }
    mips_dump_format format = MIPS_DUMP_FORMAT_COUNT;
    bool window = strcmp(d->format, "SegmentWindow") == 0;
    if (!window && !mips_dump_format_find(d->format, &format)) {
        fprintf(opt->out, "Error while attempting to save dump, format %s was not found!\n",
                d->format);
        return;
    }
    uint64_t end = low; /* Memory.getAddressOfFirstNull */
    uint32_t word;
    while (end < limit && mars_read_word((void *)m, (uint32_t)end, &word))
        end += 4;
    if (end == low) {
        fputs("This segment has not been written to, there is nothing to dump.\n", opt->out);
        return;
    }
    FILE *out = fopen(d->file, "wb");
    if (!out) {
        fprintf(opt->out, "Error while attempting to save dump, file %s was not found!\n",
                d->file);
        return;
    }
    uint32_t last = (uint32_t)(end - 4);
    bool text = low >= MIPS_TEXT_BASE && low < MIPS_EXTERN_BASE;
    bool data = low >= MIPS_EXTERN_BASE && low < MIPS_DATA_END;
    if (!window)
        mips_dump_range(out, format, mars_read_word, (void *)m, low, last);
    else if (data)
        mars_data_window(out, m, low, last);
    else if (text)
        mars_text_window(out, m, prog, low, last);
    if (fclose(out) != 0)
        fprintf(opt->out, "Error while attempting to save dump, file %s!  Disk IO failed!\n",
                d->file);
}

void mars_dump_all(const mars_options *opt, const mips_machine *m, const mips_program *prog)
{
    for (int i = 0; i < opt->dump_count; i++)
        mars_dump_one(opt, m, prog, &opt->dumps[i]);
}
