/* MARS's Bitmap Display's settings and pixels (mips_bitmap.h). */
#include <stdlib.h>
#include <string.h>

#include "mips_bitmap.h"

bool mips_bitmap_parse(const char *spec, mips_bitmap *o)
{
    char *end;
    unsigned long w = strtoul(spec, &end, 10);
    if (end == spec || (*end != 'x' && *end != 'X'))
        return false;
    const char *p = end + 1;
    unsigned long h = strtoul(p, &end, 10);
    if (end == p)
        return false;
    o->unit = 1;
    o->base = 0x10010000u; /* BitmapDisplay's defaultBaseAddressIndex: static data */
    while (*end == ',') {
        p = end + 1;
        if (strncmp(p, "unit=", 5) == 0) {
            unsigned long u = strtoul(p + 5, &end, 10);
            if (end == p + 5 || u == 0 || u > 32 || (u & (u - 1)))
                return false;
            o->unit = (unsigned)u;
        } else if (strncmp(p, "base=", 5) == 0) {
            unsigned long long b = strtoull(p + 5, &end, 0);
            if (end == p + 5 || (b != 0x10000000u && b != 0x10008000u && b != 0x10010000u &&
                                 b != 0x10040000u && b != 0xffff0000u))
                return false;
            o->base = (uint32_t)b;
        } else {
            return false;
        }
    }
    if (*end || w == 0 || h == 0 || w > 4096 || h > 4096 || w % o->unit || h % o->unit)
        return false;
    o->width = (unsigned)w;
    o->height = (unsigned)h;
    return true;
}

/* MARS's tool paints each word the program stores; memory holds the same
 * words (the difference is in docs/devices.md). */
void mips_bitmap_read(const mips_machine *m, const mips_bitmap *b, uint32_t *colours)
{
    size_t units = (size_t)(b->width / b->unit) * (b->height / b->unit);
    for (size_t i = 0; i < units; i++)
        colours[i] = mips_display_word(m, b->base + 4 * (uint32_t)i) & 0xffffffu;
}
