/* The DAP server's views of the program (dap_impl.h): threads, the call
 * trace, registers and data labels as variables, evaluate (memory and
 * disassembly: dap_memory.c). */
#define _XOPEN_SOURCE 700
#include "dap_impl.h"
#include "dbg_expr.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Text of addresses, values and files */

void dap_addr_text(const dap_server *srv, uint32_t addr, char *out, size_t size)
{
    snprintf(out, size, "%s%0*x", srv->t->hex_prefix, (int)srv->t->addr_digits, addr);
}

void dap_value_text(const dap_server *srv, uint32_t value, char *out, size_t size)
{
    long long decimal = srv->t->word_bytes == 2 ? (int16_t)(uint16_t)value : (int32_t)value;
    if (srv->t->word_bytes == 2)
        value &= 0xffff;
    snprintf(out, size, "%s%0*x (%lld)", srv->t->hex_prefix, (int)srv->t->word_bytes * 2, value,
             decimal);
}

void dap_file_path(const dap_server *srv, size_t file, char *out, size_t size)
{
    char full[PATH_MAX];
    const char *path = srv->t->files[file]->path;
    snprintf(out, size, "%s", realpath(path, full) ? full : path);
}

void dap_write_source(dap_server *srv, size_t file)
{
    char path[PATH_MAX];
    dap_file_path(srv, file, path, sizeof path);
    const char *slash = strrchr(path, '/');
    json_begin_object(&srv->w);
    json_key_string(&srv->w, "name", slash ? slash + 1 : path);
    json_key_string(&srv->w, "path", path);
    json_end_object(&srv->w);
}

void dap_state_written(dap_server *srv)
{
    /* The undo records hold values from before the write: replaying them
     * would mix two histories, so the history starts again here. */
    dbg_journal_clear(&srv->s.journal);
    dbg_watch_refresh(&srv->s);
}

/* An address a request names (memoryReference, instructionReference). */
bool dap_reference(dap_server *srv, const json_value *req, const char *key, uint32_t *addr)
{
    const char *text = json_get_string(json_get_object(req, "arguments"), key);
    char err[DBG_ERROR_SIZE];
    if (!text || !dbg_eval(srv->t, text, addr, err)) {
        char message[DBG_ERROR_SIZE + 60];
        snprintf(message, sizeof message, "Bad %s: %s", key, text ? err : "none given");
        dap_error(srv, req, message);
        return false;
    }
    return true;
}

int64_t dap_int_arg(const json_value *req, const char *key, int64_t fallback)
{
    int64_t v = fallback;
    json_get_int(json_get_object(req, "arguments"), key, &v);
    return v;
}

/* ------------------------------------------------------------------------
 * Threads and the call trace */

void dap_threads(dap_server *srv, const json_value *req)
{
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "threads");
    json_begin_array(&srv->w);
    json_begin_object(&srv->w);
    json_key_int(&srv->w, "id", 1);
    json_key_string(&srv->w, "name", "main");
    json_end_object(&srv->w);
    json_end_array(&srv->w);
    json_end_object(&srv->w);
    dap_send(srv);
}

/* The name of the code at addr: its label (with an offset) or its address. */
static void code_name(dap_server *srv, uint32_t addr, char *out, size_t size)
{
    uint32_t offset;
    const char *label = srv->t->symbol_at(srv->t->ctx, addr, &offset);
    if (label && offset)
        snprintf(out, size, "%s+%u", label, offset);
    else if (label)
        snprintf(out, size, "%s", label);
    else
        dap_addr_text(srv, addr, out, size);
}

