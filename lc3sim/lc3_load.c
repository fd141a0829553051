/* Reads a program file for running: .asm assembled in memory, .obj read. */
#include "lc3_load.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The largest object file: an origin and 65536 words. */
enum { LC3_OBJ_MAX_BYTES = 2 * (1 + 65536) };

bool lc3_load_is_object(const char *path)
{
    size_t len = strlen(path);
    if (len < 4)
        return false;
    const char *ext = path + len - 4;
    return ext[0] == '.' && (ext[1] == 'o' || ext[1] == 'O') && (ext[2] == 'b' || ext[2] == 'B')
           && (ext[3] == 'j' || ext[3] == 'J');
}

/* Reads at most LC3_OBJ_MAX_BYTES + 1 bytes, so a file too big to be an
 * object file shows as such without reading all of it. NULL with *why set
 * on failure. */
static uint8_t *lc3_load_bytes(const char *path, size_t *size, const char **why)
{
    FILE *f = source_fopen_regular(path, why);
    if (!f)
        return NULL;
    uint8_t *bytes = malloc(LC3_OBJ_MAX_BYTES + 1);
    if (!bytes) {
        fclose(f);
        *why = "out of memory";
        return NULL;
    }
    *size = fread(bytes, 1, LC3_OBJ_MAX_BYTES + 1, f);
    bool failed = ferror(f);
    int err = errno;
    fclose(f);
    if (failed) {
        free(bytes);
        *why = strerror(err);
        return NULL;
    }
    if (*size > LC3_OBJ_MAX_BYTES) {
        free(bytes);
        *why = "too large for an LC-3 object file";
        return NULL;
    }
    return bytes;
}

static bool lc3_load_object(const char *path, const char *tool, FILE *errors, lc3_loaded *out)
{
    const char *why = NULL;
    size_t size = 0;
    uint8_t *bytes = lc3_load_bytes(path, &size, &why);
    if (!bytes) {
        fprintf(errors, "%s: %s: %s\n", tool, path, why);
        return false;
    }
    bool ok = lc3_read_obj(bytes, size, &out->program, &why);
    free(bytes);
    if (!ok)
        fprintf(errors, "%s: %s: %s\n", tool, path, why ? why : "not an LC-3 object file");
    return ok;
}

static bool lc3_load_source(const char *path, const char *tool, FILE *errors, lc3_loaded *out)
{
    const char *why = NULL;
    out->source = source_load(path, &why);
    if (!out->source) {
        fprintf(errors, "%s: %s: %s\n", tool, path, why ? why : "cannot read");
        return false;
    }
    diag_sink diags;
    diag_init(&diags, errors);
    bool ok = lc3_assemble(out->source, &diags, &out->program);
    if (!ok && diags.errors == 0)
        fprintf(errors, "%s: %s: could not be assembled\n", tool, path);
    return ok;
}

bool lc3_load_file(const char *path, const char *tool, FILE *errors, lc3_loaded *out)
{
    memset(out, 0, sizeof *out);
    bool ok = lc3_load_is_object(path) ? lc3_load_object(path, tool, errors, out)
                                       : lc3_load_source(path, tool, errors, out);
    size_t words = 0;
    for (size_t i = 0; ok && i < out->program.block_count; i++)
        words += out->program.blocks[i].count;
    if (ok && words == 0) {
        fprintf(errors, "%s: %s: holds no code to run\n", tool, path);
        ok = false;
    }
    return ok;
}

void lc3_loaded_place(const lc3_loaded *loaded, lc3_machine *m)
{
    const lc3_program *prog = &loaded->program;
    for (size_t i = 0; i < prog->block_count; i++)
        lc3_load(m, prog->blocks[i].origin, prog->blocks[i].words, prog->blocks[i].count);
}

void lc3_loaded_free(lc3_loaded *loaded)
{
    lc3_program_free(&loaded->program);
    source_free(loaded->source);
    memset(loaded, 0, sizeof *loaded);
}
