/* The C API the web page calls (web/README.md): load a program from the
 * module's file system, run it in slices, step, step back, read registers
 * and memory, type input, take output. The page keeps the handle; every
 * answer that is more than a number is JSON. Built only by Emscripten
 * (web/CMakeLists.txt), but plain C: the native tests can link it too. */
#define _XOPEN_SOURCE 700
#include "wasm_api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "web_impl.h"

static void take_output(void *ctx, const uint8_t *bytes, size_t len)
{
    web_machine *w = ctx;
    if (w->out_len + len > w->out_size) {
        size_t size = w->out_size ? w->out_size : 4096;
        while (size < w->out_len + len)
            size *= 2;
        uint8_t *out = realloc(w->out, size);
        if (!out)
            return; /* the page loses output rather than the machine */
        w->out = out;
        w->out_size = size;
    }
    memcpy(w->out + w->out_len, bytes, len);
    w->out_len += len;
}

web_machine *web_load(const char *isa, const char *path)
{
    web_machine *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->isa = strcmp(isa, "lc3") == 0 ? &web_lc3_isa : &web_mips_isa;
    w->status = WEB_NOT_LOADED;
    w->con = console_open(-1, -1);
    size_t len = 0;
    FILE *errors = open_memstream(&w->diagnostics, &len);
    if (!w->con || !errors) {
        if (errors)
            fclose(errors);
        web_free(w);
        return NULL;
    }
    console_set_sink(w->con, take_output, w);
    /* Remembered input lets a step back over a read give its bytes back. */
    console_record_input(w->con, true);
    bool ok = w->isa->load(w, path, errors) && (w->control = dbg_control_new(w->target));
    fclose(errors);
    if (ok) {
        w->status = WEB_RUNNING;
        w->fresh = true;
    } else {
        w->target = NULL;
    }
    return w;
}

void web_free(web_machine *w)
{
    if (!w)
        return;
    dbg_control_free(w->control);
    w->isa->free(w);
    console_close(w->con);
    free(w->diagnostics);
    free(w->out);
    free(w->json);
    free(w->mmio);
    free(w->colours);
    free(w);
}

const char *web_answer(web_machine *w, json_writer *j)
{
    free(w->json);
    w->json = json_writer_take(j, NULL);
    json_writer_free(j);
    return w->json ? w->json : "null";
}

/* "PATH:LINE:COL: LEVEL: TEXT" as the assemblers print it (diag.h): one
 * diagnostic; the source line and caret lines after it are not. */
static bool diagnostic_line(json_writer *j, const char *line, size_t len)
{
    const char *end = line + len, *p = memchr(line, ':', len);
    if (!p)
        return false;
    char *after;
    long row = strtol(p + 1, &after, 10);
    if (after == p + 1 || after >= end || *after != ':')
        return false;
    const char *colon = after;
    long col = strtol(colon + 1, &after, 10);
    if (after == colon + 1 || after + 1 >= end || after[0] != ':' || after[1] != ' ')
        return false;
    const char *level = after + 2;
    const char *sep = memchr(level, ':', (size_t)(end - level));
    if (!sep || sep + 2 > end)
        return false;
    json_begin_object(j);
    json_key(j, "file");
    json_string_n(j, line, (size_t)(p - line));
    json_key_int(j, "line", row);
    json_key_int(j, "column", col);
    json_key(j, "severity");
    json_string_n(j, level, (size_t)(sep - level));
    json_key(j, "message");
    json_string_n(j, sep + 2, (size_t)(end - sep - 2));
    json_end_object(j);
    return true;
}

const char *web_diagnostics(web_machine *w)
{
    json_writer j;
    json_writer_init(&j);
    json_begin_object(&j);
    json_key_bool(&j, "ok", w->target != NULL);
    const char *text = w->diagnostics ? w->diagnostics : "";
    json_key_string(&j, "text", text);
    json_key(&j, "diagnostics");
    json_begin_array(&j);
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        diagnostic_line(&j, line, len);
        line += len + (nl != NULL);
    }
    json_end_array(&j);
    json_end_object(&j);
    return web_answer(w, &j);
}

