/* The language server's loop (lsp.h): messages in DAP's framing, the
 * lifecycle, document sync and diagnostics; the requests on a position
 * are in lsp_features.c. */
#include "dap_wire.h"
#include "lsp_impl.h"

#include <stdlib.h>
#include <string.h>

void lsp_send(lsp_server *s, json_writer *w)
{
    size_t len;
    char *body = json_writer_take(w, &len);
    if (body)
        dap_write(s->out, body, len);
    free(body);
}

void lsp_reply_begin(json_writer *w, const json_value *id)
{
    json_writer_init(w);
    json_begin_object(w);
    json_key_string(w, "jsonrpc", "2.0");
    json_key(w, "id");
    json_value_write(w, id);
    json_key(w, "result");
}

void lsp_reply_end(lsp_server *s, json_writer *w)
{
    json_end_object(w);
    lsp_send(s, w);
}

void lsp_reply_error(lsp_server *s, const json_value *id, int code, const char *message)
{
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_string(&w, "jsonrpc", "2.0");
    json_key(&w, "id");
    if (id)
        json_value_write(&w, id);
    else
        json_null(&w);
    json_key(&w, "error");
    json_begin_object(&w);
    json_key_int(&w, "code", code);
    json_key_string(&w, "message", message);
    json_end_object(&w);
    json_end_object(&w);
    lsp_send(s, &w);
}

static void write_position(json_writer *w, int64_t line, int64_t character)
{
    json_begin_object(w);
    json_key_int(w, "line", line);
    json_key_int(w, "character", character);
    json_end_object(w);
}

void lsp_write_range(json_writer *w, const char *text, size_t len, int line, int col, int width)
{
    int l = line > 0 ? line - 1 : 0;
    size_t line_len = 0;
    const char *at = lsp_line(text, len, l, &line_len);
    if (!at)
        at = "", line_len = 0;
    size_t from = col > 0 ? (size_t)col - 1 : 0;
    size_t to = col > 0 ? from + (size_t)(width > 0 ? width : 1) : line_len;
    json_begin_object(w);
    json_key(w, "start");
    write_position(w, l, lsp_utf16_of_byte(at, line_len, from));
    json_key(w, "end");
    write_position(w, l, lsp_utf16_of_byte(at, line_len, to));
    json_end_object(w);
}

static void write_diagnostic(json_writer *w, const lsp_doc *doc, const lsp_diag *d,
                             const char *message)
{
    json_begin_object(w);
    json_key(w, "range");
    lsp_write_range(w, doc->text, doc->len, d->line, d->col, d->len);
    json_key_int(w, "severity", d->severity);
    json_key_string(w, "message", message);
    if (d->code) {
        json_key_string(w, "code", d->code);
        json_key_string(w, "source", "asmtools-check");
    }
    json_end_object(w);
}

/* Publishes the diagnostics of doc's program that are in doc; those of a
 * file it includes show on doc's first line with their place; those of
 * another open document go with that one's own. */
static void publish(lsp_server *s, const lsp_doc *doc)
{
    lsp_program prog;
    lsp_assemble_doc(s, doc, &prog);
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_string(&w, "jsonrpc", "2.0");
    json_key_string(&w, "method", "textDocument/publishDiagnostics");
    json_key(&w, "params");
    json_begin_object(&w);
    json_key_string(&w, "uri", doc->uri);
    json_key(&w, "diagnostics");
    json_begin_array(&w);
    for (size_t i = 0; i < prog.diag_count; i++) {
        const lsp_diag *d = &prog.diags[i];
        if (d->file == 0) {
            write_diagnostic(&w, doc, d, d->message);
            continue;
        }
        const char *path = d->file < prog.file_count ? prog.files[d->file].path : "";
        bool open = false;
        for (size_t k = 0; k < s->doc_count; k++)
            open = open || strcmp(s->docs[k].path, path) == 0;
        if (open)
            continue;
        lsp_text where = {0};
        lsp_text_add(&where, "%s:%d:%d: %s", path, d->line, d->col, d->message);
        lsp_diag first = {0, 1, 1, 1, d->severity, NULL, d->code};
        write_diagnostic(&w, doc, &first, where.buf);
        lsp_text_free(&where);
    }
    json_end_array(&w);
    json_end_object(&w);
    json_end_object(&w);
    lsp_send(s, &w);
    lsp_program_free(&prog);
}

