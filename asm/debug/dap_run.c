/* The DAP server's execution on the debugger core (dap_impl.h): continue,
 * next, stepIn, stepOut, stepBack, reverseContinue, pause, and the events
 * that say why the program stopped. */
#include "dap_impl.h"

#include <stdio.h>

/* ------------------------------------------------------------------------
 * Stops */

void dap_stopped(dap_server *srv, const char *reason, const char *text, int point_id)
{
    dap_begin_event(srv, "stopped");
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key_string(&srv->w, "reason", reason);
    if (text) {
        json_key_string(&srv->w, "description", text);
        json_key_string(&srv->w, "text", text);
    }
    json_key_int(&srv->w, "threadId", 1);
    json_key_bool(&srv->w, "allThreadsStopped", true);
    if (point_id > 0) {
        json_key(&srv->w, "hitBreakpointIds");
        json_begin_array(&srv->w);
        json_int(&srv->w, point_id);
        json_end_array(&srv->w);
    }
    json_end_object(&srv->w);
    dap_send(srv);
}

void dap_terminated(dap_server *srv)
{
    if (srv->terminated_sent)
        return;
    srv->terminated_sent = true;
    dap_begin_event(srv, "terminated");
    dap_send(srv);
}

static void ended(dap_server *srv, const dbg_stop *stop)
{
    if (stop->end == DBG_STEP_EXITED) {
        if (srv->carry_len > 0) /* a character the program never finished */
            dap_output(srv, "stdout", srv->utf8_carry, srv->carry_len);
        srv->carry_len = 0;
        dap_begin_event(srv, "exited");
        json_key(&srv->w, "body");
        json_begin_object(&srv->w);
        json_key_int(&srv->w, "exitCode", srv->host->exit_status ? srv->host->exit_status(srv->host->ctx) : 0);
        json_end_object(&srv->w);
        dap_send(srv);
        dap_terminated(srv);
        return;
    }
    if (stop->end == DBG_STEP_INPUT_ENDED && srv->console_input) {
        /* Not an end: the input is still to be typed. The step that found
         * none is undone, to run again once some has come. */
        dbg_backstep_quiet(&srv->s, 1, false);
        dap_stopped(srv, "pause",
                "The program waits for input: type it in the Debug Console after a '>'.", 0);
        return;
    }
    dap_stopped(srv, "exception", stop->message, 0);
}

void dap_report(dap_server *srv, const dbg_stop *stop)
{
    char text[DBG_MESSAGE_SIZE + 200];
    console_flush(srv->con);
    switch (stop->kind) {
    case DBG_STOPPED_INTERRUPT:
        srv->pause_deferred = true; /* said once the pause is answered */
        break;
    case DBG_STOPPED_STEP:
        dap_stopped(srv, "step", NULL, 0);
        break;
    case DBG_STOPPED_BREAK:
        dap_stopped(srv, dap_point_reason(stop->point_owner), NULL, stop->point_id);
        break;
    case DBG_STOPPED_WATCH:
        snprintf(text, sizeof text, "%s changed from %s to %s", stop->watch_text,
                 stop->old_value, stop->new_value);
        dap_stopped(srv, "data breakpoint", text, stop->point_id);
        break;
    case DBG_STOPPED_CHECK:
        dap_stopped(srv, "exception", "Stopped by a check's finding.", 0);
        break;
    case DBG_STOPPED_SIGNAL:
        dap_stopped(srv, "exception", stop->message, 0);
        break;
    case DBG_STOPPED_HISTORY:
        dap_stopped(srv, "step", "No more history: this is as far back as it goes.", 0);
        break;
    case DBG_STOPPED_END:
        ended(srv, stop);
        break;
    }
}

/* A pause, disconnect or terminate waiting in the input stops a run. */
bool dap_poll_requests(void *ctx)
{
    static const char *const interrupting[] = {"pause", "disconnect", "terminate", NULL};
    dap_server *srv = ctx;
    dap_reader_fill(&srv->in, 0);
    return dap_reader_pending(&srv->in, interrupting);
}

/* ------------------------------------------------------------------------
 * Execution */

static bool can_run(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return false;
    if (!srv->s.running) {
        char message[DBG_MESSAGE_SIZE + 80];
        snprintf(message, sizeof message,
                 "The program is not running (%s): step back, or disconnect.", srv->s.end_message);
        dap_error(srv, req, message);
        return false;
    }
    return true;
}

static void execute(dap_server *srv, const json_value *req, run_mode mode)
{
    if (!can_run(srv, req))
        return;
    if (mode == RUN_FINISH && srv->s.frame_count == 0) {
        dap_error(srv, req, "Not in a subroutine: there is no call to step out of.");
        return;
    }
    dap_begin_response(srv, req, true, NULL);
    if (mode == RUN_CONTINUE) {
        json_key(&srv->w, "body");
        json_begin_object(&srv->w);
        json_key_bool(&srv->w, "allThreadsContinued", true);
        json_end_object(&srv->w);
    }
    dap_send(srv);
    dbg_interrupted = 0;
    dbg_stop stop = dbg_run(&srv->s, mode, 0, false);
    dap_report(srv, &stop);
}

void dap_continue(dap_server *srv, const json_value *req) { execute(srv, req, RUN_CONTINUE); }
void dap_next(dap_server *srv, const json_value *req) { execute(srv, req, RUN_NEXT); }
void dap_step_in(dap_server *srv, const json_value *req) { execute(srv, req, RUN_STEP); }
void dap_step_out(dap_server *srv, const json_value *req) { execute(srv, req, RUN_FINISH); }

void dap_step_back(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    dap_ok(srv, req);
    /* As next: a whole call counts as one. */
    if (dbg_backstep_quiet(&srv->s, 1, true) == 0)
        dap_stopped(srv, "step", "No more history: this is as far back as it goes.", 0);
    else
        dap_stopped(srv, "step", NULL, 0);
}

void dap_reverse_continue(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    dap_ok(srv, req);
    dbg_stop stop = dbg_reverse_continue(&srv->s);
    dap_report(srv, &stop);
}

void dap_pause(dap_server *srv, const json_value *req)
{
    dap_ok(srv, req);
    if (srv->pause_deferred) {
        srv->pause_deferred = false;
        dap_stopped(srv, "pause", NULL, 0);
    }
}
