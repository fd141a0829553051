/* lc3as: assembles an LC-3 source file into .obj and .sym files (and a
 * listing), or disassembles an object file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lc3_asm.h"
#include "lc3_isa.h"
#include "lc3_lsp.h"

enum exit_status { EXIT_OK = 0, EXIT_ERRORS = 1, EXIT_USAGE = 2 };

static void usage(FILE *out)
{
    fputs("usage: lc3as [options] FILE.asm\n"
          "       lc3as --disasm FILE.obj\n"
          "       lc3as --lsp\n"
          "\n"
          "Assembles FILE.asm into FILE.obj and FILE.sym (its symbol table). The\n"
          "object file is classic (big-endian words, the first the origin, as\n"
          "Lumetta's lc3as and PennSim write it) when the program is one run of\n"
          "memory; blocks with gaps between them go in lc3tools' format, which keeps\n"
          "each block, with a warning (the classic format would load zeros between).\n"
          "lc3sim reads both, and so does --disasm.\n"
          "\n"
          "options:\n"
          "  -o FILE.obj     name of the object file; the .sym and .lst files go beside it\n"
          "  --obj-format FORMAT\n"
          "                  classic (refuse a program with gaps), lc3tools (always), or\n"
          "                  auto (the default: classic when it holds the program)\n"
          "  -l, --listing   also write FILE.lst: address, word, line and source\n"
          "  --disasm        print the disassembly of an object file\n"
          "  --lsp           be a language server on stdin and stdout (LSP; see\n"
          "                  docs/language-server.md); --stdio, which editors add, is\n"
          "                  accepted with it\n"
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
    lc3_program prog;
    if (!lc3_read_obj_file(path, &prog, &why)) {
        fprintf(stderr, "%s: error: not an LC-3 object file: %s\n", path, why);
        lc3_program_free(&prog);
        return EXIT_ERRORS;
    }
    for (size_t b = 0; b < prog.block_count; b++) {
        const lc3_block *block = &prog.blocks[b];
        if (prog.block_count > 1)
            printf("%s.ORIG x%04X\n", b ? "\n" : "", (unsigned)block->origin);
        for (size_t i = 0; i < block->count; i++) {
            char text[64];
            uint16_t addr = (uint16_t)(block->origin + i);
            lc3_disasm(block->words[i], addr, NULL, NULL, text, sizeof text);
            printf("x%04X  x%04X  %s\n", addr, block->words[i], text);
        }
    }
    lc3_program_free(&prog);
    return EXIT_OK;
}

/* --lsp: the language server, with nothing else on the command line but
 * what editors' clients add (VS Code's: --stdio, --clientProcessId=N). */
static int serve_lsp(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--lsp") != 0 && strcmp(argv[i], "--stdio") != 0 &&
            strncmp(argv[i], "--clientProcessId=", 18) != 0) {
            fprintf(stderr, "lc3as: --lsp takes no other options or files ('%s')\n",
                    argv[i]);
            return EXIT_USAGE;
        }
    return lc3_lsp_serve(STDIN_FILENO, stdout);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--lsp"))
            return serve_lsp(argc, argv);
    const char *input = NULL, *obj_path = NULL;
    bool listing = false, disasm = false;
    lc3_obj_format format = LC3_OBJ_AUTO;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return EXIT_OK;
        } else if (!strcmp(a, "-l") || !strcmp(a, "--listing")) {
            listing = true;
        } else if (!strcmp(a, "--disasm")) {
            disasm = true;
        } else if (!strcmp(a, "--obj-format") && i + 1 < argc) {
            const char *f = argv[++i];
            if (!strcmp(f, "auto"))
                format = LC3_OBJ_AUTO;
            else if (!strcmp(f, "classic"))
                format = LC3_OBJ_CLASSIC;
            else if (!strcmp(f, "lc3tools"))
                format = LC3_OBJ_LC3TOOLS;
            else {
                fprintf(stderr, "lc3as: --obj-format takes auto, classic or lc3tools, not '%s'\n",
                        f);
                return EXIT_USAGE;
            }
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
    bool ok = lc3_assemble(src, &diags, &prog) && lc3_obj_choose_format(&prog, &format, &diags);
    if (ok) {
        char *obj = obj_path ? strcpy(malloc(strlen(obj_path) + 1), obj_path)
                             : with_extension(input, ".obj");
        char *sym = with_extension(obj, ".sym");
        char *lst = with_extension(obj, ".lst");
        writer_fn write_obj = format == LC3_OBJ_LC3TOOLS ? lc3_write_obj_lc3tools : lc3_write_obj;
        ok = write_file(obj, write_obj, &prog, "wb") && write_file(sym, lc3_write_sym, &prog, "w") &&
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
