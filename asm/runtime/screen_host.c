/* The simulators' display and keys host (screen_host.h). */
#define _POSIX_C_SOURCE 200809L
#include "screen_host.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"

enum { DRAW_NS = 33000000 /* about 30 pictures a second */ };

int screen_option(int argc, char **argv, int *i, const char **frames_dir, uint64_t *frame_every,
                  bool *missing, int (*usage)(const char *fmt, const char *arg))
{
    const char *v;
    if ((v = cli_option_value("--frames", argc, argv, i, missing))) {
        struct stat st;
        if (stat(v, &st) != 0 || !S_ISDIR(st.st_mode))
            return usage("--frames needs a directory, not '%s'", v);
        *frames_dir = v;
    } else if ((v = cli_option_value("--frame-every", argc, argv, i, missing))) {
        if (!cli_parse_count(v, frame_every))
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

bool screen_host_start(screen_host *h, const char *tool, console *con, bool term,
                       const char *keys_path)
{
    memset(h, 0, sizeof *h);
    h->tool = tool;
    h->con = con;
    h->term = term;
    char why[512];
    if (keys_path && !key_script_load(&h->keys, keys_path, why, sizeof why)) {
        fprintf(stderr, "%s: --keys: %s\n", tool, why);
        return false;
    }
    return true;
}

bool screen_host_show(screen_host *h, unsigned w, unsigned hgt, unsigned scale_x,
                      unsigned scale_y, const char *frames_dir, uint64_t frame_every,
                      screen_refresh *refresh, const void *refresh_ctx)
{
    if (!pixscreen_init(&h->ps, w, hgt, scale_x, scale_y, frames_dir)) {
        fprintf(stderr, "%s: out of memory\n", h->tool);
        key_script_free(&h->keys);
        return false;
    }
    h->shown = true;
    h->frames_dir = frames_dir;
    h->next_frame = h->frame_every = frame_every;
    h->refresh = refresh;
    h->refresh_ctx = refresh_ctx;
    if (h->term) { /* the picture at the top, the program's text below it */
        char buf[32];
        int n = snprintf(buf, sizeof buf, "\033[2J\033[%u;1H", pixscreen_rows(&h->ps) + 2);
        console_write(h->con, buf, (size_t)n);
    }
    return true;
}

static void frame(screen_host *h, const void *machine)
{
    h->refresh(machine, h->refresh_ctx, h->ps.now);
    if (!pixscreen_write_frame(&h->ps) && !h->failed) {
        fprintf(stderr, "%s: cannot write a frame in %s: %s\n", h->tool, h->frames_dir,
                strerror(errno));
        h->failed = true;
    }
}

static void draw(screen_host *h, const void *machine)
{
    size_t len;
    h->refresh(machine, h->refresh_ctx, h->ps.now);
    const char *text = pixscreen_draw(&h->ps, &len);
    if (text && len) {
        console_write(h->con, text, len);
        console_flush(h->con);
    }
}

void screen_host_draw_due(screen_host *h, const void *machine)
{
    if (!h->shown || !h->term)
        return;
    uint64_t t = now_ns();
    if (t - h->last_draw_ns >= DRAW_NS) {
        draw(h, machine);
        h->last_draw_ns = t;
    }
}

uint64_t screen_host_frames(screen_host *h, const void *machine, uint64_t count, uint64_t budget)
{
    if (!h->shown || !h->frames_dir || !h->frame_every)
        return budget;
    while (count >= h->next_frame) {
        frame(h, machine);
        h->next_frame += h->frame_every;
    }
    if (h->next_frame - count < budget)
        budget = h->next_frame - count;
    return budget;
}

bool screen_host_finish(screen_host *h, const void *machine)
{
    if (h->shown) {
        if (h->frames_dir)
            frame(h, machine);
        if (h->term)
            draw(h, machine);
    }
    bool ok = !h->failed;
    key_script_free(&h->keys);
    pixscreen_free(&h->ps);
    return ok;
}
