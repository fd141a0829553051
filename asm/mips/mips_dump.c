/* MARS's memory dump formats, as its HexText, BinaryText, Binary and
 * AsciiText dump classes write them. */
#include "mips_dump.h"

#include <string.h>

static const char *const format_names[MIPS_DUMP_FORMAT_COUNT] = {
    [MIPS_DUMP_HEX_TEXT] = "HexText",
    [MIPS_DUMP_BINARY_TEXT] = "BinaryText",
    [MIPS_DUMP_BINARY] = "Binary",
    [MIPS_DUMP_ASCII_TEXT] = "AsciiText",
    [MIPS_DUMP_INTEL_HEX] = "HEX",
};

bool mips_dump_format_find(const char *name, mips_dump_format *format)
{
    for (int f = 0; f < MIPS_DUMP_FORMAT_COUNT; f++)
        if (strcmp(name, format_names[f]) == 0) {
            *format = (mips_dump_format)f;
            return true;
        }
    return false;
}

const char *mips_dump_format_name(mips_dump_format format)
{
    return format < MIPS_DUMP_FORMAT_COUNT ? format_names[format] : NULL;
}

/* How MARS shows a byte as text (its Config.properties AsciiTable with
 * AsciiNonPrint "."): escapes for \0 \b \t \n \v \f \r, the printable ASCII
 * characters, "." for everything else; right-aligned in 3 columns. */
static void put_ascii_byte(FILE *out, uint8_t b)
{
    const char *escape = NULL;
    switch (b) {
    case 0: escape = "\\0"; break;
    case 8: escape = "\\b"; break;
    case 9: escape = "\\t"; break;
    case 10: escape = "\\n"; break;
    case 11: escape = "\\v"; break;
    case 12: escape = "\\f"; break;
    case 13: escape = "\\r"; break;
    }
    if (escape)
        fprintf(out, " %s", escape);
    else
        fprintf(out, "  %c", b >= 0x20 && b < 0x7F ? (char)b : '.');
}

void mips_dump_ascii_word(FILE *out, uint32_t word)
{
    for (int i = 3; i >= 0; i--)
        put_ascii_byte(out, (uint8_t)(word >> (8 * i)));
}

/* MARS's IntelHexDumpFormat record: the offset in at least 4 hex digits
 * (more when it needs them: MARS does not wrap it, though the checksum
 * counts only its low 16 bits), all in capitals. */
static void put_intel_hex(FILE *out, uint32_t offset, uint32_t w)
{
    unsigned sum = 4 + (offset & 0xFFu) + (offset >> 8 & 0xFFu) + (w & 0xFFu) +
                   (w >> 8 & 0xFFu) + (w >> 16 & 0xFFu) + (w >> 24 & 0xFFu);
    fprintf(out, ":04%04X00%08X%02X\n", offset, w, (0x100u - sum % 256u) & 0xFFu);
}

static void put_word(FILE *out, mips_dump_format format, uint32_t offset, uint32_t w)
{
    switch (format) {
    case MIPS_DUMP_HEX_TEXT:
        fprintf(out, "%08x\n", w);
        break;
    case MIPS_DUMP_BINARY_TEXT:
        for (int bit = 31; bit >= 0; bit--)
            fputc(w >> bit & 1u ? '1' : '0', out);
        fputc('\n', out);
        break;
    case MIPS_DUMP_BINARY:
        for (int i = 0; i < 4; i++)
            fputc((int)(w >> (8 * i) & 0xFFu), out);
        break;
    case MIPS_DUMP_ASCII_TEXT:
        mips_dump_ascii_word(out, w);
        fputc('\n', out);
        break;
    case MIPS_DUMP_INTEL_HEX:
        put_intel_hex(out, offset, w);
        break;
    case MIPS_DUMP_FORMAT_COUNT:
        break;
    }
}

size_t mips_dump_range(FILE *out, mips_dump_format format, mips_word_reader read, void *ctx,
                       uint32_t first, uint32_t last)
{
    size_t written = 0;
    for (uint64_t addr = first; addr <= last; addr += 4) {
        uint32_t w;
        if (!read(ctx, (uint32_t)addr, &w))
            break;
        put_word(out, format, (uint32_t)(addr - first), w);
        written++;
    }
    if (format == MIPS_DUMP_INTEL_HEX)
        fputs(":00000001FF\n", out);
    return written;
}
