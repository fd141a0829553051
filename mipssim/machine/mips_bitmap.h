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
    unsigned unit;          /* a unit's side in pixels */
    uint32_t base;          /* the first unit's word */
} mips_bitmap;

/* "WxH[,unit=N][,base=ADDR]": N 1-32, a power of 2 dividing W and H (up
 * to 4096); ADDR one of MARS's five bases (0x10010000 by default). */
bool mips_bitmap_parse(const char *spec, mips_bitmap *out);

/* The units' colours (0xRRGGBB), (height / unit) rows of (width / unit). */
void mips_bitmap_read(const mips_machine *m, const mips_bitmap *b, uint32_t *colours);

#endif