static void publish_empty(lsp_server *s, const char *uri)
{
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_string(&w, "jsonrpc", "2.0");
    json_key_string(&w, "method", "textDocument/publishDiagnostics");
    json_key(&w, "params");
    json_begin_object(&w);
    json_key_string(&w, "uri", uri);
    json_key(&w, "diagnostics");
    json_begin_array(&w);
    json_end_array(&w);
    json_end_object(&w);
    json_end_object(&w);
    lsp_send(s, &w);
}

/* After a change: the changed document, and for a multi-file ISA every
 * open one (a label it takes from the changed one may have gone). */
static void publish_after(lsp_server *s, const char *uri)
{
    lsp_doc *changed = lsp_doc_find(s, uri);
    if (changed)
        publish(s, changed);
    for (size_t i = 0; s->isa->multi_file && i < s->doc_count; i++)
        if (&s->docs[i] != changed)
            publish(s, &s->docs[i]);
}

static void initialize(lsp_server *s, const json_value *id)
{
    json_writer w;
    lsp_reply_begin(&w, id);
    json_begin_object(&w);
    json_key(&w, "capabilities");
    json_begin_object(&w);
    json_key(&w, "textDocumentSync");
    json_begin_object(&w);
    json_key_bool(&w, "openClose", true);
    json_key_int(&w, "change", 1); /* full: the whole text on each change */
    json_end_object(&w);
    json_key_bool(&w, "hoverProvider", true);
    json_key_bool(&w, "definitionProvider", true);
    json_key_bool(&w, "referencesProvider", true);
    json_key_bool(&w, "documentSymbolProvider", true);
    json_key(&w, "completionProvider");
    json_begin_object(&w);
    json_key(&w, "triggerCharacters");
    json_begin_array(&w);
    json_string(&w, "$");
    json_string(&w, ",");
    json_end_array(&w);
    json_end_object(&w);
    json_key(&w, "semanticTokensProvider");
    json_begin_object(&w);
    json_key(&w, "legend");
    lsp_write_token_legend(&w);
    json_key_bool(&w, "full", true);
    json_end_object(&w);
    json_end_object(&w);
    json_key(&w, "serverInfo");
    json_begin_object(&w);
    json_key_string(&w, "name", s->isa->name);
    json_end_object(&w);
    json_end_object(&w);
    lsp_reply_end(s, &w);
    s->initialized = true;
}

/* The text of a full-sync change: the last change without a range. */
static const json_value *full_text(const json_value *changes)
{
    const json_value *text = NULL;
    for (size_t i = 0; changes && i < changes->count; i++)
        if (!json_get(&changes->items[i], "range") &&
            json_get(&changes->items[i], "text") &&
            json_get(&changes->items[i], "text")->type == JSON_STRING)
            text = json_get(&changes->items[i], "text");
    return text;
}

static void notification(lsp_server *s, const char *method, const json_value *params)
{
    const json_value *doc = json_get_object(params, "textDocument");
    const char *uri = json_get_string(doc, "uri");
    if (!s->initialized || !uri)
        return;
    if (strcmp(method, "textDocument/didOpen") == 0) {
        const json_value *text = json_get(doc, "text");
        if (text && text->type == JSON_STRING && lsp_doc_set(s, uri, text->string, text->length))
            publish_after(s, uri);
    } else if (strcmp(method, "textDocument/didChange") == 0) {
        const json_value *text = full_text(json_get_array(params, "contentChanges"));
        if (text && lsp_doc_find(s, uri) && lsp_doc_set(s, uri, text->string, text->length))
            publish_after(s, uri);
    } else if (strcmp(method, "textDocument/didClose") == 0 && lsp_doc_find(s, uri)) {
        lsp_doc_close(s, uri);
        publish_empty(s, uri);
        publish_after(s, "");
    }
}

