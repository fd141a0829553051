/* The MIPS preprocessor's tokenizer stage and its interface: .include
 * splicing and .eqv, as MARS 4.5's Tokenizer does them before any line is
 * assembled; the macro stage is in mips_macro.c. The MARS facts are in
 * docs/mips-assembler.md, "Preprocessing". */
#define _XOPEN_SOURCE 700 /* realpath */
#include "mips_preproc_impl.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mips_isa_impl.h"

const char *const pp_messages[] = {
#define MIPS_MSG(id, level, format) format,
#include "mips_messages.def"
#undef MIPS_MSG
};

/* The messages MARS prints without a column (for its framing only). */
static const bool pp_no_column[] = {
#define MIPS_MSG(id, level, format)
#define MIPS_MSG_NO_COLUMN(id) [PP_MSG_##id] = true,
#include "mips_messages.def"
#undef MIPS_MSG_NO_COLUMN
#undef MIPS_MSG
};

static void text_reserve(pp_text *b, size_t need)
{
    b->s = asm_need_memory(grow_array(b->s, &b->cap, need, 1));
}

void pp_lex(pp_tokens *tk, const char *text, size_t len)
{
    size_t n = mips_lex_line(text, len, tk->t, tk->cap);
    if (n > tk->cap) {
        tk->t = asm_need_memory(grow_array(tk->t, &tk->cap, n, sizeof *tk->t));
        n = mips_lex_line(text, len, tk->t, tk->cap);
    }
    tk->count = n;
}

size_t pp_token_value(const mips_token *t, char buf[16], const char **value)
{
    if (t->kind == MIPS_LEX_INT && t->text[0] == '\'') {
        int n = snprintf(buf, 16, "%d", (int)t->value);
        *value = buf;
        return n > 0 ? (size_t)n : 0;
    }
    *value = t->text;
    return t->len;
}

/* RegisterFile.getUserRegister, Coprocessor0 and Coprocessor1.getRegister;
 * the last reads the number after "$f" with stringToInt, so "$f08" counts. */
static bool is_register(const char *s, size_t len)
{
    bool is_number, is_float;
    if (mips_register(s, len, &is_number, &is_float) >= 0)
        return true;
    int32_t v;
    return len > 2 && s[1] == 'f' && mips_parse_int(s + 2, len - 2, &v) && v >= 0 && v <= 31;
}

bool pp_is_macro_param(const char *s, size_t len)
{
    if (len > 0 && s[0] == '$' && !is_register(s, len))
        return true;
    return len > 1 && s[0] == '%';
}

static void report(mips_preproc *pp, const source_file *file, int line, int col, int len,
                   bool no_column, const char *fmt, va_list ap)
{
    bool mars = pp->diags->style == DIAG_STYLE_MARS;
    if (mars && no_column)
        col = 0;
    src_loc loc = {file, line, col > 0 ? col : 0, col > 0 && len > 0 ? len : col > 0};
    diag_vreport(pp->diags, DIAG_ERROR, loc, fmt, ap);
    if (!pp->prepared)
        pp->prepare_errors++;
    /* The use it was expanded for; MARS's framing lists every use,
     * outermost first, as the line's history. */
    size_t first = mars || pp->frame_count == 0 ? 0 : pp->frame_count - 1;
    for (size_t f = first; f < pp->frame_count; f++) {
        const pp_frame *fr = &pp->frames[f];
        pp_record use = pp_record_at(pp, fr->use_rec);
        src_loc at = {use.file, use.line, fr->use_col, fr->use_len};
        diag_note(pp->diags, at, "in expansion of macro \"%s\"", pp->macros[fr->macro].name);
    }
}

void pp_error(mips_preproc *pp, size_t rec, int col, int len, int msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    bool no_column = msg >= 0 && (size_t)msg < sizeof pp_no_column && pp_no_column[msg];
    pp_record r = pp_record_at(pp, rec);
    report(pp, r.file, r.line, col, len, no_column, pp_messages[msg], ap);
    va_end(ap);
}

