/* lc3sim's video display and timed keys (docs/devices.md): PennSim's
 * video memory xC000-xFDFF, 128 x 124 pixels, one word a pixel (red bits
 * 14-10, green 9-5, blue 4-0), drawn in the terminal and written as PNG
 * frames; --keys FILE feeds the keyboard at instruction counts. */
#ifndef LC3SIM_VIDEO_H
#define LC3SIM_VIDEO_H

#include <stdbool.h>
#include <stdint.h>

#include "console.h"
#include "lc3_machine.h"
#include "screen_host.h"

typedef struct lc3sim_video_options {
    bool video;
    const char *keys_path;
    const char *frames_dir;
    uint64_t frame_every;
} lc3sim_video_options;

/* Takes argv[*i] when it is one of these options: -1 when it is none (or
 * its value is missing: *missing), -2 to go on, else the usage status
 * after usage's message. */
int lc3sim_video_option(int argc, char **argv, int *i, lc3sim_video_options *o, bool *missing,
                        int (*usage)(const char *fmt, const char *arg));
extern const char lc3sim_video_help[];

typedef struct lc3sim_video {
    const lc3sim_video_options *o;
    screen_host host; /* the keys, frames and terminal picture (asm/runtime) */
} lc3sim_video;

/* False after saying why on stderr. */
bool lc3sim_video_start(lc3sim_video *v, const lc3sim_video_options *o, console *con);
/* Before each chunk: frames and the terminal's picture due; the budget cut
 * to the next key, frame or picture. */
uint64_t lc3sim_video_pace(lc3sim_video *v, const lc3_machine *m, uint64_t budget);
/* The program polls the keyboard and the host may wait: the picture is
 * brought up to date first (a chunk of polls can last seconds). */
void lc3sim_video_waiting(lc3sim_video *v, const lc3_machine *m);
/* The keyboard with --keys: the next key due at the machine's count, else
 * none; LC3_KEY_EOF after the last. */
int lc3sim_video_key(lc3sim_video *v, const lc3_machine *m);
/* The last frame and picture; frees v. False when a frame failed. */
bool lc3sim_video_finish(lc3sim_video *v, const lc3_machine *m);

#endif
