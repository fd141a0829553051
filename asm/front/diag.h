/* Diagnostics: every error of a file, each with file:line:col, the line and a caret.
 *
 *   prog.asm:7:13: error: immediate 40 does not fit in imm5 (-16..15)
 *       7 |     ADD R1, R1, #40
 *         |                 ^~~
 *
 * A sink counts what it printed so a tool can exit non-zero after reporting
 * them all. Message texts live in each assembler's own table; this module only
 * frames them. */
#ifndef ASM_DIAG_H
#define ASM_DIAG_H

#include <stdarg.h>
#include <stdio.h>

#include "source.h"

typedef struct src_loc {
    const source_file *file; /* NULL for diagnostics about no file (command line) */
    int line;                /* 1-based; 0 if unknown */
    int col;                 /* 1-based byte column; 0 if unknown */
    int len;                 /* bytes to underline, >= 1 when col is known */
} src_loc;

typedef enum diag_level { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } diag_level;

typedef struct diag_entry diag_entry;

/* How a sink frames what it prints. GNU: "file:line:col: error: text" with
 * the line and a caret. MARS: MARS 4.5's own report, for its drop-in front
 * end ("Error in file line L column C: text", a zero line or column left
 * out, no source line); held diagnostics print in report order, warnings
 * first, at most 200 errors then MARS's limit message, and the notes after
 * a diagnostic (the macro uses it was expanded from, outermost first) give
 * its line as "use->use->line". */
typedef enum diag_style { DIAG_STYLE_GNU, DIAG_STYLE_MARS } diag_style;

/* Errors a sink shows by default, as MARS's ErrorList keeps 200: the rest
 * are counted, and one line says how many were not shown, so a flood (a
 * bad line doubled by nested macros) cannot make a report of megabytes. */
enum { DIAG_MAX_ERRORS = 200 };
/* MARS's ErrorList keeps at most this many errors, then says so once. */
enum { DIAG_MARS_ERROR_LIMIT = 200 };

/* A sink that collects: each diagnostic it would print, handed over as
 * data (the language server's diagnostics), text without file or caret. */
typedef void (*diag_collect_fn)(void *ctx, diag_level level, src_loc loc, const char *text);

typedef struct diag_sink {
    FILE *out;          /* where diagnostics go (stderr, or a memstream in tests);
                           NULL with collect */
    diag_collect_fn collect; /* set: diagnostics go here instead of out */
    void *collect_ctx;
    int errors;         /* errors reported so far */
    int warnings;       /* warnings reported so far */
    int max_errors;     /* errors shown (DIAG_MAX_ERRORS); the rest, and their notes,
                           are only counted, never held; 0 = no cap */
    int batch_errors;   /* errors since the last flush */
    int hidden_errors;  /* of those, counted but not shown */
    int hiding;         /* the last error was hidden: so are its notes */
    int mars_held_errors, mars_full; /* MARS style: its 200 errors and limit line held */
    int show_source;    /* print the line and caret after the message */
    diag_style style;
    /* Buffered mode: an assembler reports in pass order, the user reads in
     * source order. Entries wait here until diag_flush sorts and prints them. */
    int buffered;
    diag_entry *entries;
    size_t entry_count, entry_cap;
    const source_file **ranked; /* file order for sorting held diagnostics */
    size_t ranked_count, ranked_cap;
} diag_sink;

void diag_init(diag_sink *sink, FILE *out);

/* Starts holding diagnostics back until diag_flush. */
void diag_buffer(diag_sink *sink);
/* Prints held diagnostics by file, line and column (a note stays right after
 * the diagnostic it belongs to), then prints as they come again. Files sort
 * in the order diag_rank_file gave them, then in order of first appearance. */
void diag_flush(diag_sink *sink);

/* Gives file the next place in the sorting order of a held-back list (an
 * assembler ranks its files in command-line order); the ranking ends with
 * the flush. Ranking a file twice keeps its first place. */
void diag_rank_file(diag_sink *sink, const source_file *file);

/* Frees what the sink holds (unflushed diagnostics are dropped). */
void diag_free(diag_sink *sink);

void diag_report(diag_sink *sink, diag_level level, src_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_vreport(diag_sink *sink, diag_level level, src_loc loc, const char *fmt,
                  va_list ap);

#define diag_error(sink, loc, ...)   diag_report((sink), DIAG_ERROR, (loc), __VA_ARGS__)
#define diag_warning(sink, loc, ...) diag_report((sink), DIAG_WARNING, (loc), __VA_ARGS__)
#define diag_note(sink, loc, ...)    diag_report((sink), DIAG_NOTE, (loc), __VA_ARGS__)

#endif
