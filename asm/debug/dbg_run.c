/* Execution control (dbg_impl.h): one instruction at a time, keeping the
 * call trace and the backstep journal, and the commands that run the
 * program (continue, step, next, finish, until, backstep, run). */
#include <stdlib.h>
#include <string.h>

#include "dbg_impl.h"
#include "grow.h"

/* ------------------------------------------------------------------------
 * One instruction, with the call trace and the journal */

static bool push_frame(dbg_session *s, const dbg_frame *f)
{
    if (s->frame_count == s->frame_size) {
        dbg_frame *frames = grow_array(s->frames, &s->frame_size,
                                       s->frame_count + 1, sizeof *frames);
        if (!frames)
            return false;
        s->frames = frames;
    }
    s->frames[s->frame_count++] = *f;
    return true;
}

static void end_program(dbg_session *s, const char *message)
{
    s->running = false;
    snprintf(s->end_message, sizeof s->end_message, "%s", message);
}

/* Runs one instruction. A call pushes a frame of the call trace; a return
 * pops the frames down to the one it returns from (a return to no frame's
 * return address, as after a jump out of a function, pops none). */
static dbg_step_result step_once(dbg_session *s, char *signal_message)
{
    dbg_target *t = s->t;
    uint32_t pc = t->pc(t->ctx), ret = 0;
    dbg_insn_kind kind = t->classify(t->ctx, pc, &ret);
    dbg_frame frame = {.call_pc = pc, .return_addr = ret};
    if (kind == DBG_INSN_CALL) {
        frame.sp = t->sp_reg >= 0 ? t->get_reg(t->ctx, (unsigned)t->sp_reg) : 0;
        for (int i = 0; i < 4; i++)
            frame.args[i] = t->arg_regs[i] >= 0 ? t->get_reg(t->ctx, (unsigned)t->arg_regs[i]) : 0;
    }
    dbg_journal_entry e = {.depth = (uint32_t)s->frame_count};
    char message[DBG_MESSAGE_SIZE] = "";
    size_t size = 0;
    dbg_step_result r = t->step(t->ctx, &e.record, &size, message);
    if (r == DBG_STEP_CHECK)
        return r; /* nothing ran: no frame, no history */
    if (r == DBG_STEP_SIGNAL) { /* nor here */
        snprintf(signal_message, DBG_MESSAGE_SIZE, "%s", message);
        return r;
    }
    e.size = (uint32_t)size;
    uint32_t npc = t->pc(t->ctx);
    if (kind == DBG_INSN_CALL && npc != ret) {
        frame.callee = npc;
        e.pushed = push_frame(s, &frame);
    } else if (kind == DBG_INSN_RETURN) {
        size_t k = s->frame_count;
        while (k > 0 && s->frames[k - 1].return_addr != npc)
            k--;
        if (k > 0) {
            k--;
            e.saved_count = (uint32_t)(s->frame_count - k);
            e.saved = malloc(e.saved_count * sizeof *e.saved);
            if (e.saved) {
                memcpy(e.saved, s->frames + k, e.saved_count * sizeof *e.saved);
                s->frame_count = k;
            } else {
                e.saved_count = 0;
            }
        }
    }
    dbg_journal_push(&s->journal, &e);
    if (r != DBG_STEP_OK)
        end_program(s, message);
    else if (s->opt->limit && t->instruction_count(t->ctx) >= s->opt->limit)
        end_program(s, "instruction limit reached");
    return r;
}

/* Undoes the newest step; false when the history is empty. *depth gets
 * the call depth the step started at. */
static bool backstep_once(dbg_session *s, size_t *depth)
{
    dbg_journal_entry e;
    if (!dbg_journal_pop(&s->journal, &e))
        return false;
    *depth = e.depth;
    s->t->undo(s->t->ctx, e.record);
    if (e.pushed && s->frame_count > 0)
        s->frame_count--;
    for (size_t i = 0; i < e.saved_count; i++)
        push_frame(s, &e.saved[i]);
    free(e.saved);
    s->running = true;
    s->end_message[0] = '\0';
    return true;
}