static void file_error(mips_preproc *pp, const source_file *file, int line, int col, int len,
                       int msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    report(pp, file, line, col, len, false, pp_messages[msg], ap);
    va_end(ap);
}

static void file_report(mips_preproc *pp, const source_file *file, int line, int col, int len,
                        const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(pp, file, line, col, len, false, fmt, ap);
    va_end(ap);
}

/* The invalid elements of the line in pp->tok (text, from file:line). MARS's
 * Tokenizer reports them each time it splits a line, which it does in
 * processIncludes, again in its main loop and after every .eqv
 * substitution, each message led by the line as split and a newline; its
 * front end shows them so. This project's framing shows each once, with the
 * line under it (pp_tokenize reports only the final text's). */
static void report_invalid_elements(mips_preproc *pp, const source_file *file, int line,
                                    const char *text, size_t len)
{
    bool mars = pp->diags->style == DIAG_STYLE_MARS;
    for (size_t k = 0; k < pp->tok.count; k++) {
        const mips_token *t = &pp->tok.t[k];
        if (t->kind != MIPS_LEX_ERROR)
            continue;
        /* Every error quoting a long line would hold its copy: past MARS's
         * limit nothing is printed, and the budget bounds hostile lines. */
        bool quote = mars && pp->diags->errors < DIAG_MARS_ERROR_LIMIT &&
                     len <= PP_MAX_QUOTED - pp->quoted;
        if (quote)
            pp->quoted += len;
        char *element = asm_strndup(t->text, t->len);
        if (quote) {
            int n = snprintf(NULL, 0, pp_messages[PP_MSG_INVALID_ELEMENT], element);
            char *message = malloc(n > 0 ? (size_t)n + 1 : 1);
            if (!message)
                abort();
            snprintf(message, (size_t)n + 1, pp_messages[PP_MSG_INVALID_ELEMENT], element);
            file_report(pp, file, line, t->col, (int)t->len, "%.*s\n%s", (int)len, text,
                        message);
            free(message);
        } else {
            file_error(pp, file, line, t->col, (int)t->len, PP_MSG_INVALID_ELEMENT, element);
        }
        free(element);
    }
}

/* ---- .include ----------------------------------------------------------- */

/* MARS: an absolute name stays; a relative one is the including file's
 * directory + "/" + name (a file named without a directory includes from
 * the working directory). The result is also the key of the cycle check. */
static char *include_path(const char *including, const char *name, size_t len)
{
    const char *slash = strrchr(including, '/');
    if ((len > 0 && name[0] == '/') || !slash)
        return asm_strndup(name, len);
    size_t dir = (size_t)(slash - including);
    char *path = malloc(dir + 1 + len + 1);
    if (!path)
        abort();
    memcpy(path, including, dir);
    path[dir] = '/';
    memcpy(path + dir + 1, name, len);
    path[dir + 1 + len] = '\0';
    return path;
}

