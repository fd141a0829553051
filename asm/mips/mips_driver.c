/* The MIPS assembler's driver (MARS's Assembler.assemble): the preprocessor
 * over every file first, then pass 1 file by file on the lines it gives,
 * then pass 2 and the image. The MARS facts are in docs/mips-assembler.md,
 * "Statements, directives and the passes" and "Preprocessing". */
#include "mips_asm_impl.h"

#include <stdlib.h>
#include <string.h>

#include "big_array.h"

mips_asm_options mips_asm_default_options(void)
{
    return (mips_asm_options){true, false, false, false, NULL};
}

/* The program keeps only the labels still local; moved ones are global. */
static void drop_moved_locals(mips_program *prog, size_t count)
{
    for (size_t u = 0; u < count; u++) {
        symtab kept;
        symtab_init(&kept, false);
        symtab *old = &prog->locals[u];
        for (size_t i = 0; i < old->capacity; i++) {
            symbol *s = symtab_slot_symbol(old, i);
            if (!s || (s->flags & MIPS_SYM_MOVED))
                continue;
            bool existed;
            symbol *copy = symtab_define(&kept, s->name, strlen(s->name), s->value, s->where,
                                         &existed);
            copy->flags = s->flags;
        }
        symtab_free(old);
        *old = kept;
    }
}

static void init_program(mips_program *prog, const source_file *const *files, size_t count)
{
    memset(prog, 0, sizeof *prog);
    static const uint32_t bases[MIPS_SEG_COUNT] = {
        [MIPS_SEG_TEXT] = MIPS_TEXT_BASE, [MIPS_SEG_DATA] = MIPS_DATA_BASE,
        [MIPS_SEG_KTEXT] = MIPS_KTEXT_BASE, [MIPS_SEG_KDATA] = MIPS_KDATA_BASE,
        [MIPS_SEG_EXTERN] = MIPS_EXTERN_BASE,
    };
    for (int s = 0; s < MIPS_SEG_COUNT; s++)
        prog->segments[s].base = bases[s];
    prog->files = calloc(count ? count : 1, sizeof *prog->files);
    prog->locals = calloc(count ? count : 1, sizeof *prog->locals);
    if (!prog->files || !prog->locals)
        abort();
    for (size_t i = 0; i < count; i++) {
        prog->files[i] = files[i];
        symtab_init(&prog->locals[i], false); /* MARS's labels are case-sensitive */
    }
    prog->file_count = count;
    symtab_init(&prog->globals, false);
}

/* The files a preprocessor included become the program's: listed after the
 * command-line files (for origins and the debugger), freed with it, and
 * ranked after them for sorting diagnostics. */
static void adopt_includes(mips_program *prog, mips_preproc *pp, diag_sink *diags)
{
    size_t n;
    source_file **files = mips_preproc_take_files(pp, &n);
    if (n == 0) {
        free(files);
        return;
    }
    source_file **owned = realloc(prog->owned, (prog->owned_count + n) * sizeof *owned);
    if (!owned)
        abort();
    prog->owned = owned;
    for (size_t i = 0; i < n; i++) {
        prog->owned[prog->owned_count++] = files[i];
        mips_program_file_index(prog, files[i]);
        diag_rank_file(diags, files[i]);
    }
    free(files);
}

/* MARS's tokenizer stage for every file before any is assembled; after an
 * error there MARS assembles nothing. MARS also stops at the first file
 * with an error; every file is prepared here, so that all their errors are
 * reported at once. Returns whether all were prepared. */
static bool prepare_all(mips_asm *as, const source_file *const *files, size_t count,
                        mips_preproc **pps)
{
    bool all = true;
    for (size_t u = 0; u < count; u++) {
        pps[u] = mips_preproc_new(files[u], as->diags);
        if (!pps[u])
            abort(); /* an assembler cannot go on without its tables */
        mips_preproc_confine_includes(pps[u], as->options.include_root);
        bool ok = mips_preproc_prepare(pps[u]);
        /* Taken either way: the errors held back may point into them. */
        adopt_includes(as->prog, pps[u], as->diags);
        all = all && ok;
        if (!ok && as->options.stop_like_mars)
            break;
    }
    return all;
}

/* A large program's arrays reserved from its line count, each in one
 * mapping (big_array.h): a line makes at most a statement, mostly of 3
 * operands or fewer and 2 words or fewer; more only regrows. At most
 * 2^20 lines' worth (88 MiB of address space), as a file may have
 * (PP_MAX_OUTPUT_LINES): the files given are summed, and a grading's
 * child has 1 GiB of address space. */
