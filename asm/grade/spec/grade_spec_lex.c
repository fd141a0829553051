/* A spec line's tokens, and the small readers every statement uses:
 * numbers, ranges, registers through the machine's hook, files beside
 * the spec. */
#include "grade_spec_impl.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void spec_error(spec_parser *p, const spec_tok *t, const char *fmt, ...)
{
    src_loc loc = {.file = p->file, .line = p->line, .col = 1, .len = 1};
    if (t && t->kind != TOK_END)
        loc.col = t->col, loc.len = t->len > 0 ? t->len : 1;
    else if (t)
        loc.col = t->col;
    spec_piece_of(p, loc.col, &loc.line, &loc.col);
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(p->sink, DIAG_ERROR, loc, fmt, ap);
    va_end(ap);
    p->failed = true;
    p->errors++;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool ends_word(char c)
{
    return is_space(c) || c == '"' || c == '\'' || c == '#' || c == ',' || c == '[' ||
           c == ']' || c == '=' || c == '<' || c == '>' || c == '!';
}

/* The byte an escape stands for, or -1. */
static int escape(char c)
{
    switch (c) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case '0': return '\0';
    case '\\': return '\\';
    case '"': return '"';
    case '\'': return '\'';
    }
    return -1;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A quoted string or character from line[*i] (the quote); false after an
 * error. */
static bool quoted(spec_parser *p, const char *line, int len, int *i, spec_tok *t)
{
    char quote = line[*i];
    t->kind = quote == '"' ? TOK_STRING : TOK_CHAR;
    t->text = malloc((size_t)len + 1);
    if (!t->text)
        abort();
    int k = *i + 1;
    size_t n = 0;
    for (; k < len && line[k] != quote; k++) {
        char c = line[k];
        if (c == '\\' && k + 1 < len && line[k + 1] == 'x') {
            /* \xHH: a byte above 127 (strcmp's unsigned order) or a control */
            int hi = k + 2 < len ? hex_digit(line[k + 2]) : -1;
            int lo = k + 3 < len ? hex_digit(line[k + 3]) : -1;
            if (hi < 0 || lo < 0) {
                spec_tok at = {.kind = TOK_WORD, .col = k + 1, .len = 2};
                spec_error(p, &at, "'\\x' takes two hexadecimal digits (\\xe9)");
                return false;
            }
            t->text[n++] = (char)(hi << 4 | lo);
            k += 3;
        } else if (c == '\\' && k + 1 < len) {
            int e = escape(line[k + 1]);
            if (e < 0) {
                spec_tok at = {.kind = TOK_WORD, .col = k + 1, .len = 2};
                spec_error(p, &at, "'\\%c' is not an escape (\\n \\t \\r \\0 \\\\ \\\" \\' \\xHH)",
                           line[k + 1]);
                return false;
            }
            t->text[n++] = (char)e;
            k++;
        } else {
            t->text[n++] = c;
        }
    }
    t->text[n] = '\0';
    t->text_len = n;
    t->len = k - *i + (k < len);
    if (k >= len) {
        spec_error(p, t, "the %s has no closing %c", quote == '"' ? "string" : "character",
                   quote);
        return false;
    }
    if (quote == '\'' && n != 1) {
        spec_error(p, t, "a character in quotes is one character ('a', '\\n')");
        return false;
    }
    *i = k + 1;
    return true;
}

bool spec_lex_line(spec_parser *p, const char *line, int len)
{
    p->count = p->pos = 0;
    p->line_len = len;
    /* C's strings would end at a NUL (a number, a path, a name): what
     * follows it would be silently dropped. */
    const char *nul = memchr(line, '\0', (size_t)len);
    if (nul) {
        spec_tok at = {.kind = TOK_WORD, .col = (int)(nul - line) + 1, .len = 1};
        spec_error(p, &at, "a NUL byte: a spec is text (write \\0 in quotes for the byte 0)");
        return false;
    }
    int i = 0;
    for (;;) {
        while (i < len && is_space(line[i]))
            i++;
        if (i >= len || line[i] == '#')
            break;
        if (p->count == SPEC_LINE_TOKENS) {
            spec_tok at = {.kind = TOK_WORD, .col = i + 1, .len = 1};
            spec_error(p, &at, "the statement has more than %d words", SPEC_LINE_TOKENS);
            return false;
        }
        spec_tok *t = &p->toks[p->count];
        memset(t, 0, sizeof *t);
        t->start = line + i;
        t->col = i + 1;
        char c = line[i];
        if (c == '"' || c == '\'') {
            p->count++; /* freed with the others, even on an error */
            if (!quoted(p, line, len, &i, t))
                return false;
            continue;
        }
        if (c == ',' || c == '[' || c == ']') {
            t->kind = TOK_PUNCT, t->len = 1, i++;
        } else if (c == '=' || c == '<' || c == '>' || c == '!') {
            t->kind = TOK_OP;
            t->len = i + 1 < len && line[i + 1] == '=' ? 2 : 1;
            i += t->len;
            if (c == '!' && t->len == 1) {
                spec_error(p, t, "'!' stands alone: the operator is '!='");
                return false;
            }
        } else {
            t->kind = TOK_WORD;
            int k = i;
            while (k < len && !ends_word(line[k]))
                k++;
            t->len = k - i;
            i = k;
        }
        p->count++;
    }
    spec_tok *end = &p->toks[p->count];
    memset(end, 0, sizeof *end);
    end->kind = TOK_END;
    end->start = line + len;
    end->col = len + 1;
    return true;
}

void spec_free_tokens(spec_parser *p)
{
    for (int i = 0; i < p->count; i++) {
        free(p->toks[i].text);
        p->toks[i].text = NULL;
    }
    p->count = p->pos = 0;
}

const spec_tok *spec_next(spec_parser *p)
{
    const spec_tok *t = &p->toks[p->pos];
    if (p->pos < p->count)
        p->pos++;
    return t;
}

const spec_tok *spec_peek(const spec_parser *p)
{
    return &p->toks[p->pos];
}

bool spec_tok_equal(const spec_tok *t, const char *s)
{
    return t->kind != TOK_END && (int)strlen(s) == t->len && memcmp(t->start, s, (size_t)t->len) == 0;
}

bool spec_is(const spec_tok *t, const char *w)
{
    return t->kind == TOK_WORD && spec_tok_equal(t, w);
}

/* A decimal or 0x number filling text[0..len). */
static bool number_in(const char *text, size_t len, int64_t *value)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, text, len);
    buf[len] = '\0';
    const char *digits = buf[0] == '-' || buf[0] == '+' ? buf + 1 : buf;
    if (!(*digits >= '0' && *digits <= '9'))
        return false;
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 0);
    if (errno || *end || (digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9'))
        return false; /* 012 would be octal to strtoll: refused, not misread */
    *value = v;
    return true;
}

bool spec_number(const spec_tok *t, int64_t *value)
{
    return t->kind == TOK_WORD && number_in(t->start, (size_t)t->len, value);
}

bool spec_range(spec_parser *p, const spec_tok *t, int32_t *lo, int32_t *hi, int64_t min,
                int64_t max, const char *what)
{
    if (t->kind != TOK_WORD) {
        spec_error(p, t, "expected %s as LO..HI (e.g. 0..10)", what);
        return false;
    }
    const char *dots = NULL;
    for (int i = 0; i + 1 < t->len && !dots; i++)
        if (t->start[i] == '.' && t->start[i + 1] == '.')
            dots = t->start + i;
    int64_t a, b;
    if (!dots) {
        if (!number_in(t->start, (size_t)t->len, &a)) {
            spec_error(p, t, "expected %s as LO..HI (e.g. 0..10)", what);
            return false;
        }
        b = a;
    } else if (!number_in(t->start, (size_t)(dots - t->start), &a) ||
               !number_in(dots + 2, (size_t)(t->start + t->len - dots - 2), &b)) {
        spec_error(p, t, "expected %s as LO..HI with two numbers (e.g. 0..10)", what);
        return false;
    }
    if (a > b) {
        spec_error(p, t, "the range %.*s is empty: its low end is above its high end", t->len,
                   t->start);
        return false;
    }
    if (a < min || b > max) {
        spec_error(p, t, "%s must lie in %lld..%lld", what, (long long)min, (long long)max);
        return false;
    }
    *lo = (int32_t)a, *hi = (int32_t)b;
    return true;
}

int spec_register(const spec_parser *p, const char *text, size_t len)
{
    return p->isa->reg ? p->isa->reg(text, len) : -1;
}

bool spec_read_file(spec_parser *p, const spec_tok *t, char **text, size_t *len)
{
    char *name = t->kind == TOK_STRING ? strdup(t->text) : strndup(t->start, (size_t)t->len);
    if (!name)
        abort();
    char *path = name;
    if (name[0] != '/') {
        size_t size = strlen(p->spec->dir) + strlen(name) + 2;
        path = malloc(size);
        if (!path)
            abort();
        snprintf(path, size, "%s/%s", p->spec->dir, name);
        free(name);
    }
    const char *why = "";
    source_file *f = source_load(path, &why);
    if (!f || f->len > GRADE_SPEC_BUFFER_MAX * 8) {
        spec_error(p, t, "cannot read %s: %s", path, f ? "it is too big" : why);
        source_free(f);
        free(path);
        return false;
    }
    free(path);
    *text = malloc(f->len + 1);
    if (!*text)
        abort();
    memcpy(*text, f->text, f->len + 1);
    *len = f->len;
    source_free(f);
    return true;
}