/* True when path is root or lies below it (both real paths). */
static bool path_inside(const char *path, const char *root)
{
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/')
        return true;
    return strncmp(path, root, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* The file to open for an include of name (at path, MARS's spelling of
 * it): path itself without a sandbox; with one, its real path (links and
 * ".." resolved), which must lie inside the root. NULL after reporting. */
static char *sandboxed_path(mips_preproc *pp, const source_file *file, int line,
                            const mips_token *str, const char *name, size_t name_len,
                            const char *path)
{
    if (!pp->include_root)
        return asm_strndup(path, strlen(path));
    if (name_len > 0 && name[0] == '/') {
        file_error(pp, file, line, str->col, (int)str->len, PP_MSG_INCLUDE_ABSOLUTE, path,
                   pp->include_root);
        return NULL;
    }
    char *root = realpath(pp->include_root, NULL);
    char *real = root ? realpath(path, NULL) : NULL;
    const char *why = strerror(errno);
    if (!real) {
        file_error(pp, file, line, str->col, (int)str->len, PP_MSG_INCLUDE_UNREADABLE, path);
        if (pp->diags->style == DIAG_STYLE_GNU)
            diag_note(pp->diags, (src_loc){0}, "%s: %s", root ? path : pp->include_root, why);
    } else if (!path_inside(real, root)) {
        file_error(pp, file, line, str->col, (int)str->len, PP_MSG_INCLUDE_OUTSIDE, path,
                   pp->include_root);
        free(real);
        real = NULL;
    }
    free(root);
    return real;
}

typedef struct include_frame {
    const source_file *file;
    int next; /* line to read next */
} include_frame;

const source_file *pp_record_origin(const mips_preproc *pp, size_t rec, int *line)
{
    /* The last run that starts at or before rec (most files: the only one). */
    size_t lo = pp->run_count - 1, hi = pp->run_count;
    if (pp->runs[lo].first > rec)
        lo = 0;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (pp->runs[mid].first <= rec)
            lo = mid;
        else
            hi = mid;
    }
    const pp_run *run = &pp->runs[lo];
    *line = run->line + (int)(rec - run->first);
    return run->file;
}

/* The line as written, or "" for one too long (reported when recorded). */
static const char *raw_text(const source_file *file, int line, size_t *len)
{
    const char *raw = source_line(file, line, len);
    if (raw && *len <= PP_MAX_LINE)
        return raw;
    *len = 0;
    return "";
}

const char *pp_record_text(const mips_preproc *pp, size_t rec, size_t *len)
{
    size_t lo = 0, hi = pp->changed_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (pp->changed[mid].rec < rec)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < pp->changed_count && pp->changed[lo].rec == rec) {
        *len = pp->changed[lo].len;
        return pp->changed[lo].text;
    }
    int line;
    const source_file *file = pp_record_origin(pp, rec, &line);
    return raw_text(file, line, len);
}

pp_record pp_record_at(const mips_preproc *pp, size_t rec)
{
    pp_record r;
    r.file = pp_record_origin(pp, rec, &r.line);
    r.raw = raw_text(r.file, r.line, &r.raw_len);
    r.text = pp_record_text(pp, rec, &r.len);
    return r;
}

/* The next record is line of file (a line longer than PP_MAX_LINE bytes
 * is read as empty). False, after reporting it, when the file has grown
 * past the lines allowed. */
static bool add_record(mips_preproc *pp, const source_file *file, int line, size_t len)
{
    if (pp->rec_count >= PP_MAX_OUTPUT_LINES) {
        file_error(pp, file, line, 1, 1, PP_MSG_LIMIT_OUTPUT, PP_MAX_OUTPUT_LINES);
        return false;
    }
    if (len > PP_MAX_LINE)
        file_error(pp, file, line, 1, 1, PP_MSG_LIMIT_LINE, PP_MAX_LINE);
    const pp_run *last = pp->run_count ? &pp->runs[pp->run_count - 1] : NULL;
    if (!last || last->file != file || last->line + (int)(pp->rec_count - last->first) != line) {
        pp->runs = asm_need_memory(grow_array(pp->runs, &pp->run_cap, pp->run_count + 1,
                                              sizeof *pp->runs));
        pp->runs[pp->run_count++] = (pp_run){pp->rec_count, file, line};
    }
    pp->rec_count++;
    return true;
}

/* Opens the file a .include names (the string token str in file:line) and
 * pushes it. False after reporting why not: MARS stops at the first. */