static void reserve_arrays(mips_asm *as, const source_file *const *files, size_t count)
{
    enum { RESERVE_MAX_LINES = 1 << 20 };
    size_t lines = 0;
    for (size_t u = 0; u < count; u++)
        lines += (size_t)files[u]->line_count;
    if (lines > RESERVE_MAX_LINES)
        lines = RESERVE_MAX_LINES;
    as->stmts = asm_need_memory(big_array_grow(NULL, &as->stmt_capacity, lines,
                                               sizeof *as->stmts));
    as->operands = asm_need_memory(big_array_grow(NULL, &as->operand_capacity, 3 * lines,
                                                  sizeof *as->operands));
    as->words = asm_need_memory(big_array_grow(NULL, &as->word_capacity, 2 * lines,
                                               sizeof *as->words));
}

static void free_state(mips_asm *as)
{
    big_array_free(as->stmts, as->stmt_capacity, sizeof *as->stmts);
    big_array_free(as->operands, as->operand_capacity, sizeof *as->operands);
    free(as->names);
    big_array_free(as->words, as->word_capacity, sizeof *as->words);
    free(as->decls);
    free(as->file_fixups.items);
    free(as->later_fixups.items);
    for (size_t u = 0; as->spliced && u < as->unit_count; u++)
        free(as->spliced[u]);
    free(as->spliced);
    free(as->spliced_count);
}

bool mips_assemble(const source_file *const *files, size_t count,
                   const mips_asm_options *options, diag_sink *diags, mips_program *out)
{
    mips_asm as;
    memset(&as, 0, sizeof as);
    as.options = options ? *options : mips_asm_default_options();
    as.diags = diags;
    as.prog = out;
    as.unit_count = count;
    as.text_address[MIPS_USER] = MIPS_TEXT_BASE;
    as.text_address[MIPS_KERNEL] = MIPS_KTEXT_BASE;
    as.data_address[MIPS_USER] = MIPS_DATA_BASE;
    as.data_address[MIPS_KERNEL] = MIPS_KDATA_BASE;
    as.extern_address = MIPS_EXTERN_BASE;
    init_program(out, files, count);
    /* Reported in pass order, read in source order: file by file as given
     * on the command line (then included files), then line and column. */
    bool hold_back = !diags->buffered;
    if (hold_back)
        diag_buffer(diags);
    for (size_t i = 0; i < count; i++)
        diag_rank_file(diags, files[i]);
    /* The preprocessor reports into the same sink without telling us; its
     * errors fail the assembly too. */
    int errors_before = diags->errors;

    mips_preproc **pps = calloc(count ? count : 1, sizeof *pps);
    as.spliced = calloc(count ? count : 1, sizeof *as.spliced);
    as.spliced_count = calloc(count ? count : 1, sizeof *as.spliced_count);
    if (!pps || !as.spliced || !as.spliced_count)
        abort();
    if (prepare_all(&as, files, count, pps)) {
        reserve_arrays(&as, files, count);
        for (size_t u = 0; u < count; u++) {
            mips_asm_begin_file(&as, (uint32_t)u, pps[u]);
            const mips_line *line;
            while ((line = mips_preproc_next(pps[u])) != NULL)
                mips_asm_line(&as, line);
            mips_asm_end_file(&as);
            as.spliced[u] = mips_preproc_spliced_lines(pps[u], &as.spliced_count[u]);
            mips_preproc_free(pps[u]);
            pps[u] = NULL;
        }
        as.pp = NULL;
    }
    for (size_t u = 0; u < count; u++)
        mips_preproc_free(pps[u]);
    free(pps);
    if (diags->errors != errors_before)
        as.failed = true;

    /* What the files left unresolved may be a global of a later file. */
    mips_data_resolve(&as, &as.later_fixups, true);
    for (size_t i = 0; i < as.later_fixups.count; i++) {
        mips_fixup *f = &as.later_fixups.items[i];
        mips_report(&as, f->loc, MIPS_MSG_SYMBOL_NOT_FOUND, f->name);
        free(f->name);
    }
    /* MARS stops after pass 1 when it found errors; going on reports the
     * errors pass 2 finds as well, so that all are seen at once. Warnings
     * under "we" fail the assembly only at its very end, after MARS has
     * stored the code (its dumps show it). */
    bool pass1_failed = as.failed;
    if (!(pass1_failed && as.options.stop_like_mars)) {
        /* MARS stores the code when its pass 2 went through, errors of its
         * code generation or not: its dumps show it (mars_dump_failed). */
        out->text_stored = mips_text_encode(&as) && !pass1_failed;
        mips_program_place_text(&as);
    }
    out->segments[MIPS_SEG_EXTERN].size = as.extern_address - MIPS_EXTERN_BASE;
    /* Rebuilding costs a define per label (10,000 labels: 13 M host
     * instructions and 1.2 MB): only for tables that lost some. */
    if (as.moved_count > 0)
        drop_moved_locals(out, count);

    bool ok = !as.failed && !(as.options.warnings_are_errors && as.warnings > 0);
    if (hold_back)
        diag_flush(diags);
    free_state(&as);
    return ok;
}
