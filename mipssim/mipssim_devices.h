/* mipssim's devices (docs/devices.md): MARS's Keyboard and Display MMIO
 * Simulator (--mmio, keys from the terminal or --keys FILE) and its
 * Bitmap Display (--bitmap), drawn in the terminal and written as PNG
 * frames (--frames). */
#ifndef MIPSSIM_DEVICES_H
#define MIPSSIM_DEVICES_H

#include <stdbool.h>
#include <stdint.h>

#include "mips_bitmap.h"
#include "mips_session.h"
#include "screen_host.h"

typedef struct mipssim_devices_options {
    bool mmio;
    uint32_t mmio_delay;    /* instructions; 0: MARS's default, 5 */
    const char *keys_path;  /* --keys: timed keys instead of the terminal's */
    bool bitmap;
    mips_bitmap display;    /* --bitmap's settings */
    const char *frames_dir;
    uint64_t frame_every;   /* instructions between frames; 0: only at exit */
} mipssim_devices_options;

/* Takes argv[*i] when it is a device option: -1 when it is none (or its
 * value is missing: *missing), -2 to go on, else an exit status after the
 * message (usage names the command for it). */
int mipssim_devices_option(int argc, char **argv, int *i, mipssim_devices_options *o,
                           bool *missing, int (*usage)(const char *fmt, const char *arg));

/* The help lines of these options. */
extern const char mipssim_devices_help[];

typedef struct mipssim_devices {
    const mipssim_devices_options *o;
    screen_host host;       /* the keys, frames and terminal picture (asm/runtime) */
} mipssim_devices;

/* Attaches the devices the options ask for to the session's machine. False
 * after saying why on stderr. */
bool mipssim_devices_start(mipssim_devices *d, const mipssim_devices_options *o,
                           mips_session *s);
/* The run loop's pace hook (mips_run_loop.h): keys due, frames due, the
 * terminal's picture; cuts the budget to the next of them. */
uint64_t mipssim_devices_pace(void *ctx, mips_machine *m, uint64_t budget);
/* At the run's end: the last frame and picture; frees d. False when a
 * frame could not be written. */
bool mipssim_devices_finish(mipssim_devices *d, mips_machine *m);

#endif
