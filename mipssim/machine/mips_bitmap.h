/* MARS's Bitmap Display as settings and pixels (docs/devices.md): its unit
 * size, display size and base address choices, and the colours of the
 * units read from the machine's memory. The simulator draws and writes
 * them; the debugger writes them on demand. */
#ifndef MIPS_BITMAP_H
#define MIPS_BITMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "mips_machine.h"

typedef struct mips_bitmap {
    unsigned width, height; /* the display's pixels */
    unsigned unit_w, unit_h; /* a unit's width and height in pixels */
    uint32_t base;          /* the first unit's word */
} mips_bitmap;

/* "WxH[,unit=N|UWxUH][,base=ADDR]": a unit N x N or UW x UH pixels (MARS's
 * unit width and height, set apart), each 1-32 and a power of 2, UW
 * dividing W and UH dividing H (up to 4096); ADDR one of MARS's five bases
 * (0x10010000 by default). */
bool mips_bitmap_parse(const char *spec, mips_bitmap *out);

/* The units' colours (0xRRGGBB), (height / unit_h) rows of (width / unit_w). */
void mips_bitmap_read(const mips_machine *m, const mips_bitmap *b, uint32_t *colours);

#endif