/* ------------------------------------------------------------------------
 * Execution commands */

/* True when the run must stop for an interrupt: Ctrl-C, or the poll every
 * DBG_POLL_STEPS steps says so. */
static bool interrupted(dbg_session *s, uint64_t *steps)
{
    if (dbg_interrupted)
        return true;
    uint64_t every = s->poll_every ? s->poll_every : DBG_POLL_STEPS;
    return s->poll && ++*steps % every == 0 && s->poll(s->poll_ctx);
}

dbg_goal dbg_goal_begin(dbg_session *s, run_mode mode, uint32_t target)
{
    dbg_target *t = s->t;
    dbg_goal g = {.mode = mode, .target = target, .depth = s->frame_count};
    if (mode == RUN_NEXT) {
        uint32_t ret;
        g.stepping_over = t->classify(t->ctx, t->pc(t->ctx), &ret) == DBG_INSN_CALL;
    }
    return g;
}

dbg_stop dbg_run(dbg_session *s, run_mode mode, uint32_t target, bool quiet)
{
    dbg_goal g = dbg_goal_begin(s, mode, target);
    return dbg_run_toward(s, &g, quiet);
}

dbg_stop dbg_run_toward(dbg_session *s, const dbg_goal *g, bool quiet)
{
    dbg_target *t = s->t;
    dbg_stop stop = {.kind = DBG_STOPPED_STEP};
    size_t depth = g->depth;
    uint64_t steps = 0;
    bool stepping_over = g->stepping_over;
    run_mode mode = g->mode;
    uint32_t target = g->target;
    for (;;) {
        if (interrupted(s, &steps)) {
            stop.kind = DBG_STOPPED_INTERRUPT;
            return stop;
        }
        uint32_t pc = t->pc(t->ctx);
        dbg_step_result r = step_once(s, stop.message);
        if (r == DBG_STEP_CHECK) {
            stop.kind = DBG_STOPPED_CHECK;
            return stop;
        }
        if (r == DBG_STEP_SIGNAL) {
            stop.kind = DBG_STOPPED_SIGNAL;
            return stop;
        }
        dbg_point *w = dbg_watch_check(s, pc, &stop);
        if (!s->running) {
            stop.kind = DBG_STOPPED_END;
            stop.end = r;
            snprintf(stop.message, sizeof stop.message, "%s", s->end_message);
            return stop;
        }
        if (w) {
            stop.kind = DBG_STOPPED_WATCH;
            return stop;
        }
        bool done = false;
        switch (mode) {
        case RUN_CONTINUE:
            break;
        case RUN_STEP:
            done = true;
            break;
        case RUN_NEXT:
            done = !stepping_over || s->frame_count <= depth;
            break;
        case RUN_FINISH:
            done = s->frame_count < depth;
            break;
        case RUN_UNTIL:
            done = t->pc(t->ctx) == target || s->frame_count < depth;
            break;
        }
        dbg_point *b = dbg_break_here(s);
        if (b && dbg_break_hit(b)) {
            stop.kind = DBG_STOPPED_BREAK;
            stop.point_id = b->id;
            stop.point_owner = b->owner;
            stop.quiet = quiet && !b->temporary;
            stop.temporary = b->temporary;
            if (b->temporary)
                dbg_delete_point(s, b->id);
            return stop;
        }
        if (done)
            return stop;
    }
}

