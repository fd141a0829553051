/* The MIPS assembler in MARS 4.5's dialect: source files in, the program
 * image MARS would load out (mips_program.h), every error and warning
 * reported through a diag_sink in MARS's own words (mips_messages.def). */
#ifndef MIPS_ASM_H
#define MIPS_ASM_H

#include <stdbool.h>
#include <stddef.h>

#include "../front/diag.h"
#include "../front/source.h"
#include "mips_program.h"

/* MARS's assembler settings; its command-line words in brackets. */
typedef struct mips_asm_options {
    bool allow_pseudo;        /* pseudo-instructions and formats (on unless "np") */
    bool delayed_branching;   /* "db": DBNOP and BROFF templates change */
    bool warnings_are_errors; /* "we": any warning fails the assembly */
    bool stop_like_mars;      /* stop where MARS stops (its drop-in front end): after
                                 the first file with a preprocessor error, after
                                 pass 1 with errors, at pass 2's first bad statement */
    const char *include_root; /* a sandbox (not MARS's): .include may read only files
                                 inside this folder (after symbolic links and ".."),
                                 never an absolute path; NULL: any file, as MARS */
} mips_asm_options;

/* MARS's defaults: pseudo-instructions allowed, no delayed branching,
 * warnings are only warnings. */
mips_asm_options mips_asm_default_options(void);

/* Assembles files together, as MARS does with several files on its command
 * line: text in command-line order, labels local to their file unless
 * .globl. options NULL means the defaults.
 *
 * Every error and warning of every file goes to diags, sorted by file (in
 * command-line order, then the included files), line and column; a sink the caller has buffered
 * (diag_buffer) keeps them for the caller's own flush. Warnings stay
 * warnings even under warnings_are_errors (as in MARS); they then only make
 * the result false.
 *
 * Returns true when the program assembled (no error, and no warning under
 * warnings_are_errors). out is filled either way and must be freed with
 * mips_program_free; it points to files, which must outlive it, and owns
 * the files they include, so a caller that buffered diags flushes them
 * before freeing out.
 *
 * Each file goes through the preprocessor (mips_preproc.h: .include, .eqv,
 * macros); as in MARS, every file is preprocessed before any is assembled,
 * and nothing is assembled if that reported an error. */
bool mips_assemble(const source_file *const *files, size_t count,
                   const mips_asm_options *options, diag_sink *diags, mips_program *out);

#endif
