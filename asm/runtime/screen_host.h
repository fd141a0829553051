/* What both simulators' hosts do with a pixel display and timed keys
 * (lc3sim --video, mipssim --bitmap; --keys, --frames, --frame-every):
 * the frame options, the keys loaded, frames written when due and at the
 * end, and the picture drawn in a terminal about 30 times a second. The
 * machine stays the host's: its memory reaches the pixels through the
 * host's refresh. */
#ifndef ASM_SCREEN_HOST_H
#define ASM_SCREEN_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "console.h"
#include "keys.h"
#include "pixscreen.h"

/* Instructions a chunk runs at most on a terminal: keys and the picture
 * between chunks stay prompt. */
enum { SCREEN_TERM_CHUNK = 20000 };

/* Fills pixels (the display's units, row by row) from machine's memory. */
typedef void screen_refresh(const void *machine, const void *ctx, uint32_t *pixels);

typedef struct screen_host {
    const char *tool;       /* messages begin "TOOL: " */
    console *con;
    bool term;              /* keys and drawing on a terminal */
    bool shown;             /* a display is attached (ps is set up) */
    key_script keys;        /* --keys, when given */
    pixscreen ps;
    const char *frames_dir; /* --frames; NULL: none */
    uint64_t frame_every;   /* instructions between frames; 0: only at exit */
    uint64_t next_frame;
    uint64_t last_draw_ns;  /* CLOCK_MONOTONIC of the last terminal draw */
    bool failed;            /* a frame could not be written (said once) */
    screen_refresh *refresh;
    const void *refresh_ctx;
} screen_host;

/* --frames DIR (a directory) and --frame-every N at argv[*i], read by
 * cli_option_value: -2 when taken, -1 when argv[*i] is neither, else
 * usage's status for a bad value. */
int screen_option(int argc, char **argv, int *i, const char **frames_dir, uint64_t *frame_every,
                  bool *missing, int (*usage)(const char *fmt, const char *arg));

/* Sets h up, no display yet, the keys loaded from keys_path when it is
 * not NULL; false after saying why. */
bool screen_host_start(screen_host *h, const char *tool, console *con, bool term,
                       const char *keys_path);
/* Attaches a display of w x h units (each scale_x x scale_y pixels in a
 * frame); on a terminal the screen is cleared and the program's text goes
 * below the picture. False when out of memory (said, the keys freed). */
bool screen_host_show(screen_host *h, unsigned w, unsigned hgt, unsigned scale_x,
                      unsigned scale_y, const char *frames_dir, uint64_t frame_every,
                      screen_refresh *refresh, const void *refresh_ctx);
/* On a terminal, draws the picture when a thirtieth of a second has
 * passed since the last draw. */
void screen_host_draw_due(screen_host *h, const void *machine);
/* Writes the frames due by count (the machine's instruction count) and
 * returns budget cut to end where the next one is due. */
uint64_t screen_host_frames(screen_host *h, const void *machine, uint64_t count, uint64_t budget);
/* The last frame and picture, then everything freed; false when a frame
 * could not be written. */
bool screen_host_finish(screen_host *h, const void *machine);

#endif