void dap_stack_trace(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    dbg_session *s = &srv->s;
    size_t total = s->frame_count + 1;
    int64_t start = dap_int_arg(req, "startFrame", 0), levels = dap_int_arg(req, "levels", 0);
    if (start < 0)
        start = 0;
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "stackFrames");
    json_begin_array(&srv->w);
    for (size_t k = (size_t)start; k < total && (levels <= 0 || k < (size_t)(start + levels)); k++) {
        /* Frame 0 is the pc; frame k the call k-th from the innermost. */
        uint32_t addr = k == 0 ? srv->t->pc(srv->t->ctx) : s->frames[s->frame_count - k].call_pc;
        size_t inner = s->frame_count - k; /* the frames outside this one */
        char name[128], ip[32];
        if (inner > 0)
            code_name(srv, s->frames[inner - 1].callee, name, sizeof name);
        else
            code_name(srv, addr, name, sizeof name);
        dap_addr_text(srv, addr, ip, sizeof ip);
        json_begin_object(&srv->w);
        json_key_int(&srv->w, "id", (int64_t)k);
        json_key_string(&srv->w, "name", name);
        dbg_source src;
        if (srv->t->source_of(srv->t->ctx, addr, &src)) {
            json_key(&srv->w, "source");
            dap_write_source(srv, src.file);
            json_key_int(&srv->w, "line", src.line);
            json_key_int(&srv->w, "column", 1);
        } else {
            json_key_int(&srv->w, "line", 0);
            json_key_int(&srv->w, "column", 0);
            json_key_string(&srv->w, "presentationHint", "subtle");
        }
        json_key_string(&srv->w, "instructionPointerReference", ip);
        json_end_object(&srv->w);
    }
    json_end_array(&srv->w);
    json_key_int(&srv->w, "totalFrames", (int64_t)total);
    json_end_object(&srv->w);
    dap_send(srv);
}

/* ------------------------------------------------------------------------
 * Variables */

void dap_scopes(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "scopes");
    json_begin_array(&srv->w);
    for (size_t i = 0; i <= srv->host->scope_count; i++) {
        bool data = i == srv->host->scope_count;
        json_begin_object(&srv->w);
        json_key_string(&srv->w, "name", data ? "Data labels" : srv->host->scopes[i].name);
        if (!data)
            json_key_string(&srv->w, "presentationHint", "registers");
        json_key_int(&srv->w, "variablesReference", data ? DAP_REF_DATA : (int64_t)i + 1);
        json_key_bool(&srv->w, "expensive", false);
        json_end_object(&srv->w);
    }
    json_end_array(&srv->w);
    json_end_object(&srv->w);
    dap_send(srv);
}

static void variable(dap_server *srv, const char *name, const char *value, const char *memory)
{
    json_begin_object(&srv->w);
    json_key_string(&srv->w, "name", name);
    json_key_string(&srv->w, "value", value);
    json_key_int(&srv->w, "variablesReference", 0);
    if (memory)
        json_key_string(&srv->w, "memoryReference", memory);
    json_end_object(&srv->w);
}

/* The LC-3's condition codes from the PSR: N, Z or P. */
static const char *condition_codes(dap_server *srv)
{
    uint32_t psr = srv->t->get_reg(srv->t->ctx, (unsigned)srv->host->cc_reg);
    return psr & 4 ? "N" : psr & 2 ? "Z" : psr & 1 ? "P" : "none";
}

void dap_variables(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    int64_t ref = dap_int_arg(req, "variablesReference", 0);
    if (ref != DAP_REF_DATA && (ref < 1 || ref > (int64_t)srv->host->scope_count)) {
        dap_error(srv, req, "No such variablesReference.");
        return;
    }
    dbg_target *t = srv->t;
    char value[64], addr_text[32];
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "variables");
    json_begin_array(&srv->w);
    if (ref == DAP_REF_DATA) {
        const char *name;
        uint32_t addr, word;
        for (size_t i = 0; t->symbol_nth(t->ctx, i, &name, &addr); i++) {
            if (!srv->host->is_data || !srv->host->is_data(srv->host->ctx, addr) ||
                !t->read(t->ctx, addr, t->word_bytes, &word))
                continue;
            dap_value_text(srv, word, value, sizeof value);
            dap_addr_text(srv, addr, addr_text, sizeof addr_text);
            variable(srv, name, value, addr_text);
        }
    } else {
        const dap_scope *scope = &srv->host->scopes[ref - 1];
        for (unsigned r = scope->first; r < scope->first + scope->count; r++) {
            dap_value_text(srv, t->get_reg(t->ctx, r), value, sizeof value);
            variable(srv, t->reg_name(t->ctx, r), value, NULL);
        }
        if (ref == 1 && srv->host->cc_reg >= 0)
            variable(srv, "CC", condition_codes(srv), NULL);
    }
    json_end_array(&srv->w);
    json_end_object(&srv->w);
    dap_send(srv);
}