static void request(lsp_server *s, const char *method, const json_value *id,
                    const json_value *params)
{
    if (strcmp(method, "initialize") == 0) {
        if (s->initialized)
            lsp_reply_error(s, id, LSP_INVALID_REQUEST, "the server is initialized already");
        else
            initialize(s, id);
    } else if (!s->initialized) {
        lsp_reply_error(s, id, LSP_NOT_INITIALIZED, "initialize comes first");
    } else if (s->shut_down) {
        lsp_reply_error(s, id, LSP_INVALID_REQUEST, "the server is shut down");
    } else if (strcmp(method, "shutdown") == 0) {
        s->shut_down = true;
        json_writer w;
        lsp_reply_begin(&w, id);
        json_null(&w);
        lsp_reply_end(s, &w);
    } else if (strcmp(method, "textDocument/hover") == 0) {
        lsp_hover(s, id, params);
    } else if (strcmp(method, "textDocument/definition") == 0) {
        lsp_definition(s, id, params, false);
    } else if (strcmp(method, "textDocument/references") == 0) {
        lsp_definition(s, id, params, true);
    } else if (strcmp(method, "textDocument/completion") == 0) {
        lsp_complete(s, id, params);
    } else if (strcmp(method, "textDocument/documentSymbol") == 0) {
        lsp_document_symbols(s, id, params);
    } else if (strcmp(method, "textDocument/semanticTokens/full") == 0) {
        lsp_semantic_tokens(s, id, params);
    } else {
        lsp_reply_error(s, id, LSP_METHOD_NOT_FOUND, "no such method");
    }
}

/* One message; true when it was exit (its status in *status). */
static bool handle(lsp_server *s, const json_value *msg, int *status)
{
    const json_value *id = json_get(msg, "id");
    const json_value *method = json_get(msg, "method");
    if (id && id->type != JSON_NUMBER && id->type != JSON_STRING) {
        lsp_reply_error(s, NULL, LSP_INVALID_REQUEST, "an id is a number or a string");
        return false;
    }
    if (!method) {
        if (!id) /* a response has an id: the server sends no requests to answer */
            lsp_reply_error(s, NULL, LSP_INVALID_REQUEST, "a message without a method");
        return false;
    }
    if (method->type != JSON_STRING) {
        if (id)
            lsp_reply_error(s, id, LSP_INVALID_REQUEST, "a method is a string");
        return false;
    }
    if (strcmp(method->string, "exit") == 0) {
        *status = s->shut_down ? 0 : 1;
        return true;
    }
    if (id)
        request(s, method->string, id, json_get(msg, "params"));
    else
        notification(s, method->string, json_get(msg, "params"));
    return false;
}

int lsp_serve(const lsp_isa *isa, int in_fd, FILE *out)
{
    lsp_server *s = calloc(1, sizeof *s);
    if (!s)
        return 1;
    s->isa = isa;
    s->out = out;
    dap_reader r;
    dap_reader_init(&r, in_fd);
    int status = 1; /* input ended without exit */
    for (;;) {
        json_value *msg = NULL;
        char why[DAP_WHY_SIZE];
        dap_take got = dap_reader_take(&r, &msg, why);
        if (got == DAP_TAKE_NONE) {
            if (!dap_reader_fill(&r, -1))
                break;
        } else if (got == DAP_TAKE_BAD) {
            lsp_reply_error(s, NULL, LSP_PARSE_ERROR, why);
        } else {
            bool done = handle(s, msg, &status);
            json_free(msg);
            if (done)
                break;
        }
    }
    while (s->doc_count)
        lsp_doc_close(s, s->docs[0].uri);
    dap_reader_free(&r);
    free(s);
    return status;
}
