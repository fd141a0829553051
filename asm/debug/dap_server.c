/* The DAP server's loop, messages and the session's life (initialize,
 * launch, configurationDone, disconnect, terminate); execution is in
 * dap_run.c. */
#define _XOPEN_SOURCE 700
#include "dap_impl.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------------
 * Messages */

static void begin_message(dap_server *srv, const char *type)
{
    json_writer_init(&srv->w);
    json_begin_object(&srv->w);
    json_key_int(&srv->w, "seq", ++srv->seq);
    json_key_string(&srv->w, "type", type);
}

void dap_begin_response(dap_server *srv, const json_value *req, bool success, const char *message)
{
    int64_t request_seq = 0;
    json_get_int(req, "seq", &request_seq);
    const char *command = json_get_string(req, "command");
    begin_message(srv, "response");
    json_key_int(&srv->w, "request_seq", request_seq);
    json_key_bool(&srv->w, "success", success);
    json_key_string(&srv->w, "command", command ? command : "");
    if (message)
        json_key_string(&srv->w, "message", message);
}

void dap_begin_event(dap_server *srv, const char *event)
{
    begin_message(srv, "event");
    json_key_string(&srv->w, "event", event);
}

void dap_send(dap_server *srv)
{
    json_end_object(&srv->w);
    size_t len;
    char *text = json_writer_take(&srv->w, &len);
    if (text)
        dap_write(srv->out, text, len);
    free(text);
}

void dap_ok(dap_server *srv, const json_value *req)
{
    dap_begin_response(srv, req, true, NULL);
    dap_send(srv);
}

void dap_error(dap_server *srv, const json_value *req, const char *message)
{
    dap_begin_response(srv, req, false, message);
    dap_send(srv);
}

void dap_output(dap_server *srv, const char *category, const char *text, size_t len)
{
    dap_begin_event(srv, "output");
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key_string(&srv->w, "category", category);
    json_key(&srv->w, "output");
    json_string_n(&srv->w, text, len);
    json_end_object(&srv->w);
    dap_send(srv);
}

bool dap_need_program(dap_server *srv, const json_value *req)
{
    if (!srv->launched)
        dap_error(srv, req, "No program: launch one first.");
    return srv->launched;
}

/* The program's output, as output events. A UTF-8 sequence cut by a flush
 * waits for its end, so every event holds whole characters. */
static void program_output(void *ctx, const uint8_t *bytes, size_t len)
{
    dap_server *srv = ctx;
    char buf[4096 + sizeof srv->utf8_carry];
    do { /* a flush is one console buffer (4096 bytes); any more in pieces */
        size_t piece = len < 4096 ? len : 4096, n = srv->carry_len;
        memcpy(buf, srv->utf8_carry, n);
        memcpy(buf + n, bytes, piece);
        bytes += piece;
        len -= piece;
        n += piece;
        srv->carry_len = 0;
        /* The last lead byte, if its sequence is not all here, is kept back. */
        for (size_t back = 1; back <= 3 && back <= n; back++) {
            unsigned char c = (unsigned char)buf[n - back];
            if ((c & 0xc0) == 0x80)
                continue;
            size_t need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
            if (c >= 0xc0 && need > back) {
                memcpy(srv->utf8_carry, buf + n - back, back);
                srv->carry_len = back;
                n -= back;
            }
            break;
        }
        if (n > 0)
            dap_output(srv, "stdout", buf, n);
    } while (len > 0);
}

/* ------------------------------------------------------------------------
 * The session's life */

static void capability(dap_server *srv, const char *name)
{
    json_key_bool(&srv->w, name, true);
}

