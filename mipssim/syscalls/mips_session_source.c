/* The session's programs from source (mips_session.h): reading and
 * assembling the files as mipssim does, and where the program starts. */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mips_asm.h"
#include "mips_session.h"

bool mips_source_assemble(const mips_source_options *o, source_file **files,
                          mips_program *prog, FILE *errors)
{
    for (int f = 0; f < o->count; f++) {
        const char *why;
        files[f] = source_load(o->paths[f], &why);
        if (!files[f]) {
            fprintf(errors, "%s: error: cannot read the file: %s\n", o->paths[f], why);
            return false;
        }
    }
    mips_asm_options options = mips_asm_default_options();
    options.allow_pseudo = o->allow_pseudo;
    options.delayed_branching = o->delayed_branching;
    options.warnings_are_errors = o->warnings_are_errors;
    char *folder = NULL;
    if (o->confine_includes) {
        const char *slash = strrchr(o->paths[0], '/');
        size_t len = slash ? (size_t)(slash - o->paths[0]) : 0;
        folder = slash ? strndup(o->paths[0], len ? len : 1) : strdup(".");
        if (!folder)
            return false;
        options.include_root = folder;
    }
    diag_sink diags;
    diag_init(&diags, errors);
    bool ok = mips_assemble((const source_file *const *)files, (size_t)o->count, &options,
                            &diags, prog);
    free(folder);
    if (!ok)
        fprintf(errors, "%d error%s, %d warning%s%s; nothing ran\n", diags.errors,
                diags.errors == 1 ? "" : "s", diags.warnings, diags.warnings == 1 ? "" : "s",
                o->warnings_are_errors && diags.warnings ? " (errors under --we)" : "");
    diag_free(&diags);
    return ok;
}

uint32_t mips_program_entry(const mips_program *prog, bool start_main)
{
    if (start_main) {
        const symbol *main_sym = symtab_find(&prog->globals, "main", 4);
        if (main_sym)
            return (uint32_t)main_sym->value;
    }
    return MIPS_TEXT_BASE;
}
