/* lc3sim --dap: the DAP server (asm/debug/dap.h) with a host that loads the
 * launch's program (.asm or .obj, over the built-in OS or the launch's
 * "os"), its load errors kept for the error response, and makes the
 * debugger's LC-3 target on the server's console. */
#define _XOPEN_SOURCE 700
#include "lc3_dap.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dap.h"
#include "lc3_check.h"
#include "lc3_debug.h"

typedef struct lc3_host {
    lc3_debug_options opt;
    char *program, *os;
    lc3_dbg *d;
} lc3_host;

static void unload(void *ctx)
{
    lc3_host *h = ctx;
    lc3_debug_free(h->d);
    free(h->program);
    free(h->os);
    *h = (lc3_host){0};
}

static dbg_target *launch(void *ctx, const json_value *args, console *con, char **diagnostics)
{
    lc3_host *h = ctx;
    *h = (lc3_host){0};
    const char *os = json_get_string(args, "os");
    h->program = strdup(json_get_string(args, "program"));
    h->os = os ? strdup(os) : NULL;
    h->opt = (lc3_debug_options){.program = h->program, .os_path = h->os,
                                 .check_saved = LC3_CHECK_SAVED_DEFAULT,
                                 .video = json_get_bool(args, "video", false)};
    char *text = NULL;
    size_t len = 0;
    FILE *errors = open_memstream(&text, &len);
    if (h->program && (!os || h->os) && errors)
        h->d = lc3_debug_load(&h->opt, errors);
    if (errors)
        fclose(errors);
    dbg_target *t = h->d ? lc3_debug_target(h->d, con) : NULL;
    if (!t) {
        *diagnostics = text && *text ? text : strdup("lc3sim: out of memory\n");
        if (*diagnostics != text)
            free(text);
        unload(h);
        return NULL;
    }
    *diagnostics = text; /* the warnings, if any */
    return t;
}

static bool is_data(void *ctx, uint32_t addr)
{
    return lc3_debug_is_data(((lc3_host *)ctx)->d, addr);
}

int lc3_dap_main(void)
{
    static const dap_scope scopes[] = {
        {"Registers", 0, LC3_DBG_USP},          /* R0-R7, PC, PSR */
        {"Saved stack pointers", LC3_DBG_USP, 2}, /* USP, SSP */
    };
    lc3_host h = {0};
    dap_host host = {.ctx = &h, .name = "lc3sim", .launch = launch, .unload = unload,
                     .is_data = is_data, .scopes = scopes,
                     .scope_count = sizeof scopes / sizeof scopes[0], .cc_reg = LC3_DBG_PSR};
    return dap_main(&host, STDIN_FILENO, stdout);
}
