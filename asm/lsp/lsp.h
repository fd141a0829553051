/* The language server both assemblers share (`mipsas --lsp`, `lc3as --lsp`):
 * LSP over stdio in DAP's framing (dap_wire.h), documents kept in memory,
 * and the features that need no ISA (definitions, references, outline,
 * label hover). What differs between the ISAs comes through an lsp_isa:
 * assembling open documents in-process into diagnostics and labels, and
 * the words of the instruction tables (hover, completion). */
#ifndef LSP_H
#define LSP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A growing NUL-terminated string (markdown for hovers, details). */
typedef struct lsp_text {
    char *buf;
    size_t len, size;
} lsp_text;

void lsp_text_add(lsp_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lsp_text_free(lsp_text *t);

/* A document the client has open: its file path (the URI itself when the
 * URI is not file://) and the text of the editor's buffer. */
typedef struct lsp_source {
    const char *path;
    const char *text;
    size_t len;
} lsp_source;

/* LSP's DiagnosticSeverity. */
enum { LSP_SEVERITY_ERROR = 1, LSP_SEVERITY_WARNING = 2, LSP_SEVERITY_INFO = 3 };

typedef struct lsp_diag {
    size_t file;       /* index in the program's files */
    int line, col, len; /* 1-based line and byte column; 0 when unknown */
    int severity;
    char *message;
} lsp_diag;

typedef struct lsp_label {
    char *name;
    int64_t address;
    size_t file;       /* where it is defined */
    int line, col;     /* 1-based; col 0 when unknown */
    bool global;       /* .globl */
    bool code;         /* in a code segment (the outline calls it a function) */
} lsp_label;

typedef struct lsp_file {
    char *path;
    char *text;        /* a copy of what the assembler read */
    size_t len;
} lsp_file;

/* What assembling gave: every file read (the sources first, in order, then
 * the included ones), the diagnostics and the labels. */
typedef struct lsp_program {
    lsp_file *files;
    size_t file_count, file_cap;
    lsp_diag *diags;
    size_t diag_count, diag_cap;
    lsp_label *labels;
    size_t label_count, label_cap;
} lsp_program;

/* The adapter's helpers: the index of the file at path (added with a copy
 * of its text when new), a diagnostic, a label. */
size_t lsp_program_file(lsp_program *p, const char *path, const char *text, size_t len);
void lsp_program_diag(lsp_program *p, size_t file, int line, int col, int len, int severity,
                      const char *message);
void lsp_program_label(lsp_program *p, const lsp_label *label);
void lsp_program_free(lsp_program *p);

/* LSP's CompletionItemKind values the adapters use. */
enum {
    LSP_KIND_FUNCTION = 3,
    LSP_KIND_VARIABLE = 6,
    LSP_KIND_KEYWORD = 14,
    LSP_KIND_CONSTANT = 21,
    LSP_KIND_VALUE = 12,
};

typedef struct lsp_completion {
    char *label;
    int kind;
    char *detail;        /* may be NULL */
    char *documentation; /* markdown; may be NULL */
    char *insert;        /* text to insert; NULL: the label */
} lsp_completion;

typedef struct lsp_completions {
    lsp_completion *items;
    size_t count, cap;
} lsp_completions;

void lsp_complete_add(lsp_completions *list, int kind, const char *label, const char *detail,
                      const char *documentation, const char *insert);

/* The start of the spaces and tabs that end text[0..end): what the
 * adapters' completion scans back over between a line's words. */
size_t lsp_blanks_before(const char *text, size_t end);

/* Where the cursor is in its statement, for completion. */
typedef enum lsp_place {
    LSP_AT_OPERATOR, /* the statement's first word: a mnemonic or directive */
    LSP_AT_OPERAND,  /* after it */
} lsp_place;

typedef struct lsp_isa {
    const char *name;      /* serverInfo.name: "mipsas", "lc3as" */
    char comment;          /* starts a comment to the end of the line */
    bool fold_case;        /* labels match in any case (LC-3) */
    bool label_colon;      /* a label is defined as "name:" (MIPS); else a line's
                              first word that is no operator is one (LC-3) */
    bool multi_file;       /* open documents with .globl are one program (MIPS) */
    /* An address as the ISA writes it ("0x00400000", "x3000"). */
    void (*address)(int64_t value, char *buf, size_t size);
    /* Whether c may be part of a word (label, mnemonic, register). */
    bool (*word_char)(char c);
    /* Assembles sources (the document first, then the others of its
     * program) in-process, filling out. */
    void (*assemble)(const lsp_source *sources, size_t count, lsp_program *out);
    /* Markdown for a mnemonic, directive or register word; false if none. */
    bool (*hover)(const char *word, size_t len, lsp_text *md);
    /* Whether word is a mnemonic or directive (then it is no label). */
    bool (*is_operator)(const char *word, size_t len);
    /* Adds completions for a cursor after `before` (the line up to the
     * cursor, the word being typed included) at place; returns true when
     * they are the only fitting ones (no labels are added then). */
    bool (*complete)(const char *before, size_t len, lsp_place place, lsp_completions *list);
} lsp_isa;

/* Serves one client on in_fd and out until the exit notification or the
 * end of input; returns the exit status (0 after shutdown then exit). */
int lsp_serve(const lsp_isa *isa, int in_fd, FILE *out);

#endif
