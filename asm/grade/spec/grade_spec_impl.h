/* The spec parser's insides, shared by its files: a line's tokens
 * (grade_spec_lex.c), the top-level statements and the whole file
 * (grade_spec.c), a function's (grade_spec_function.c) and a program's
 * (grade_spec_program.c), the generators and values (grade_spec_gen.c). */
#ifndef GRADE_SPEC_IMPL_H
#define GRADE_SPEC_IMPL_H

#include "grow.h"
#include "grade_spec.h"

typedef enum spec_tok_kind {
    TOK_WORD,   /* a run of other characters: keys, names, numbers, ranges, paths */
    TOK_STRING, /* "..." decoded into text */
    TOK_CHAR,   /* 'x' decoded into text[0] */
    TOK_OP,     /* = == != < <= > >= */
    TOK_PUNCT,  /* , [ ] */
    TOK_END,    /* past the last token: where "expected ..." points */
} spec_tok_kind;

typedef struct spec_tok {
    spec_tok_kind kind;
    const char *start; /* in the line */
    int len, col;
    char *text;        /* TOK_STRING, TOK_CHAR: the bytes (malloc'd) */
    size_t text_len;
} spec_tok;

/* A statement's words (a 1,024-element array literal takes about 2,050),
 * its physical lines' bytes, its continued lines and its bytes in all. */
enum { SPEC_LINE_TOKENS = 4096, SPEC_ONCE_KEYS = 8, SPEC_LINE_BYTES = 4096,
       SPEC_PIECES_MAX = 1024, SPEC_LOGICAL_BYTES = 64 << 10 };

/* A physical line of a logical one: where it starts in the joined text
 * (0-based) and its number. */
typedef struct spec_piece {
    int at, line;
} spec_piece;

/* A key a block gives at most once, and the line that gave it: a second
 * one would silently win over the first. */
typedef struct spec_once {
    const char *key; /* how messages name it: "'points'" */
    int line;
} spec_once;

typedef struct spec_parser {
    const source_file *file;
    const grade_spec_isa *isa;
    diag_sink *sink;
    grade_spec *spec;
    int line;
    spec_tok *toks;            /* SPEC_LINE_TOKENS + 1 of them */
    int count, pos;
    int line_len;
    grade_spec_function *fn;   /* the open block, if any */
    grade_spec_program *prog;
    grade_spec_case *kase;     /* the open case of fn */
    grade_spec_record *rec;    /* the open record type, if any */
    int case_indent;
    bool failed;
    int errors;                /* reported so far: did a line parse cleanly? */
    spec_once top_once[SPEC_ONCE_KEYS], block_once[SPEC_ONCE_KEYS];
    int top_once_count, block_once_count;
    char *joined;              /* the logical line (grade_spec_lines.c) */
    size_t joined_len, joined_cap;
    spec_piece pieces[SPEC_PIECES_MAX];
    int piece_count;
} spec_parser;

/* The next logical line from *line on into p->joined (its pieces), *line
 * past it; false after an error (a line too long), the lines skipped. */
bool spec_join_lines(spec_parser *p, int *line);
/* The physical line and column of the logical line's column col. */
void spec_piece_of(const spec_parser *p, int col, int *line, int *piece_col);

/* Splits line (len bytes, col 1 at its start) into p->toks; false after
 * reporting a lexical error (the line is then skipped). */
bool spec_lex_line(spec_parser *p, const char *line, int len);
void spec_free_tokens(spec_parser *p);

