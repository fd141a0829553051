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
    const char *code;  /* a check's code (source "asmtools-check"); NULL: the
                          assembler's own message */
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
/* A finding of the runtime checks that shows without running: code names
 * the check (docs/language-server.md lists them). */
void lsp_program_check(lsp_program *p, size_t file, int line, int col, int len, int severity,
                       const char *code, const char *message);
void lsp_program_label(lsp_program *p, const lsp_label *label);
/* Whether the program defines a label name[0..len) (in any case when
 * fold_case). */
bool lsp_program_has_label(const lsp_program *p, const char *name, size_t len, bool fold_case);
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

/* The line that starts at *at in text (NULL past the end): its length in
 * *line_len, *at moved to the next one. Lines end in LF, CRLF or CR. */
const char *lsp_next_line(const char *text, size_t len, size_t *at, size_t *line_len);

/* Semantic tokens: what the TextMate grammars cannot tell. The legend's
 * types and modifiers, in the order the server announces them. */
typedef enum lsp_token_type {
    LSP_TOKEN_LABEL,     /* a label, defined or used */
    LSP_TOKEN_MACRO,     /* a macro's name (MIPS) */
    LSP_TOKEN_PARAMETER, /* a macro's %parameter (MIPS) */
    LSP_TOKEN_VARIABLE,  /* an .eqv name (MIPS), with LSP_MOD_READONLY */
    LSP_TOKEN_KEYWORD,   /* an instruction's mnemonic */
    LSP_TOKEN_REGISTER,  /* a register */
    LSP_TOKEN_TYPE_COUNT
} lsp_token_type;

enum lsp_token_modifier {
    LSP_MOD_DECLARATION = 1 << 0, /* where a label, macro or name is defined */
    LSP_MOD_READONLY = 1 << 1,    /* an .eqv name; $zero */
    LSP_MOD_PSEUDO = 1 << 2,      /* a pseudo-instruction's mnemonic */
    /* A register's use by the calling convention (none: general purpose). */
    LSP_MOD_RESERVED = 1 << 3,    /* for the assembler or the kernel */
    LSP_MOD_RESULT = 1 << 4,
    LSP_MOD_ARGUMENT = 1 << 5,
    LSP_MOD_TEMPORARY = 1 << 6,
    LSP_MOD_SAVED = 1 << 7,
    LSP_MOD_POINTER = 1 << 8,     /* stack, frame or global pointer */
    LSP_MOD_RETURN = 1 << 9,      /* the return address */
    LSP_MOD_COUNT = 10
};

typedef struct lsp_token {
    int line;          /* 0-based */
    size_t col, len;   /* bytes in the line */
    lsp_token_type type;
    unsigned mods;
} lsp_token;

typedef struct lsp_tokens {
    lsp_token *items;
    size_t count, cap;
} lsp_tokens;

void lsp_tokens_add(lsp_tokens *list, int line, size_t col, size_t len, lsp_token_type type,
                    unsigned mods);

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
    /* Adds the semantic tokens of a document's text, in order, knowing
     * the labels its program defines. */
    void (*tokens)(const char *text, size_t len, const lsp_program *prog, lsp_tokens *out);
} lsp_isa;

/* Serves one client on in_fd and out until the exit notification or the
 * end of input; returns the exit status (0 after shutdown then exit). */
int lsp_serve(const lsp_isa *isa, int in_fd, FILE *out);

#endif
