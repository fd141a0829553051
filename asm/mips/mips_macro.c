/* The MIPS preprocessor's macro stage: MARS 4.5's .macro/.end_macro and the
 * expansion of macro uses (Assembler.parseLine, Macro, MacroPool), one line
 * at a time as the passes ask, so errors come in MARS's order. The MARS
 * facts are in docs/mips-assembler.md, "Preprocessing". */
#include "mips_preproc_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* pp->out for record rec: text[0..len) with the first count tokens of pp->tok. */
static const mips_line *emit(mips_preproc *pp, size_t rec, const char *text, size_t len,
                             size_t count)
{
    mips_line *out = &pp->out;
    bool nested = pp->frame_count > 0;
    out->file = pp_record_origin(pp, rec, &out->line);
    out->use_file = nested ? pp->uses[0].file : NULL;
    out->use_line = nested ? pp->uses[0].line : 0;
    out->uses = nested ? pp->uses : NULL;
    out->use_count = pp->frame_count;
    out->text = text;
    out->len = len;
    out->tokens = pp->tok.t;
    out->token_count = count;
    return out;
}

static bool is_label_start(const mips_token *t, size_t n)
{
    return n >= 2 && (t[0].kind == MIPS_LEX_IDENT || t[0].kind == MIPS_LEX_OPERATOR) &&
           t[1].kind == MIPS_LEX_COLON;
}

/* ---- Definitions ------------------------------------------------------- */

