/* Private to the DAP server (dap.h): its state and the calls between its
 * files (dap_server.c: the loop, messages and the session's life;
 * dap_run.c: execution and its stops; dap_points.c: breakpoints of every
 * kind; dap_data.c: threads, frames, variables, evaluate; dap_memory.c:
 * memory and disassembly). */
#ifndef DAP_IMPL_H
#define DAP_IMPL_H

#include "dap.h"
#include "dap_wire.h"
#include "dbg_impl.h"

/* Who made a core point (dbg_point.owner): the command line's are 0. */
enum {
    DAP_OWNER_FUNCTION = 1,
    DAP_OWNER_INSTRUCTION,
    DAP_OWNER_DATA,
    DAP_OWNER_SOURCE, /* + the file's index */
};

/* Variables references: a scope per host register group, then these. */
enum { DAP_REF_DATA = 100 };

typedef struct dap_server {
    const dap_host *host;
    dap_reader in;
    FILE *out;
    int64_t seq;              /* the last seq sent */
    json_writer w;            /* the message being written */
    bool launched, configured, stop_on_entry, done, terminated_sent;
    bool console_input;       /* the program's input is typed in the debug console */
    bool pause_deferred;      /* a run stopped for a pending pause: the event follows its response */
    dbg_target *t;
    dbg_session s;
    dbg_options opt;
    console *con;
    int input_fd;
    FILE *core_out;           /* the core's printing (what -exec commands say) */
    char *core_text;
    size_t core_len;
    char utf8_carry[4];       /* a UTF-8 sequence the console's flush cut in two */
    size_t carry_len;
} dap_server;

/* Messages (dap_server.c). A response or an event is begun, its body
 * written with srv->w (after json_key(&srv->w, "body") if any), then sent. */
void dap_begin_response(dap_server *srv, const json_value *req, bool success, const char *message);
void dap_begin_event(dap_server *srv, const char *event);
void dap_send(dap_server *srv);
/* A whole response: success with an empty body, or an error with message. */
void dap_ok(dap_server *srv, const json_value *req);
void dap_error(dap_server *srv, const json_value *req, const char *message);
void dap_output(dap_server *srv, const char *category, const char *text, size_t len);
/* True after a launch; else answers req with an error. */
bool dap_need_program(dap_server *srv, const json_value *req);

/* Where a source file's text comes from: its path made absolute. */
void dap_file_path(const dap_server *srv, size_t file, char *out, size_t size);
/* A source object ({name, path}) as the value of the current key. */
void dap_write_source(dap_server *srv, size_t file);
/* An address as text: 0x00400000, x3000. */
void dap_addr_text(const dap_server *srv, uint32_t addr, char *out, size_t size);
/* A value as hex and signed decimal: 0x0000000a (10), x000a (10). */
void dap_value_text(const dap_server *srv, uint32_t value, char *out, size_t size);
/* A change of memory or registers: the backstep history no longer holds. */
void dap_state_written(dap_server *srv);
/* An address a request's argument names (memoryReference ...): false,
 * answered with an error, when it names none. */
bool dap_reference(dap_server *srv, const json_value *req, const char *key, uint32_t *addr);
/* A whole-number argument, or fallback. */
int64_t dap_int_arg(const json_value *req, const char *key, int64_t fallback);

/* dap_run.c: the requests that run the program; the stopped event; the
 * end (terminated once); a stop as events; the poll between run slices. */
void dap_continue(dap_server *srv, const json_value *req);
void dap_next(dap_server *srv, const json_value *req);
void dap_step_in(dap_server *srv, const json_value *req);
void dap_step_out(dap_server *srv, const json_value *req);
void dap_step_back(dap_server *srv, const json_value *req);
void dap_reverse_continue(dap_server *srv, const json_value *req);
void dap_pause(dap_server *srv, const json_value *req);
void dap_stopped(dap_server *srv, const char *reason, const char *text, int point_id);
void dap_terminated(dap_server *srv);
void dap_report(dap_server *srv, const dbg_stop *stop);
bool dap_poll_requests(void *ctx);

/* dap_points.c */
void dap_set_breakpoints(dap_server *srv, const json_value *req);
void dap_set_function_breakpoints(dap_server *srv, const json_value *req);
void dap_set_instruction_breakpoints(dap_server *srv, const json_value *req);
void dap_data_breakpoint_info(dap_server *srv, const json_value *req);
void dap_set_data_breakpoints(dap_server *srv, const json_value *req);
/* The DAP stopped reason for a point's owner. */
const char *dap_point_reason(int owner);

/* dap_data.c */
void dap_threads(dap_server *srv, const json_value *req);
void dap_stack_trace(dap_server *srv, const json_value *req);
void dap_scopes(dap_server *srv, const json_value *req);
void dap_variables(dap_server *srv, const json_value *req);
void dap_set_variable(dap_server *srv, const json_value *req);
void dap_evaluate(dap_server *srv, const json_value *req);
/* dap_memory.c */
void dap_read_memory(dap_server *srv, const json_value *req);
void dap_write_memory(dap_server *srv, const json_value *req);
void dap_disassemble(dap_server *srv, const json_value *req);

/* base64: out has 4 * ((len + 2) / 3) + 1 bytes; decoding
 * returns the bytes or -1 on a character that is not base64. */
void dap_base64_encode(const uint8_t *bytes, size_t len, char *out);
long dap_base64_decode(const char *text, uint8_t *out, size_t size);

#endif
