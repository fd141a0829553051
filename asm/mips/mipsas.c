/* mipsas: assembles MIPS source files as MARS 4.5 does, then dumps segments
 * in MARS's dump formats, prints the symbol table or a listing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mips_asm.h"
#include "mips_dump.h"
#include "mips_isa.h"
#include "mips_lsp.h"

enum exit_status { EXIT_OK = 0, EXIT_ERRORS = 1, EXIT_USAGE = 2 };

static void usage(FILE *out)
{
    fputs("usage: mipsas [options] FILE.asm [FILE.asm...]\n"
          "       mipsas --lsp\n"
          "\n"
          "Assembles the files together as MARS 4.5 does (text in command-line order,\n"
          "labels local to their file unless .globl) and reports every error.\n"
          "\n"
          "options:\n"
          "  --dump SEGMENT FORMAT FILE\n"
          "                  write SEGMENT (.text .data .ktext .kdata) to FILE in\n"
          "                  FORMAT (HexText BinaryText Binary AsciiText), as MARS's\n"
          "                  dump option does; may be repeated\n"
          "  -s, --symbols   print the symbol table: address, segment, scope, name\n"
          "  -l, --listing   print every word of code: address, word, the basic\n"
          "                  instruction, and the source line it came from\n"
          "  --np            no pseudo-instructions (MARS's np)\n"
          "  --db            delayed branching (MARS's db)\n"
          "  --we            warnings are errors (MARS's we)\n"
          "  --lsp           be a language server on stdin and stdout (LSP; see\n"
          "                  docs/language-server.md); --stdio, which editors add, is\n"
          "                  accepted with it\n"
          "  -h, --help      show this help\n"
          "\n"
          "exit status: 0 assembled, 1 errors in the sources or files, 2 bad command line\n",
          out);
}

typedef struct dump_request {
    mips_segment_id segment;
    mips_dump_format format;
    const char *path;
} dump_request;

static const char *const segment_names[MIPS_SEG_COUNT] = {
    [MIPS_SEG_TEXT] = ".text", [MIPS_SEG_DATA] = ".data", [MIPS_SEG_KTEXT] = ".ktext",
    [MIPS_SEG_KDATA] = ".kdata", [MIPS_SEG_EXTERN] = ".extern",
};

static bool segment_find(const char *name, mips_segment_id *seg)
{
    for (int s = 0; s < MIPS_SEG_COUNT; s++)
        if (strcmp(name, segment_names[s]) == 0) {
            *seg = (mips_segment_id)s;
            return true;
        }
    return false;
}

typedef struct segment_view {
    const mips_segment *seg;
    bool code;
} segment_view;

/* Memory as MARS has it right after assembling: code words exist up to the
 * last instruction; data memory exists in the 4 KiB blocks that hold
 * placed data (MARS allocates data memory a block at a time). */
static bool read_segment(void *ctx, uint32_t addr, uint32_t *word)
{
    const segment_view *view = ctx;
    const mips_segment *seg = view->seg;
    uint32_t offset = addr - seg->base;
    uint32_t limit = view->code ? seg->size : (seg->size + 4095u) & ~4095u;
    if (addr < seg->base || offset >= limit)
        return false;
    uint32_t w = 0;
    for (int i = 0; i < 4; i++)
        if (offset + (uint32_t)i < seg->size)
            w |= (uint32_t)seg->bytes[offset + (uint32_t)i] << (8 * i);
    *word = w;
    return true;
}

static bool write_dump(const mips_program *prog, const dump_request *d)
{
    const mips_segment *seg = &prog->segments[d->segment];
    segment_view view = {seg, d->segment == MIPS_SEG_TEXT || d->segment == MIPS_SEG_KTEXT};
    FILE *out = fopen(d->path, d->format == MIPS_DUMP_BINARY ? "wb" : "w");
    if (!out) {
        perror(d->path);
        return false;
    }
    mips_dump_range(out, d->format, read_segment, &view, seg->base,
                    seg->base + ((seg->size + 4095u) & ~4095u) - 4);
    if (fclose(out) != 0) {
        fprintf(stderr, "%s: error: could not write the dump\n", d->path);
        return false;
    }
    return true;
}

static const char *segment_of(const mips_program *prog, uint32_t addr)
{
    for (int s = 0; s < MIPS_SEG_COUNT; s++) {
        const mips_segment *seg = &prog->segments[s];
        if (addr >= seg->base && addr - seg->base <= seg->size)
            return segment_names[s];
    }
    return "";
}

static void print_table(const mips_program *prog, const symtab *table, const char *scope)
{
    symbol **sorted = symtab_sorted(table);
    if (!sorted)
        return;
    for (symbol **s = sorted; *s; s++)
        printf("0x%08x  %-7s  %-6s  %s\n", (unsigned)(*s)->value,
               segment_of(prog, (uint32_t)(*s)->value), scope, (*s)->name);
    free(sorted);
}

