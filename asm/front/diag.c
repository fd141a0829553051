/* Diagnostics in GNU style, with the source line and a caret under the culprit. */
#include "diag.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

struct diag_entry {
    src_loc loc;
    diag_level level;
    char *text;
    size_t key_file;       /* where it sorts: a note sorts with its owner */
    int key_line, key_col;
    size_t seq;
};

void diag_init(diag_sink *sink, FILE *out)
{
    memset(sink, 0, sizeof *sink);
    sink->out = out;
    sink->show_source = 1;
    sink->max_errors = DIAG_MAX_ERRORS;
}

static const char *level_name(diag_level level)
{
    switch (level) {
    case DIAG_ERROR: return "error";
    case DIAG_WARNING: return "warning";
    case DIAG_NOTE: return "note";
    }
    return "error";
}

/* How much of a source line is shown: a line of a million characters would
 * bury the message, so a long one is cut to a window around the caret. */
enum { SHOW_WIDTH = 160, SHOW_BEFORE = 80 };

/* Prints the line, then a caret under column col with ~ for the rest of the
 * culprit. Tabs in the line are copied into the caret line so the caret
 * stays aligned whatever the terminal's tab width. */
static void show_line(FILE *out, src_loc loc)
{
    size_t len;
    const char *text = source_line(loc.file, loc.line, &len);
    if (!text)
        return;
    size_t caret = loc.col >= 1 ? (size_t)loc.col - 1 : 0;
    size_t from = 0, to = len;
    if (len > SHOW_WIDTH) {
        from = caret > SHOW_BEFORE ? caret - SHOW_BEFORE : 0;
        if (from > len)
            from = len;
        to = from + SHOW_WIDTH < len ? from + SHOW_WIDTH : len;
    }
    const char *cut_before = from > 0 ? "..." : "";
    fprintf(out, "%5d | %s", loc.line, cut_before);
    for (size_t i = from; i < to; i++)
        fputc(text[i] == '\0' ? ' ' : text[i], out);
    fputs(to < len ? "...\n" : "\n", out);
    if (loc.col < 1)
        return;
    fprintf(out, "      | %*s", (int)strlen(cut_before), "");
    for (size_t i = from; i < caret && i < to; i++)
        fputc(text[i] == '\t' ? '\t' : ' ', out);
    fputc('^', out);
    for (int i = 1; i < loc.len && caret + (size_t)i < to; i++)
        fputc('~', out);
    fputc('\n', out);
}

/* MARS's ErrorList line: history is the macro uses' lines, "12->" each. */
static void print_mars(FILE *out, diag_level level, src_loc loc, const char *history,
                       const char *text)
{
    fprintf(out, "%s in %s", level == DIAG_WARNING ? "Warning" : "Error",
            loc.file ? loc.file->path : "");
    if (loc.line > 0)
        fprintf(out, " line %s%d", history, loc.line);
    if (loc.col > 0)
        fprintf(out, " column %d", loc.col);
    fprintf(out, ": %s\n", text);
}

static void print(diag_sink *sink, diag_level level, src_loc loc, const char *text)
{
    if (sink->collect) {
        sink->collect(sink->collect_ctx, level, loc, text);
        return;
    }
    FILE *out = sink->out;
    if (sink->style == DIAG_STYLE_MARS) {
        if (level != DIAG_NOTE)
            print_mars(out, level, loc, "", text);
        return;
    }
    if (loc.file && loc.line > 0 && loc.col > 0)
        fprintf(out, "%s:%d:%d: ", loc.file->path, loc.line, loc.col);
    else if (loc.file && loc.line > 0)
        fprintf(out, "%s:%d: ", loc.file->path, loc.line);
    else if (loc.file)
        fprintf(out, "%s: ", loc.file->path);
    fprintf(out, "%s: %s\n", level_name(level), text);
    if (sink->show_source && loc.file && loc.line > 0)
        show_line(out, loc);
}

static size_t file_rank(diag_sink *sink, const source_file *file)
{
    for (size_t i = 0; i < sink->ranked_count; i++)
        if (sink->ranked[i] == file)
            return i;
    sink->ranked = asm_need_memory(grow_array(sink->ranked, &sink->ranked_cap,
                                              sink->ranked_count + 1, sizeof *sink->ranked));
    sink->ranked[sink->ranked_count] = file;
    return sink->ranked_count++;
}

void diag_rank_file(diag_sink *sink, const source_file *file)
{
    file_rank(sink, file);
}

static void hold(diag_sink *sink, diag_level level, src_loc loc, char *text)
{
    sink->entries = asm_need_memory(grow_array(sink->entries, &sink->entry_cap,
                                               sink->entry_count + 1, sizeof *sink->entries));
    diag_entry *e = &sink->entries[sink->entry_count];
    e->loc = loc;
    e->level = level;
    e->text = text;
    e->key_file = file_rank(sink, loc.file);
    e->key_line = loc.line;
    e->key_col = loc.col;
    e->seq = sink->entry_count;
    if (level == DIAG_NOTE && sink->entry_count > 0) {
        e->key_file = e[-1].key_file;
        e->key_line = e[-1].key_line;
        e->key_col = e[-1].key_col;
    }
    sink->entry_count++;
}

/* Whether a diagnostic is dropped unseen, so that memory and output stay
 * bounded. GNU style: errors past max_errors and their notes. MARS style:
 * everything after the entry that flush_mars turns into its limit line. */
