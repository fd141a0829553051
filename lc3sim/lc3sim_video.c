/* lc3sim's video display and timed keys (lc3sim_video.h). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lc3_video.h"
#include "lc3sim_video.h"

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
    } else {
        return screen_option(argc, argv, i, &o->frames_dir, &o->frame_every, missing, usage);
    }
    return -2;
}

static void refresh(const void *machine, const void *ctx, uint32_t *pixels)
{
    (void)ctx;
    lc3_video_read(machine, pixels);
}

bool lc3sim_video_start(lc3sim_video *v, const lc3sim_video_options *o, console *con)
{
    v->o = o;
    bool term = o->video && console_is_terminal(con) && isatty(STDOUT_FILENO);
    if (!screen_host_start(&v->host, "lc3sim", con, term, o->keys_path))
        return false;
    return !o->video || screen_host_show(&v->host, LC3_VIDEO_WIDTH, LC3_VIDEO_HEIGHT, 1, 1,
                                         o->frames_dir, o->frame_every, refresh, NULL);
}

void lc3sim_video_waiting(lc3sim_video *v, const lc3_machine *m)
{
    screen_host_draw_due(&v->host, m);
}

uint64_t lc3sim_video_pace(lc3sim_video *v, const lc3_machine *m, uint64_t budget)
{
    uint64_t count = lc3_instruction_count(m);
    if (v->o->keys_path) {
        /* The chunk ends where the next key is due, so the machine's count
         * (updated between chunks) says exactly when it arrives. */
        uint64_t until = key_script_until(&v->host.keys, count);
        if (until && until < budget)
            budget = until;
    }
    budget = screen_host_frames(&v->host, m, count, budget);
    if (v->host.term) {
        screen_host_draw_due(&v->host, m);
        if (budget > SCREEN_TERM_CHUNK)
            budget = SCREEN_TERM_CHUNK;
    }
    return budget ? budget : 1;
}

int lc3sim_video_key(lc3sim_video *v, const lc3_machine *m)
{
    int key = key_script_take(&v->host.keys, lc3_instruction_count(m));
    if (key >= 0)
        return key;
    return v->host.keys.next >= v->host.keys.count ? LC3_KEY_EOF : LC3_KEY_NONE;
}

bool lc3sim_video_finish(lc3sim_video *v, const lc3_machine *m)
{
    return screen_host_finish(&v->host, m);
}
