/* What the language server's files share: the open documents, positions
 * in LSP's UTF-16 units, the words of a line, and the replies. */
#ifndef LSP_IMPL_H
#define LSP_IMPL_H

#include "json.h"
#include "lsp.h"

/* At most this many documents open at once: each change assembles the
 * program of every open one. */
enum { LSP_MAX_DOCS = 64 };

typedef struct lsp_doc {
    char *uri;
    char *path; /* the file's path for a file:// URI, else the URI */
    char *text;
    size_t len;
} lsp_doc;

typedef struct lsp_server {
    const lsp_isa *isa;
    FILE *out;
    lsp_doc docs[LSP_MAX_DOCS];
    size_t doc_count;
    bool initialized, shut_down;
} lsp_server;

/* JSON-RPC's and LSP's error codes. */
enum {
    LSP_PARSE_ERROR = -32700,
    LSP_INVALID_REQUEST = -32600,
    LSP_METHOD_NOT_FOUND = -32601,
    LSP_INVALID_PARAMS = -32602,
    LSP_NOT_INITIALIZED = -32002,
};

/* lsp_docs.c: the documents and paths. */
lsp_doc *lsp_doc_find(lsp_server *s, const char *uri);
/* Opens or replaces a document; false when LSP_MAX_DOCS are open. */
bool lsp_doc_set(lsp_server *s, const char *uri, const char *text, size_t len);
void lsp_doc_close(lsp_server *s, const char *uri);
/* The path a URI names (malloc'd): file:// decoded, anything else as it is. */
char *lsp_uri_path(const char *uri);
/* The URI for a path (malloc'd): the open document's own URI when one has
 * that path, else file:// and the path, escaped. */
char *lsp_path_uri(lsp_server *s, const char *path);
/* Assembles doc's program: doc first, then (for a multi-file ISA) every
 * other open document that declares .globl. */
void lsp_assemble_doc(lsp_server *s, const lsp_doc *doc, lsp_program *out);

/* lsp_text.c: lines, words and UTF-16 positions. */
/* The bytes of line (0-based) of text, NULL past the end. */
const char *lsp_line(const char *text, size_t len, int line, size_t *line_len);
/* A byte offset in a line from a UTF-16 character offset, and back. */
size_t lsp_byte_of_utf16(const char *line, size_t len, int64_t character);
int64_t lsp_utf16_of_byte(const char *line, size_t len, size_t byte);
/* Where the comment of a line starts (len when none): the comment
 * character outside a string or character literal. */
size_t lsp_comment_start(const lsp_isa *isa, const char *line, size_t len);
/* The word around byte at in line (not in a comment): its start and length;
 * false when there is none. */
bool lsp_word_at(const lsp_isa *isa, const char *line, size_t len, size_t at, size_t *start,
                 size_t *word_len);
/* Whether the word at start is its statement's operator: its line's first
 * word, or the first after a "label:" (or, for LC-3, after a first word
 * that is no operator). */
bool lsp_at_operator(const lsp_isa *isa, const char *line, size_t start);
bool lsp_same_name(const lsp_isa *isa, const char *a, size_t a_len, const char *b);

/* lsp_server.c: replies. */
void lsp_send(lsp_server *s, json_writer *w);
/* Starts a response to id: {"jsonrpc":"2.0","id":..,"result": (the caller
 * writes the result and calls lsp_reply_end). */
void lsp_reply_begin(json_writer *w, const json_value *id);
void lsp_reply_end(lsp_server *s, json_writer *w);
void lsp_reply_error(lsp_server *s, const json_value *id, int code, const char *message);
/* An LSP Range on one line, from 1-based byte columns of text's line. */
void lsp_write_range(json_writer *w, const char *text, size_t len, int line, int col,
                     int width);

/* lsp_features.c: the requests on a position. */
void lsp_hover(lsp_server *s, const json_value *id, const json_value *params);
void lsp_definition(lsp_server *s, const json_value *id, const json_value *params,
                    bool references);
void lsp_complete(lsp_server *s, const json_value *id, const json_value *params);
void lsp_document_symbols(lsp_server *s, const json_value *id, const json_value *params);

/* lsp_tokens.c: semantic tokens. */
/* The legend: {"tokenTypes": [...], "tokenModifiers": [...]}. */
void lsp_write_token_legend(json_writer *w);
void lsp_semantic_tokens(lsp_server *s, const json_value *id, const json_value *params);

#endif
