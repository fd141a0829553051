/* The requests on a document position (lsp_impl.h): hover, definition,
 * references, completion and the outline. Each assembles the document's
 * program afresh: sources are small, and nothing can go stale. */
#define _XOPEN_SOURCE 700
#include "lsp_impl.h"

#include <stdlib.h>
#include <string.h>

/* A request's document and the word at its position. */
typedef struct at_point {
    lsp_doc *doc;
    const char *line;  /* the position's line */
    size_t line_len;
    int line_no;       /* 0-based */
    size_t byte;       /* the position in the line */
    size_t word, word_len; /* the word there (word_len 0: none) */
} at_point;

/* Finds the request's document and word: LOCATED, NOT_OPEN (the answer is
 * null) or BAD_PARAMS (replied to with an error). */
typedef enum located { LOCATED, NOT_OPEN, BAD_PARAMS } located;

static located locate(lsp_server *s, const json_value *id, const json_value *params,
                      at_point *at)
{
    const char *uri = json_get_string(json_get_object(params, "textDocument"), "uri");
    const json_value *pos = json_get_object(params, "position");
    int64_t line, character;
    *at = (at_point){0};
    if (!uri || !json_get_int(pos, "line", &line) || !json_get_int(pos, "character", &character) ||
        line < 0 || line > INT32_MAX || character < 0) {
        lsp_reply_error(s, id, LSP_INVALID_PARAMS,
                        "a position request takes textDocument.uri and position");
        return BAD_PARAMS;
    }
    at->doc = lsp_doc_find(s, uri);
    if (!at->doc)
        return NOT_OPEN;
    at->line_no = (int)line;
    at->line = lsp_line(at->doc->text, at->doc->len, at->line_no, &at->line_len);
    if (!at->line)
        return NOT_OPEN;
    at->byte = lsp_byte_of_utf16(at->line, at->line_len, character);
    if (!lsp_word_at(s->isa, at->line, at->line_len, at->byte, &at->word, &at->word_len))
        at->word_len = 0;
    return LOCATED;
}

static void reply_null(lsp_server *s, const json_value *id)
{
    json_writer w;
    lsp_reply_begin(&w, id);
    json_null(&w);
    lsp_reply_end(s, &w);
}

/* The label a word names: the one defined in the document first (its own
 * locals), then a global one, then any. */
static const lsp_label *find_label(const lsp_isa *isa, const lsp_program *prog, const char *word,
                                   size_t len)
{
    const lsp_label *found = NULL;
    int best = 0;
    for (size_t i = 0; i < prog->label_count; i++) {
        const lsp_label *l = &prog->labels[i];
        if (!lsp_same_name(isa, word, len, l->name))
            continue;
        int rank = l->file == 0 ? 3 : l->global ? 2 : 1;
        if (rank > best) {
            best = rank;
            found = l;
        }
    }
    return found;
}

static void write_location(lsp_server *s, json_writer *w, const lsp_file *file, int line, int col,
                           int width)
{
    char *uri = lsp_path_uri(s, file->path);
    json_begin_object(w);
    json_key_string(w, "uri", uri);
    json_key(w, "range");
    lsp_write_range(w, file->text, file->len, line, col, width);
    json_end_object(w);
    free(uri);
}

void lsp_hover(lsp_server *s, const json_value *id, const json_value *params)
{
    at_point at;
    located where = locate(s, id, params, &at);
    if (where != LOCATED || at.word_len == 0) {
        if (where != BAD_PARAMS)
            reply_null(s, id);
        return;
    }
    const char *word = at.line + at.word;
    lsp_program prog;
    lsp_assemble_doc(s, at.doc, &prog);
    const lsp_label *label = find_label(s->isa, &prog, word, at.word_len);
    bool operator = lsp_at_operator(s->isa, at.line, at.word) &&
                    s->isa->is_operator(word, at.word_len) &&
                    !(at.word + at.word_len < at.line_len && at.line[at.word + at.word_len] == ':');
    lsp_text md = {0};
    if (label && !operator) {
        const lsp_file *f = &prog.files[label->file];
        const char *slash = strrchr(f->path, '/');
        size_t def_len = 0;
        const char *def = lsp_line(f->text, f->len, label->line - 1, &def_len);
        char address[32];
        s->isa->address(label->address, address, sizeof address);
        lsp_text_add(&md, "**%s**: label at address `%s`%s\n\ndefined at %s:%d\n", label->name,
                     address, label->global ? " (global)" : "", slash ? slash + 1 : f->path,
                     label->line);
        if (def)
            lsp_text_add(&md, "```\n%.*s\n```\n", (int)def_len, def);
    } else if (!s->isa->hover(word, at.word_len, &md)) {
        lsp_text_free(&md);
    }
    lsp_program_free(&prog);
    if (!md.buf) {
        reply_null(s, id);
        return;
    }
    json_writer w;
    lsp_reply_begin(&w, id);
    json_begin_object(&w);
    json_key(&w, "contents");
    json_begin_object(&w);
    json_key_string(&w, "kind", "markdown");
    json_key_string(&w, "value", md.buf);
    json_end_object(&w);
    json_key(&w, "range");
    lsp_write_range(&w, at.doc->text, at.doc->len, at.line_no + 1, (int)at.word + 1,
                    (int)at.word_len);
    json_end_object(&w);
    lsp_reply_end(s, &w);
    lsp_text_free(&md);
}

