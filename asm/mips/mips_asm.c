/* The MIPS assembler's driver and pass 1 (MARS's Assembler.assemble and
 * parseLine): files in command-line order, one line at a time, labels,
 * segments, .globl and .extern; then pass 2 and the image. Every fact it
 * follows is in docs/mips-assembler.md. */
#include "mips_asm_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A local label that .globl moved to the global table (MARS removes it from
 * the file's table; ours cannot remove, so it is marked and skipped). */
enum { MIPS_SYM_MOVED = 1u << 8 };

static const struct {
    diag_level level;
    const char *format;
} messages[] = {
#define MIPS_MSG(id, level, format) {level, format},
#include "mips_messages.def"
#undef MIPS_MSG
};

mips_asm_options mips_asm_default_options(void)
{
    return (mips_asm_options){true, false, false};
}

void *mips_grow(void *array, size_t *capacity, size_t count, size_t size)
{
    if (count < *capacity)
        return array;
    size_t cap = *capacity ? *capacity * 2 : 16;
    void *grown = realloc(array, cap * size);
    if (!grown)
        abort(); /* an assembler cannot go on without its tables */
    *capacity = cap;
    return grown;
}

char *mips_strndup(const char *s, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy)
        abort();
    memcpy(copy, s, len);
    copy[len] = '\0';
    return copy;
}

char *mips_spell(const mips_token *t)
{
    if (t->kind == MIPS_LEX_INT && t->len > 0 && t->text[0] == '\'') {
        char buf[16];
        int n = snprintf(buf, sizeof buf, "%d", (int)t->value);
        return mips_strndup(buf, (size_t)n);
    }
    return mips_strndup(t->text, t->len);
}

src_loc mips_token_loc(const mips_line *line, const mips_token *t)
{
    return (src_loc){line->file, line->line, t->col, t->len > 0 ? (int)t->len : 1};
}

void mips_report(mips_asm *as, src_loc loc, mips_msg msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    diag_vreport(as->diags, messages[msg].level, loc, messages[msg].format, ap);
    va_end(ap);
    if (messages[msg].level == DIAG_WARNING)
        as->warnings++;
    else
        as->failed = true;
}

static symbol *local_symbol(const mips_asm *as, uint32_t unit, const char *name, size_t len)
{
    symbol *s = symtab_find(&as->prog->locals[unit], name, len);
    return s && !(s->flags & MIPS_SYM_MOVED) ? s : NULL;
}

bool mips_lookup(const mips_asm *as, uint32_t unit, const char *name, size_t len,
                 uint32_t *address)
{
    symbol *s = unit != UINT32_MAX ? local_symbol(as, unit, name, len) : NULL;
    if (!s)
        s = symtab_find(&as->prog->globals, name, len);
    if (s)
        *address = (uint32_t)s->value;
    return s != NULL;
}

static void define_label(mips_asm *as, const mips_line *line, const mips_token *t)
{
    uint32_t address = as->in_data ? as->data_address[as->data_space]
                                   : as->text_address[as->text_space];
    symtab *table = &as->prog->locals[as->unit];
    src_loc loc = mips_token_loc(line, t);
    if (local_symbol(as, as->unit, t->text, t->len)) {
        char *name = mips_strndup(t->text, t->len);
        mips_report(as, loc, MIPS_MSG_LABEL_DEFINED, name);
        free(name);
        return;
    }
    bool existed;
    symbol *s = symtab_define(table, t->text, t->len, address, loc, &existed);
    s->flags = as->in_data ? 0 : MIPS_SYM_TEXT;
}

static bool is_int(const mips_token *t)
{
    return t->kind == MIPS_LEX_INT;
}

/* .text/.ktext/.data/.kdata [address]: an operand that is no integer is
 * ignored, as are any after it. */
static void segment(mips_asm *as, const mips_token *t, size_t n, mips_directive d)
{
    bool data = d == MIPS_DIR_DATA || d == MIPS_DIR_KDATA;
    int space = d == MIPS_DIR_KTEXT || d == MIPS_DIR_KDATA ? MIPS_KERNEL : MIPS_USER;
    as->in_data = data;
    if (data) {
        as->auto_align = true;
        as->data_space = space;
    } else {
        as->text_space = space;
    }
    if (n > 1 && is_int(&t[1])) {
        if (data)
            as->data_address[space] = (uint32_t)t[1].value;
        else
            as->text_address[space] = (uint32_t)t[1].value;
    }
}

