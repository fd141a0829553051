/* MARS's Bitmap Display's settings and pixels (mips_bitmap.h). */
#include <stdlib.h>
#include <string.h>

#include "mips_bitmap.h"

/* One of MARS's unit sizes: 1, 2, 4, 8, 16 or 32 pixels. */
static bool unit_size(unsigned long u)
{
    return u != 0 && u <= 32 && !(u & (u - 1));
}

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
    o->unit_w = o->unit_h = 1;
    o->base = 0x10010000u; /* BitmapDisplay's defaultBaseAddressIndex: static data */
    while (*end == ',') {
        p = end + 1;
        if (strncmp(p, "unit=", 5) == 0) {
            unsigned long uw = strtoul(p + 5, &end, 10), uh = uw;
            if (end == p + 5 || !unit_size(uw))
                return false;
            if (*end == 'x' || *end == 'X') {
                p = end + 1;
                uh = strtoul(p, &end, 10);
                if (end == p || !unit_size(uh))
                    return false;
            }
            o->unit_w = (unsigned)uw;
            o->unit_h = (unsigned)uh;
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
    if (*end || w == 0 || h == 0 || w > 4096 || h > 4096 || w % o->unit_w || h % o->unit_h)
        return false;
    o->width = (unsigned)w;
    o->height = (unsigned)h;
    return true;
}

/* MARS's tool paints each word the program stores; memory holds the same
 * words (the difference is in docs/devices.md). */
void mips_bitmap_read(const mips_machine *m, const mips_bitmap *b, uint32_t *colours)
{
    size_t units = (size_t)(b->width / b->unit_w) * (b->height / b->unit_h);
    for (size_t i = 0; i < units; i++)
        colours[i] = mips_display_word(m, b->base + 4 * (uint32_t)i) & 0xffffffu;
}