/* Writes a Location for each use of name in file (outside comments and
 * strings), the definition at def_line/def_col left out unless wanted. */
static void write_uses(lsp_server *s, json_writer *w, const lsp_file *file, const char *name,
                       int def_line, int def_col)
{
    size_t name_len = strlen(name), line_len;
    const char *line;
    for (int l = 0; (line = lsp_line(file->text, file->len, l, &line_len)); l++) {
        size_t code = lsp_comment_start(s->isa, line, line_len);
        char quote = 0;
        for (size_t i = 0; i < code; i++) {
            char c = line[i];
            if (quote) {
                i += c == '\\';
                quote = c == quote ? 0 : quote;
                continue;
            }
            if (c == '"' || c == '\'') {
                quote = c;
                continue;
            }
            if ((i > 0 && s->isa->word_char(line[i - 1])) || i + name_len > code ||
                (i + name_len < code && s->isa->word_char(line[i + name_len])) ||
                !lsp_same_name(s->isa, line + i, name_len, name))
                continue;
            if (l + 1 != def_line || (int)i + 1 != def_col)
                write_location(s, w, file, l + 1, (int)i + 1, (int)name_len);
            i += name_len - 1;
        }
    }
}

void lsp_definition(lsp_server *s, const json_value *id, const json_value *params,
                    bool references)
{
    at_point at;
    located where = locate(s, id, params, &at);
    if (where != LOCATED || at.word_len == 0) {
        if (where != BAD_PARAMS)
            reply_null(s, id);
        return;
    }
    lsp_program prog;
    lsp_assemble_doc(s, at.doc, &prog);
    const lsp_label *label = find_label(s->isa, &prog, at.line + at.word, at.word_len);
    if (!label) {
        lsp_program_free(&prog);
        reply_null(s, id);
        return;
    }
    json_writer w;
    lsp_reply_begin(&w, id);
    if (!references) {
        write_location(s, &w, &prog.files[label->file], label->line, label->col,
                       (int)strlen(label->name));
    } else {
        bool declaration = json_get_bool(json_get_object(params, "context"), "includeDeclaration",
                                         false);
        json_begin_array(&w);
        if (declaration)
            write_location(s, &w, &prog.files[label->file], label->line, label->col,
                           (int)strlen(label->name));
        /* A local label is used in its own file and those it includes; a
         * global one anywhere, in other open documents too. */
        size_t sources = 1;
        for (size_t i = 1; i < prog.file_count; i++)
            for (size_t k = 0; k < s->doc_count; k++)
                if (strcmp(s->docs[k].path, prog.files[i].path) == 0)
                    sources = i + 1;
        for (size_t i = 0; i < prog.file_count; i++)
            if (i == 0 || i >= sources || label->global || i == label->file)
                write_uses(s, &w, &prog.files[i], label->name, label->line, label->col);
        for (size_t k = 0; label->global && k < s->doc_count; k++) {
            bool seen = false;
            for (size_t i = 0; i < prog.file_count; i++)
                seen = seen || strcmp(s->docs[k].path, prog.files[i].path) == 0;
            lsp_file other = {s->docs[k].path, s->docs[k].text, s->docs[k].len};
            if (!seen)
                write_uses(s, &w, &other, label->name, 0, 0);
        }
        json_end_array(&w);
    }
    lsp_reply_end(s, &w);
    lsp_program_free(&prog);
}

static void write_markdown(json_writer *w, const char *key, const char *text)
{
    json_key(w, key);
    json_begin_object(w);
    json_key_string(w, "kind", "markdown");
    json_key_string(w, "value", text);
    json_end_object(w);
}

