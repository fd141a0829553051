/* A host's slices of the core's execution commands (dbg_control.h): a
 * session (dbg_impl.h) whose goal is kept between slices, and whose poll,
 * asked before every instruction, ends a slice. */
#include "dbg_control.h"

#include <stdlib.h>
#include <string.h>

#include "dbg_expr.h"
#include "dbg_impl.h"

struct dbg_control {
    dbg_session s;
    dbg_options opt;          /* the session keeps a pointer to it */
    dbg_goal goal;
    uint64_t budget, ran;     /* the slice's instructions, and those run */
    bool (*before_step)(void *ctx);
    void *ctx;
};

dbg_control *dbg_control_new(dbg_target *t)
{
    dbg_control *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->opt.out = stdout;
    if (!dbg_session_init(&c->s, t, &c->opt)) {
        free(c);
        return NULL;
    }
    c->goal = dbg_goal_begin(&c->s, RUN_STEP, 0);
    return c;
}

void dbg_control_free(dbg_control *c)
{
    if (!c)
        return;
    dbg_session_free(&c->s);
    free(c);
}

static const run_mode modes[] = {
    [DBG_CONTROL_STEP] = RUN_STEP,
    [DBG_CONTROL_NEXT] = RUN_NEXT,
    [DBG_CONTROL_FINISH] = RUN_FINISH,
    [DBG_CONTROL_CONTINUE] = RUN_CONTINUE,
};

bool dbg_control_begin(dbg_control *c, dbg_control_mode mode)
{
    if (mode == DBG_CONTROL_FINISH && c->s.frame_count == 0)
        return false;
    c->goal = dbg_goal_begin(&c->s, modes[mode], 0);
    return true;
}

/* The session's poll, asked before every instruction: the slice is over. */
static bool slice_over(void *ctx)
{
    dbg_control *c = ctx;
    if (c->ran >= c->budget || (c->before_step && c->before_step(c->ctx)))
        return true;
    c->ran++;
    return false;
}

dbg_control_stop dbg_control_run(dbg_control *c, uint64_t max_steps,
                                 bool (*before_step)(void *ctx), void *ctx)
{
    dbg_control_stop out = {.why = DBG_CONTROL_SLICE};
    c->budget = max_steps;
    c->ran = 0;
    c->before_step = before_step;
    c->ctx = ctx;
    c->s.poll = slice_over;
    c->s.poll_ctx = c;
    c->s.poll_every = 1;
    /* A program that stopped for input goes on once it comes. */
    c->s.running = true;
    dbg_stop stop = dbg_run_toward(&c->s, &c->goal, false);
    switch (stop.kind) {
    case DBG_STOPPED_STEP:
    case DBG_STOPPED_WATCH: /* the host sets none */
    case DBG_STOPPED_HISTORY:
        out.why = DBG_CONTROL_DONE;
        break;
    case DBG_STOPPED_INTERRUPT:
        break;
    case DBG_STOPPED_BREAK:
        out.why = DBG_CONTROL_BREAK;
        break;
    case DBG_STOPPED_CHECK:
        out.why = DBG_CONTROL_CHECK;
        break;
    case DBG_STOPPED_SIGNAL:
        out.why = DBG_CONTROL_SIGNAL;
        snprintf(out.message, sizeof out.message, "%s", stop.message);
        break;
    case DBG_STOPPED_END:
        out.why = DBG_CONTROL_END;
        out.end = stop.end;
        snprintf(out.message, sizeof out.message, "%s", stop.message);
        break;
    }
    return out;
}

bool dbg_control_backstep(dbg_control *c)
{
    return dbg_backstep_quiet(&c->s, 1, false) == 1;
}

uint64_t dbg_control_history(const dbg_control *c)
{
    return c->s.journal.count;
}

void dbg_control_forget(dbg_control *c)
{
    dbg_journal_clear(&c->s.journal);
    c->s.frame_count = 0;
}

int dbg_control_break(dbg_control *c, uint32_t addr, char *err)
{
    char text[32], why[DBG_ERROR_SIZE] = "";
    snprintf(text, sizeof text, "*%s%0*x", c->s.t->hex_prefix, (int)c->s.t->addr_digits, addr);
    dbg_point *p = dbg_add_break(&c->s, addr, false, NULL, text, why);
    if (!p) {
        snprintf(err, DBG_MESSAGE_SIZE, "%s", why);
        return 0;
    }
    return p->id;
}

bool dbg_control_delete(dbg_control *c, int id)
{
    return dbg_delete_point(&c->s, id);
}

bool dbg_control_at_break(dbg_control *c)
{
    return dbg_break_here(&c->s) != NULL;
}

void dbg_control_backtrace(dbg_control *c, FILE *out)
{
    c->s.out = out;
    dbg_cmd_backtrace(&c->s);
    c->s.out = c->opt.out;
}