void dap_set_variable(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    const json_value *args = json_get_object(req, "arguments");
    int64_t ref = dap_int_arg(req, "variablesReference", 0);
    const char *name = json_get_string(args, "name");
    const char *text = json_get_string(args, "value");
    dbg_target *t = srv->t;
    uint32_t value, addr;
    char err[DBG_ERROR_SIZE];
    if (!name || !text) {
        dap_error(srv, req, "setVariable needs a name and a value.");
        return;
    }
    if (!dbg_eval(t, text, &value, err)) {
        dap_error(srv, req, err);
        return;
    }
    if (ref == DAP_REF_DATA) {
        if (!t->symbol_value(t->ctx, name, &addr) || !t->write(t->ctx, addr, t->word_bytes, value)) {
            dap_error(srv, req, "Cannot write that label's word.");
            return;
        }
        t->read(t->ctx, addr, t->word_bytes, &value);
    } else {
        int r = dbg_register(t, name);
        if (r < 0 || ref < 1 || ref > (int64_t)srv->host->scope_count) {
            dap_error(srv, req, strcmp(name, "CC") == 0 ? "CC follows the PSR: set PSR."
                                                         : "No such register.");
            return;
        }
        t->set_reg(t->ctx, (unsigned)r, value);
        value = t->get_reg(t->ctx, (unsigned)r);
    }
    dap_state_written(srv);
    char shown[64];
    dap_value_text(srv, value, shown, sizeof shown);
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key_string(&srv->w, "value", shown);
    json_end_object(&srv->w);
    dap_send(srv);
}

/* ------------------------------------------------------------------------
 * evaluate: an expression; `>TEXT`: a line of input for the program;
 * `-exec COMMAND`: one of the command line's commands that only look. */

static bool looking_command(const char *line)
{
    static const char *const allowed[] = {
        "info", "i", "print", "p", "x", "list", "l", "disassemble", "backtrace", "bt", "where",
        "help", "h", "screenshot", NULL,
    };
    line = dbg_skip_space(line);
    size_t len = strcspn(line, " \t/");
    for (size_t i = 0; allowed[i]; i++)
        if (strlen(allowed[i]) == len && strncmp(line, allowed[i], len) == 0)
            return true;
    return false;
}

static void evaluated(dap_server *srv, const json_value *req, const char *text, size_t len)
{
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "result");
    json_string_n(&srv->w, text, len);
    json_key_int(&srv->w, "variablesReference", 0);
    json_end_object(&srv->w);
    dap_send(srv);
}

void dap_evaluate(dap_server *srv, const json_value *req)
{
    if (!dap_need_program(srv, req))
        return;
    const char *expr = json_get_string(json_get_object(req, "arguments"), "expression");
    if (!expr) {
        dap_error(srv, req, "evaluate needs an expression.");
        return;
    }
    char text[160];
    if (expr[0] == '>') {
        if (!srv->console_input) {
            dap_error(srv, req, "The program reads its input from the launch's input file.");
            return;
        }
        size_t len = strlen(expr + 1);
        if (!console_feed(srv->con, expr + 1, len) || !console_feed(srv->con, "\n", 1)) {
            dap_error(srv, req, "Out of memory.");
            return;
        }
        int n = snprintf(text, sizeof text, "(%zu bytes of input for the program)", len + 1);
        evaluated(srv, req, text, (size_t)n);
        return;
    }
    if (strncmp(expr, "-exec ", 6) == 0) {
        if (!looking_command(expr + 6)) {
            dap_error(srv, req, "-exec runs the commands that only look: info, print, x, list, "
                                "disassemble, backtrace, screenshot, help.");
            return;
        }
        fflush(srv->core_out);
        size_t before = srv->core_len;
        dbg_run_command(&srv->s, expr + 6);
        fflush(srv->core_out);
        size_t len = srv->core_len - before;
        while (len > 0 && srv->core_text[before + len - 1] == '\n')
            len--;
        evaluated(srv, req, srv->core_text + before, len);
        return;
    }
    uint32_t value;
    char err[DBG_ERROR_SIZE];
    if (!dbg_eval(srv->t, expr, &value, err)) {
        dap_error(srv, req, err);
        return;
    }
    dap_value_text(srv, value, text, sizeof text);
    evaluated(srv, req, text, strlen(text));
}