static web_status status_of(web_machine *w, dbg_step_result r)
{
    switch (r) {
    case DBG_STEP_OK:
        return WEB_RUNNING;
    case DBG_STEP_EXITED:
        return WEB_EXITED;
    case DBG_STEP_FAULT:
        return WEB_FAULT;
    case DBG_STEP_INPUT_ENDED:
        return w->input_closed ? WEB_INPUT_ENDED : WEB_WAITING;
    default:
        return WEB_STOPPED;
    }
}

/* Whether the machine may run on: loaded, not ended. */
static bool can_run(const web_machine *w)
{
    return w->target && (w->status == WEB_RUNNING || w->status == WEB_WAITING ||
                         w->status == WEB_STOPPED || w->status == WEB_STEPPED ||
                         w->status == WEB_BREAK);
}

/* Asked by the core before each instruction: a read of nothing typed
 * waits for the page's input. */
static bool before_step(void *ctx)
{
    web_machine *w = ctx;
    w->wants_input = w->isa->needs_input(w);
    return w->wants_input;
}

int web_begin(web_machine *w, int mode)
{
    if (!can_run(w) || mode < DBG_CONTROL_STEP || mode > DBG_CONTROL_CONTINUE)
        return 0;
    w->command_on = dbg_control_begin(w->control, (dbg_control_mode)mode);
    w->command_mode = mode;
    return w->command_on;
}

/* The command begun, for up to steps instructions, through the core. A
 * Continue goes on into an exception's handler, as the command line does;
 * a single step stops before it, its message saying why. */
static web_status run_command(web_machine *w, uint64_t steps)
{
    if (!w->command_on)
        web_begin(w, DBG_CONTROL_CONTINUE);
    dbg_control_stop stop;
    dbg_target *t = w->target;
    uint64_t start = t->instruction_count(t->ctx), ran = 0;
    do { /* the slice's budget bounds a handler that faults again and again */
        w->wants_input = false;
        stop = dbg_control_run(w->control, steps - ran, before_step, w);
        ran = t->instruction_count(t->ctx) - start;
    } while (stop.why == DBG_CONTROL_SIGNAL && steps > 1 && ran < steps);
    w->command_on = stop.why == DBG_CONTROL_SLICE;
    snprintf(w->message, sizeof w->message, "%s", stop.message);
    switch (stop.why) {
    case DBG_CONTROL_SLICE:
        return w->wants_input ? WEB_WAITING : WEB_RUNNING;
    case DBG_CONTROL_DONE:
    case DBG_CONTROL_SIGNAL:
        return WEB_STEPPED;
    case DBG_CONTROL_BREAK:
        return WEB_BREAK;
    case DBG_CONTROL_CHECK:
        snprintf(w->message, sizeof w->message, "a check's finding");
        return WEB_STOPPED;
    case DBG_CONTROL_END:
        break;
    }
    return status_of(w, stop.end);
}

int web_run(web_machine *w, double max_steps, int record)
{
    if (!can_run(w))
        return (int)w->status;
    uint64_t steps = max_steps > 0 ? (uint64_t)max_steps : 0, ran = 0;
    w->message[0] = '\0';
    bool continues = !w->command_on || w->command_mode == DBG_CONTROL_CONTINUE;
    if (steps > 1 && w->fresh && continues && dbg_control_at_break(w->control)) {
        /* A fresh load's entry holds its breakpoint for Run and Continue
         * (the core's commands always leave the pc's first, as gdb's
         * continue does); Step over and Step out leave it. */
        w->status = WEB_BREAK;
        w->command_on = false;
    } else if (record || w->break_count > 0) {
        /* The session's run loop knows no breakpoints: with some, a run
         * goes through the core too. */
        w->status = run_command(w, steps);
    } else {
        /* Steps taken at full speed cannot be undone, nor are calls traced. */
        dbg_control_forget(w->control);
        w->command_on = false;
        w->status = w->isa->run(w, steps, &ran);
    }
    w->fresh = false;
    console_flush(w->con);
    return (int)w->status;
}

