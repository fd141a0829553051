/* Execution control (dbg_impl.h): one instruction at a time, keeping the
 * call trace and the backstep journal, and the commands that run the
 * program (continue, step, next, finish, until, backstep, run). */
#include <stdlib.h>
#include <string.h>

#include "dbg_impl.h"

/* ------------------------------------------------------------------------
 * One instruction, with the call trace and the journal */

static bool push_frame(dbg_session *s, const dbg_frame *f)
{
    if (s->frame_count == s->frame_size) {
        size_t size = s->frame_size ? 2 * s->frame_size : 16;
        dbg_frame *frames = realloc(s->frames, size * sizeof *frames);
        if (!frames)
            return false;
        s->frames = frames;
        s->frame_size = size;
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
static dbg_step_result step_once(dbg_session *s)
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

/* Steps until the mode is satisfied or something stops the program;
 * reports why it stopped when it was not the mode's own end (a breakpoint
 * quietly when `quiet`: continue N passing one). */
static dbg_stop_kind run(dbg_session *s, run_mode mode, uint32_t target, bool quiet)
{
    dbg_target *t = s->t;
    size_t depth = s->frame_count;
    bool stepping_over = false;
    if (mode == RUN_NEXT) {
        uint32_t ret;
        stepping_over = t->classify(t->ctx, t->pc(t->ctx), &ret) == DBG_INSN_CALL;
    }
    for (;;) {
        if (dbg_interrupted) {
            dbg_printf(s, "\nProgram interrupted.\n");
            return DBG_STOPPED_INTERRUPT;
        }
        uint32_t pc = t->pc(t->ctx);
        if (step_once(s) == DBG_STEP_CHECK) {
            dbg_printf(s, "Stopped by check, ");
            dbg_print_addr(s, t->pc(t->ctx));
            dbg_printf(s, "\n");
            return DBG_STOPPED_CHECK;
        }
        dbg_point *w = dbg_watch_check(s, pc);
        if (!s->running) {
            dbg_printf(s, "[%s]\n", s->end_message);
            return DBG_STOPPED_END;
        }
        if (w)
            return DBG_STOPPED_WATCH;
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
        if (b && quiet && !b->temporary) {
            b->hits++;
            return DBG_STOPPED_BREAK;
        }
        if (b) {
            b->hits++;
            if (b->temporary) {
                dbg_printf(s, "Temporary breakpoint %d, ", b->id);
                char arg[16];
                snprintf(arg, sizeof arg, "%d", b->id);
                dbg_print_addr(s, t->pc(t->ctx));
                dbg_printf(s, "\n");
                dbg_cmd_delete(s, arg);
            } else {
                dbg_printf(s, "Breakpoint %d, ", b->id);
                dbg_print_addr(s, t->pc(t->ctx));
                dbg_printf(s, "\n");
            }
            return DBG_STOPPED_BREAK;
        }
        if (done)
            return DBG_STOPPED_STEP;
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
        why = run(s, mode, target, mode == RUN_CONTINUE && i + 1 < count);
        /* continue N goes on past N-1 breakpoints; anything else stops. */
        if (why != DBG_STOPPED_STEP && !(mode == RUN_CONTINUE && why == DBG_STOPPED_BREAK))
            break;
    }
    if (why != DBG_STOPPED_END)
        dbg_show_stop(s);
    else
        dbg_remember_regs(s);
}

/* Undoes count instructions; over_calls (reverse-next) undoes a whole call
 * (a subroutine, a TRAP with its OS code) as one. */
void dbg_backstep(dbg_session *s, uint64_t count, bool over_calls)
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
    if (done < count)
        dbg_printf(s, "No more history: backstepped %llu instruction%s.\n",
                   (unsigned long long)done, done == 1 ? "" : "s");
    dbg_show_stop(s);
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
