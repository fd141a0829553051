/* The intermediate form the LC-3 grammar builds: one statement per source
 * line, operands as written. Private to the assembler. */
#ifndef LC3_PARSE_H
#define LC3_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "../front/diag.h"
#include "lc3_isa.h"

typedef enum lc3_arg_kind {
    LC3_ARG_REG,    /* R0-R7: num is the register */
    LC3_ARG_NUM,    /* num */
    LC3_ARG_NAME,   /* a label: text */
    LC3_ARG_STRING, /* decoded bytes: text, len */
    LC3_ARG_OPCODE, /* an opcode name where an operand belongs (an error) */
} lc3_arg_kind;

typedef struct lc3_arg {
    lc3_arg_kind kind;
    int64_t num;
    char *text;   /* owned; NUL-terminated */
    size_t len;
    src_loc loc;
    int number_like_name; /* a NUM spelled like a label (xAB, b101) */
} lc3_arg;

typedef enum lc3_stmt_kind {
    LC3_STMT_EMPTY,     /* blank, comment or label only */
    LC3_STMT_INSN,      /* insn is the first table row of the mnemonic */
    LC3_STMT_DIRECTIVE, /* name is the directive, e.g. ".ORIG" */
    LC3_STMT_UNKNOWN,   /* name is not an opcode: reported by the passes */
} lc3_stmt_kind;

typedef struct lc3_stmt {
    int line;
    char *label;   /* owned, or NULL */
    src_loc label_loc;
    lc3_stmt_kind kind;
    const lc3_insn_info *insn;
    char *name;    /* owned: the mnemonic or directive as written */
    src_loc name_loc;
    lc3_arg *args; /* owned */
    size_t arg_count;
} lc3_stmt;

/* What the scanner and parser share (flex's "extra" and bison's parse-param). */
typedef struct lc3_parse {
    const source_file *src;
    diag_sink *diags;
    lc3_stmt *stmts;
    size_t stmt_count, stmt_cap;
    lc3_arg *pending; /* operands of the line being parsed */
    size_t pending_count, pending_cap;
    int line, col;    /* where the scanner is (1-based) */
    int last_error_line; /* a line the scanner already reported: no syntax error too */
    char **wide_names;   /* lc3tools-only label names already warned about, so a
                            label used ten times warns once */
    size_t wide_count, wide_cap;
} lc3_parse;

/* A token's value: numbers in num, names and strings in text (owned). */
typedef struct lc3_token {
    int64_t num;
    char *text;
    size_t len;
    const lc3_insn_info *insn;
} lc3_token;

/* Runs the scanner and parser over the whole source; syntax errors go to
 * the sink and parsing resumes at the next line. */
void lc3_parse_source(lc3_parse *p);
void lc3_parse_free(lc3_parse *p);

/* Helpers the grammar actions call (lc3_parse.c). */
src_loc lc3_loc(const lc3_parse *p, int line, int first_col, int last_col);
void lc3_push_arg(lc3_parse *p, lc3_arg arg);
void lc3_finish_stmt(lc3_parse *p, lc3_stmt stmt);

#endif
