/* The web machine's LC-3 (web_impl.h): lc3sim's debugger target with the
 * built-in OS, run at full speed by its session between steps. The OS
 * polls the keyboard; when nothing has been typed the machine stops as at
 * the end of input, and goes on from there once a key comes. */
#include <stdio.h>
#include <stdlib.h>

#include "lc3_check.h"
#include "lc3_debug.h"
#include "lc3_machine.h"
#include "lc3_session.h"
#include "lc3_video.h"
#include "web_impl.h"

typedef struct web_lc3 {
    lc3_debug_options opt; /* the target keeps a pointer to it */
    lc3_dbg *dbg;
} web_lc3;

/* R0-R7, PC, PSR (lc3_debug's order). */
static const unsigned shown[10] = {0, 1, 2, 3, 4, 5, 6, 7, LC3_DBG_PC, LC3_DBG_PSR};

static bool load(web_machine *w, const char *path, FILE *errors)
{
    web_lc3 *p = calloc(1, sizeof *p);
    if (!p)
        return false;
    w->isa_state = p;
    p->opt.program = path;
    /* The registers the saved check wants back, as lc3sim's default. */
    p->opt.check_saved = LC3_CHECK_SAVED_DEFAULT;
    p->dbg = lc3_debug_load(&p->opt, errors);
    if (!p->dbg)
        return false;
    w->target = lc3_debug_target(p->dbg, w->con);
    return w->target != NULL;
}

static web_status run(web_machine *w, uint64_t max_steps, uint64_t *ran)
{
    web_lc3 *p = w->isa_state;
    lc3_session *s = lc3_debug_session(p->dbg);
    lc3_run_result r = lc3_session_run(s, max_steps);
    *ran = r.steps;
    switch (r.stop) {
    case LC3_RUN_LIMIT:
        return WEB_RUNNING;
    case LC3_RUN_HALTED:
        snprintf(w->message, sizeof w->message, "program halted");
        return WEB_EXITED;
    case LC3_RUN_INPUT_EOF:
        if (!w->input_closed)
            return WEB_WAITING;
        snprintf(w->message, sizeof w->message, "input ended while the program waits for a key");
        return WEB_INPUT_ENDED;
    default:
        snprintf(w->message, sizeof w->message, "the program stopped (a check or a hook)");
        return WEB_STOPPED;
    }
}

/* A step finds out for itself: a key poll that finds nothing ends it as
 * the end of input would, and wasm_api.c reads that as waiting. */
static bool needs_input(web_machine *w)
{
    (void)w;
    return false;
}

static const char *condition(web_machine *w, char *buf)
{
    web_lc3 *p = w->isa_state;
    uint16_t psr = lc3_psr(lc3_session_machine(lc3_debug_session(p->dbg)));
    size_t n = 0;
    if (psr & LC3_PSR_N)
        buf[n++] = 'N';
    if (psr & LC3_PSR_Z)
        buf[n++] = 'Z';
    if (psr & LC3_PSR_P)
        buf[n++] = 'P';
    buf[n] = '\0';
    return buf;
}

static void free_lc3(web_machine *w)
{
    web_lc3 *p = w->isa_state;
    if (!p)
        return;
    lc3_debug_free(p->dbg);
    free(p);
}

/* PennSim's video; its keyboard is the console's. */
static bool screen(web_machine *w, const char *spec, uint32_t *colours, unsigned *cols,
                   unsigned *rows)
{
    (void)spec;
    web_lc3 *p = w->isa_state;
    *cols = LC3_VIDEO_WIDTH;
    *rows = LC3_VIDEO_HEIGHT;
    if (colours)
        lc3_video_read(lc3_session_machine(lc3_debug_session(p->dbg)), colours);
    return true;
}

const web_isa web_lc3_isa = {load, run, needs_input, free_lc3, condition, shown, 10,
                             NULL, NULL, screen};
