/* The MIPS assembler's pass 1 for one line (MARS's Assembler.parseLine):
 * labels, segments, .globl and .extern, handing data directives and
 * instructions on; the driver is mips_driver.c. Every fact it follows is in
 * docs/mips-assembler.md. */
#include "mips_asm_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    diag_level level;
    const char *format;
} messages[] = {
#define MIPS_MSG(id, level, format) {level, format},
#include "mips_messages.def"
#undef MIPS_MSG
};

/* The messages MARS prints without a column (for its framing only). */
static const bool no_column[] = {
#define MIPS_MSG(id, level, format)
#define MIPS_MSG_NO_COLUMN(id) [MIPS_MSG_##id] = true,
#include "mips_messages.def"
#undef MIPS_MSG_NO_COLUMN
#undef MIPS_MSG
};

char *mips_spell(const mips_token *t)
{
    if (t->kind == MIPS_LEX_INT && t->len > 0 && t->text[0] == '\'') {
        char buf[16];
        int n = snprintf(buf, sizeof buf, "%d", (int)t->value);
        return asm_strndup(buf, (size_t)n);
    }
    return asm_strndup(t->text, t->len);
}

src_loc mips_token_loc(const mips_line *line, const mips_token *t)
{
    return (src_loc){line->file, line->line, t->col, t->len > 0 ? (int)t->len : 1};
}

/* This project's advice, which MARS (and so its framing) never prints. */
static const bool not_mars[] = {
#define MIPS_MSG(id, level, format)
#define MIPS_MSG_NOT_MARS(id) [MIPS_MSG_##id] = true,
#include "mips_messages.def"
#undef MIPS_MSG_NOT_MARS
#undef MIPS_MSG
};

void mips_report(mips_asm *as, src_loc loc, mips_msg msg, ...)
{
    bool mars = as->diags->style == DIAG_STYLE_MARS;
    bool advice = (size_t)msg < sizeof not_mars && not_mars[msg];
    if (mars && advice)
        return;
    if (mars && (size_t)msg < sizeof no_column && no_column[msg])
        loc.col = 0;
    va_list ap;
    va_start(ap, msg);
    diag_vreport(as->diags, messages[msg].level, loc, messages[msg].format, ap);
    va_end(ap);
    if (messages[msg].level == DIAG_WARNING) {
        if (!advice)
            as->warnings++; /* what MARS's "we" counts */
    }
    else
        as->failed = true;
    /* As the preprocessor does for its own errors: a line from a macro
     * body also points at the use it was expanded for (MARS's framing: at
     * every use, outermost first). */
    const mips_line *line = as->line;
    size_t first = mars || !line || line->use_count == 0 ? 0 : line->use_count - 1;
    for (size_t u = first; line && u < line->use_count; u++) {
        const mips_macro_use *use = &line->uses[u];
        src_loc at = {use->file, use->line, use->col, use->len};
        diag_note(as->diags, at, "in expansion of macro \"%s\"", use->name);
    }
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
    /* One probe: a label .globl moved away is defined again in place (it
     * keeps its first value and place, as it always has). */
    bool existed;
    symbol *s = symtab_define(table, t->text, t->len, address, loc, &existed);
    if (existed && !(s->flags & MIPS_SYM_MOVED)) {
        char *name = asm_strndup(t->text, t->len);
        mips_report(as, loc, MIPS_MSG_LABEL_DEFINED, name);
        free(name);
        return;
    }
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
        as->decls = asm_need_memory(grow_array(as->decls, &as->decl_capacity, as->decl_count + 1,
                                               sizeof *as->decls));
        as->decls[as->decl_count++] =
            (mips_global_decl){asm_strndup(t[i].text, t[i].len), mips_token_loc(line, &t[i])};
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
    case MIPS_DIR_COUNT:
        /* The preprocessor consumes these and reports their errors; they
         * never reach a pass. */
        break;
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

static void statement(mips_asm *as, const mips_line *line);

void mips_asm_line(mips_asm *as, const mips_line *line)
{
    as->line = line;
    statement(as, line);
    as->line = NULL; /* later reports (pass 2) are about no line of pass 1 */
}

static void statement(mips_asm *as, const mips_line *line)
{
    const mips_token *t = line->tokens;
    size_t n = line->token_count;
    /* The preprocessor reported invalid elements (the passes must not
     * again), and a line holding one is never assembled. */
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

void mips_asm_begin_file(mips_asm *as, uint32_t unit, mips_preproc *pp)
{
    as->unit = unit;
    as->pp = pp;
    as->in_data = false;
    as->auto_align = true;
    as->data_directive = MIPS_DIR_WORD;
}

/* MARS's transferGlobals: each .globl name moves from the file's labels to
 * the global ones. */
void mips_asm_end_file(mips_asm *as)
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
            as->moved_count++;
        }
        free(g->name);
    }
    as->decl_count = 0;
    mips_data_resolve(as, &as->file_fixups, false);
    for (size_t i = 0; i < as->file_fixups.count; i++) {
        mips_fixups *later = &as->later_fixups;
        later->items = asm_need_memory(grow_array(later->items, &later->capacity,
                                                  later->count + 1, sizeof *later->items));
        later->items[later->count++] = as->file_fixups.items[i];
    }
    as->file_fixups.count = 0;
}