static bool open_include(mips_preproc *pp, include_frame **stack, size_t *depth, size_t *cap,
                         const source_file *file, int line, const mips_token *str)
{
    /* MARS drops the first and the last character, whatever they are. */
    const char *name = str->text + 1;
    size_t name_len = str->len >= 2 ? str->len - 2 : 0;
    char *path = include_path(file->path, name, name_len);
    size_t path_len = strlen(path);
    bool ok = false;
    if (symtab_find(&pp->included, path, path_len)) {
        /* Any file included before, not only one still open: MARS never
         * forgets an include, so the same file twice is "recursive" too. */
        file_error(pp, file, line, str->col, (int)str->len, PP_MSG_INCLUDE_RECURSIVE, path);
    } else if (*depth >= PP_MAX_INCLUDE_DEPTH) {
        file_error(pp, file, line, str->col, (int)str->len,
                   PP_MSG_LIMIT_INCLUDE_DEPTH, PP_MAX_INCLUDE_DEPTH);
    } else {
        bool existed;
        symtab_define(&pp->included, path, path_len, 0, (src_loc){0}, &existed);
        const char *why = NULL;
        bool nul = memchr(name, '\0', name_len) != NULL;
        char *open_path = nul ? NULL : sandboxed_path(pp, file, line, str, name, name_len, path);
        source_file *inc = open_path ? source_load(open_path, &why) : NULL;
        if (inc && strcmp(inc->path, path) != 0) {
            /* Messages name the file as MARS does, not by its real path. */
            free(inc->path);
            inc->path = asm_strndup(path, path_len);
        }
        if (!inc && (open_path || nul)) {
            file_error(pp, file, line, str->col, (int)str->len, PP_MSG_INCLUDE_UNREADABLE,
                       path);
            /* Why, when the file is there (a FIFO, a device, too big). */
            struct stat st;
            if (why && open_path && stat(open_path, &st) == 0 &&
                pp->diags->style == DIAG_STYLE_GNU)
                diag_note(pp->diags, (src_loc){0}, "%s: %s", path, why);
        }
        free(open_path);
        if (inc) {
            pp->files = asm_need_memory(grow_array(pp->files, &pp->file_cap, pp->file_count + 1,
                                                   sizeof *pp->files));
            pp->files[pp->file_count++] = inc;
            *stack = asm_need_memory(grow_array(*stack, cap, *depth + 1, sizeof **stack));
            (*stack)[(*depth)++] = (include_frame){inc, 1};
            ok = true;
        }
    }
    free(path);
    return ok;
}

/* Tokenizer.processIncludes: every line whose tokens hold ".include" (any
 * case) followed by a string is replaced by the lines of that file, which
 * are spliced the same way. Iterative, so depth costs no C stack. */
static bool splice_includes(mips_preproc *pp)
{
    size_t depth = 0, cap = 0;
    include_frame *stack = asm_need_memory(grow_array(NULL, &cap, 1, sizeof *stack));
    stack[depth++] = (include_frame){pp->top, 1};
    bool ok = true;
    while (ok && depth > 0) {
        include_frame *top = &stack[depth - 1];
        if (top->next > top->file->line_count) {
            depth--;
            continue;
        }
        const source_file *file = top->file;
        int line = top->next++;
        size_t len = 0;
        const char *text = source_line(file, line, &len);
        if (!text)
            text = "", len = 0;
        /* Only a string token can name a file, and only '"' starts one:
         * most lines need no tokenizing here, but for MARS's report of
         * their invalid elements. */
        bool mars = pp->diags->style == DIAG_STYLE_MARS && len <= PP_MAX_LINE;
        bool has_string = memchr(text, '"', len) != NULL;
        if (mars || has_string) {
            pp_lex(&pp->tok, text, len);
            if (mars)
                report_invalid_elements(pp, file, line, text, len);
        }
        if (!has_string) {
            ok = add_record(pp, file, line, len);
            continue;
        }
        const mips_token *t = pp->tok.t;
        size_t n = pp->tok.count, k = 0;
        while (k + 1 < n && !(t[k + 1].kind == MIPS_LEX_STRING && t[k].text[0] == '.' &&
                              mips_directive_find(t[k].text, t[k].len) == MIPS_DIR_INCLUDE))
            k++;
        if (k + 1 < n)
            ok = open_include(pp, &stack, &depth, &cap, file, line, &t[k + 1]);
        else
            ok = add_record(pp, file, line, len);
    }
    free(stack);
    return ok;
}