int web_step(web_machine *w)
{
    if (!web_begin(w, DBG_CONTROL_STEP))
        return (int)w->status;
    return web_run(w, 1, 1);
}

int web_step_back(web_machine *w)
{
    if (!w->target || !dbg_control_backstep(w->control))
        return 0;
    w->command_on = false;
    w->status = WEB_RUNNING;
    w->message[0] = '\0';
    return 1;
}

const char *web_state(web_machine *w)
{
    json_writer j;
    json_writer_init(&j);
    json_begin_object(&j);
    json_key_int(&j, "status", w->status);
    json_key_string(&j, "message", w->message);
    dbg_target *t = w->target;
    if (t) {
        uint32_t pc = t->pc(t->ctx);
        json_key_int(&j, "pc", pc);
        dbg_source src;
        bool known = t->source_of(t->ctx, pc, &src);
        json_key_int(&j, "line", known ? src.line : 0);
        if (known && src.file < t->file_count)
            json_key_string(&j, "file", t->files[src.file]->path);
        json_key_int(&j, "instructions", (int64_t)t->instruction_count(t->ctx));
        json_key_int(&j, "backsteps", (int64_t)dbg_control_history(w->control));
        char cc[4];
        const char *letters = w->isa->condition ? w->isa->condition(w, cc) : NULL;
        if (letters)
            json_key_string(&j, "cc", letters);
        json_key(&j, "registers");
        json_begin_array(&j);
        for (unsigned i = 0; i < w->isa->shown_count; i++) {
            unsigned r = w->isa->shown_regs[i];
            json_begin_object(&j);
            json_key_string(&j, "name", t->reg_name(t->ctx, r));
            json_key_int(&j, "value", t->get_reg(t->ctx, r));
            json_end_object(&j);
        }
        json_end_array(&j);
        /* The FPU and coprocessor 0 (MIPS), the saved stack pointers (LC-3). */
        json_key(&j, "more");
        json_begin_array(&j);
        for (unsigned r = t->general_count; r < t->reg_count; r++) {
            json_begin_object(&j);
            json_key_string(&j, "name", t->reg_name(t->ctx, r));
            json_key_int(&j, "value", t->get_reg(t->ctx, r));
            json_end_object(&j);
        }
        json_end_array(&j);
    }
    json_end_object(&j);
    return web_answer(w, &j);
}

double web_read(web_machine *w, double addr, int size)
{
    uint32_t value = 0;
    if (!w->target || !w->target->read(w->target->ctx, (uint32_t)addr, (unsigned)size, &value))
        return -1;
    return value;
}

int web_feed(web_machine *w, const char *bytes, int len)
{
    if (len <= 0)
        return 1;
    return console_feed(w->con, bytes, (size_t)len);
}

void web_close_input(web_machine *w)
{
    w->input_closed = true;
}

const uint8_t *web_output(web_machine *w)
{
    return w->out;
}

int web_output_length(web_machine *w)
{
    return (int)w->out_len;
}

void web_output_clear(web_machine *w)
{
    w->out_len = 0;
}

const char *web_checks(web_machine *w, const char *spec)
{
    json_writer j;
    json_writer_init(&j);
    json_begin_object(&j);
    char message[DBG_MESSAGE_SIZE] = "the program did not load";
    dbg_target *t = w->target;
    bool ok = t && t->checks && t->checks(t->ctx, spec, message);
    json_key_bool(&j, "ok", ok);
    json_key_string(&j, "message", message);
    json_end_object(&j);
    return web_answer(w, &j);
}
