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

/* The backstep history the page keeps, as the debugger's default. */
enum { WEB_JOURNAL_STEPS = DBG_JOURNAL_STEPS };

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
    bool ok = w->isa->load(w, path, errors) &&
              dbg_journal_init(&w->journal, WEB_JOURNAL_STEPS, w->target->undo_free,
                               w->target->ctx);
    fclose(errors);
    if (ok) {
        w->status = WEB_RUNNING;
        w->fresh = true;
    }
    else
        w->target = NULL;
    return w;
}

void web_free(web_machine *w)
{
    if (!w)
        return;
    if (w->target)
        dbg_journal_free(&w->journal);
    w->isa->free(w);
    console_close(w->con);
    free(w->diagnostics);
    free(w->out);
    free(w->json);
    free(w->breaks);
    free(w);
}

/* Keeps text as the last answer (freeing the one before) and returns it. */
static const char *answer(web_machine *w, json_writer *j)
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
    return answer(w, &j);
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
                         w->status == WEB_STOPPED || w->status == WEB_BREAK);
}

/* One instruction; recorded: with its undo record in the journal. An
 * exception a handler will take stops the step before it (*signal set), as
 * the debugger stops at a signal; the next step enters the handler. */
static web_status step_one(web_machine *w, bool recorded, bool *signal)
{
    dbg_target *t = w->target;
    *signal = false;
    if (w->isa->needs_input(w))
        return WEB_WAITING;
    dbg_journal_entry e = {0};
    size_t size = 0;
    w->message[0] = '\0';
    dbg_step_result r = recorded ? t->step(t->ctx, &e.record, &size, w->message)
                                 : t->step(t->ctx, NULL, NULL, w->message);
    if (recorded && r != DBG_STEP_CHECK && r != DBG_STEP_SIGNAL) { /* those ran nothing */
        e.size = (uint32_t)size;
        dbg_journal_push(&w->journal, &e);
    }
    *signal = r == DBG_STEP_SIGNAL;
    return status_of(w, r);
}

static bool is_break(const web_machine *w, uint32_t pc)
{
    for (size_t i = 0; i < w->break_count; i++)
        if (w->breaks[i] == pc)
            return true;
    return false;
}

/* Steps one by one, stopping before a breakpoint's instruction. The first
 * instruction always runs (a run resumed at a breakpoint leaves it, as
 * gdb's continue does) but on a fresh load, whose entry may hold one. A
 * run goes on into an exception's handler, as the command line does; a
 * single step stops before it, its message saying why. */
static web_status run_stepping(web_machine *w, uint64_t steps, bool recorded)
{
    dbg_target *t = w->target;
    bool breaks = steps > 1 && w->break_count > 0;
    if (breaks && w->fresh && is_break(w, t->pc(t->ctx)))
        return WEB_BREAK;
    web_status s = WEB_RUNNING;
    bool signal = false;
    for (uint64_t i = 0; i < steps && (s == WEB_RUNNING || (signal && steps > 1)); i++) {
        s = step_one(w, recorded, &signal);
        if (s == WEB_RUNNING && breaks && is_break(w, t->pc(t->ctx)))
            return WEB_BREAK;
    }
    return s;
}

int web_run(web_machine *w, double max_steps, int record)
{
    if (!can_run(w))
        return (int)w->status;
    uint64_t steps = max_steps > 0 ? (uint64_t)max_steps : 0, ran = 0;
    w->message[0] = '\0';
    /* Steps taken at full speed cannot be undone: the history restarts. */
    if (!record)
        dbg_journal_clear(&w->journal);
    /* The session's run loop knows no breakpoints: with some, a run steps. */
    if (record || w->break_count > 0)
        w->status = run_stepping(w, steps, record);
    else
        w->status = w->isa->run(w, steps, &ran);
    w->fresh = false;
    console_flush(w->con);
    return (int)w->status;
}

int web_step(web_machine *w)
{
    return web_run(w, 1, 1);
}

int web_step_back(web_machine *w)
{
    dbg_journal_entry e;
    if (!w->target || !dbg_journal_pop(&w->journal, &e))
        return 0;
    w->target->undo(w->target->ctx, e.record);
    free(e.saved);
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
        json_key_int(&j, "backsteps", (int64_t)w->journal.count);
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
    }
    json_end_object(&j);
    return answer(w, &j);
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

/* The index of the program's file named path, or -1. */
static long file_index(const dbg_target *t, const char *path)
{
    for (size_t i = 0; i < t->file_count; i++)
        if (strcmp(t->files[i]->path, path) == 0)
            return (long)i;
    return -1;
}

int web_break(web_machine *w, const char *file, int line, int on)
{
    dbg_target *t = w->target;
    long f = t ? file_index(t, file) : -1;
    uint32_t addr;
    /* As the debugger's break FILE:LINE: the first code at or after it. */
    if (f < 0 || !t->line_addr(t->ctx, (size_t)f, line, &addr))
        return 0;
    dbg_source src;
    int at = t->source_of(t->ctx, addr, &src) ? src.line : line;
    bool has = is_break(w, addr);
    if (on && !has) {
        if (w->break_count == w->break_size) {
            size_t size = w->break_size ? 2 * w->break_size : 16;
            uint32_t *breaks = realloc(w->breaks, size * sizeof *breaks);
            if (!breaks)
                return 0;
            w->breaks = breaks;
            w->break_size = size;
        }
        w->breaks[w->break_count++] = addr;
    } else if (!on && has) {
        size_t i = 0;
        while (w->breaks[i] != addr)
            i++;
        w->breaks[i] = w->breaks[--w->break_count];
    }
    return at;
}

void web_breaks_clear(web_machine *w)
{
    w->break_count = 0;
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
    return answer(w, &j);
}
