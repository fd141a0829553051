/* lc3sim's video display and timed keys (lc3sim_video.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "lc3_video.h"
#include "lc3sim_video.h"

enum {
    TERM_CHUNK = 20000,
    DRAW_NS = 33000000, /* about 30 pictures a second */
};

const char lc3sim_video_help[] =
    "  --video             PennSim's video display: xC000-xFDFF, 128 x 124\n"
    "                      pixels, one word each (red bits 14-10, green 9-5,\n"
    "                      blue 4-0), drawn in the terminal\n"
    "  --keys FILE         the keyboard from FILE instead of stdin: lines\n"
    "                      'COUNT KEY', the key (a character, or 0xHH) typed\n"
    "                      after COUNT instructions, for an exact replay\n"
    "  --frames DIR        with --video: write the display as DIR/frame-NNNNN.png\n"
    "                      at the end (and every --frame-every N instructions)\n"
    "  --frame-every N     a frame every N instructions, with --frames\n";

int lc3sim_video_option(int argc, char **argv, int *i, lc3sim_video_options *o, bool *missing,
                        int (*usage)(const char *fmt, const char *arg))
{
    const char *v;
    if (strcmp(argv[*i], "--video") == 0) {
        o->video = true;
    } else if ((v = cli_option_value("--keys", argc, argv, i, missing))) {
        o->keys_path = v;
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

bool lc3sim_video_start(lc3sim_video *v, const lc3sim_video_options *o, console *con)
{
    memset(v, 0, sizeof *v);
    v->o = o;
    v->con = con;
    v->term = o->video && console_is_terminal(con) && isatty(STDOUT_FILENO);
    char why[512];
    if (o->keys_path && !key_script_load(&v->keys, o->keys_path, why, sizeof why)) {
        fprintf(stderr, "lc3sim: --keys: %s\n", why);
        return false;
    }
    if (o->video) {
        if (!pixscreen_init(&v->ps, LC3_VIDEO_WIDTH, LC3_VIDEO_HEIGHT, 1, 1, o->frames_dir)) {
            fprintf(stderr, "lc3sim: out of memory\n");
            key_script_free(&v->keys);
            return false;
        }
        v->next_frame = o->frame_every;
        if (v->term) { /* the picture at the top, the program's text below it */
            char buf[32];
            int n = snprintf(buf, sizeof buf, "\033[2J\033[%u;1H", pixscreen_rows(&v->ps) + 2);
            console_write(con, buf, (size_t)n);
        }
    }
    return true;
}

static void refresh(lc3sim_video *v, const lc3_machine *m)
{
    lc3_video_read(m, v->ps.now);
}

static void frame(lc3sim_video *v, const lc3_machine *m)
{
    refresh(v, m);
    if (!pixscreen_write_frame(&v->ps) && !v->failed) {
        fprintf(stderr, "lc3sim: cannot write a frame in %s: %s\n", v->o->frames_dir,
                strerror(errno));
        v->failed = true;
    }
}

static void draw(lc3sim_video *v, const lc3_machine *m)
{
    size_t len;
    refresh(v, m);
    const char *text = pixscreen_draw(&v->ps, &len);
    if (text && len) {
        console_write(v->con, text, len);
        console_flush(v->con);
    }
}

void lc3sim_video_waiting(lc3sim_video *v, const lc3_machine *m)
{
    if (!v->term)
        return;
    uint64_t t = now_ns();
    if (t - v->last_draw_ns >= DRAW_NS) {
        draw(v, m);
        v->last_draw_ns = t;
    }
}

uint64_t lc3sim_video_pace(lc3sim_video *v, const lc3_machine *m, uint64_t budget)
{
    uint64_t count = lc3_instruction_count(m);
    if (v->o->keys_path) {
        /* The chunk ends where the next key is due, so the machine's count
         * (updated between chunks) says exactly when it arrives. */
        uint64_t until = key_script_until(&v->keys, count);
        if (until && until < budget)
            budget = until;
    }
    if (v->o->video && v->o->frames_dir && v->o->frame_every) {
        while (count >= v->next_frame) {
            frame(v, m);
            v->next_frame += v->o->frame_every;
        }
        if (v->next_frame - count < budget)
            budget = v->next_frame - count;
    }
    if (v->term) {
        uint64_t t = now_ns();
        if (t - v->last_draw_ns >= DRAW_NS) {
            draw(v, m);
            v->last_draw_ns = t;
        }
        if (budget > TERM_CHUNK)
            budget = TERM_CHUNK;
    }
    return budget ? budget : 1;
}

int lc3sim_video_key(lc3sim_video *v, const lc3_machine *m)
{
    int key = key_script_take(&v->keys, lc3_instruction_count(m));
    if (key >= 0)
        return key;
    return v->keys.next >= v->keys.count ? LC3_KEY_EOF : LC3_KEY_NONE;
}

bool lc3sim_video_finish(lc3sim_video *v, const lc3_machine *m)
{
    if (v->o->video) {
        if (v->o->frames_dir)
            frame(v, m);
        if (v->term)
            draw(v, m);
    }
    bool ok = !v->failed;
    key_script_free(&v->keys);
    pixscreen_free(&v->ps);
    return ok;
}
