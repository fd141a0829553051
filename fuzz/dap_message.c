/* Fuzz target: the DAP server's message parser and dispatcher on any
 * bytes: framing, JSON, every request (with no program: the host's launch
 * always fails, with diagnostics). Responses go to /dev/null. */
#include <stdlib.h>
#include <string.h>

#include "dap.h"
#include "fuzz_util.h"

static dbg_target *no_launch(void *ctx, const json_value *args, console *con, char **diagnostics)
{
    (void)ctx;
    (void)args;
    (void)con;
    static const char text[] = "fuzz.asm:1:1: error: no program in the fuzz target\n";
    *diagnostics = malloc(sizeof text);
    if (*diagnostics)
        memcpy(*diagnostics, text, sizeof text);
    return NULL;
}

static void no_unload(void *ctx)
{
    (void)ctx;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    static const dap_scope scopes[] = {{"Registers", 0, 0}};
    dap_host host = {.name = "fuzz", .launch = no_launch, .unload = no_unload,
                     .scopes = scopes, .scope_count = 1, .cc_reg = -1};
    dap_main_bytes(&host, data, size, fuzz_null_file());
    return 0;
}
