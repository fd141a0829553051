/* A simulated pixel display both simulators share (MARS's Bitmap Display,
 * PennSim's LC-3 video): a grid of units, 0xRRGGBB each, that the
 * simulator fills from memory; written as PNG frames (png.h) and drawn in
 * a terminal with 24-bit colour half blocks, two units a character cell,
 * redrawing only the cells that changed. */
#ifndef ASM_PIXSCREEN_H
#define ASM_PIXSCREEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct pixscreen {
    unsigned w, h;     /* units */
    unsigned scale_x, scale_y; /* a unit's width and height in a frame's pixels */
    uint32_t *now;     /* w * h colours, row by row: the simulator fills it */
    uint32_t *drawn;   /* what the terminal shows */
    bool drawn_valid;  /* false: the next draw redraws every cell */
    const char *dir;   /* where frames go; NULL: none */
    unsigned frames;   /* frames written */
    char *text;        /* the last draw's bytes */
    size_t text_cap;
} pixscreen;

/* False when out of memory. */
bool pixscreen_init(pixscreen *ps, unsigned w, unsigned h, unsigned scale_x, unsigned scale_y,
                    const char *dir);
void pixscreen_free(pixscreen *ps);

/* Writes now to path as a PNG; false when it cannot (errno set). */
bool pixscreen_write_png(const pixscreen *ps, const char *path);

/* Writes now as DIR/frame-NNNNN.png (numbered from 0); false when it
 * cannot (errno set). */
bool pixscreen_write_frame(pixscreen *ps);

/* The terminal bytes that bring the drawn picture to now (the cursor saved
 * and restored around them, the display at the terminal's top left);
 * *len 0 when nothing changed. The bytes stay valid until the next call. */
const char *pixscreen_draw(pixscreen *ps, size_t *len);

/* The character rows the drawing takes. */
unsigned pixscreen_rows(const pixscreen *ps);

#endif
