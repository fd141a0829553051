/* The private folder a submission is assembled in (mips_private.h). */
#include "mips_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_scratch.h"

/* text with every from replaced by to (a new string; text freed). */
static char *replace_all(char *text, const char *from, const char *to)
{
    size_t from_len = strlen(from), to_len = strlen(to), count = 0;
    for (const char *at = text; (at = strstr(at, from)) != NULL; at += from_len)
        count++;
    if (count == 0)
        return text;
    char *out = malloc(strlen(text) + count * to_len + 1), *put = out;
    if (!out)
        abort();
    const char *rest = text;
    for (const char *at; (at = strstr(rest, from)) != NULL; rest = at + from_len) {
        memcpy(put, rest, (size_t)(at - rest));
        put += at - rest;
        memcpy(put, to, to_len);
        put += to_len;
    }
    strcpy(put, rest);
    free(text);
    return out;
}

/* Copies dir/name into folder/name; false with why. */
static bool copy_include(const char *dir, const char *name, const char *folder, char *why,
                         size_t why_size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    const char *cannot = "";
    source_file *f = source_load(path, &cannot);
    if (!f) {
        snprintf(why, why_size, "cannot read %s, which the spec lets a submission include: %s",
                 path, cannot);
        return false;
    }
    bool ok = grade_scratch_put(folder, name, f->text, f->len, why, why_size);
    source_free(f);
    return ok;
}

mips_call_program *grade_assemble_private(source_file *file, const char *scratch,
                                          const grade_private_includes *includes,
                                          char **messages, char *why, size_t why_size)
{
    return grade_assemble_private_beside(file, NULL, 0, scratch, includes, messages, why,
                                         why_size);
}

mips_call_program *grade_assemble_private_beside(source_file *file, source_file **beside,
                                                 size_t beside_count, const char *scratch,
                                                 const grade_private_includes *includes,
                                                 char **messages, char *why, size_t why_size)
{
    *messages = NULL;
    char folder[4096], own[4200];
    bool ok = grade_scratch_subfolder(scratch, "source", folder, sizeof folder, why, why_size);
    for (int i = 0; ok && includes && i < includes->count; i++)
        ok = copy_include(includes->dir, includes->names[i], folder, why, why_size);
    snprintf(own, sizeof own, "%s/submission.asm", folder);
    ok = ok && grade_scratch_put(folder, "submission.asm", file->text, file->len, why, why_size);
    source_file *copy = ok ? source_from_memory(own, file->text, file->len) : NULL;
    char *shown = strdup(file->path);
    source_free(file);
    if (!shown)
        abort();
    mips_call_program *prog = NULL;
    source_file *files[1 + GRADE_PRIVATE_BESIDE_MAX] = {copy};
    for (size_t i = 0; i < beside_count; i++)
        files[1 + i] = beside[i];
    if (copy) {
        mips_asm_options ao = mips_asm_default_options();
        ao.include_root = folder;
        prog = mips_call_assemble_files(files, 1 + beside_count, &ao, messages);
    } else {
        for (size_t i = 0; i < beside_count; i++)
            source_free(beside[i]);
    }
    if (prog)
        mips_call_program_show_as(prog, own, shown);
    if (*messages) {
        /* what the student sent is named as they named it */
        *messages = replace_all(*messages, own, shown);
        char prefix[4100];
        snprintf(prefix, sizeof prefix, "%s/", folder);
        *messages = replace_all(*messages, prefix, "");
        *messages = replace_all(*messages, folder, "the submission's folder");
    }
    free(shown);
    grade_scratch_remove(folder);
    return prog;
}
