/* The Debug Adapter Protocol server both simulators share (docs/dap.md):
 * `mipssim --dap`, `lc3sim --dap`. It speaks DAP on a descriptor and a
 * FILE (stdin and stdout) and debugs through the debugger core (dbg.h);
 * the simulator, the host, only turns a launch request into a target. */
#ifndef DAP_H
#define DAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "console.h"
#include "dbg.h"
#include "json.h"

/* A group of registers shown as one scope: first .. first+count-1. */
typedef struct dap_scope {
    const char *name;
    unsigned first, count;
} dap_scope;

typedef struct dap_host {
    void *ctx;
    const char *name;           /* "mipssim", for messages */
    /* Loads the program launch's arguments name, its I/O on con (opened by
     * the server: input from the launch's file or the debug console, output
     * to events). NULL on failure. *diagnostics (malloc'd, or NULL): what
     * went wrong, or the warnings of a program that loaded. */
    dbg_target *(*launch)(void *ctx, const json_value *args, console *con, char **diagnostics);
    void (*unload)(void *ctx);  /* frees what launch made */
    /* The exit status of a program that ended (DBG_STEP_EXITED); NULL: 0. */
    int (*exit_status)(void *ctx);
    /* Whether a label names data (its word is shown under "Data labels"). */
    bool (*is_data)(void *ctx, uint32_t addr);
    const dap_scope *scopes;    /* the register scopes, in order */
    size_t scope_count;
    int cc_reg;                 /* LC-3: the register whose bits 2-0 are N, Z, P; -1: none */
} dap_host;

/* Serves DAP messages read from in_fd (read(2), polled between slices of a
 * run for pause) and written to out until disconnect or the end of input.
 * Returns the exit status for the simulator: 0. */
int dap_main(const dap_host *host, int in_fd, FILE *out);

/* The same on bytes already in hand (the fuzz target): no descriptor. */
int dap_main_bytes(const dap_host *host, const uint8_t *bytes, size_t len, FILE *out);

#endif