/* ---- .eqv --------------------------------------------------------------- */

typedef enum eqv_problem {
    EQV_OK,
    EQV_TOO_FEW,
    EQV_MALFORMED,
    EQV_SELF,
    EQV_REDEFINED,
} eqv_problem;

/* MARS keeps a comment as the line's last token, and counts it in the .eqv
 * checks; mips_lex drops it. After the last token only delimiters or the
 * comment can follow. */
static bool has_comment(const char *text, size_t len, const pp_tokens *tk)
{
    size_t from = 0;
    if (tk->count > 0) {
        const mips_token *last = &tk->t[tk->count - 1];
        from = (size_t)(last->col - 1) + last->len;
    }
    return from < len && memchr(text + from, '#', len - from) != NULL;
}

/* The .eqv half of Tokenizer.processEqv, on the line in pp->tok. Returns
 * true when the line is an .eqv statement (it is then never substituted);
 * *problem and *at say what is wrong with it. */
static bool eqv_define(mips_preproc *pp, const char *text, size_t len, eqv_problem *problem,
                       size_t *at)
{
    const mips_token *t = pp->tok.t;
    size_t n = pp->tok.count;
    if (n + has_comment(text, len, &pp->tok) <= 2)
        return false;
    /* A label may come first; MARS looks at the third token whatever the second is. */
    size_t dir;
    if (t[0].kind == MIPS_LEX_DIRECTIVE)
        dir = 0;
    else if (n > 2 && t[2].kind == MIPS_LEX_DIRECTIVE)
        dir = 2;
    else
        return false;
    if (t[dir].value != MIPS_DIR_EQV)
        return false;
    *at = dir;
    if (n < dir + 3) {
        *problem = EQV_TOO_FEW;
        return true;
    }
    if (t[dir + 1].kind != MIPS_LEX_IDENT) {
        *problem = EQV_MALFORMED;
        return true;
    }
    const mips_token *symbol_token = &t[dir + 1];
    for (size_t i = dir + 2; i < n; i++)
        if (t[i].len == symbol_token->len && memcmp(t[i].text, symbol_token->text, t[i].len) == 0) {
            *problem = EQV_SELF;
            return true;
        }
    /* The expression runs from the first token after the symbol to the end
     * of the last, measured by its value: a character literal ends early. */
    const mips_token *last = &t[n - 1];
    char buf[16];
    const char *value;
    size_t start = (size_t)t[dir + 2].col - 1;
    size_t end = (size_t)last->col - 1 + pp_token_value(last, buf, &value);
    if (end > len)
        end = len;
    if (end < start)
        end = start;
    const char *expr = text + start;
    size_t expr_len = end - start;
    symbol *s = symtab_find(&pp->eqv, symbol_token->text, symbol_token->len);
    if (s) {
        const char *old = pp->eqv_expr[s->value];
        if (strlen(old) != expr_len || memcmp(old, expr, expr_len) != 0) {
            *problem = EQV_REDEFINED;
            *at = dir + 1;
        }
        return true;
    }
    bool existed;
    pp->eqv_expr = asm_need_memory(grow_array(pp->eqv_expr, &pp->eqv_cap, pp->eqv_count + 1,
                                              sizeof *pp->eqv_expr));
    pp->eqv_expr[pp->eqv_count] = asm_strndup(expr, expr_len);
    symtab_define(&pp->eqv, symbol_token->text, symbol_token->len, (int64_t)pp->eqv_count,
                  (src_loc){0}, &existed);
    pp->eqv_count++;
    return true;
}

