/* The language server's MIPS adapter (lsp.h): the assembler run in-process
 * on the editor's buffers, and hover and completion words from MARS's
 * tables (mips_basic.def, mips_pseudo.def, mips_directives.def,
 * mips_registers.def, mips_syscalls.def), read here through the
 * preprocessor for the columns the derived tables do not keep. The
 * checks and semantic tokens are in mips_lsp_checks.c and
 * mips_lsp_tokens.c. */
#include "mips_lsp.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../lsp/lsp.h"
#include "mips_asm.h"
#include "mips_isa.h"
#include "mips_lex.h"
#include "mips_lsp_impl.h"

static const struct {
    const char *example, *format, *encoding, *description;
} basic_rows[] = {
#define MIPS_BASIC(example, format, encoding, roles, description) \
    {example, #format, encoding, description},
#include "mips_basic.def"
#undef MIPS_BASIC
};

static const struct {
    const char *example, *expansion, *description;
} pseudo_rows[] = {
#define MIPS_PSEUDO(example, expansion, description) {example, expansion, description},
#include "mips_pseudo.def"
#undef MIPS_PSEUDO
};

static const struct {
    int number;
    const char *name, *what;
} services[] = {
#define MIPS_SYSCALL(id, number, spec_name, mars_name, what) {number, mars_name, what},
#include "mips_syscalls.def"
#undef MIPS_SYSCALL
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

/* Whether an example's mnemonic (up to its space) is word, in any case. */
static bool example_is(const char *example, const char *word, size_t len)
{
    size_t n = strcspn(example, " ");
    if (n != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (tolower((unsigned char)example[i]) != tolower((unsigned char)word[i]))
            return false;
    return true;
}

static size_t file_index(lsp_program *prog, const source_file *f)
{
    return f ? lsp_program_file(prog, f->path, f->text, f->len) : 0;
}

static void collect(void *ctx, diag_level level, src_loc loc, const char *text)
{
    lsp_program *prog = ctx;
    int severity = level == DIAG_ERROR     ? LSP_SEVERITY_ERROR
                   : level == DIAG_WARNING ? LSP_SEVERITY_WARNING
                                           : LSP_SEVERITY_INFO;
    lsp_program_diag(prog, file_index(prog, loc.file), loc.line, loc.col, loc.len, severity, text);
}

static void add_labels(lsp_program *out, const symtab *table, bool global)
{
    for (size_t i = 0; i < table->capacity; i++) {
        const symbol *s = symtab_slot_symbol(table, i);
        if (!s || !s->where.file)
            continue;
        lsp_label l = {s->name, s->value, file_index(out, s->where.file), s->where.line,
                       s->where.col, global, (s->flags & MIPS_SYM_TEXT) != 0};
        lsp_program_label(out, &l);
    }
}

static void assemble(const lsp_source *sources, size_t count, lsp_program *out)
{
    source_file **files = calloc(count, sizeof *files);
    if (!files)
        abort();
    for (size_t i = 0; i < count; i++) {
        files[i] = source_from_memory(sources[i].path, sources[i].text, sources[i].len);
        lsp_program_file(out, sources[i].path, sources[i].text, sources[i].len);
    }
    diag_sink diags;
    diag_init(&diags, NULL);
    diags.collect = collect;
    diags.collect_ctx = out;
    mips_asm_options options = mips_asm_default_options();
    mips_program prog;
    mips_assemble((const source_file *const *)files, count, &options, &diags, &prog);
    for (size_t f = 0; f < prog.file_count; f++)
        file_index(out, prog.files[f]);
    add_labels(out, &prog.globals, true);
    for (size_t f = 0; prog.locals && f < count; f++)
        add_labels(out, &prog.locals[f], false);
    if (diags.errors == 0 && count > 0)
        mips_lsp_checks(&prog, sources[0].text, sources[0].len, out);
    if (diags.errors > diags.max_errors && diags.max_errors)
        lsp_program_diag(out, 0, 0, 0, 0, LSP_SEVERITY_INFO, "more errors are not shown");
    diag_free(&diags);
    mips_program_free(&prog);
    for (size_t i = 0; i < count; i++)
        source_free(files[i]);
    free(files);
}

static bool hover_mnemonic(const char *word, size_t len, lsp_text *md)
{
    bool any = false;
    for (size_t i = 0; i < COUNT(basic_rows); i++)
        if (example_is(basic_rows[i].example, word, len)) {
            if (!any)
                lsp_text_add(md, "**%.*s**\n", (int)len, word);
            any = true;
            lsp_text_add(md, "\n`%s` (%s format) `%s`  \n%s\n", basic_rows[i].example,
                         basic_rows[i].format, basic_rows[i].encoding,
                         basic_rows[i].description);
        }
    for (size_t i = 0; i < COUNT(pseudo_rows); i++)
        if (example_is(pseudo_rows[i].example, word, len)) {
            if (!any)
                lsp_text_add(md, "**%.*s**\n", (int)len, word);
            any = true;
            lsp_text_add(md, "\n`%s` (pseudo) expands to `%s`  \n%s\n", pseudo_rows[i].example,
                         pseudo_rows[i].expansion, pseudo_rows[i].description);
        }
    return any;
}

static bool hover(const char *word, size_t len, lsp_text *md)
{
    mips_directive d = mips_directive_find(word, len);
    if (d != MIPS_DIR_COUNT) {
        lsp_text_add(md, "**%s** (directive)\n\n%s\n", mips_directive_name(d),
                     mips_directive_description(d));
        return true;
    }
    bool is_number, is_float;
    int r = mips_register(word, len, &is_number, &is_float);
    if (r >= 0 && is_float) {
        lsp_text_add(md, "**$f%d**: floating-point register %d (coprocessor 1)\n", r, r);
        return true;
    }
    if (r >= 0) {
        lsp_text_add(md, "**$%s** (`$%d`): register %d, %s\n", mips_register_name((unsigned)r), r,
                     r, mips_register_convention((unsigned)r));
        return true;
    }
    return hover_mnemonic(word, len, md);
}

static bool is_operator(const char *word, size_t len)
{
    return mips_is_mnemonic(word, len) || mips_directive_find(word, len) != MIPS_DIR_COUNT;
}

/* Whether before ends in "li $v0, " and a number being typed: the syscall
 * service is chosen there. */
static bool after_li_v0(const char *before, size_t len)
{
    size_t i = len;
    while (i > 0 && isdigit((unsigned char)before[i - 1]))
        i--;
    i = lsp_blanks_before(before, i);
    if (i == 0 || before[--i] != ',')
        return false;
    i = lsp_blanks_before(before, i);
    size_t reg_end = i;
    while (i > 0 && word_char(before[i - 1]))
        i--;
    size_t reg = i;
    bool is_number, is_float;
    if (mips_register(before + reg, reg_end - reg, &is_number, &is_float) != MIPS_REG_V0 ||
        is_float)
        return false;
    i = lsp_blanks_before(before, i);
    size_t op_end = i;
    while (i > 0 && word_char(before[i - 1]))
        i--;
    return op_end - i == 2 && tolower((unsigned char)before[i]) == 'l' &&
           tolower((unsigned char)before[i + 1]) == 'i';
}

static void complete_operators(lsp_completions *list)
{
    lsp_text doc = {0};
    for (size_t i = 0; i < COUNT(basic_rows) + COUNT(pseudo_rows); i++) {
        bool basic = i < COUNT(basic_rows);
        const char *example = basic ? basic_rows[i].example
                                    : pseudo_rows[i - COUNT(basic_rows)].example;
        size_t n = strcspn(example, " ");
        bool seen = false;
        for (size_t k = 0; k < i && !seen; k++)
            seen = example_is(k < COUNT(basic_rows) ? basic_rows[k].example
                                                    : pseudo_rows[k - COUNT(basic_rows)].example,
                              example, n);
        if (seen)
            continue;
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)n, example);
        doc.len = 0;
        hover_mnemonic(example, n, &doc);
        lsp_complete_add(list, LSP_KIND_KEYWORD, name, example, doc.buf, NULL);
    }
    lsp_text_free(&doc);
    for (int d = 0; d < MIPS_DIR_COUNT; d++)
        lsp_complete_add(list, LSP_KIND_KEYWORD, mips_directive_name((mips_directive)d),
                         "directive", mips_directive_description((mips_directive)d), NULL);
}

static bool complete(const char *before, size_t len, lsp_place place, lsp_completions *list)
{
    if (after_li_v0(before, len)) {
        for (size_t i = 0; i < COUNT(services); i++) {
            char number[16], detail[64];
            snprintf(number, sizeof number, "%d", services[i].number);
            snprintf(detail, sizeof detail, "syscall %d: %s", services[i].number,
                     services[i].name);
            lsp_complete_add(list, LSP_KIND_VALUE, number, detail, services[i].what, NULL);
        }
        return true;
    }
    if (place == LSP_AT_OPERATOR) {
        complete_operators(list);
        return true;
    }
    for (unsigned r = 0; r < 32; r++) {
        char name[8], detail[16];
        snprintf(name, sizeof name, "$%s", mips_register_name(r));
        snprintf(detail, sizeof detail, "register %u", r);
        lsp_complete_add(list, LSP_KIND_VARIABLE, name, detail, mips_register_convention(r),
                         NULL);
    }
    return false;
}

static void address(int64_t value, char *buf, size_t size)
{
    snprintf(buf, size, "0x%08x", (unsigned)(uint32_t)value);
}

static const lsp_isa mips_isa_adapter = {
    .name = "mipsas",
    .comment = '#',
    .fold_case = false,
    .label_colon = true,
    .multi_file = true,
    .address = address,
    .word_char = word_char,
    .assemble = assemble,
    .hover = hover,
    .is_operator = is_operator,
    .complete = complete,
    .tokens = mips_lsp_tokens,
};

int mips_lsp_serve(int in_fd, FILE *out)
{
    return lsp_serve(&mips_isa_adapter, in_fd, out);
}
