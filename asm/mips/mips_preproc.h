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

/* A macro use whose expansion a line comes from. */
typedef struct mips_macro_use {
    const source_file *file; /* the line holding the use */
    int line;
    int mars_line;           /* the number MARS's messages show for it ("line 12->5"):
                                the file's line for a use outside any macro; for a
                                use inside a body, that body line's index in the
                                file with every .include spliced in */
    int col, len;            /* the macro's name in that line */
    const char *name;        /* the macro's (valid as long as the preprocessor) */
} mips_macro_use;

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
    const mips_macro_use *uses; /* the macro uses being expanded, outermost first
                                   (uses[0] is use_file/use_line); valid as text is */
    size_t use_count;           /* 0 when not from a macro */
} mips_line;

typedef struct mips_preproc mips_preproc;

/* A line of MARS's source line list for a top-level file
 * (Tokenizer.processIncludes: each .include line replaced by the included
 * file's lines): where it came from. */
typedef struct mips_spliced_line {
    const source_file *file;
    int line;
} mips_spliced_line;

/* The list, malloc'd, when the file included another (NULL otherwise, and
 * *count 0). Valid after mips_preproc_prepare. */
mips_spliced_line *mips_preproc_spliced_lines(const mips_preproc *pp, size_t *count);

/* A preprocessor over one top-level file (each file given on the command
 * line gets its own: .eqv symbols and macros are local to a file, as in
 * MARS). Included files are found relative to the including file.
 * Diagnostics go to diags. NULL when out of memory. */
mips_preproc *mips_preproc_new(const source_file *top, diag_sink *diags);

/* Confines .include to files inside root (mips_asm_options.include_root);
 * NULL (the default) lets it read any file, as MARS does. Call before
 * mips_preproc_prepare; root must outlive the preprocessor. */
void mips_preproc_confine_includes(mips_preproc *pp, const char *root);

/* MARS's tokenizer stage for the whole file: splices .include files, records
 * .eqv symbols and substitutes them, and reports every lexical error
 * ("Invalid language element"), .eqv error and .include error. False if it
 * reported any: MARS then assembles nothing, and mips_preproc_next returns
 * NULL at once. MARS runs this stage for every file on the command line
 * before assembling any; mips_preproc_next runs it if it has not run. */
bool mips_preproc_prepare(mips_preproc *pp);

/* The next line for the passes, or NULL at the end. Definition lines
 * (.macro ... .end_macro, .eqv, .include) are consumed here and not
 * returned; a label in front of one is returned alone (text cut after the
 * colon), as is a label in front of a macro use, before its expansion.
 * Lexical errors of the lines returned have been reported here already:
 * the passes must not report MIPS_LEX_ERROR tokens again. */
const mips_line *mips_preproc_next(mips_preproc *pp);

/* Whether a macro of this name (any number of parameters) is defined by the
 * lines returned so far. MARS then reports a line that starts with it but
 * matches no definition as: forward reference or invalid parameters for
 * macro "name" (instead of: "name" is not a recognized operator). */
bool mips_preproc_is_macro(const mips_preproc *pp, const char *name, size_t len);

/* Files this preprocessor loaded (.include), for the program image to keep
 * (they must outlive the program's diagnostics and debugger views). The
 * caller takes ownership of the array and the files. */
source_file **mips_preproc_take_files(mips_preproc *pp, size_t *count);

void mips_preproc_free(mips_preproc *pp);

#endif