/* .extern label size: a global data label in the extern area, unless a
 * global of that name exists already (then nothing happens). */
static void extern_directive(mips_asm *as, const mips_line *line, const mips_token *t, size_t n)
{
    char *directive = mips_spell(&t[0]);
    src_loc loc = mips_token_loc(line, &t[0]);
    if (n != 3)
        mips_report(as, loc, MIPS_MSG_EXTERN_OPERANDS, directive);
    else if (!is_int(&t[2]) || t[2].value < 0)
        mips_report(as, loc, MIPS_MSG_EXTERN_SIZE, directive);
    else if (!symtab_find(&as->prog->globals, t[1].text, t[1].len)) {
        bool existed;
        symbol *s = symtab_define(&as->prog->globals, t[1].text, t[1].len, as->extern_address,
                                  mips_token_loc(line, &t[1]), &existed);
        s->flags = MIPS_SYM_GLOBAL;
        as->extern_address += (uint32_t)t[2].value;
    }
    free(directive);
}

/* .globl a b ...: remembered until the end of the file; the first operand
 * that is no identifier stops the list. */
static void globl_directive(mips_asm *as, const mips_line *line, const mips_token *t, size_t n)
{
    char *directive = mips_spell(&t[0]);
    src_loc loc = mips_token_loc(line, &t[0]);
    if (n < 2)
        mips_report(as, loc, MIPS_MSG_NEEDS_ARGUMENT, directive);
    for (size_t i = 1; i < n; i++) {
        if (t[i].kind != MIPS_LEX_IDENT) {
            mips_report(as, loc, MIPS_MSG_GLOBL_NOT_LABEL, directive);
            break;
        }
        as->decls = mips_grow(as->decls, &as->decl_capacity, as->decl_count, sizeof *as->decls);
        as->decls[as->decl_count++] =
            (mips_global_decl){mips_strndup(t[i].text, t[i].len), mips_token_loc(line, &t[i])};
    }
    free(directive);
}

static void directive(mips_asm *as, const mips_line *line, const mips_token *t, size_t n)
{
    mips_directive d = (mips_directive)t[0].value;
    switch (d) {
    case MIPS_DIR_DATA:
    case MIPS_DIR_KDATA:
    case MIPS_DIR_TEXT:
    case MIPS_DIR_KTEXT:
        segment(as, t, n, d);
        break;
    case MIPS_DIR_WORD:
    case MIPS_DIR_HALF:
    case MIPS_DIR_BYTE:
    case MIPS_DIR_FLOAT:
    case MIPS_DIR_DOUBLE:
        as->data_directive = d; /* even in the text segment, as in MARS */
        if (mips_data_check(as, line, &t[0]) && n > 1)
            mips_data_numeric(as, line, t, n, d);
        break;
    case MIPS_DIR_ASCII:
    case MIPS_DIR_ASCIIZ:
        as->data_directive = d;
        if (mips_data_check(as, line, &t[0]))
            mips_data_strings(as, line, t, n, d);
        break;
    case MIPS_DIR_ALIGN:
        if (mips_data_check(as, line, &t[0]))
            mips_data_align(as, line, t, n);
        break;
    case MIPS_DIR_SPACE:
        if (mips_data_check(as, line, &t[0]))
            mips_data_space(as, line, t, n);
        break;
    case MIPS_DIR_EXTERN:
        extern_directive(as, line, t, n);
        break;
    case MIPS_DIR_GLOBL:
        globl_directive(as, line, t, n);
        break;
    case MIPS_DIR_SET:
        mips_report(as, mips_token_loc(line, &t[0]), MIPS_MSG_SET_IGNORED);
        break;
    case MIPS_DIR_EQV:
    case MIPS_DIR_MACRO:
    case MIPS_DIR_END_MACRO:
    case MIPS_DIR_INCLUDE:
    default: {
        char *name = mips_spell(&t[0]);
        mips_report(as, mips_token_loc(line, &t[0]), MIPS_MSG_NOT_SUPPORTED_YET, name);
        free(name);
        break;
    }
    }
}