static void cmd_initialize(dap_server *srv, const json_value *req)
{
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    static const char *const supported[] = {
        "supportsConfigurationDoneRequest", "supportsFunctionBreakpoints",
        "supportsConditionalBreakpoints", "supportsHitConditionalBreakpoints",
        "supportsEvaluateForHovers", "supportsStepBack", "supportsSetVariable",
        "supportsDataBreakpoints", "supportsReadMemoryRequest", "supportsWriteMemoryRequest",
        "supportsDisassembleRequest", "supportsInstructionBreakpoints",
        "supportsTerminateRequest",
    };
    for (size_t i = 0; i < sizeof supported / sizeof supported[0]; i++)
        capability(srv, supported[i]);
    json_end_object(&srv->w);
    dap_send(srv);
}

static void cmd_launch(dap_server *srv, const json_value *req)
{
    if (srv->launched) {
        dap_error(srv, req, "A program is already launched.");
        return;
    }
    const json_value *args = json_get_object(req, "arguments");
    if (!json_get_string(args, "program")) {
        dap_error(srv, req, "launch needs \"program\": the file to debug.");
        return;
    }
    const char *input = json_get_string(args, "input");
    srv->input_fd = -1;
    if (input && (srv->input_fd = open(input, O_RDONLY)) < 0) {
        char message[400];
        snprintf(message, sizeof message, "Cannot read the input file %s.", input);
        dap_error(srv, req, message);
        return;
    }
    srv->console_input = !input;
    srv->con = console_open(srv->input_fd, -1);
    srv->core_out = open_memstream(&srv->core_text, &srv->core_len);
    char *diagnostics = NULL;
    if (srv->con && srv->core_out) {
        console_set_sink(srv->con, program_output, srv);
        srv->t = srv->host->launch(srv->host->ctx, args, srv->con, &diagnostics);
    }
    int64_t limit = 0;
    json_get_int(args, "limit", &limit);
    srv->opt = (dbg_options){.out = srv->core_out, .limit = limit > 0 ? (uint64_t)limit : 0};
    if (!srv->t || !dbg_session_init(&srv->s, srv->t, &srv->opt)) {
        if (srv->t)
            srv->host->unload(srv->host->ctx);
        srv->t = NULL;
        if (diagnostics)
            dap_output(srv, "stderr", diagnostics, strlen(diagnostics));
        dap_error(srv, req, diagnostics ? diagnostics : "Out of memory.");
        free(diagnostics);
        console_close(srv->con);
        srv->con = NULL;
        if (srv->input_fd >= 0)
            close(srv->input_fd);
        if (srv->core_out)
            fclose(srv->core_out);
        srv->core_out = NULL;
        free(srv->core_text);
        srv->core_text = NULL;
        return;
    }
    if (diagnostics && *diagnostics) /* warnings */
        dap_output(srv, "stderr", diagnostics, strlen(diagnostics));
    free(diagnostics);
    srv->s.poll = dap_poll_requests;
    srv->s.poll_ctx = srv;
    console_record_input(srv->con, true);
    srv->stop_on_entry = json_get_bool(args, "stopOnEntry", false);
    srv->launched = true;
    dap_ok(srv, req);
    dap_begin_event(srv, "initialized");
    dap_send(srv);
}

static void cmd_configuration_done(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    dap_ok(srv, req);
    srv->configured = true;
    if (srv->stop_on_entry) {
        dap_stopped(srv, "entry", NULL, 0);
        return;
    }
    /* A run steps before it looks for breakpoints: one on the first
     * instruction is seen here. */
    dbg_point *b = dbg_break_here(&srv->s);
    if (b && dbg_break_hit(b)) {
        dap_stopped(srv, dap_point_reason(b->owner), NULL, b->id);
        return;
    }
    dbg_interrupted = 0;
    dbg_stop stop = dbg_run(&srv->s, RUN_CONTINUE, 0, false);
    dap_report(srv, &stop);
}

static void cmd_disconnect(dap_server *srv, const json_value *req)
{
    dap_ok(srv, req);
    srv->done = true;
}

static void cmd_terminate(dap_server *srv, const json_value *req)
{
    dap_ok(srv, req);
    srv->pause_deferred = false;
    dap_terminated(srv);
}