void lsp_complete(lsp_server *s, const json_value *id, const json_value *params)
{
    at_point at;
    located where = locate(s, id, params, &at);
    if (where != LOCATED) {
        if (where != BAD_PARAMS)
            reply_null(s, id);
        return;
    }
    size_t start = at.byte;
    while (start > 0 && s->isa->word_char(at.line[start - 1]))
        start--;
    lsp_completions list = {0};
    if (at.byte <= lsp_comment_start(s->isa, at.line, at.line_len)) {
        lsp_place place = lsp_at_operator(s->isa, at.line, start) ? LSP_AT_OPERATOR
                                                                   : LSP_AT_OPERAND;
        bool only = s->isa->complete(at.line, at.byte, place, &list);
        if (!only && place == LSP_AT_OPERAND) {
            lsp_program prog;
            lsp_assemble_doc(s, at.doc, &prog);
            for (size_t i = 0; i < prog.label_count; i++) {
                const lsp_label *l = &prog.labels[i];
                bool dup = false;
                for (size_t k = 0; k < i; k++)
                    dup = dup || strcmp(prog.labels[k].name, l->name) == 0;
                char address[32], detail[48];
                s->isa->address(l->address, address, sizeof address);
                snprintf(detail, sizeof detail, "label %s", address);
                if (!dup)
                    lsp_complete_add(&list, l->code ? LSP_KIND_FUNCTION : LSP_KIND_VARIABLE,
                                     l->name, detail, NULL, NULL);
            }
            lsp_program_free(&prog);
        }
    }
    json_writer w;
    lsp_reply_begin(&w, id);
    json_begin_object(&w);
    json_key_bool(&w, "isIncomplete", false);
    json_key(&w, "items");
    json_begin_array(&w);
    for (size_t i = 0; i < list.count; i++) {
        lsp_completion *c = &list.items[i];
        json_begin_object(&w);
        json_key_string(&w, "label", c->label);
        json_key_int(&w, "kind", c->kind);
        if (c->detail)
            json_key_string(&w, "detail", c->detail);
        if (c->documentation)
            write_markdown(&w, "documentation", c->documentation);
        if (c->insert)
            json_key_string(&w, "insertText", c->insert);
        json_end_object(&w);
        free(c->label);
        free(c->detail);
        free(c->documentation);
        free(c->insert);
    }
    free(list.items);
    json_end_array(&w);
    json_end_object(&w);
    lsp_reply_end(s, &w);
}

static int by_line(const void *a, const void *b)
{
    const lsp_label *x = *(const lsp_label *const *)a, *y = *(const lsp_label *const *)b;
    return x->line != y->line ? (x->line > y->line) - (x->line < y->line)
                              : (x->col > y->col) - (x->col < y->col);
}

void lsp_document_symbols(lsp_server *s, const json_value *id, const json_value *params)
{
    const char *uri = json_get_string(json_get_object(params, "textDocument"), "uri");
    if (!uri) {
        lsp_reply_error(s, id, LSP_INVALID_PARAMS, "documentSymbol takes textDocument.uri");
        return;
    }
    lsp_doc *doc = lsp_doc_find(s, uri);
    if (!doc) {
        reply_null(s, id);
        return;
    }
    lsp_program prog;
    lsp_assemble_doc(s, doc, &prog);
    const lsp_label **mine = calloc(prog.label_count + 1, sizeof *mine);
    if (!mine)
        abort();
    size_t count = 0;
    for (size_t i = 0; i < prog.label_count; i++)
        if (prog.labels[i].file == 0 && prog.labels[i].line > 0)
            mine[count++] = &prog.labels[i];
    qsort(mine, count, sizeof *mine, by_line);
    json_writer w;
    lsp_reply_begin(&w, id);
    json_begin_array(&w);
    for (size_t i = 0; i < count; i++) {
        const lsp_label *l = mine[i];
        if (i > 0 && mine[i - 1]->line == l->line && mine[i - 1]->col == l->col)
            continue; /* a .globl label is in two tables */
        char detail[32];
        s->isa->address(l->address, detail, sizeof detail);
        json_begin_object(&w);
        json_key_string(&w, "name", l->name);
        json_key_string(&w, "detail", detail);
        json_key_int(&w, "kind", l->code ? 12 : 13); /* SymbolKind Function, Variable */
        json_key(&w, "range");
        lsp_write_range(&w, doc->text, doc->len, l->line, 0, 0);
        json_key(&w, "selectionRange");
        lsp_write_range(&w, doc->text, doc->len, l->line, l->col, (int)strlen(l->name));
        json_end_object(&w);
    }
    json_end_array(&w);
    lsp_reply_end(s, &w);
    free(mine);
    lsp_program_free(&prog);
}