void dbg_report_stop(dbg_session *s, const dbg_stop *stop)
{
    dbg_target *t = s->t;
    if (stop->watched) {
        dbg_printf(s, "\nWatchpoint %d: %s\n\nOld value = %s\nNew value = %s\nWritten by ",
                   stop->point_id, stop->watch_text, stop->old_value, stop->new_value);
        dbg_print_location(s, stop->writer);
    }
    switch (stop->kind) {
    case DBG_STOPPED_INTERRUPT:
        dbg_printf(s, "\nProgram interrupted.\n");
        break;
    case DBG_STOPPED_CHECK:
        dbg_printf(s, "Stopped by check, ");
        dbg_print_addr(s, t->pc(t->ctx));
        dbg_printf(s, "\n");
        break;
    case DBG_STOPPED_SIGNAL:
        dbg_printf(s, "\nProgram received %s, ", stop->message);
        dbg_print_addr(s, t->pc(t->ctx));
        dbg_printf(s, "\n");
        break;
    case DBG_STOPPED_END:
        dbg_printf(s, "[%s]\n", stop->message);
        break;
    case DBG_STOPPED_BREAK:
        if (stop->quiet)
            break;
        dbg_printf(s, "%s %d, ", stop->temporary ? "Temporary breakpoint" : "Breakpoint",
                   stop->point_id);
        dbg_print_addr(s, t->pc(t->ctx));
        dbg_printf(s, "\n");
        break;
    case DBG_STOPPED_STEP:
    case DBG_STOPPED_WATCH:
    case DBG_STOPPED_HISTORY:
        break;
    }
}

/* Runs an execution command, then shows the stop. */
void dbg_execute(dbg_session *s, run_mode mode, uint32_t target, uint64_t count)
{
    if (!s->running) {
        dbg_printf(s, "The program is not being run (%s); use run, restart or backstep.\n",
                   s->end_message);
        return;
    }
    dbg_interrupted = 0; /* a Ctrl-C at the prompt is forgotten */
    dbg_stop_kind why = DBG_STOPPED_STEP;
    for (uint64_t i = 0; i < count; i++) {
        dbg_stop stop = dbg_run(s, mode, target, mode == RUN_CONTINUE && i + 1 < count);
        dbg_report_stop(s, &stop);
        why = stop.kind;
        /* continue N goes on past N-1 breakpoints; anything else stops. */
        if (why != DBG_STOPPED_STEP && !(mode == RUN_CONTINUE && why == DBG_STOPPED_BREAK))
            break;
    }
    if (why != DBG_STOPPED_END)
        dbg_show_stop(s);
    else
        dbg_remember_regs(s);
}

uint64_t dbg_backstep_quiet(dbg_session *s, uint64_t count, bool over_calls)
{
    uint64_t done = 0;
    size_t depth;
    for (; done < count; done++) {
        size_t here = s->frame_count;
        if (!backstep_once(s, &depth))
            break;
        while (over_calls && depth > here && backstep_once(s, &depth))
            ;
    }
    dbg_watch_refresh(s);
    return done;
}

/* Undoes count instructions; over_calls (reverse-next) undoes a whole call
 * (a subroutine, a TRAP with its OS code) as one. */
void dbg_backstep(dbg_session *s, uint64_t count, bool over_calls)
{
    uint64_t done = dbg_backstep_quiet(s, count, over_calls);
    if (done < count)
        dbg_printf(s, "No more history: backstepped %llu instruction%s.\n",
                   (unsigned long long)done, done == 1 ? "" : "s");
    dbg_show_stop(s);
}

dbg_stop dbg_reverse_continue(dbg_session *s)
{
    dbg_stop stop = {.kind = DBG_STOPPED_HISTORY};
    uint64_t steps = 0;
    size_t depth;
    dbg_interrupted = 0;
    while (backstep_once(s, &depth)) {
        /* A watched value that changes when undone: the step that wrote it. */
        dbg_point *w = dbg_watch_check(s, s->t->pc(s->t->ctx), &stop);
        if (w) {
            stop.kind = DBG_STOPPED_WATCH;
            break;
        }
        dbg_point *b = dbg_break_here(s);
        if (b) {
            stop.kind = DBG_STOPPED_BREAK;
            stop.point_id = b->id;
            stop.point_owner = b->owner;
            break;
        }
        if (interrupted(s, &steps)) {
            stop.kind = DBG_STOPPED_INTERRUPT;
            break;
        }
    }
    dbg_interrupted = 0;
    dbg_watch_refresh(s);
    return stop;
}

void dbg_restart(dbg_session *s)
{
    s->t->restart(s->t->ctx);
    dbg_journal_clear(&s->journal);
    s->frame_count = 0;
    s->running = true;
    s->end_message[0] = '\0';
    s->list_file = -1;
    dbg_watch_refresh(s);
}