static void report_eqv(mips_preproc *pp, size_t rec, eqv_problem problem, const mips_token *t)
{
    switch (problem) {
    case EQV_OK:
        break;
    case EQV_TOO_FEW:
        pp_error(pp, rec, t->col, (int)t->len, PP_MSG_EQV_TOO_FEW);
        break;
    case EQV_MALFORMED:
        pp_error(pp, rec, t->col, (int)t->len, PP_MSG_EQV_MALFORMED);
        break;
    case EQV_SELF:
        pp_error(pp, rec, t->col, (int)t->len, PP_MSG_EQV_SELF,
                 (int)t[1].len, t[1].text);
        break;
    case EQV_REDEFINED:
        pp_error(pp, rec, t->col, (int)t->len, PP_MSG_EQV_DEFINED, (int)t->len, t->text);
        break;
    }
}

void pp_tokenize(mips_preproc *pp, size_t rec, const char *in, size_t in_len, const char **out,
                 size_t *out_len)
{
    const char *cur = in;
    size_t len = in_len, scan_from = 0, work = 0, at = 0;
    int spare = 0;
    eqv_problem problem = EQV_OK;
    bool mars = pp->diags->style == DIAG_STYLE_MARS;
    pp_record r = pp_record_at(pp, rec);
    for (;;) {
        pp_lex(&pp->tok, cur, len);
        if (mars)
            report_invalid_elements(pp, r.file, r.line, cur, len);
        if (eqv_define(pp, cur, len, &problem, &at))
            break;
        /* The first identifier that names an .eqv symbol. Nothing before the
         * last substitution can match: those tokens did not change. */
        const mips_token *hit = NULL;
        const char *expr = NULL;
        for (size_t k = 0; pp->eqv_count > 0 && k < pp->tok.count && !hit; k++) {
            const mips_token *t = &pp->tok.t[k];
            if (t->kind != MIPS_LEX_IDENT || (size_t)t->col - 1 < scan_from)
                continue;
            const symbol *s = symtab_find(&pp->eqv, t->text, t->len);
            if (s) {
                hit = t;
                expr = pp->eqv_expr[s->value];
            }
        }
        if (!hit)
            break;
        size_t pos = (size_t)hit->col - 1, expr_len = strlen(expr);
        size_t new_len = len - hit->len + expr_len;
        work += new_len;
        if (new_len > PP_MAX_LINE) {
            pp_error(pp, rec, hit->col, (int)hit->len,
                     PP_MSG_LIMIT_EQV_LINE, PP_MAX_LINE);
            break;
        }
        if (work > PP_MAX_LINE_WORK) {
            pp_error(pp, rec, hit->col, (int)hit->len, PP_MSG_LIMIT_EQV_WORK);
            break;
        }
        pp_text *b = &pp->eqv_buf[spare];
        spare ^= 1;
        text_reserve(b, new_len + 1);
        memcpy(b->s, cur, pos);
        memcpy(b->s + pos, expr, expr_len);
        memcpy(b->s + pos + expr_len, cur + pos + hit->len, len - pos - hit->len);
        b->len = new_len;
        cur = b->s;
        len = new_len;
        scan_from = pos;
    }
    /* MARS reports the line's lexical errors as it splits it, then the .eqv check. */
    if (!mars)
        report_invalid_elements(pp, r.file, r.line, cur, len);
    if (problem != EQV_OK)
        report_eqv(pp, rec, problem, &pp->tok.t[at]);
    *out = cur;
    *out_len = len;
}

/* ---- The interface -------------------------------------------------------- */

mips_preproc *mips_preproc_new(const source_file *top, diag_sink *diags)
{
    mips_preproc *pp = calloc(1, sizeof *pp);
    if (!pp)
        return NULL;
    pp->top = top;
    pp->diags = diags;
    symtab_init(&pp->included, false);
    symtab_init(&pp->eqv, false);
    symtab_init(&pp->macro_names, false);
    return pp;
}

void mips_preproc_confine_includes(mips_preproc *pp, const char *root)
{
    pp->include_root = root;
}