static void add_string(char ***list, size_t *count, size_t *cap, const char *s, size_t len)
{
    *list = asm_need_memory(grow_array(*list, cap, *count + 1, sizeof **list));
    (*list)[(*count)++] = asm_strndup(s, len);
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether s[0..len) is a label defined in the body (the list is sorted). */
static bool is_body_label(const pp_macro *m, const char *s, size_t len)
{
    size_t lo = 0, hi = m->label_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *label = m->labels[mid];
        size_t label_len = strlen(label);
        int c = memcmp(s, label, len < label_len ? len : label_len);
        if (c == 0)
            c = len < label_len ? -1 : len > label_len;
        if (c == 0)
            return true;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return false;
}

/* .macro name [params]: the checks of Assembler.executeDirective, in its order. */
static void begin_macro(mips_preproc *pp, size_t rec, const mips_token *t, size_t n)
{
    char buf[16];
    const char *value;
    if (n < 2) {
        char *directive = asm_strndup(t[0].text, t[0].len);
        pp_error(pp, rec, t[0].col, (int)t[0].len, PP_MSG_NEEDS_ARGUMENT,
                 directive);
        free(directive);
        return;
    }
    if (t[1].kind != MIPS_LEX_IDENT) {
        size_t len = pp_token_value(&t[1], buf, &value);
        pp_error(pp, rec, t[1].col, (int)t[1].len, PP_MSG_MACRO_NAME, (int)len, value);
        return;
    }
    if (pp->in_macro) {
        pp_error(pp, rec, t[0].col, (int)t[0].len, PP_MSG_MACRO_NESTED);
        return;
    }
    pp->in_macro = true;
    pp->macros = asm_need_memory(grow_array(pp->macros, &pp->macro_cap, pp->macro_count + 1,
                                            sizeof *pp->macros));
    pp->current = pp->macro_count++;
    pp_macro *m = &pp->macros[pp->current];
    memset(m, 0, sizeof *m);
    m->name = asm_strndup(t[1].text, t[1].len);
    m->from = rec;
    for (size_t k = 2; k < n; k++) {
        if (t[k].kind == MIPS_LEX_LPAREN || t[k].kind == MIPS_LEX_RPAREN)
            continue;
        size_t len = pp_token_value(&t[k], buf, &value);
        if (!pp_is_macro_param(value, len)) {
            /* The macro stays begun with the parameters before this one. */
            pp_error(pp, rec, t[k].col, (int)t[k].len, PP_MSG_MACRO_ARGUMENT, (int)len,
                     value);
            return;
        }
        add_string(&m->args, &m->arg_count, &m->arg_cap, value, len);
    }
}

/* .end_macro: MacroPool.commitMacro. From now on uses find it. */
static void commit_macro(mips_preproc *pp, size_t rec)
{
    pp_macro *m = &pp->macros[pp->current];
    m->to = rec;
    if (m->label_count > 1)
        qsort(m->labels, m->label_count, sizeof *m->labels, compare_strings);
    bool existed;
    symbol *s = symtab_define(&pp->macro_names, m->name, strlen(m->name),
                              (int64_t)pp->current + 1, (src_loc){0}, &existed);
    if (existed) {
        m->older = (size_t)s->value;
        s->value = (int64_t)pp->current + 1;
    }
    pp->in_macro = false;
}

/* The directives this stage consumes (the others reach the passes). */
static bool consumed_directive(const mips_token *t)
{
    if (t->kind != MIPS_LEX_DIRECTIVE)
        return false;
    switch ((mips_directive)t->value) {
    case MIPS_DIR_EQV:
    case MIPS_DIR_MACRO:
    case MIPS_DIR_END_MACRO:
    case MIPS_DIR_INCLUDE:
        return true;
    default:
        return false;
    }
}

/* A line starting with a directive: inside a definition any directive
 * comes here; outside only the consumed ones. */
static void directive(mips_preproc *pp, size_t rec, const mips_token *t, size_t n)
{
    switch ((mips_directive)t[0].value) {
    case MIPS_DIR_MACRO:
        begin_macro(pp, rec, t, n);
        break;
    case MIPS_DIR_END_MACRO:
        if (n > 1)
            pp_error(pp, rec, t[0].col, (int)t[0].len, PP_MSG_END_MACRO_TEXT);
        else if (!pp->in_macro)
            pp_error(pp, rec, t[0].col, (int)t[0].len, PP_MSG_END_MACRO_ALONE);
        else
            commit_macro(pp, rec);
        break;
    case MIPS_DIR_INCLUDE:
        /* Not spliced (no string after it): MARS's directive table has no action for it. */
        if (!pp->in_macro)
            pp_error(pp, rec, t[0].col, (int)t[0].len,
                     PP_MSG_NOT_IMPLEMENTED, (int)t[0].len,
                     t[0].text);
        break;
    default:
        /* .eqv was done by the tokenizer stage; the rest of a body waits for a use. */
        break;
    }
}

/* ---- Uses ---------------------------------------------------------------- */

/* A use written name(args): MARS drops the parentheses when the second token
 * is "(" and the last ")". Each remaining token is one argument. */
typedef struct macro_use {
    const mips_token *name;
    const mips_token *args;
    size_t arg_count;
} macro_use;

static macro_use use_of(const mips_token *t, size_t n)
{
    if (n > 2 && t[1].kind == MIPS_LEX_LPAREN && t[n - 1].kind == MIPS_LEX_RPAREN)
        return (macro_use){&t[0], &t[2], n - 3};
    return (macro_use){&t[0], &t[1], n - 1};
}

/* MacroPool.getMatchingMacro: of the committed macros with this name (case
 * matters) and this many parameters, the one whose .macro line is last. */
static size_t matching_macro(const mips_preproc *pp, macro_use use)
{
    if (pp->macro_count == 0)
        return 0; /* most programs: no hashing for every line */
    const symbol *s = symtab_find(&pp->macro_names, use.name->text, use.name->len);
    size_t best = 0;
    for (size_t i = s ? (size_t)s->value : 0; i > 0; i = pp->macros[i - 1].older) {
        const pp_macro *m = &pp->macros[i - 1];
        if (m->arg_count == use.arg_count && (!best || pp->macros[best - 1].from < m->from))
            best = i;
    }
    return best;
}

static void pop_frame(mips_preproc *pp)
{
    pp_frame *f = &pp->frames[--pp->frame_count];
    pp->frame_bytes -= f->bytes;
    free(f->args);
}

/* Starts expanding a use of macro number index (1-based) in record rec. */
static void push_frame(mips_preproc *pp, size_t rec, size_t index, macro_use use, long counter)
{
    char buf[16];
    const char *value;
    size_t bytes = use.arg_count * sizeof(char *);
    for (size_t k = 0; k < use.arg_count; k++)
        bytes += pp_token_value(&use.args[k], buf, &value) + 1;
    if (pp->frame_count >= PP_MAX_MACRO_DEPTH) {
        pp_error(pp, rec, use.name->col, (int)use.name->len,
                 PP_MSG_LIMIT_MACRO_DEPTH, PP_MAX_MACRO_DEPTH);
        return;
    }
    if (pp->frame_bytes + bytes > PP_MAX_FRAME_BYTES) {
        pp_error(pp, rec, use.name->col, (int)use.name->len,
                 PP_MSG_LIMIT_MACRO_BYTES, PP_MAX_FRAME_BYTES);
        return;
    }
    /* The arguments as MARS substitutes them (Token.toString: the value). */
    char **args = malloc(bytes ? bytes : 1);
    if (!args)
        abort();
    char *chars = (char *)(args + use.arg_count);
    for (size_t k = 0; k < use.arg_count; k++) {
        size_t len = pp_token_value(&use.args[k], buf, &value);
        memcpy(chars, value, len);
        chars[len] = '\0';
        args[k] = chars;
        chars += len + 1;
    }
    pp->frames = asm_need_memory(grow_array(pp->frames, &pp->frame_cap, pp->frame_count + 1,
                                            sizeof *pp->frames));
    size_t use_cap = pp->frame_cap;
    pp->uses = realloc(pp->uses, use_cap * sizeof *pp->uses);
    if (!pp->uses)
        abort();
    pp_record r = pp_record_at(pp, rec);
    /* MARS's history shows a top-level use by its line in its file, a use
     * inside a body by the body line's index in the spliced source. */
    pp->uses[pp->frame_count] =
        (mips_macro_use){r.file, r.line, pp->frame_count == 0 ? r.line : (int)rec + 1,
                         use.name->col, (int)use.name->len, pp->macros[index - 1].name};
    pp->frames[pp->frame_count++] =
        (pp_frame){index - 1, pp->macros[index - 1].from + 1, rec, use.name->col,
                   (int)use.name->len, counter, args, use.arg_count, bytes};
    pp->frame_bytes += bytes;
}

/* The first occurrence of needle in hay, charging the comparisons to
 * *work; NULL if none, or when the work runs over the bound. */
static char *find_first(char *hay, size_t hay_len, const char *needle, size_t len, size_t *work)
{
    if (len == 0 || len > hay_len)
        return NULL;
    char *end = hay + (hay_len - len);
    for (char *p = hay; p <= end; p++) {
        char *q = memchr(p, needle[0], (size_t)(end - p) + 1);
        if (!q)
            break;
        *work += (size_t)(q - p) + len;
        if (*work > PP_MAX_LINE_WORK)
            return NULL;
        if (memcmp(q, needle, len) == 0)
            return q;
        p = q;
    }
    *work += (size_t)(end - hay);
    return NULL;
}

/* Replaces the first occurrence of old in pp->sub by a then b. */
static bool replace_first(mips_preproc *pp, const char *old, size_t old_len, const char *a,
                          size_t a_len, const char *b, size_t b_len, size_t *work)
{
    pp_text *s = &pp->sub;
    char *at = find_first(s->s, s->len, old, old_len, work);
    if (!at)
        return *work <= PP_MAX_LINE_WORK;
    size_t pos = (size_t)(at - s->s), new_len = s->len - old_len + a_len + b_len;
    if (new_len > PP_MAX_LINE)
        return false;
    *work += new_len;
    s->s = asm_need_memory(grow_array(s->s, &s->cap, new_len + 1, 1));
    memmove(s->s + pos + a_len + b_len, s->s + pos + old_len, s->len - pos - old_len);
    memmove(s->s + pos, a, a_len);
    memcpy(s->s + pos + a_len, b, b_len);
    s->len = new_len;
    return *work <= PP_MAX_LINE_WORK;
}

/* Macro.getSubstitutedLine for body record j, into pp->sub. It starts from
 * the line as written (before .eqv) and goes through the tokens of the line
 * after .eqv from last to first: a parameter becomes its argument, a label
 * of the body gets "_M<counter>", each at the FIRST place its text occurs in
 * the line (MARS's replaceToken, quirks and all). False if the line grew
 * past the bounds (reported). */
static bool substitute(mips_preproc *pp, size_t j)
{
    const pp_frame *f = &pp->frames[pp->frame_count - 1];
    const pp_macro *m = &pp->macros[f->macro];
    pp_record r = pp_record_at(pp, j);
    pp_text *s = &pp->sub;
    s->s = asm_need_memory(grow_array(s->s, &s->cap, r.raw_len + 1, 1));
    memcpy(s->s, r.raw, r.raw_len);
    s->len = r.raw_len;
    pp_lex(&pp->body_tok, r.text, r.len);
    char suffix[32];
    int suffix_len = snprintf(suffix, sizeof suffix, "_M%ld", f->counter);
    size_t work = 0;
    bool ok = true;
    for (size_t k = pp->body_tok.count; ok && k-- > 0;) {
        const mips_token *t = &pp->body_tok.t[k];
        char buf[16];
        const char *value;
        size_t len = pp_token_value(t, buf, &value);
        if (pp_is_macro_param(value, len)) {
            size_t a = 0;
            while (a < m->arg_count && !(strlen(m->args[a]) == len &&
                                         memcmp(m->args[a], value, len) == 0))
                a++;
            const char *arg = value;
            size_t arg_len = len;
            if (a < m->arg_count && a < f->arg_count) {
                arg = f->args[a];
                arg_len = strlen(arg);
            } else {
                pp_error(pp, j, t->col, (int)t->len, PP_MSG_MACRO_PARAMETER);
            }
            ok = replace_first(pp, value, len, arg, arg_len, "", 0, &work);
        } else if (is_body_label(m, value, len)) {
            ok = replace_first(pp, value, len, value, len, suffix, (size_t)suffix_len, &work);
        }
    }
    if (!ok && work > PP_MAX_LINE_WORK)
        pp_error(pp, j, 1, 1, PP_MSG_LIMIT_SUBST_WORK);
    else if (!ok)
        pp_error(pp, j, 1, 1, PP_MSG_LIMIT_SUBST_LINE, PP_MAX_LINE);
    return ok;
}

/* Abandons the rest of the file when its lines, expanded, grew too many:
 * at the top-level use being expanded, or at the line reached. */
static void abandon_file(mips_preproc *pp, size_t rec, int col, int len)
{
    if (pp->frame_count > 0) {
        rec = pp->frames[0].use_rec;
        col = pp->frames[0].use_col;
        len = pp->frames[0].use_len;
    }
    while (pp->frame_count > 0)
        pop_frame(pp);
    pp->next_rec = pp->rec_count;
    pp_error(pp, rec, col, len, PP_MSG_LIMIT_OUTPUT, PP_MAX_OUTPUT_LINES);
}

static bool on_call_stack(const mips_preproc *pp, size_t rec)
{
    for (size_t i = 0; i < pp->frame_count; i++)
        if (pp->frames[i].use_rec == rec)
            return true;
    return false;
}

/* ---- Lines ----------------------------------------------------------------- */

/* The line in pp->tok from token skip on, outside a definition. */
static const mips_line *statement(mips_preproc *pp, size_t rec, const char *text, size_t len,
                                  size_t skip)
{
    /* An empty file has no token array yet: NULL + 0 is undefined (UBSan). */
    const mips_token *t = pp->tok.t ? pp->tok.t + skip : NULL;
    size_t n = pp->tok.count - skip;
    if (n > 0 && consumed_directive(&t[0])) {
        directive(pp, rec, t, n);
        return NULL;
    }
    if (n > 0 && t[0].kind != MIPS_LEX_DIRECTIVE) {
        macro_use use = use_of(t, n);
        size_t index = matching_macro(pp, use);
        if (index) {
            long counter = pp->counter++; /* every use takes a number, even a failing one */
            /* MacroPool.pushOnCallStack: the same use line twice on the stack. */
            if (on_call_stack(pp, rec))
                pp_error(pp, rec, use.name->col, (int)use.name->len, PP_MSG_MACRO_LOOP);
            else
                push_frame(pp, rec, index, use, counter);
            return NULL;
        }
    }
    return emit(pp, rec, text, len, pp->tok.count);
}

/* Assembler.parseLine, as far as it concerns this stage, for the line in
 * pp->tok. Returns the line for the passes, or NULL when it was consumed. */
static const mips_line *line(mips_preproc *pp, size_t rec, const char *text, size_t len)
{
    const mips_token *t = pp->tok.t;
    size_t n = pp->tok.count;
    bool label = is_label_start(t, n);
    if (pp->in_macro) {
        /* Inside a definition: only note labels (to rename them per use)
         * and look for .end_macro; a labelled .end_macro does not count. */
        if (label) {
            pp_macro *m = &pp->macros[pp->current];
            add_string(&m->labels, &m->label_count, &m->label_cap, t[0].text, t[0].len);
        }
        if (n > 0 && t[0].kind == MIPS_LEX_DIRECTIVE)
            directive(pp, rec, t, n);
        return NULL;
    }
    if (label && n > 2 &&
        (consumed_directive(&t[2]) ||
         (t[2].kind != MIPS_LEX_DIRECTIVE && matching_macro(pp, use_of(t + 2, n - 2))))) {
        /* MARS records the label before it looks at the rest. */
        pp->pending = true;
        pp->pending_rec = rec;
        pp->pending_text = text;
        pp->pending_len = len;
        return emit(pp, rec, text, (size_t)t[1].col, 2);
    }
    return statement(pp, rec, text, len, 0);
}

const mips_line *pp_macro_next(mips_preproc *pp)
{
    if (pp->pending) {
        pp->pending = false;
        const mips_line *out =
            statement(pp, pp->pending_rec, pp->pending_text, pp->pending_len, 2);
        if (out)
            return out;
    }
    for (;;) {
        if (pp->frame_count > 0) {
            pp_frame *f = &pp->frames[pp->frame_count - 1];
            if (f->next >= pp->macros[f->macro].to) {
                pop_frame(pp);
                continue;
            }
            size_t j = f->next++;
            if (++pp->output_lines > PP_MAX_OUTPUT_LINES) {
                abandon_file(pp, j, 1, 1);
                continue;
            }
            if (!substitute(pp, j))
                continue;
            /* The substituted line is tokenized again, .eqv and all. */
            const char *text;
            size_t len;
            pp_tokenize(pp, j, pp->sub.s, pp->sub.len, &text, &len);
            const mips_line *out = line(pp, j, text, len);
            if (out)
                return out;
            continue;
        }
        if (pp->next_rec < pp->rec_count) {
            size_t i = pp->next_rec++;
            if (++pp->output_lines > PP_MAX_OUTPUT_LINES) {
                abandon_file(pp, i, 1, 1);
                continue;
            }
            size_t len;
            const char *text = pp_record_text(pp, i, &len);
            pp_lex(&pp->tok, text, len);
            const mips_line *out = line(pp, i, text, len);
            if (out)
                return out;
            continue;
        }
        if (pp->in_macro && !pp->end_reported) {
            /* At the .macro that never ended (its record, tokenized again). */
            size_t from = pp->macros[pp->current].from;
            pp_record r = pp_record_at(pp, from);
            pp_lex(&pp->tok, r.text, r.len);
            int col = 1, len = 1;
            for (size_t k = 0; k < pp->tok.count; k++)
                if (pp->tok.t[k].kind == MIPS_LEX_DIRECTIVE &&
                    pp->tok.t[k].value == MIPS_DIR_MACRO) {
                    col = pp->tok.t[k].col;
                    len = (int)pp->tok.t[k].len;
                }
            pp->end_reported = true;
            pp_error(pp, from, col, len, PP_MSG_MACRO_NOT_ENDED);
        }
        return NULL;
    }
}

void pp_macro_free(mips_preproc *pp)
{
    for (size_t i = 0; i < pp->macro_count; i++) {
        pp_macro *m = &pp->macros[i];
        free(m->name);
        for (size_t k = 0; k < m->arg_count; k++)
            free(m->args[k]);
        free(m->args);
        for (size_t k = 0; k < m->label_count; k++)
            free(m->labels[k]);
        free(m->labels);
    }
    free(pp->macros);
    while (pp->frame_count > 0)
        pop_frame(pp);
    free(pp->frames);
    free(pp->uses);
}
