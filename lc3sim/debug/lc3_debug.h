/* lc3sim -d: the shared debugger (asm/debug/dbg.h) on the LC-3 machine. */
#ifndef LC3_DEBUG_H
#define LC3_DEBUG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "console.h"
#include "dbg.h"
#include "lc3_session.h"

typedef struct lc3_debug_options {
    const char *program;     /* .asm or .obj */
    const char *os_path;     /* NULL: the built-in OS */
    bool has_pc;
    uint16_t pc;
    bool ignore_privilege;
    uint64_t limit;          /* 0: none */
    const char *script;      /* -x: commands run first */
    const char *input_path;  /* --input: the program's keyboard */
    unsigned check_set;      /* --check: bits by LC3_CHECK_* (lc3_check.h); 0: none */
    unsigned check_saved;    /* --check-saved: the registers the saved check wants back */
    bool video;              /* --video: PennSim's display, the screenshot command */
} lc3_debug_options;

/* lc3sim's status for a program that raised an exception (LC3SIM_EXITS). */
enum { LC3_DEBUG_EXIT_EXCEPTION = 6 };

/* Loads the program and debugs it; returns lc3sim's exit status: 0, 1 when
 * it could not be loaded, LC3_DEBUG_EXIT_EXCEPTION when the program raised
 * an exception during the session (stopped at it or not). */
int lc3_debug_main(const lc3_debug_options *opt);

/* The pieces of it, for the DAP server (lc3_dap.c): the program (and --os)
 * loaded, what went wrong said on errors (NULL then); the debugger's
 * target on con (NULL when out of memory); whether the word at addr was
 * made by a data directive (.FILL, .BLKW, .STRINGZ); freeing it all (the
 * console excepted). */
typedef struct lc3_dbg lc3_dbg;
/* The target's register numbers after R0-R7. */
enum { LC3_DBG_PC = 8, LC3_DBG_PSR, LC3_DBG_USP, LC3_DBG_SSP };
lc3_dbg *lc3_debug_load(const lc3_debug_options *opt, FILE *errors);
dbg_target *lc3_debug_target(lc3_dbg *d, console *con);
bool lc3_debug_is_data(const lc3_dbg *d, uint32_t addr);
void lc3_debug_free(lc3_dbg *d);
/* The session that runs the program, for a host that runs it at full
 * speed between steps (the web page, web/). */
lc3_session *lc3_debug_session(lc3_dbg *d);

#endif
