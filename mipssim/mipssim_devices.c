/* mipssim's devices (mipssim_devices.h): options, keys, frames and the
 * terminal. The machine holds the devices' state (mips_mmio.c); this file
 * feeds them keys at their counts and shows what they show. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "mipssim_devices.h"

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
    } else {
        return screen_option(argc, argv, i, &o->frames_dir, &o->frame_every, missing, usage);
    }
    return -2;
}

/* The transmitter's characters on the console. On a terminal MARS's two
 * controls become the terminal's: 12 clears, 7 moves the cursor. */
static void show(void *ctx, uint32_t word)
{
    mipssim_devices *d = ctx;
    uint8_t c = (uint8_t)word;
    screen_host *h = &d->host;
    if (h->term && c == 12) {
        console_write(h->con, "\033[2J\033[H", 7);
        h->ps.drawn_valid = false;
    } else if (h->term && c == 7) {
        char buf[32];
        unsigned top = d->o->bitmap ? pixscreen_rows(&h->ps) + 1 : 0;
        int n = snprintf(buf, sizeof buf, "\033[%u;%uH", top + ((word >> 8) & 0xfff) + 1,
                         (word >> 20) + 1);
        console_write(h->con, buf, (size_t)n);
    } else {
        console_put(h->con, c);
    }
}

static mips_syscall_verdict before_syscall(void *ctx, mips_session *s, unsigned service);

/* The display's units from memory. */
static void refresh(const void *machine, const void *display, uint32_t *pixels)
{
    mips_bitmap_read(machine, display, pixels);
}

bool mipssim_devices_start(mipssim_devices *d, const mipssim_devices_options *o,
                           mips_session *s)
{
    d->o = o;
    console *con = mips_session_console(s);
    bool term = console_is_terminal(con) && isatty(STDOUT_FILENO);
    if (!screen_host_start(&d->host, "mipssim", con, term, o->keys_path))
        return false;
    mips_machine *m = mips_session_machine(s);
    if (o->mmio)
        mips_mmio_attach(m, o->mmio_delay ? o->mmio_delay : 5, show, d);
    if (term && !o->keys_path)
        mips_session_set_syscall_hook(s, before_syscall, d);
    const mips_bitmap *b = &o->display;
    return !o->bitmap || screen_host_show(&d->host, b->width / b->unit_w, b->height / b->unit_h,
                                          b->unit_w, b->unit_h, o->frames_dir, o->frame_every,
                                          refresh, b);
}

/* A key from the console, one at a time once the last was read: keys
 * typed ahead wait in the console instead of overrunning. */
static void console_key(mipssim_devices *d, mips_machine *m)
{
    int key;
    if (d->o->mmio && !d->o->keys_path && !(mips_display_word(m, MIPS_MMIO_BASE) & 1) &&
        (key = console_read_byte(d->host.con, 0)) >= 0)
        mips_mmio_key(m, (uint8_t)key);
}

/* On a terminal a game paces itself with syscall 32, as in MARS, and may
 * run only a few instructions between sleeps: the picture and the keys
 * come before each sleep too, not only between chunks. */
static mips_syscall_verdict before_syscall(void *ctx, mips_session *s, unsigned service)
{
    mipssim_devices *d = ctx;
    if (service == 32) {
        mips_machine *m = mips_session_machine(s);
        screen_host_draw_due(&d->host, m);
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
        while ((key = key_script_take(&d->host.keys, count)) >= 0)
            mips_mmio_key(m, (uint8_t)key);
        uint64_t until = key_script_until(&d->host.keys, count);
        if (until < budget)
            budget = until;
    }
    console_key(d, m);
    budget = screen_host_frames(&d->host, m, count, budget);
    if (d->o->mmio && !d->o->keys_path && budget > SCREEN_TERM_CHUNK)
        budget = SCREEN_TERM_CHUNK; /* keys from the console reach the program promptly */
    if (d->host.term) {
        screen_host_draw_due(&d->host, m);
        if (budget > SCREEN_TERM_CHUNK)
            budget = SCREEN_TERM_CHUNK;
    }
    return budget ? budget : 1;
}

bool mipssim_devices_finish(mipssim_devices *d, mips_machine *m)
{
    return screen_host_finish(&d->host, m);
}
