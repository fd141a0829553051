/* mipssim --dap: the DAP server (asm/debug/dap.h) with a host that turns a
 * launch request into the debugger's configuration, assembles the files (the
 * diagnostics kept for the error response) and makes the debugger's MIPS
 * target on the server's console. */
#define _XOPEN_SOURCE 700
#include "mips_dap.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dap.h"
#include "mips_debug_impl.h"
#include "mips_program.h"

/* The launch's attributes. */
typedef struct launch_options {
    const char **files;
    int file_count;
    char **args;
    int arg_count;
    bool start_main;
    const char *fs_root;
    bool bitmap;             /* "bitmap": MARS's Bitmap Display, as --bitmap */
    mips_bitmap display;
} launch_options;

typedef struct mips_host {
    launch_options opt;
    mips_debug_config config;
    char **strings;          /* copies of the launch's texts, freed at unload */
    size_t string_count;
    source_file **sources;
    mips_program prog;
    bool has_prog;
    mips_dbg d;
    dbg_target t;
    bool has_target;
} mips_host;

static char *keep(mips_host *h, const char *text)
{
    char *copy = strdup(text);
    if (copy)
        h->strings[h->string_count++] = copy;
    return copy;
}

static void unload(void *ctx)
{
    mips_host *h = ctx;
    if (h->has_target)
        mips_debug_close(&h->d);
    if (h->has_prog)
        mips_program_free(&h->prog);
    for (int f = 0; h->sources && f < h->opt.file_count; f++)
        source_free(h->sources[f]);
    free(h->sources);
    for (size_t i = 0; i < h->string_count; i++)
        free(h->strings[i]);
    free(h->strings);
    free(h->opt.files);
    free(h->opt.args);
    *h = (mips_host){0};
}

static char *text_copy(const char *text)
{
    return strdup(text);
}

/* The launch's attributes into h->opt: false with the reason. */
static bool read_options(mips_host *h, const json_value *args, char **why)
{
    const json_value *files = json_get_array(args, "files");
    const json_value *pargs = json_get_array(args, "args");
    size_t file_count = 1 + (files ? files->count : 0), arg_count = pargs ? pargs->count : 0;
    h->strings = calloc(file_count + arg_count + 1, sizeof *h->strings);
    h->opt.files = calloc(file_count, sizeof *h->opt.files);
    h->opt.args = calloc(arg_count + 1, sizeof *h->opt.args);
    if (!h->strings || !h->opt.files || !h->opt.args) {
        *why = text_copy("out of memory\n");
        return false;
    }
    h->opt.files[h->opt.file_count++] = keep(h, json_get_string(args, "program"));
    for (size_t i = 0; files && i < files->count; i++) {
        if (files->items[i].type != JSON_STRING) {
            *why = text_copy("launch: \"files\" must be a list of file names\n");
            return false;
        }
        h->opt.files[h->opt.file_count++] = keep(h, files->items[i].string);
    }
    for (size_t i = 0; pargs && i < pargs->count; i++) {
        if (pargs->items[i].type != JSON_STRING) {
            *why = text_copy("launch: \"args\" must be a list of strings\n");
            return false;
        }
        h->opt.args[h->opt.arg_count++] = keep(h, pargs->items[i].string);
    }
    for (int f = 0; f < h->opt.file_count; f++)
        if (!h->opt.files[f]) {
            *why = text_copy("out of memory\n");
            return false;
        }
    h->opt.start_main = json_get_bool(args, "startMain", false);
    const char *root = json_get_string(args, "fsRoot");
    if (root) {
        struct stat st;
        if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode)) {
            size_t n = strlen(root) + 64;
            *why = malloc(n);
            if (*why)
                snprintf(*why, n, "launch: \"fsRoot\" needs a directory, not '%s'\n", root);
            return false;
        }
        h->opt.fs_root = keep(h, root);
    }
    const char *bitmap = json_get_string(args, "bitmap");
    if (bitmap && !(h->opt.bitmap = mips_bitmap_parse(bitmap, &h->opt.display))) {
        size_t n = strlen(bitmap) + 96;
        *why = malloc(n);
        if (*why)
            snprintf(*why, n, "launch: \"bitmap\" needs WxH[,unit=N][,base=ADDR], not '%s'\n",
                     bitmap);
        return false;
    }
    return true;
}

static dbg_target *launch(void *ctx, const json_value *args, console *con, char **diagnostics)
{
    mips_host *h = ctx;
    *h = (mips_host){0};
    if (!read_options(h, args, diagnostics)) {
        unload(h);
        return NULL;
    }
    h->sources = calloc((size_t)h->opt.file_count, sizeof *h->sources);
    char *text = NULL;
    size_t len = 0;
    FILE *errors = open_memstream(&text, &len);
    mips_source_options src = {.paths = h->opt.files, .count = h->opt.file_count,
                               .allow_pseudo = true, .confine_includes = h->opt.fs_root != NULL};
    bool ok = h->sources && errors && mips_source_assemble(&src, h->sources, &h->prog, errors);
    h->has_prog = h->sources && h->sources[h->opt.file_count - 1];
    if (errors)
        fclose(errors);
    h->config = mips_debug_default_config();
    h->config.session.syscalls.root = h->opt.fs_root;
    h->config.args = h->opt.args;
    h->config.arg_count = h->opt.arg_count;
    h->config.source_count = h->opt.file_count;
    h->config.bitmap = h->opt.bitmap;
    h->config.display = h->opt.display;
    if (ok && !mips_debug_open(&h->d, &h->t, &h->prog, &h->config,
                               mips_program_entry(&h->prog, h->opt.start_main), con)) {
        mips_debug_close(&h->d);
        free(text);
        text = text_copy("mipssim: the program could not be loaded (out of memory, or its "
                         "arguments do not fit in the stack)\n");
        ok = false;
    }
    if (!ok) {
        *diagnostics = text;
        unload(h);
        return NULL;
    }
    *diagnostics = text; /* the warnings, if any */
    h->has_target = true;
    return &h->t;
}

static int exit_status(void *ctx)
{
    mips_host *h = ctx;
    return mips_syscall_exit_status(h->d.sys);
}

/* A label is data when no instruction came from its address. */
static bool is_data(void *ctx, uint32_t addr)
{
    mips_host *h = ctx;
    dbg_source src;
    return !mips_dbg_source_of(&h->d, addr, &src);
}

int mips_dap_main(void)
{
    static const dap_scope scopes[] = {
        {"Registers", 0, GENERAL_COUNT},
        {"Floating point", REG_F0, 32},
        {"CP0", REG_CP0, 4},
    };
    mips_host h = {0};
    dap_host host = {.ctx = &h, .name = "mipssim", .launch = launch, .unload = unload,
                     .exit_status = exit_status, .is_data = is_data, .scopes = scopes,
                     .scope_count = sizeof scopes / sizeof scopes[0], .cc_reg = -1};
    return dap_main(&host, STDIN_FILENO, stdout);
}