bool mips_preproc_prepare(mips_preproc *pp)
{
    if (pp->prepared)
        return !pp->failed;
    bool ok = splice_includes(pp);
    /* Tokenizer.tokenize: each line in order, .eqv symbols applying from
     * the line after their definition on, included lines alike. */
    for (size_t i = 0, run = 0; ok && i < pp->rec_count; i++) {
        if (run + 1 < pp->run_count && pp->runs[run + 1].first == i)
            run++;
        size_t raw_len;
        const char *raw = raw_text(pp->runs[run].file,
                                   pp->runs[run].line + (int)(i - pp->runs[run].first), &raw_len);
        const char *text;
        size_t len;
        /* Without .eqv symbols, a line with no '.' (so no .eqv) and no
         * invalid element stays as it is and reports nothing: it needs no
         * tokens here (the macro stage makes them). The plain check is
         * one pass over most lines. */
        if (pp->eqv_count == 0 &&
            (mips_lex_line_plain(raw, raw_len) ||
             (!memchr(raw, '.', raw_len) && mips_lex_line_valid(raw, raw_len))))
            continue;
        pp_tokenize(pp, i, raw, raw_len, &text, &len);
        if (text != raw) {
            pp->changed = asm_need_memory(grow_array(pp->changed, &pp->changed_cap,
                                                     pp->changed_count + 1, sizeof *pp->changed));
            pp->changed[pp->changed_count++] = (pp_changed){i, asm_strndup(text, len), len};
        }
    }
    pp->prepared = true;
    pp->failed = !ok || pp->prepare_errors > 0;
    return !pp->failed;
}

const mips_line *mips_preproc_next(mips_preproc *pp)
{
    if (!mips_preproc_prepare(pp))
        return NULL;
    return pp_macro_next(pp);
}

bool mips_preproc_is_macro(const mips_preproc *pp, const char *name, size_t len)
{
    return symtab_find(&pp->macro_names, name, len) != NULL;
}

source_file **mips_preproc_take_files(mips_preproc *pp, size_t *count)
{
    source_file **files = pp->files;
    *count = pp->file_count;
    pp->files = NULL;
    pp->file_count = pp->file_cap = 0;
    return files;
}

mips_spliced_line *mips_preproc_spliced_lines(const mips_preproc *pp, size_t *count)
{
    *count = 0;
    bool included = false;
    for (size_t k = 0; k < pp->run_count && !included; k++)
        included = pp->runs[k].file != pp->top;
    if (!included)
        return NULL;
    mips_spliced_line *lines = asm_need_memory(malloc(pp->rec_count * sizeof *lines));
    for (size_t k = 0; k < pp->run_count; k++) {
        size_t end = k + 1 < pp->run_count ? pp->runs[k + 1].first : pp->rec_count;
        for (size_t i = pp->runs[k].first; i < end; i++)
            lines[i] = (mips_spliced_line){pp->runs[k].file,
                                           pp->runs[k].line + (int)(i - pp->runs[k].first)};
    }
    *count = pp->rec_count;
    return lines;
}

void mips_preproc_free(mips_preproc *pp)
{
    if (!pp)
        return;
    for (size_t i = 0; i < pp->changed_count; i++)
        free(pp->changed[i].text);
    free(pp->changed);
    free(pp->runs);
    for (size_t i = 0; i < pp->file_count; i++)
        source_free(pp->files[i]);
    free(pp->files);
    for (size_t i = 0; i < pp->eqv_count; i++)
        free(pp->eqv_expr[i]);
    free(pp->eqv_expr);
    symtab_free(&pp->included);
    symtab_free(&pp->eqv);
    symtab_free(&pp->macro_names);
    pp_macro_free(pp);
    free(pp->tok.t);
    free(pp->body_tok.t);
    free(pp->eqv_buf[0].s);
    free(pp->eqv_buf[1].s);
    free(pp->sub.s);
    free(pp);
}
