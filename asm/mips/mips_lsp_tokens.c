/* The language server's MIPS semantic tokens (mips_lsp_impl.h): each line
 * through MARS's tokenizer, and what the grammar cannot tell from it: a
 * label's definition and uses, .eqv names, macros and their parameters,
 * pseudo-instructions, registers. */
#include "mips_lsp_impl.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "mips_isa.h"
#include "mips_lex.h"

/* The .eqv names and macros a document defined so far: words of its text. */
typedef struct name_list {
    const char **text;
    size_t *len;
    size_t count, cap, len_cap;
} name_list;

static void remember(name_list *names, const mips_token *t)
{
    const char **text = grow_array(names->text, &names->cap, names->count + 1, sizeof *text);
    if (!text)
        return; /* out of memory: the name just goes uncoloured */
    names->text = text;
    size_t *len = grow_array(names->len, &names->len_cap, names->count + 1, sizeof *len);
    if (!len)
        return;
    names->len = len;
    names->text[names->count] = t->text;
    names->len[names->count++] = t->len;
}

static bool known(const name_list *names, const mips_token *t)
{
    for (size_t i = 0; i < names->count; i++)
        if (names->len[i] == t->len && memcmp(names->text[i], t->text, t->len) == 0)
            return true;
    return false;
}

static bool is_word(const mips_token *t)
{
    return t->kind == MIPS_LEX_IDENT || t->kind == MIPS_LEX_OPERATOR;
}

/* A mnemonic no basic row has: only a pseudo-instruction. */
static bool only_pseudo(const mips_token *t)
{
    for (size_t i = 0; i < mips_basic_count(); i++) {
        const char *m = mips_basic_at(i)->mnemonic;
        if (strlen(m) == t->len && strncmp(m, t->text, t->len) == 0)
            return false;
    }
    return true;
}

typedef struct line_state {
    lsp_tokens *out;
    int line;
    const char *start; /* the line's first byte: columns count from it */
} line_state;

static void add(const line_state *at, const mips_token *t, lsp_token_type type, unsigned mods)
{
    lsp_tokens_add(at->out, at->line, (size_t)(t->text - at->start), t->len, type, mods);
}

/* A general register's modifier: its use by the convention. */
static unsigned use_modifier(const mips_token *t)
{
    switch (mips_register_use((unsigned)t->value)) {
    case MIPS_USE_CONSTANT: return LSP_MOD_READONLY;
    case MIPS_USE_RESERVED: return LSP_MOD_RESERVED;
    case MIPS_USE_RESULT: return LSP_MOD_RESULT;
    case MIPS_USE_ARGUMENT: return LSP_MOD_ARGUMENT;
    case MIPS_USE_TEMPORARY: return LSP_MOD_TEMPORARY;
    case MIPS_USE_SAVED: return LSP_MOD_SAVED;
    case MIPS_USE_POINTER: return LSP_MOD_POINTER;
    case MIPS_USE_RETURN: return LSP_MOD_RETURN;
    }
    return 0;
}

/* The operands from t[0]: registers, parameters, .eqv names, labels. */
static void operands(const line_state *at, const mips_token *t, size_t n, const name_list *eqv,
                     const lsp_program *prog)
{
    for (size_t i = 0; i < n; i++) {
        if (t[i].kind == MIPS_LEX_REG_NAME || t[i].kind == MIPS_LEX_REG_NUMBER)
            add(at, &t[i], LSP_TOKEN_REGISTER, use_modifier(&t[i]));
        else if (t[i].kind == MIPS_LEX_FREG)
            add(at, &t[i], LSP_TOKEN_REGISTER, 0);
        else if (t[i].kind == MIPS_LEX_MACRO_PARAM)
            add(at, &t[i], LSP_TOKEN_PARAMETER, 0);
        else if (is_word(&t[i]) && known(eqv, &t[i]))
            add(at, &t[i], LSP_TOKEN_VARIABLE, LSP_MOD_READONLY);
        else if (is_word(&t[i]) && lsp_program_has_label(prog, t[i].text, t[i].len, false))
            add(at, &t[i], LSP_TOKEN_LABEL, 0);
    }
}

static void line_tokens(const line_state *at, const mips_token *t, size_t n, name_list *eqv,
                        name_list *macros, const lsp_program *prog)
{
    size_t i = 0;
    while (i + 1 < n && t[i + 1].kind == MIPS_LEX_COLON && is_word(&t[i])) {
        add(at, &t[i], LSP_TOKEN_LABEL, LSP_MOD_DECLARATION);
        i += 2;
    }
    if (i == n)
        return;
    const mips_token *op = &t[i++];
    if (op->kind == MIPS_LEX_DIRECTIVE && i < n && is_word(&t[i]) &&
        (op->value == MIPS_DIR_EQV || op->value == MIPS_DIR_MACRO)) {
        bool eqv_name = op->value == MIPS_DIR_EQV;
        add(at, &t[i], eqv_name ? LSP_TOKEN_VARIABLE : LSP_TOKEN_MACRO,
            LSP_MOD_DECLARATION | (eqv_name ? LSP_MOD_READONLY : 0));
        remember(eqv_name ? eqv : macros, &t[i]);
        for (i++; !eqv_name && i < n; i++)
            if (t[i].kind == MIPS_LEX_MACRO_PARAM)
                add(at, &t[i], LSP_TOKEN_PARAMETER, LSP_MOD_DECLARATION);
    } else if (is_word(op) && known(macros, op)) {
        add(at, op, LSP_TOKEN_MACRO, 0);
    } else if (op->kind == MIPS_LEX_OPERATOR) {
        add(at, op, LSP_TOKEN_KEYWORD, only_pseudo(op) ? LSP_MOD_PSEUDO : 0);
    }
    operands(at, t + i, n - i, eqv, prog);
}

void mips_lsp_tokens(const char *text, size_t len, const lsp_program *prog, lsp_tokens *out)
{
    enum { MAX_TOKENS = 64 };
    mips_token t[MAX_TOKENS];
    name_list eqv = {0}, macros = {0};
    size_t at = 0, line_len;
    const char *line;
    for (int no = 0; (line = lsp_next_line(text, len, &at, &line_len)); no++) {
        size_t n = mips_lex_line(line, line_len, t, MAX_TOKENS);
        line_state where = {out, no, line};
        line_tokens(&where, t, n < MAX_TOKENS ? n : MAX_TOKENS, &eqv, &macros, prog);
    }
    free(eqv.text);
    free(eqv.len);
    free(macros.text);
    free(macros.len);
}