/* ------------------------------------------------------------------------
 * The loop */

static const struct {
    const char *command;
    void (*handle)(dap_server *srv, const json_value *req);
} handlers[] = {
    {"initialize", cmd_initialize},
    {"launch", cmd_launch},
    {"configurationDone", cmd_configuration_done},
    {"disconnect", cmd_disconnect},
    {"terminate", cmd_terminate},
    {"continue", dap_continue},
    {"next", dap_next},
    {"stepIn", dap_step_in},
    {"stepOut", dap_step_out},
    {"stepBack", dap_step_back},
    {"reverseContinue", dap_reverse_continue},
    {"pause", dap_pause},
    {"setBreakpoints", dap_set_breakpoints},
    {"setFunctionBreakpoints", dap_set_function_breakpoints},
    {"setInstructionBreakpoints", dap_set_instruction_breakpoints},
    {"dataBreakpointInfo", dap_data_breakpoint_info},
    {"setDataBreakpoints", dap_set_data_breakpoints},
    {"threads", dap_threads},
    {"stackTrace", dap_stack_trace},
    {"scopes", dap_scopes},
    {"variables", dap_variables},
    {"setVariable", dap_set_variable},
    {"readMemory", dap_read_memory},
    {"writeMemory", dap_write_memory},
    {"disassemble", dap_disassemble},
    {"evaluate", dap_evaluate},
};

static void handle(dap_server *srv, const json_value *msg)
{
    const char *type = json_get_string(msg, "type");
    const char *command = json_get_string(msg, "command");
    int64_t seq;
    if (!type || strcmp(type, "request") != 0 || !command || !json_get_int(msg, "seq", &seq)) {
        /* Responses to requests we never send, events: nothing to answer. */
        if (type && strcmp(type, "request") == 0)
            dap_error(srv, msg, "A request needs a whole-number \"seq\" and a \"command\".");
        return;
    }
    for (size_t i = 0; i < sizeof handlers / sizeof handlers[0]; i++)
        if (strcmp(handlers[i].command, command) == 0) {
            handlers[i].handle(srv, msg);
            return;
        }
    char message[160];
    snprintf(message, sizeof message, "Unsupported request \"%.100s\".", command);
    dap_error(srv, msg, message);
}

static int serve(dap_server *srv)
{
    while (!srv->done) {
        json_value *msg = NULL;
        char why[DAP_WHY_SIZE];
        dap_take got = dap_reader_take(&srv->in, &msg, why);
        if (got == DAP_TAKE_NONE) {
            if (!dap_reader_fill(&srv->in, -1) && srv->in.ended)
                break; /* a message cut short by the end is dropped */
            continue;
        }
        if (got == DAP_TAKE_BAD) {
            char text[DAP_WHY_SIZE + 40];
            int n = snprintf(text, sizeof text, "Dropped a message: %s.\n", why);
            dap_output(srv, "console", text, (size_t)n);
            continue;
        }
        handle(srv, msg);
        json_free(msg);
    }
    if (srv->launched) {
        console_flush(srv->con);
        dbg_session_free(&srv->s);
        srv->host->unload(srv->host->ctx);
        console_close(srv->con);
        if (srv->input_fd >= 0)
            close(srv->input_fd);
    }
    if (srv->core_out)
        fclose(srv->core_out);
    free(srv->core_text);
    dap_reader_free(&srv->in);
    return 0;
}

int dap_main(const dap_host *host, int in_fd, FILE *out)
{
    dap_server srv = {.host = host, .out = out, .input_fd = -1};
    dap_reader_init(&srv.in, in_fd);
    return serve(&srv);
}

int dap_main_bytes(const dap_host *host, const uint8_t *bytes, size_t len, FILE *out)
{
    dap_server srv = {.host = host, .out = out, .input_fd = -1};
    dap_reader_init(&srv.in, -1);
    if (!dap_reader_feed(&srv.in, bytes, len))
        return 1;
    return serve(&srv);
}
