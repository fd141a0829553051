/* Private to mips_preproc.c and mips_macro.c: the preprocessor's state and
 * the helpers both halves use (docs/mips-assembler.md, "Preprocessing"). */
#ifndef MIPS_PREPROC_IMPL_H
#define MIPS_PREPROC_IMPL_H

#include "../front/alloc.h"
#include "../front/symtab.h"
#include "mips_preproc.h"

/* Bounds MARS does not have (it recurses in Java until the stack or the
 * heap runs out); each is far beyond anything a real program needs. */
enum {
    PP_MAX_INCLUDE_DEPTH = 200,      /* files open in one .include chain */
    PP_MAX_MACRO_DEPTH = 200,        /* macro uses being expanded at once */
    PP_MAX_LINE = 1 << 23,           /* bytes of a line made by substitution */
    PP_MAX_LINE_WORK = 1 << 25,      /* bytes rescanned while substituting one line */
    PP_MAX_OUTPUT_LINES = 1 << 20,   /* lines of a file with every .include spliced
                                        and every macro use expanded, definitions
                                        included (hw4 has 1,500; 2^21 nops took
                                        555 MB to assemble and load) */
    PP_MAX_FRAME_BYTES = 1 << 26,    /* argument text held by the uses being expanded */
    PP_MAX_QUOTED = 1 << 25,         /* line text MARS's invalid-element errors quote */
};

typedef struct pp_tokens {
    mips_token *t;
    size_t count, cap;
} pp_tokens;

typedef struct pp_text {
    char *s;
    size_t len, cap;
} pp_text;

/* One line of the top-level file with every .include spliced in: MARS's
 * "source line list", whose 1-based index is the line number its macro
 * machinery uses. Made on demand (pp_record_at): a program keeps only its
 * runs and the lines .eqv changed, not a record per line. */
typedef struct pp_record {
    const source_file *file;
    int line;
    const char *raw; /* the line as written (into file->text) */
    size_t raw_len;
    const char *text; /* after .eqv substitution (raw when unchanged) */
    size_t len;
} pp_record;

/* Records of consecutive lines of one file: the whole top-level file when
 * it includes nothing. */
typedef struct pp_run {
    size_t first;            /* its first record */
    const source_file *file;
    int line;                /* the line of its first record */
} pp_run;

/* A record whose text .eqv substitution changed, in record order. */
typedef struct pp_changed {
    size_t rec;
    char *text;
    size_t len;
} pp_changed;

typedef struct pp_macro {
    char *name;
    size_t from, to;      /* records of the .macro and .end_macro lines */
    char **args;          /* parameter names as written (%x, or SPIM's $x) */
    size_t arg_count, arg_cap;
    char **labels;        /* labels defined in the body; sorted when committed */
    size_t label_count, label_cap;
    size_t older;         /* index + 1 of the previous macro of this name */
} pp_macro;

/* A macro use being expanded. */
typedef struct pp_frame {
    size_t macro;
    size_t next;          /* record of the next body line */
    size_t use_rec;       /* the line of the use: MARS's call-stack entry */
    int use_col, use_len; /* the macro name in that line */
    long counter;         /* the _M suffix of this expansion */
    char **args;          /* the argument tokens' values, one block */
    size_t arg_count, bytes;
} pp_frame;

struct mips_preproc {
    const source_file *top;
    diag_sink *diags;
    const char *include_root; /* NULL: .include reads any file */
    size_t output_lines;      /* records and body lines read so far */
    bool prepared, failed;
    int prepare_errors;
    size_t quoted; /* bytes of lines quoted in errors so far (PP_MAX_QUOTED) */

    /* MARS's tokenizer stage */
    size_t rec_count;
    pp_run *runs;
    size_t run_count, run_cap;
    pp_changed *changed;
    size_t changed_count, changed_cap;
    source_file **files; /* loaded by .include */
    size_t file_count, file_cap;
    symtab included;     /* every path included so far */
    symtab eqv;          /* value: index into eqv_expr */
    char **eqv_expr;
    size_t eqv_count, eqv_cap;

    /* MARS's first assembler pass, as far as macros go */
    size_t next_rec;
    bool in_macro, end_reported;
    pp_macro *macros;
    size_t macro_count, macro_cap, current;
    symtab macro_names; /* value: index + 1 of the newest macro of that name */
    long counter;
    pp_frame *frames;
    mips_macro_use *uses; /* parallel to frames, for mips_line */
    size_t frame_count, frame_cap, frame_bytes;
    /* A label before a consumed directive or a macro use is returned first
     * (as MARS records it first); the rest of that line waits here. */
    bool pending;
    size_t pending_rec;
    const char *pending_text;
    size_t pending_len;

    /* scratch, reused line after line */
    pp_tokens tok, body_tok;
    pp_text eqv_buf[2], sub;
    mips_line out;
};

/* The texts shared with the passes (mips_messages.def), by id. */
enum {
#define MIPS_MSG(id, level, format) PP_MSG_##id,
#include "mips_messages.def"
#undef MIPS_MSG
};
extern const char *const pp_messages[];

/* Memory: an assembler cannot go on without it, so failure aborts. */

/* Record rec (below rec_count): its file, line and texts. */
pp_record pp_record_at(const mips_preproc *pp, size_t rec);
/* Its text alone (after .eqv), and its file and *line alone. */
const char *pp_record_text(const mips_preproc *pp, size_t rec, size_t *len);
const source_file *pp_record_origin(const mips_preproc *pp, size_t rec, int *line);

/* Tokenizes text into tk (grown as needed). */
void pp_lex(pp_tokens *tk, const char *text, size_t len);

/* A token's value as MARS's Token holds it: the text, except that a
 * character literal is already its decimal value ('a' is "97"). */
size_t pp_token_value(const mips_token *t, char buf[16], const char **value);

/* Macro.tokenIsMacroParameter(value, true): %name, or SPIM's $name when it
 * is no register. */
bool pp_is_macro_param(const char *s, size_t len);

/* Reports message msg (PP_MSG_..., from mips_messages.def) at column col of
 * record rec; inside an expansion a note points at the macro use. */
void pp_error(mips_preproc *pp, size_t rec, int col, int len, int msg, ...);

/* Tokenizes a line as MARS's Tokenizer.tokenizeLine does with .eqv on:
 * records an .eqv or substitutes defined symbols one at a time, re-tokenizing
 * after each. Reports lexical and .eqv errors at record rec. The resulting
 * text is *out (in itself, or a scratch buffer) and its tokens are pp->tok. */
void pp_tokenize(mips_preproc *pp, size_t rec, const char *in, size_t in_len, const char **out,
                 size_t *out_len);

/* The macro stage (mips_macro.c). */
const mips_line *pp_macro_next(mips_preproc *pp);
void pp_macro_free(mips_preproc *pp);

#endif
