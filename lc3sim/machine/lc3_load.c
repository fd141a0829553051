/* Reads a program file for running: .asm assembled in memory, .obj read. */
#include "lc3_load.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "lc3_isa.h"

bool lc3_load_is_object(const char *path)
{
    size_t len = strlen(path);
    if (len < 4)
        return false;
    const char *ext = path + len - 4;
    return ext[0] == '.' && (ext[1] == 'o' || ext[1] == 'O') && (ext[2] == 'b' || ext[2] == 'B')
           && (ext[3] == 'j' || ext[3] == 'J');
}

static bool holds_code(const char *path, const char *tool, FILE *errors, const lc3_loaded *out)
{
    size_t words = 0;
    for (size_t i = 0; i < out->program.block_count; i++)
        words += out->program.blocks[i].count;
    if (words == 0)
        fprintf(errors, "%s: %s: holds no code to run\n", tool, path);
    return words > 0;
}

static bool read_object(const char *path, const char *tool, FILE *errors, lc3_loaded *out)
{
    const char *why = NULL;
    bool ok = lc3_read_obj_file(path, &out->program, &why);
    if (!ok)
        fprintf(errors, "%s: %s: %s\n", tool, path, why ? why : "not an LC-3 object file");
    return ok;
}

static bool assemble_source(const char *path, const char *tool, FILE *errors, lc3_loaded *out)
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

bool lc3_load_object(const char *path, const char *tool, FILE *errors, lc3_loaded *out)
{
    memset(out, 0, sizeof *out);
    return read_object(path, tool, errors, out) && holds_code(path, tool, errors, out);
}

bool lc3_load_source(const char *path, const char *tool, FILE *errors, lc3_loaded *out)
{
    memset(out, 0, sizeof *out);
    return assemble_source(path, tool, errors, out) && holds_code(path, tool, errors, out);
}

bool lc3_load_file(const char *path, const char *tool, FILE *errors, lc3_loaded *out)
{
    return lc3_load_is_object(path) ? lc3_load_object(path, tool, errors, out)
                                    : lc3_load_source(path, tool, errors, out);
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

/* Where the last exception was raised, as the assembler reports errors:
 * file:line:col of the statement, the address and the instruction, then the
 * source line. Without a source line (an object file, a fetch outside the
 * program) the address and the word only. The OS's own message is on the
 * display already. */
void lc3_loaded_report_exception(const lc3_loaded *prog, const lc3_machine *m, const char *tool,
                                 FILE *out)
{
    lc3_exception_info e = lc3_last_exception(m);
    uint16_t word = lc3_peek(m, e.pc);
    char text[80];
    lc3_disasm(word, e.pc, NULL, NULL, text, sizeof text);
    const char *what = lc3_exception_name(e.vector);
    int line = prog->source ? lc3_program_line(&prog->program, e.pc) : 0;
    size_t len = 0;
    const char *src = line > 0 ? source_line(prog->source, line, &len) : NULL;
    if (!src) {
        fprintf(out, "%s: error: %s at x%04X: x%04X %s\n", tool, what, e.pc, word, text);
        return;
    }
    size_t col = 0;
    while (col < len && (src[col] == ' ' || src[col] == '\t'))
        col++;
    diag_sink sink;
    diag_init(&sink, out);
    src_loc loc = {.file = prog->source, .line = line, .col = (int)col + 1, .len = 1};
    diag_error(&sink, loc, "%s at x%04X: x%04X %s", what, e.pc, word, text);
    diag_free(&sink);
}
