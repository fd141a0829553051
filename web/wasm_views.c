/* The page's views of a stopped machine (wasm_api.h): breakpoints by
 * file and line, the call stack as the debugger's backtrace prints it, and memory
 * as words, with the CLI's disassembly and the source line for code. */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wasm_api.h"
#include "web_impl.h"

/* The most words one memory view asks for (a page of the table). */
enum { WEB_MEMORY_MAX = 4096 };

/* The index of the program's file named path, or -1. */
static long file_index(const dbg_target *t, const char *path)
{
    for (size_t i = 0; i < t->file_count; i++)
        if (strcmp(t->files[i]->path, path) == 0)
            return (long)i;
    return -1;
}

int web_break_line(web_machine *w, const char *file, int line)
{
    dbg_target *t = w->target;
    long f = t ? file_index(t, file) : -1;
    uint32_t addr;
    char err[DBG_MESSAGE_SIZE];
    /* As the debugger's break FILE:LINE: the first code at or after it. */
    if (f < 0 || !t->line_addr(t->ctx, (size_t)f, line, &addr))
        return 0;
    int id = dbg_control_break(w->control, addr, err);
    if (id)
        w->break_count++;
    return id;
}

int web_break_delete(web_machine *w, int id)
{
    if (!w->control || !dbg_control_delete(w->control, id))
        return 0;
    w->break_count--;
    return 1;
}

const char *web_backtrace(web_machine *w)
{
    json_writer j;
    json_writer_init(&j);
    json_begin_object(&j);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (out && w->control)
        dbg_control_backtrace(w->control, out);
    if (out)
        fclose(out);
    json_key_string(&j, "text", text ? text : "");
    free(text);
    json_end_object(&j);
    return web_answer(w, &j);
}

/* The source line the code at addr came from, as "source" and "line". */
static void source_of(json_writer *j, dbg_target *t, uint32_t addr)
{
    dbg_source src;
    if (!t->source_of(t->ctx, addr, &src) || src.file >= t->file_count)
        return;
    json_key_int(j, "line", src.line);
    size_t len = 0;
    const char *text = source_line(t->files[src.file], src.line, &len);
    if (text) {
        json_key(j, "source");
        json_string_n(j, text, len);
    }
}

const char *web_memory(web_machine *w, double addr, int count, int code)
{
    json_writer j;
    json_writer_init(&j);
    json_begin_object(&j);
    dbg_target *t = w->target;
    if (t) {
        unsigned unit = t->byte_addressed ? t->word_bytes : 1;
        json_key_int(&j, "unit", unit);
        json_key(&j, "rows");
        json_begin_array(&j);
        uint32_t a = (uint32_t)addr;
        if (count > WEB_MEMORY_MAX)
            count = WEB_MEMORY_MAX;
        for (int i = 0; i < count; i++, a += unit) {
            json_begin_object(&j);
            json_key_int(&j, "addr", a);
            uint32_t value;
            bool mapped = t->read(t->ctx, a, t->word_bytes, &value);
            json_key(&j, "value");
            if (mapped)
                json_int(&j, value);
            else
                json_null(&j);
            char text[128];
            if (mapped && code && t->disasm(t->ctx, a, text, sizeof text) > 0) {
                json_key_string(&j, "disasm", text);
                source_of(&j, t, a);
            }
            json_end_object(&j);
        }
        json_end_array(&j);
    }
    json_end_object(&j);
    return web_answer(w, &j);
}