static bool hidden(diag_sink *sink, diag_level level)
{
    if (sink->style == DIAG_STYLE_MARS) {
        if (!sink->buffered || sink->mars_full)
            return sink->mars_full;
        if (level != DIAG_NOTE && sink->mars_held_errors == DIAG_MARS_ERROR_LIMIT)
            sink->mars_full = 1; /* held: the place of the limit line */
        else if (level == DIAG_ERROR)
            sink->mars_held_errors++;
        return false;
    }
    if (level == DIAG_ERROR) {
        sink->hiding = sink->max_errors && ++sink->batch_errors > sink->max_errors;
        if (sink->hiding && sink->hidden_errors++ == 0 && !sink->buffered && sink->out)
            fprintf(sink->out, "note: more than %d errors: the rest are not shown\n",
                    sink->max_errors);
    } else if (level == DIAG_WARNING) {
        sink->hiding = 0;
    }
    return sink->hiding;
}

void diag_vreport(diag_sink *sink, diag_level level, src_loc loc, const char *fmt,
                  va_list ap)
{
    if (level == DIAG_ERROR)
        sink->errors++;
    else if (level == DIAG_WARNING)
        sink->warnings++;
    if (hidden(sink, level))
        return;
    va_list copy;
    va_copy(copy, ap);
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *text = malloc(len > 0 ? (size_t)len + 1 : 1);
    if (!text)
        abort();
    vsnprintf(text, (size_t)len + 1, fmt, ap);
    if (sink->buffered) {
        hold(sink, level, loc, text);
        return;
    }
    print(sink, level, loc, text);
    free(text);
}

void diag_buffer(diag_sink *sink)
{
    sink->buffered = 1;
}

static int by_position(const void *a, const void *b)
{
    const diag_entry *x = a, *y = b;
    if (x->key_file != y->key_file)
        return x->key_file < y->key_file ? -1 : 1;
    if (x->key_line != y->key_line)
        return x->key_line < y->key_line ? -1 : 1;
    if (x->key_col != y->key_col)
        return x->key_col < y->key_col ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The "12->13->" of the notes that follow entry i. */
static void mars_history(const diag_sink *sink, size_t i, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t j = i + 1; j < sink->entry_count && sink->entries[j].level == DIAG_NOTE; j++) {
        int n = snprintf(buf + used, size - used, "%d->", sink->entries[j].loc.line);
        if (n < 0 || (size_t)n >= size - used)
            break;
        used += (size_t)n;
    }
}

/* MARS's order: the warnings as reported, then the errors; the error after
 * the 200th becomes the limit message (no file) and the rest are dropped. */
static void flush_mars(diag_sink *sink)
{
    char history[256];
    int kept_errors = 0;
    size_t limit_at = sink->entry_count;
    for (size_t i = 0; i < sink->entry_count && limit_at == sink->entry_count; i++) {
        const diag_entry *e = &sink->entries[i];
        if (e->level == DIAG_NOTE)
            continue;
        if (kept_errors == DIAG_MARS_ERROR_LIMIT)
            limit_at = i;
        else if (e->level == DIAG_ERROR)
            kept_errors++;
    }
    for (int pass = 0; pass < 2; pass++) {
        diag_level wanted = pass == 0 ? DIAG_WARNING : DIAG_ERROR;
        for (size_t i = 0; i < limit_at; i++) {
            const diag_entry *e = &sink->entries[i];
            if (e->level != wanted)
                continue;
            mars_history(sink, i, history, sizeof history);
            print_mars(sink->out, e->level, e->loc, history, e->text);
        }
    }
    if (limit_at < sink->entry_count) {
        src_loc at = sink->entries[limit_at].loc;
        at.file = NULL;
        char text[64];
        snprintf(text, sizeof text, "Error Limit of %d exceeded.", DIAG_MARS_ERROR_LIMIT);
        print_mars(sink->out, DIAG_ERROR, at, "", text);
    }
}

void diag_flush(diag_sink *sink)
{
    if (sink->style == DIAG_STYLE_MARS) {
        flush_mars(sink);
        for (size_t i = 0; i < sink->entry_count; i++)
            free(sink->entries[i].text);
        sink->entry_count = 0;
    }
    /* The first max_errors errors as reported, in source order. */
    if (sink->entry_count)
        qsort(sink->entries, sink->entry_count, sizeof *sink->entries, by_position);
    for (size_t i = 0; i < sink->entry_count; i++) {
        diag_entry *e = &sink->entries[i];
        print(sink, e->level, e->loc, e->text);
        free(e->text);
    }
    if (sink->hidden_errors && sink->out)
        fprintf(sink->out, "note: %d more error%s not shown\n", sink->hidden_errors,
                sink->hidden_errors == 1 ? " is" : "s are");
    sink->batch_errors = sink->hidden_errors = sink->hiding = 0;
    sink->mars_held_errors = sink->mars_full = 0;
    free(sink->entries);
    free(sink->ranked); /* a ranking belongs to one held-back list */
    sink->entries = NULL;
    sink->ranked = NULL;
    sink->entry_count = sink->entry_cap = sink->ranked_count = sink->ranked_cap = 0;
    sink->buffered = 0;
}

void diag_free(diag_sink *sink)
{
    for (size_t i = 0; i < sink->entry_count; i++)
        free(sink->entries[i].text);
    free(sink->entries);
    free(sink->ranked);
    sink->entries = NULL;
    sink->ranked = NULL;
    sink->entry_count = sink->entry_cap = sink->ranked_count = sink->ranked_cap = 0;
}

void diag_report(diag_sink *sink, diag_level level, src_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(sink, level, loc, fmt, ap);
    va_end(ap);
}