/* Tokens that make a line in a data segment continue the last data
 * directive (".word 1" then a line "2, 3"). */
static bool continues_data(const mips_token *t)
{
    switch (t->kind) {
    case MIPS_LEX_PLUS:
    case MIPS_LEX_MINUS:
    case MIPS_LEX_STRING:
    case MIPS_LEX_IDENT:
    case MIPS_LEX_INT:
    case MIPS_LEX_REAL:
        return true;
    default:
        return false;
    }
}

void mips_asm_line(mips_asm *as, const mips_line *line)
{
    const mips_token *t = line->tokens;
    size_t n = line->token_count;
    /* Invalid elements were reported before assembling began (and then
     * nothing is assembled); a line holding one is never assembled. */
    for (size_t i = 0; i < n; i++)
        if (t[i].kind == MIPS_LEX_ERROR)
            return;
    /* One label at most: MARS strips a single "name:" (an operator name
     * may be a label). */
    if (n >= 2 && (t[0].kind == MIPS_LEX_IDENT || t[0].kind == MIPS_LEX_OPERATOR) &&
        t[1].kind == MIPS_LEX_COLON) {
        define_label(as, line, &t[0]);
        t += 2;
        n -= 2;
    }
    if (n == 0)
        return;
    if (t[0].kind == MIPS_LEX_DIRECTIVE) {
        directive(as, line, t, n);
    } else if (t[0].kind == MIPS_LEX_IDENT && t[0].text[0] == '.') {
        char *name = mips_spell(&t[0]);
        mips_report(as, mips_token_loc(line, &t[0]), MIPS_MSG_UNKNOWN_DIRECTIVE, name);
        free(name);
    } else if (as->in_data && continues_data(&t[0])) {
        if (as->data_directive == MIPS_DIR_ASCII || as->data_directive == MIPS_DIR_ASCIIZ)
            mips_data_strings(as, line, t, n, as->data_directive);
        else
            mips_data_numeric(as, line, t, n, as->data_directive);
    } else if (!as->in_data) {
        mips_text_statement(as, line, t, n);
    }
    /* Anything else in a data segment (an instruction, a register) is
     * ignored without a word, as MARS's parseLine does. */
}

static void begin_file(mips_asm *as, uint32_t unit)
{
    as->unit = unit;
    as->in_data = false;
    as->auto_align = true;
    as->data_directive = MIPS_DIR_WORD;
}

/* MARS's transferGlobals: each .globl name moves from the file's labels to
 * the global ones. */
static void end_file(mips_asm *as)
{
    for (size_t i = 0; i < as->decl_count; i++) {
        mips_global_decl *g = &as->decls[i];
        size_t len = strlen(g->name);
        symbol *s = local_symbol(as, as->unit, g->name, len);
        if (!s) {
            mips_report(as, g->loc, MIPS_MSG_GLOBAL_UNDEFINED, g->name);
        } else if (symtab_find(&as->prog->globals, g->name, len)) {
            mips_report(as, g->loc, MIPS_MSG_GLOBAL_TWICE, g->name);
        } else {
            bool existed;
            symbol *global = symtab_define(&as->prog->globals, g->name, len, s->value, s->where,
                                           &existed);
            global->flags = s->flags | MIPS_SYM_GLOBAL;
            s->flags |= MIPS_SYM_MOVED;
        }
        free(g->name);
    }
    as->decl_count = 0;
    mips_data_resolve(as, &as->file_fixups, false);
    for (size_t i = 0; i < as->file_fixups.count; i++) {
        mips_fixups *later = &as->later_fixups;
        later->items = mips_grow(later->items, &later->capacity, later->count,
                                 sizeof *later->items);
        later->items[later->count++] = as->file_fixups.items[i];
    }
    as->file_fixups.count = 0;
}

/* Tokenizes each line of a file and hands it to visit; the token array is
 * reused from line to line. */