/* An error at token t (or at the end of the line for TOK_END). */
void spec_error(spec_parser *p, const spec_tok *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Token helpers: the next token, whether it is word w, its text. */
const spec_tok *spec_next(spec_parser *p);
const spec_tok *spec_peek(const spec_parser *p);
bool spec_is(const spec_tok *t, const char *w);
bool spec_tok_equal(const spec_tok *t, const char *s);

/* A number, or a range LO..HI, in a word. */
bool spec_number(const spec_tok *t, int64_t *value);
bool spec_range(spec_parser *p, const spec_tok *t, int32_t *lo, int32_t *hi, int64_t min,
                int64_t max, const char *what);
/* A register (the machine's name) in text[0..len): its number or -1. */
int spec_register(const spec_parser *p, const char *text, size_t len);
/* Reads a whole file relative to the spec's folder; false after an error at t. */
bool spec_read_file(spec_parser *p, const spec_tok *t, char **text, size_t *len);

/* `arg PLACE NAME = GENERATOR` of the open function. */
void spec_parse_arg(spec_parser *p);
/* grade_spec_gen_file.c: a buffer's size, file-name PATH, file-name
 * grid-file (after its word), a case's file-name value; false after an
 * error. spec_parse_grid: `ROWS by COLS cells SET [bit M P]` (gen.c). */
bool spec_parse_buffer_size(spec_parser *p, const grade_spec_function *fn, grade_gen *g);
bool spec_parse_file_name(spec_parser *p, const spec_tok *path, grade_gen *g);
bool spec_parse_grid_file(spec_parser *p, grade_gen *g);
bool spec_parse_file_name_value(spec_parser *p, grade_gen *g);
bool spec_parse_grid(spec_parser *p, grade_gen *g);
/* grade_spec_gen_const.c: a string in quotes as a constant argument (t,
 * read already), and a list of strings ["a", "b"] (a string table's
 * constant or a case's value) into g; false after an error. */
bool spec_parse_constant_string(spec_parser *p, const spec_tok *t, grade_gen *g);
bool spec_parse_string_list(spec_parser *p, grade_gen *g);
/* `strings LO..HI of string LO..HI SET` after `strings`: a table drawn for
 * each case (grade_spec_gen_const.c). */
bool spec_parse_random_strings(spec_parser *p, grade_gen *g);
/* `list LO..HI of RECORD` after `list` (grade_spec_record.c). */
bool spec_record_list(spec_parser *p, grade_spec_function *fn, grade_gen *g);
/* grade_spec_record.c: `record NAME` (the top-level line) and its `field`
 * lines; the type a word names, or NULL; an argument of records of type r
 * (its pointer fields' targets resolved in fn; false after an error at);
 * the most bytes the strings of one record take; freeing the types. */
void spec_record_start(spec_parser *p);
void spec_record_statement(spec_parser *p, const spec_tok *key);
const grade_spec_record *spec_find_record(const spec_parser *p, const spec_tok *t);
bool spec_record_use(spec_parser *p, const grade_spec_function *fn, const grade_spec_record *r,
                     const spec_tok *at, grade_gen *g);
uint32_t spec_record_max_strings(const grade_spec_record *r);

/* The characters (and NULs) a string table may take: a constant's, or HI
 * drawn strings of the longest length. */
uint32_t spec_strings_text_max(const grade_gen *g);
/* A case's value of a records argument: [[2017, "Abc", people[1]], ...]
 * (one record: [2017, "Abc", people[1]]): each field's number in
 * g->values (a string: its offset in g->text; a pointer: the element). */
bool spec_parse_records_value(spec_parser *p, const grade_spec_function *fn, int arg,
                              grade_gen *g);
/* An array field's [N, ...] appended to *blob (*len bytes) as its count
 * (4 bytes) and its elements; *least the smallest, when not NULL. */
bool spec_record_array(spec_parser *p, const grade_record_field *f, char **blob, size_t *len,
                       int32_t *least);
/* `NAME` or `NAME[INDEX]` (a pointer's value: the element) into index. */
bool spec_parse_element(spec_parser *p, int32_t *index);
void spec_records_free(grade_spec *s);
/* A set of characters (a name or in quotes) into set (256 bytes); a size
 * word (byte, half, word) as bytes, 0 after an error. */
bool spec_parse_set(spec_parser *p, char *set);
int spec_parse_size(spec_parser *p);
/* [n, n, ...] into g->values, each within lo..hi; false after an error. */
bool spec_parse_list(spec_parser *p, grade_gen *g, int64_t lo, int64_t hi);
/* `NAME = VALUE` inside a case (grade_spec_case_value.c). */
void spec_parse_case_value(spec_parser *p);
void spec_gen_free(grade_gen *g);
/* The largest number of bytes an argument may take in the data window. */
uint32_t spec_gen_max_bytes(const grade_gen *g);
bool spec_gen_is_pointer(const grade_gen *g);
/* The largest 'length' an argument may have (0 for a number). */
uint32_t spec_gen_max_length(const grade_gen *g);
/* The most words it may take on a machine of word elements (a string's
 * NUL, a string table's strings included). */
uint32_t spec_gen_max_words(const grade_gen *g);
/* The argument of fn named by t, or -1. */
int spec_find_arg(const grade_spec_function *fn, const spec_tok *t);

/* An expression from the current token on (grade_spec_expr_parse.c), which it
 * consumes; NULL after an error. after: it may read the state after the
 * call (a must-call's condition). */
grade_expr *spec_parse_expr(spec_parser *p, bool after);
/* A set's target: a struct's field or a grid's cell. */
grade_expr *spec_parse_target(spec_parser *p);
/* Whether the current token begins an expression rather than a generator. */
bool spec_starts_expr(const spec_parser *p);
/* `int LO..HI` or `char SET` (a let's generator) into g. */
bool spec_parse_scalar(spec_parser *p, grade_gen *g);

/* Shared by the statements of every block. */
char *spec_text_of(const spec_tok *t);                /* a word or string, malloc'd */
bool spec_line_ends(spec_parser *p);                  /* else an error at the rest */
bool spec_positive_number(spec_parser *p, int64_t max, const char *what, int64_t *value);
bool spec_points(spec_parser *p, double *out);
/* A register list (`$s0-$s7 $fp`) into a mask; false after an error. */
bool spec_registers(spec_parser *p, uint64_t *mask);
/* A line of the open function block (indent: its indentation, for a case
 * it opens), and a line of its open case. */
void spec_function_statement(spec_parser *p, const spec_tok *key, int indent);
void spec_case_statement(spec_parser *p, const spec_tok *key);
/* `include NAME...` at the top (grade_spec_include.c), key its key. */
void spec_includes(spec_parser *p, const spec_tok *key);
/* A function's `compare` line (grade_spec_function_compare.c). */
void spec_compare(spec_parser *p, grade_spec_function *fn);
/* `callees from the reference LABEL...` (grade_spec_callees.c). */
void spec_reference_callees(spec_parser *p, grade_spec_function *fn, const spec_tok *key);
/* `require`, `let` and `set` of fn (grade_spec_let.c), key their key. */
void spec_require(spec_parser *p, grade_spec_function *fn, const spec_tok *key);
void spec_let(spec_parser *p, grade_spec_function *fn, const spec_tok *key);
void spec_set(spec_parser *p, grade_spec_function *fn, const spec_tok *key);
/* A line of the open program block. */
void spec_program_statement(spec_parser *p, const spec_tok *key);
/* An address of the machine's memory (`x4000`, `0x4000` or decimal) in t;
 * false after an error at t (grade_spec_program_data.c). */
bool spec_address(spec_parser *p, const spec_tok *t, uint32_t *address);
/* A program's memory inputs and results: `memory`, `cases`, `let`, `set`,
 * `require`, and `compare` of registers, ranges and inputs; false when key
 * is none of them. Checks of a program on data once the file is read. */
bool spec_program_data_statement(spec_parser *p, const spec_tok *key);
bool spec_program_compare_results(spec_parser *p, const spec_tok *first);
void spec_program_data_check(spec_parser *p, grade_spec_program *pr);
void spec_program_data_free(grade_spec_program *pr);
/* What a function (or a program test's inputs) owns (grade_spec.c). */
void spec_function_free(grade_spec_function *fn);
/* `stdin NAME = GENERATOR [then "TEXT"]` (key: the `stdin` token). */
void spec_program_keys(spec_parser *p, const spec_tok *key);

#endif
