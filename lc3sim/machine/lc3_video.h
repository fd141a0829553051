/* PennSim's video display on the LC-3 (docs/devices.md): video memory
 * xC000-xFDFF, 128 x 124 pixels from the top left, one word a pixel with
 * red in bits 14-10, green 9-5, blue 4-0. lc3sim draws and writes it; the
 * debugger writes it on demand. */
#ifndef LC3_VIDEO_H
#define LC3_VIDEO_H

#include <stdint.h>

#include "lc3_machine.h"

enum { LC3_VIDEO_BASE = 0xC000, LC3_VIDEO_WIDTH = 128, LC3_VIDEO_HEIGHT = 124 };

/* The pixels as 0xRRGGBB, row by row, each 5-bit component widened to 8
 * bits as c << 3 | c >> 2 (x1F is 255). */
void lc3_video_read(const lc3_machine *m, uint32_t *colours);

#endif