static void each_line(mips_asm *as, const source_file *file,
                      void (*visit)(mips_asm *, const mips_line *))
{
    mips_token small[64];
    mips_token *tokens = small;
    size_t capacity = sizeof small / sizeof small[0];
    for (int n = 1; n <= file->line_count; n++) {
        size_t len;
        const char *text = source_line(file, n, &len);
        size_t count = mips_lex_line(text, len, tokens, capacity);
        if (count > capacity) {
            if (tokens != small)
                free(tokens);
            tokens = malloc(count * sizeof *tokens);
            if (!tokens)
                abort();
            capacity = count;
            count = mips_lex_line(text, len, tokens, capacity);
        }
        mips_line line = {.file = file, .line = n, .text = text, .len = len,
                          .tokens = tokens, .token_count = count};
        visit(as, &line);
    }
    if (tokens != small)
        free(tokens);
}

/* MARS's tokenizer stage: "Invalid language element" for each bad token
 * (MARS prefixes the message with the line, which our framing shows). */
static void report_invalid(mips_asm *as, const mips_line *line)
{
    for (size_t i = 0; i < line->token_count; i++)
        if (line->tokens[i].kind == MIPS_LEX_ERROR) {
            char *text = mips_spell(&line->tokens[i]);
            mips_report(as, mips_token_loc(line, &line->tokens[i]), MIPS_MSG_INVALID_ELEMENT,
                        text);
            free(text);
        }
}

/* The program keeps only the labels still local; moved ones are global. */
static void drop_moved_locals(mips_program *prog, size_t count)
{
    for (size_t u = 0; u < count; u++) {
        symtab kept;
        symtab_init(&kept, false);
        symtab *old = &prog->locals[u];
        for (size_t i = 0; i < old->capacity; i++) {
            symbol *s = &old->slots[i];
            if (!s->name || (s->flags & MIPS_SYM_MOVED))
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

bool mips_assemble(const source_file *const *files, size_t count,
                   const mips_asm_options *options, diag_sink *diags, mips_program *out)
{
    mips_asm as;
    memset(&as, 0, sizeof as);
    as.options = options ? *options : mips_asm_default_options();
    as.diags = diags;
    as.prog = out;
    as.text_address[MIPS_USER] = MIPS_TEXT_BASE;
    as.text_address[MIPS_KERNEL] = MIPS_KTEXT_BASE;
    as.data_address[MIPS_USER] = MIPS_DATA_BASE;
    as.data_address[MIPS_KERNEL] = MIPS_KDATA_BASE;
    as.extern_address = MIPS_EXTERN_BASE;
    init_program(out, files, count);
    /* Reported in pass order, read in source order: file by file as given
     * on the command line, then line and column. */
    bool hold_back = !diags->buffered;
    if (hold_back)
        diag_buffer(diags);
    for (size_t i = 0; i < count; i++)
        diag_rank_file(diags, files[i]);

    /* MARS tokenizes before it assembles, and assembles nothing when a
     * token is invalid. (The preprocessor will take this stage over.) */
    for (size_t u = 0; u < count; u++)
        each_line(&as, files[u], report_invalid);
    bool invalid = as.failed;
    for (size_t u = 0; u < count && !invalid; u++) {
        begin_file(&as, (uint32_t)u);
        each_line(&as, files[u], mips_asm_line);
        end_file(&as);
    }
    /* What the files left unresolved may be a global of a later file. */
    mips_data_resolve(&as, &as.later_fixups, true);
    for (size_t i = 0; i < as.later_fixups.count; i++) {
        mips_fixup *f = &as.later_fixups.items[i];
        mips_report(&as, f->loc, MIPS_MSG_SYMBOL_NOT_FOUND, f->name);
        free(f->name);
    }
    /* MARS stops after pass 1 when it found errors; going on reports the
     * errors pass 2 finds as well, so that all are seen at once. */
    mips_text_encode(&as);
    mips_program_place_text(&as);
    out->segments[MIPS_SEG_EXTERN].size = as.extern_address - MIPS_EXTERN_BASE;
    drop_moved_locals(out, count);

    bool ok = !as.failed && !(as.options.warnings_are_errors && as.warnings > 0);
    if (hold_back)
        diag_flush(diags);
    for (size_t i = 0; i < as.stmt_count; i++)
        for (unsigned k = 0; k < as.stmts[i].operand_count; k++)
            free((char *)as.stmts[i].operands[k].label);
    free(as.stmts);
    free(as.words);
    free(as.decls);
    free(as.file_fixups.items);
    free(as.later_fixups.items);
    return ok;
}
