/* lc3as: assembles an LC-3 source file into .obj and .sym files (and a
 * listing), or disassembles an object file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lc3_asm.h"
#include "lc3_isa.h"

enum exit_status { EXIT_OK = 0, EXIT_ERRORS = 1, EXIT_USAGE = 2 };

static void usage(FILE *out)
{
    fputs("usage: lc3as [options] FILE.asm\n"
          "       lc3as --disasm FILE.obj\n"
          "\n"
          "Assembles FILE.asm into FILE.obj (big-endian words, the first the origin,\n"
          "as Lumetta's lc3as and PennSim write it) and FILE.sym (its symbol table).\n"
          "\n"
          "options:\n"
          "  -o FILE.obj     name of the object file; the .sym and .lst files go beside it\n"
          "  -l, --listing   also write FILE.lst: address, word, line and source\n"
          "  --disasm        print the disassembly of an object file\n"
          "  -h, --help      show this help\n"
          "\n"
          "exit status: 0 assembled, 1 errors in the source or files, 2 bad command line\n",
          out);
}

/* "dir/prog.asm" -> "dir/prog" + ext */
static char *with_extension(const char *path, const char *ext)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    size_t stem = (dot && (!slash || dot > slash)) ? (size_t)(dot - path) : strlen(path);
    char *out = malloc(stem + strlen(ext) + 1);
    if (!out)
        abort();
    memcpy(out, path, stem);
    strcpy(out + stem, ext);
    return out;
}

typedef bool (*writer_fn)(const lc3_program *, FILE *);

static bool write_file(const char *path, writer_fn write, const lc3_program *prog, const char *mode)
{
    FILE *out = fopen(path, mode);
    if (!out) {
        perror(path);
        return false;
    }
    bool ok = write(prog, out);
    if (fclose(out) != 0 || !ok) {
        fprintf(stderr, "%s: error: could not write the file\n", path);
        return false;
    }
    return true;
}

static int disassemble(const char *path)
{
    const char *why;
    FILE *in = source_fopen_regular(path, &why);
    if (!in) {
        fprintf(stderr, "%s: error: cannot read the file: %s\n", path, why);
        return EXIT_ERRORS;
    }
    static uint8_t bytes[2 * 0x10001 + 1];
    size_t size = fread(bytes, 1, sizeof bytes, in);
    fclose(in);
    lc3_program prog;
    if (size == sizeof bytes || !lc3_read_obj(bytes, size, &prog, &why)) {
        fprintf(stderr, "%s: error: not an LC-3 object file: %s\n", path,
                size == sizeof bytes ? "larger than memory" : why);
        return EXIT_ERRORS;
    }
    const lc3_block *block = &prog.blocks[0];
    for (size_t i = 0; i < block->count; i++) {
        char text[64];
        uint16_t addr = (uint16_t)(block->origin + i);
        lc3_disasm(block->words[i], addr, NULL, NULL, text, sizeof text);
        printf("x%04X  x%04X  %s\n", addr, block->words[i], text);
    }
    lc3_program_free(&prog);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    const char *input = NULL, *obj_path = NULL;
    bool listing = false, disasm = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return EXIT_OK;
        } else if (!strcmp(a, "-l") || !strcmp(a, "--listing")) {
            listing = true;
        } else if (!strcmp(a, "--disasm")) {
            disasm = true;
        } else if (!strcmp(a, "-o") && i + 1 < argc) {
            obj_path = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "lc3as: unknown option '%s'\n", a);
            usage(stderr);
            return EXIT_USAGE;
        } else if (!input) {
            input = a;
        } else {
            fprintf(stderr, "lc3as: one input file at a time ('%s' and '%s')\n", input, a);
            return EXIT_USAGE;
        }
    }
    if (!input) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (disasm)
        return disassemble(input);

    const char *why;
    source_file *src = source_load(input, &why);
    if (!src) {
        fprintf(stderr, "%s: error: cannot read the file: %s\n", input, why);
        return EXIT_ERRORS;
    }
    diag_sink diags;
    diag_init(&diags, stderr);
    lc3_program prog;
    bool ok = lc3_assemble(src, &diags, &prog);
    if (ok) {
        char *obj = obj_path ? strcpy(malloc(strlen(obj_path) + 1), obj_path)
                             : with_extension(input, ".obj");
        char *sym = with_extension(obj, ".sym");
        char *lst = with_extension(obj, ".lst");
        ok = write_file(obj, lc3_write_obj, &prog, "wb") && write_file(sym, lc3_write_sym, &prog, "w") &&
             (!listing || write_file(lst, lc3_write_listing, &prog, "w"));
        free(obj);
        free(sym);
        free(lst);
    } else {
        fprintf(stderr, "%d error%s, %d warning%s\n", diags.errors, diags.errors == 1 ? "" : "s",
                diags.warnings, diags.warnings == 1 ? "" : "s");
    }
    lc3_program_free(&prog);
    source_free(src);
    return ok ? EXIT_OK : EXIT_ERRORS;
}
