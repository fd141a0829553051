/* Reads the program a user names: assembles a .asm file in memory, or reads
 * a .obj file, and places it in a machine. Shared by lc3sim and the tools
 * that run programs the same way (a debugger, a grader). */
#ifndef LC3_LOAD_H
#define LC3_LOAD_H

#include <stdbool.h>
#include <stdio.h>

#include "lc3_asm.h"
#include "lc3_machine.h"

/* A program read from a file, with its source when it was assembled (for
 * diagnostics, listings and a debugger's source view). */
typedef struct lc3_loaded {
    lc3_program program;
    source_file *source; /* NULL for an object file */
} lc3_loaded;

/* True when path names an object file (ends in .obj, any case); any other
 * file is assembly source. */
bool lc3_load_is_object(const char *path);

/* Reads path into out. Reports every problem on `errors` (assembler
 * diagnostics, or "TOOL: PATH: reason" with `tool` as the prefix) and
 * returns false; out is then empty. Free with lc3_loaded_free either way. */
bool lc3_load_file(const char *path, const char *tool, FILE *errors, lc3_loaded *out);
/* The same, whatever the name: assembly source, or an object file. */
bool lc3_load_source(const char *path, const char *tool, FILE *errors, lc3_loaded *out);
bool lc3_load_object(const char *path, const char *tool, FILE *errors, lc3_loaded *out);

/* Copies every block of the program into the machine's memory, in order
 * (a later block wins where blocks overlap); memory no block covers is
 * left as it was. */
void lc3_loaded_place(const lc3_loaded *loaded, lc3_machine *m);

void lc3_loaded_free(lc3_loaded *loaded);

/* Reports on out where the machine's last exception was raised: as the
 * assembler reports errors, file:line:col, the exception, the address and
 * the instruction, then the source line with a caret; without a source line
 * (an object file, a fetch outside the program) "TOOL: error: " and the
 * rest. */
void lc3_loaded_report_exception(const lc3_loaded *prog, const lc3_machine *m, const char *tool,
                                 FILE *out);

#endif
