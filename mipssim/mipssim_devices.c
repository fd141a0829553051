/* mipssim's devices (mipssim_devices.h): options, keys, frames and the
 * terminal. The machine holds the devices' state (mips_mmio.c); this file
 * feeds them keys at their counts and shows what they show. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "mipssim_devices.h"

/* Chunks on a terminal: keys and the picture between them stay prompt. */
enum { TERM_CHUNK = 20000, DRAW_NS = 33000000 /* about 30 pictures a second */ };

const char mipssim_devices_help[] =
    "  --mmio              attach MARS's Keyboard and Display MMIO Simulator:\n"
    "                      keys (raw from the terminal, or --keys) reach the\n"
    "                      receiver at 0xffff0000/4, characters stored at\n"
    "                      0xffff000c are shown after the transmitter's delay\n"
    "  --mmio-delay N      the transmitter's delay in instructions (default 5)\n"
    "  --keys FILE         timed keys for --mmio: lines 'COUNT KEY', the key\n"
    "                      (a character, or 0xHH) arriving after COUNT\n"
    "                      instructions, for an exact replay (implies --mmio)\n"
    "  --bitmap WxH[,unit=N|UWxUH][,base=ADDR]\n"
    "                      attach MARS's Bitmap Display: W x H pixels, units\n"
    "                      of N x N or UW x UH pixels (MARS's unit width and\n"
    "                      height: 1 2 4 8 16 32; default 1), one word\n"
    "                      0x00RRGGBB a unit from ADDR: 0x10010000 (default,\n"
    "                      static data), 0x10000000, 0x10008000 ($gp), 0x10040000\n"
    "                      (heap) or 0xffff0000 (mmio); drawn in the terminal\n"
    "  --frames DIR        write the display as DIR/frame-NNNNN.png at the end\n"
    "                      (and every --frame-every N instructions); syscall 32\n"
    "                      then sleeps no wall time\n"
    "  --frame-every N     a frame every N instructions, with --frames\n";

int mipssim_devices_option(int argc, char **argv, int *i, mipssim_devices_options *o,
                           bool *missing, int (*usage)(const char *fmt, const char *arg))
{
    const char *v;
    uint64_t n;
    if (strcmp(argv[*i], "--mmio") == 0) {
        o->mmio = true;
    } else if ((v = cli_option_value("--mmio-delay", argc, argv, i, missing))) {
        if (!cli_parse_count(v, &n) || n > 1000000)
            return usage("--mmio-delay needs a number of instructions from 1 to 1000000, "
                         "not '%s'", v);
        o->mmio_delay = (uint32_t)n;
    } else if ((v = cli_option_value("--keys", argc, argv, i, missing))) {
        o->keys_path = v;
        o->mmio = true;
    } else if ((v = cli_option_value("--bitmap", argc, argv, i, missing))) {
        if (!(o->bitmap = mips_bitmap_parse(v, &o->display)))
            return usage("--bitmap needs WxH[,unit=N|UWxUH][,base=ADDR] (a unit 1-32 pixels "
                         "a side, a power of 2 dividing W and H; ADDR one of MARS's five "
                         "bases), not '%s'", v);
    } else if ((v = cli_option_value("--frames", argc, argv, i, missing))) {
        struct stat st;
        if (stat(v, &st) != 0 || !S_ISDIR(st.st_mode))
            return usage("--frames needs a directory, not '%s'", v);
        o->frames_dir = v;
    } else if ((v = cli_option_value("--frame-every", argc, argv, i, missing))) {
        if (!cli_parse_count(v, &o->frame_every))
            return usage("--frame-every needs a positive number of instructions, not '%s'", v);
    } else {
        return -1;
    }
    return -2;
}

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* The transmitter's characters on the console. On a terminal MARS's two
 * controls become the terminal's: 12 clears, 7 moves the cursor. */
static void show(void *ctx, uint32_t word)
{
    mipssim_devices *d = ctx;
    uint8_t c = (uint8_t)word;
    if (d->term && c == 12) {
        console_write(d->con, "\033[2J\033[H", 7);
        d->ps.drawn_valid = false;
    } else if (d->term && c == 7) {
        char buf[32];
        unsigned top = d->o->bitmap ? pixscreen_rows(&d->ps) + 1 : 0;
        int n = snprintf(buf, sizeof buf, "\033[%u;%uH", top + ((word >> 8) & 0xfff) + 1,
                         (word >> 20) + 1);
        console_write(d->con, buf, (size_t)n);
    } else {
        console_put(d->con, c);
    }
}

static mips_syscall_verdict before_syscall(void *ctx, mips_session *s, unsigned service);

