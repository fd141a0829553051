/* textDocument/semanticTokens/full (lsp_impl.h): the adapter names the
 * document's tokens in bytes; here they become LSP's relative, UTF-16
 * encoding under the legend the server announces. */
#include "lsp_impl.h"

#include <stdlib.h>

static const char *const type_names[LSP_TOKEN_TYPE_COUNT] = {
    [LSP_TOKEN_LABEL] = "label",       [LSP_TOKEN_MACRO] = "macro",
    [LSP_TOKEN_PARAMETER] = "parameter", [LSP_TOKEN_VARIABLE] = "variable",
    [LSP_TOKEN_KEYWORD] = "keyword",   [LSP_TOKEN_REGISTER] = "register",
};

/* Bit n of a token's modifiers is the n-th name. */
static const char *const modifier_names[LSP_MOD_COUNT] = {
    "declaration", "readonly", "pseudo",
    /* a register's use */
    "reserved", "result", "argument", "temporary", "saved", "pointer", "returnAddress",
};

void lsp_write_token_legend(json_writer *w)
{
    json_begin_object(w);
    json_key(w, "tokenTypes");
    json_begin_array(w);
    for (int i = 0; i < LSP_TOKEN_TYPE_COUNT; i++)
        json_string(w, type_names[i]);
    json_end_array(w);
    json_key(w, "tokenModifiers");
    json_begin_array(w);
    for (int i = 0; i < LSP_MOD_COUNT; i++)
        json_string(w, modifier_names[i]);
    json_end_array(w);
    json_end_object(w);
}

static int by_place(const void *a, const void *b)
{
    const lsp_token *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->col < y->col ? -1 : x->col > y->col;
}

/* The data array: per token the line's and start's deltas from the
 * token before (the start's only on the same line), length, type, mods. */
static void write_data(json_writer *w, const lsp_doc *doc, const lsp_tokens *list)
{
    size_t at = 0, line_len = 0;
    const char *line = lsp_next_line(doc->text, doc->len, &at, &line_len);
    int line_no = 0, last_line = 0;
    int64_t last_start = 0;
    json_begin_array(w);
    for (size_t i = 0; i < list->count && line; i++) {
        const lsp_token *t = &list->items[i];
        while (line && line_no < t->line) {
            line = lsp_next_line(doc->text, doc->len, &at, &line_len);
            line_no++;
        }
        if (!line || t->col + t->len > line_len || t->len == 0)
            continue;
        int64_t start = lsp_utf16_of_byte(line, line_len, t->col);
        int64_t end = lsp_utf16_of_byte(line, line_len, t->col + t->len);
        json_int(w, t->line - last_line);
        json_int(w, t->line == last_line ? start - last_start : start);
        json_int(w, end - start);
        json_int(w, t->type);
        json_int(w, t->mods);
        last_line = t->line;
        last_start = start;
    }
    json_end_array(w);
}

void lsp_semantic_tokens(lsp_server *s, const json_value *id, const json_value *params)
{
    const char *uri = json_get_string(json_get_object(params, "textDocument"), "uri");
    if (!uri) {
        lsp_reply_error(s, id, LSP_INVALID_PARAMS, "semantic tokens take textDocument.uri");
        return;
    }
    json_writer w;
    lsp_reply_begin(&w, id);
    const lsp_doc *doc = lsp_doc_find(s, uri);
    if (!doc) {
        json_null(&w);
        lsp_reply_end(s, &w);
        return;
    }
    lsp_program prog;
    lsp_assemble_doc(s, doc, &prog);
    lsp_tokens list = {0};
    s->isa->tokens(doc->text, doc->len, &prog, &list);
    if (list.count > 1)
        qsort(list.items, list.count, sizeof *list.items, by_place);
    json_begin_object(&w);
    json_key(&w, "data");
    write_data(&w, doc, &list);
    json_end_object(&w);
    lsp_reply_end(s, &w);
    free(list.items);
    lsp_program_free(&prog);
}
