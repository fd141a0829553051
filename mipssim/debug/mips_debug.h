/* mipssim -d: the shared debugger (asm/debug/dbg.h) on the MIPS machine,
 * through a session (mips_session.h). */
#ifndef MIPS_DEBUG_H
#define MIPS_DEBUG_H

#include <stdint.h>

#include "dbg.h"
#include "mips_bitmap.h"
#include "mips_program.h"
#include "mips_session.h"

typedef struct mips_debug_config {
    mips_session_config session; /* the machine and syscall options */
    char **args;                 /* program arguments, MARS's pa */
    int arg_count;
    int source_count;            /* the program's own files: their local labels */
    unsigned check_set;          /* --check's checks (mips_check.h); 0: none */
    const char *script;          /* debugger commands to run first */
    const char *input_path;      /* the program's input; NULL: the terminal, if any */
    uint64_t limit;              /* instructions; 0: none */
    int usage_status;            /* returned when input_path cannot be read */
    int failure_status;          /* when the program cannot be loaded or restarted */
    bool bitmap;                 /* MARS's Bitmap Display: the screenshot command */
    mips_bitmap display;
} mips_debug_config;

/* MARS's machine, mipssim's syscall options, nothing else; statuses 2 and 1. */
mips_debug_config mips_debug_default_config(void);

/* Debugs the assembled program, started at start. Returns the exit status. */
int mips_debug_main(const mips_program *prog, const mips_debug_config *config, uint32_t start);

/* The debugger's target alone, for a host with a front of its own (the
 * web page, web/): made for prog (which must outlive it) on con, started
 * at start; NULL when it cannot be made (said on stderr). Its session is
 * renewed by each restart: ask for it again after one. */
typedef struct mips_debuggee mips_debuggee;
mips_debuggee *mips_debuggee_new(const mips_program *prog, const mips_debug_config *config,
                                 uint32_t start, console *con);
dbg_target *mips_debuggee_target(mips_debuggee *d);
mips_session *mips_debuggee_session(mips_debuggee *d);
void mips_debuggee_free(mips_debuggee *d);

#endif