bool mipssim_devices_start(mipssim_devices *d, const mipssim_devices_options *o,
                           mips_session *s)
{
    memset(d, 0, sizeof *d);
    d->o = o;
    d->con = mips_session_console(s);
    d->term = console_is_terminal(d->con) && isatty(STDOUT_FILENO);
    mips_machine *m = mips_session_machine(s);
    char why[512];
    if (o->keys_path && !key_script_load(&d->keys, o->keys_path, why, sizeof why)) {
        fprintf(stderr, "mipssim: --keys: %s\n", why);
        return false;
    }
    if (o->mmio)
        mips_mmio_attach(m, o->mmio_delay ? o->mmio_delay : 5, show, d);
    if (d->term && !o->keys_path)
        mips_session_set_syscall_hook(s, before_syscall, d);
    if (o->bitmap) {
        const mips_bitmap *b = &o->display;
        if (!pixscreen_init(&d->ps, b->width / b->unit_w, b->height / b->unit_h, b->unit_w, b->unit_h,
                            o->frames_dir)) {
            fprintf(stderr, "mipssim: out of memory\n");
            key_script_free(&d->keys);
            return false;
        }
        d->next_frame = o->frame_every;
        if (d->term) { /* the picture at the top, the program's text below it */
            char buf[32];
            int n = snprintf(buf, sizeof buf, "\033[2J\033[%u;1H", pixscreen_rows(&d->ps) + 2);
            console_write(d->con, buf, (size_t)n);
        }
    }
    return true;
}

/* The display's units from memory. */
static void refresh(mipssim_devices *d, const mips_machine *m)
{
    mips_bitmap_read(m, &d->o->display, d->ps.now);
}

static void frame(mipssim_devices *d, const mips_machine *m)
{
    refresh(d, m);
    if (!pixscreen_write_frame(&d->ps) && !d->failed) {
        fprintf(stderr, "mipssim: cannot write a frame in %s: %s\n", d->o->frames_dir,
                strerror(errno));
        d->failed = true;
    }
}

static void draw(mipssim_devices *d, const mips_machine *m)
{
    size_t len;
    refresh(d, m);
    const char *text = pixscreen_draw(&d->ps, &len);
    if (text && len) {
        console_write(d->con, text, len);
        console_flush(d->con);
    }
}

/* A key from the console, one at a time once the last was read: keys
 * typed ahead wait in the console instead of overrunning. */
static void console_key(mipssim_devices *d, mips_machine *m)
{
    int key;
    if (d->o->mmio && !d->o->keys_path && !(mips_display_word(m, MIPS_MMIO_BASE) & 1) &&
        (key = console_read_byte(d->con, 0)) >= 0)
        mips_mmio_key(m, (uint8_t)key);
}

static void draw_due(mipssim_devices *d, const mips_machine *m)
{
    uint64_t t = now_ns();
    if (t - d->last_draw_ns >= DRAW_NS) {
        draw(d, m);
        d->last_draw_ns = t;
    }
}

/* On a terminal a game paces itself with syscall 32, as in MARS, and may
 * run only a few instructions between sleeps: the picture and the keys
 * come before each sleep too, not only between chunks. */
static mips_syscall_verdict before_syscall(void *ctx, mips_session *s, unsigned service)
{
    mipssim_devices *d = ctx;
    if (service == 32) {
        mips_machine *m = mips_session_machine(s);
        if (d->o->bitmap)
            draw_due(d, m);
        console_key(d, m);
    }
    return MIPS_SYSCALL_PERFORM;
}

uint64_t mipssim_devices_pace(void *ctx, mips_machine *m, uint64_t budget)
{
    mipssim_devices *d = ctx;
    uint64_t count = mips_instruction_count(m);
    if (d->o->keys_path) {
        int key;
        while ((key = key_script_take(&d->keys, count)) >= 0)
            mips_mmio_key(m, (uint8_t)key);
        uint64_t until = key_script_until(&d->keys, count);
        if (until < budget)
            budget = until;
    }
    console_key(d, m);
    if (d->o->bitmap && d->o->frames_dir && d->o->frame_every) {
        while (count >= d->next_frame) {
            frame(d, m);
            d->next_frame += d->o->frame_every;
        }
        if (d->next_frame - count < budget)
            budget = d->next_frame - count;
    }
    if (d->o->mmio && !d->o->keys_path && budget > TERM_CHUNK)
        budget = TERM_CHUNK; /* keys from the console reach the program promptly */
    if (d->term) {
        if (d->o->bitmap)
            draw_due(d, m);
        if (budget > TERM_CHUNK)
            budget = TERM_CHUNK;
    }
    return budget ? budget : 1;
}

bool mipssim_devices_finish(mipssim_devices *d, mips_machine *m)
{
    if (d->o->bitmap) {
        if (d->o->frames_dir)
            frame(d, m);
        if (d->term)
            draw(d, m);
    }
    bool ok = !d->failed;
    key_script_free(&d->keys);
    pixscreen_free(&d->ps);
    return ok;
}
