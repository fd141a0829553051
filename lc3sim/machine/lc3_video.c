/* PennSim's video display's pixels (lc3_video.h). */
#include "lc3_video.h"

static uint32_t widen(unsigned c)
{
    return (c << 3) | (c >> 2);
}

void lc3_video_read(const lc3_machine *m, uint32_t *colours)
{
    for (unsigned i = 0; i < LC3_VIDEO_WIDTH * LC3_VIDEO_HEIGHT; i++) {
        uint16_t w = lc3_peek(m, (uint16_t)(LC3_VIDEO_BASE + i));
        colours[i] = widen(w >> 10 & 31) << 16 | widen(w >> 5 & 31) << 8 | widen(w & 31);
    }
}
