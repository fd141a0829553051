/* The MIPS preprocessor: turns source files into the stream of tokenized
 * lines the assembler's passes read, doing what MARS does before a statement
 * is assembled: .include splices a file in, .eqv substitutes symbols, and
 * .macro/.end_macro define macros whose uses are expanded. */
#ifndef MIPS_PREPROC_H
#define MIPS_PREPROC_H

#include <stdbool.h>
#include <stddef.h>

#include "../front/diag.h"
#include "../front/source.h"
#include "mips_lex.h"

/* One line as the passes see it. */
typedef struct mips_line {
    const source_file *file; /* where the text came from (an included file, or the
                                file of the macro definition for body lines) */
    int line;                /* 1-based line in that file */
    const source_file *use_file; /* for macro body lines: where the macro was used */
    int use_line;                /* (0 when not from a macro) */
    const char *text;        /* the line after substitutions (owned by the preprocessor,
                                valid until the next mips_preproc_next) */
    size_t len;
    mips_token *tokens;      /* mips_lex_line of text; token texts point into text */
    size_t token_count;
} mips_line;

typedef struct mips_preproc mips_preproc;

/* A preprocessor over one top-level file (each file given on the command
 * line gets its own: .eqv symbols and macros are local to a file, as in
 * MARS). Included files are found relative to the including file.
 * Diagnostics go to diags. NULL when out of memory. */
mips_preproc *mips_preproc_new(const source_file *top, diag_sink *diags);

/* The next line for the passes, or NULL at the end. Definition lines
 * (.macro ... .end_macro, .eqv, .include) are consumed here and not
 * returned. */
const mips_line *mips_preproc_next(mips_preproc *pp);

/* Files this preprocessor loaded (.include), for the program image to keep
 * (they must outlive the program's diagnostics and debugger views). The
 * caller takes ownership of the array and the files. */
source_file **mips_preproc_take_files(mips_preproc *pp, size_t *count);

void mips_preproc_free(mips_preproc *pp);

#endif