static void print_symbols(const mips_program *prog, size_t file_count)
{
    print_table(prog, &prog->globals, "global");
    for (size_t f = 0; prog->locals && f < file_count; f++)
        print_table(prog, &prog->locals[f], "local");
}

static void print_code(const mips_program *prog, mips_segment_id id)
{
    const mips_segment *seg = &prog->segments[id];
    segment_view view = {seg, true};
    for (uint32_t off = 0; off + 4 <= seg->size; off += 4) {
        uint32_t addr = seg->base + off, word;
        if (!mips_program_origin(prog, addr))
            continue; /* a gap between .text blocks */
        read_segment(&view, addr, &word);
        char text[64];
        mips_program_disasm(prog, addr, word, text, sizeof text);
        printf("0x%08x  0x%08x  %-28s", addr, word, text);
        const mips_origin *o = mips_program_origin(prog, addr);
        size_t len;
        const char *line = o && o->file < prog->file_count
                               ? source_line(prog->files[o->file], (int)o->line, &len) : NULL;
        if (line && o->part == 0)
            printf("  %5u  %.*s", (unsigned)o->line, (int)len, line);
        putchar('\n');
    }
}

/* --lsp: the language server, with nothing else on the command line but
 * what editors' clients add (VS Code's: --stdio, --clientProcessId=N). */
static int serve_lsp(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--lsp") != 0 && strcmp(argv[i], "--stdio") != 0 &&
            strncmp(argv[i], "--clientProcessId=", 18) != 0) {
            fprintf(stderr, "mipsas: --lsp takes no other options or files ('%s')\n",
                    argv[i]);
            return EXIT_USAGE;
        }
    return mips_lsp_serve(STDIN_FILENO, stdout);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--lsp"))
            return serve_lsp(argc, argv);
    mips_asm_options options = mips_asm_default_options();
    bool symbols = false, listing = false;
    dump_request dumps[16];
    size_t dump_count = 0;
    const char **inputs = calloc((size_t)argc, sizeof *inputs);
    size_t input_count = 0;
    if (!inputs)
        return EXIT_ERRORS;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            free(inputs);
            return EXIT_OK;
        } else if (!strcmp(a, "-s") || !strcmp(a, "--symbols")) {
            symbols = true;
        } else if (!strcmp(a, "-l") || !strcmp(a, "--listing")) {
            listing = true;
        } else if (!strcmp(a, "--np")) {
            options.allow_pseudo = false;
        } else if (!strcmp(a, "--db")) {
            options.delayed_branching = true;
        } else if (!strcmp(a, "--we")) {
            options.warnings_are_errors = true;
        } else if (!strcmp(a, "--dump")) {
            dump_request d;
            if (i + 3 >= argc || !segment_find(argv[i + 1], &d.segment) ||
                d.segment == MIPS_SEG_EXTERN || !mips_dump_format_find(argv[i + 2], &d.format) ||
                dump_count == sizeof dumps / sizeof dumps[0]) {
                fprintf(stderr, "mipsas: --dump takes a segment (.text .data .ktext .kdata), a "
                                "format (HexText BinaryText Binary AsciiText) and a file\n");
                free(inputs);
                return EXIT_USAGE;
            }
            d.path = argv[i + 3];
            dumps[dump_count++] = d;
            i += 3;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "mipsas: unknown option '%s'\n", a);
            usage(stderr);
            free(inputs);
            return EXIT_USAGE;
        } else {
            inputs[input_count++] = a;
        }
    }
    if (input_count == 0) {
        usage(stderr);
        free(inputs);
        return EXIT_USAGE;
    }

    source_file **files = calloc(input_count, sizeof *files);
    bool ok = files != NULL;
    for (size_t f = 0; ok && f < input_count; f++) {
        const char *why;
        files[f] = source_load(inputs[f], &why);
        if (!files[f]) {
            fprintf(stderr, "%s: error: cannot read the file: %s\n", inputs[f], why);
            ok = false;
        }
    }
    if (ok) {
        diag_sink diags;
        diag_init(&diags, stderr);
        mips_program prog;
        ok = mips_assemble((const source_file *const *)files, input_count, &options, &diags,
                           &prog);
        if (!ok)
            fprintf(stderr, "%d error%s, %d warning%s\n", diags.errors,
                    diags.errors == 1 ? "" : "s", diags.warnings,
                    diags.warnings == 1 ? "" : "s");
        for (size_t d = 0; ok && d < dump_count; d++)
            ok = write_dump(&prog, &dumps[d]);
        if (ok && symbols)
            print_symbols(&prog, input_count);
        if (ok && listing) {
            print_code(&prog, MIPS_SEG_TEXT);
            print_code(&prog, MIPS_SEG_KTEXT);
        }
        mips_program_free(&prog);
    }
    for (size_t f = 0; files && f < input_count; f++)
        source_free(files[f]);
    free(files);
    free(inputs);
    return ok ? EXIT_OK : EXIT_ERRORS;
}
