/* The debugger's expressions and locations (dbg_expr.h): a small
 * recursive-descent evaluator over the target's registers and symbols. */
#include "dbg_expr.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const dbg_target *t;
    const char *p;
    char *err;
    bool failed;
} parser;

static void fail(parser *ps, const char *fmt, const char *what)
{
    if (!ps->failed)
        snprintf(ps->err, DBG_ERROR_SIZE, fmt, what);
    ps->failed = true;
}

static void skip_space(parser *ps)
{
    while (isspace((unsigned char)*ps->p))
        ps->p++;
}

static bool is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

int dbg_register(const dbg_target *t, const char *text)
{
    return t->reg_lookup(t->ctx, text);
}

/* Digits of base from text[0..len): false when one is not. */
static bool parse_digits(const char *text, size_t len, unsigned base, int64_t *out)
{
    if (len == 0)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        int c = tolower((unsigned char)text[i]);
        unsigned d = isdigit(c) ? (unsigned)(c - '0') : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 99;
        if (d >= base)
            return false;
        v = v * base + d;
        if (v > 0xffffffffu)
            return false;
    }
    *out = (int64_t)v;
    return true;
}

/* A number as written in either assembly: 10, 0x1f, x3000, #-5 is a '#'
 * then a number (the sign is unary minus). */
static bool parse_number(const char *text, size_t len, int64_t *out)
{
    if (len > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        return parse_digits(text + 2, len - 2, 16, out);
    if (len > 1 && (text[0] == 'x' || text[0] == 'X'))
        return parse_digits(text + 1, len - 1, 16, out);
    if (len > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B'))
        return parse_digits(text + 2, len - 2, 2, out);
    return parse_digits(text, len, 10, out);
}

static int64_t parse_sum(parser *ps);

/* A register, label or number named by an identifier-like token. */
static int64_t parse_name(parser *ps, const char *start, size_t len)
{
    char name[80];
    if (len >= sizeof name) {
        fail(ps, "name too long: '%s'", "...");
        return 0;
    }
    memcpy(name, start, len);
    name[len] = '\0';
    int r = ps->t->reg_lookup(ps->t->ctx, name);
    if (r >= 0)
        return ps->t->get_reg(ps->t->ctx, (unsigned)r);
    uint32_t addr;
    if (name[0] != '$' && ps->t->symbol_value(ps->t->ctx, name, &addr))
        return addr;
    int64_t v;
    if (parse_number(name, len, &v))
        return v;
    fail(ps, name[0] == '$' ? "no register '%s'" : "no symbol or register '%s'", name);
    return 0;
}

static int64_t parse_primary(parser *ps)
{
    skip_space(ps);
    const char *p = ps->p;
    if (*p == '(') {
        ps->p++;
        int64_t v = parse_sum(ps);
        skip_space(ps);
        if (*ps->p != ')')
            fail(ps, "missing '%s'", ")");
        else
            ps->p++;
        return v;
    }
    if (*p == '\'' && p[1] && p[2] == '\'') {
        ps->p += 3;
        return (unsigned char)p[1];
    }
    if (*p == '#') { /* LC-3 decimal, its sign included: #-5 */
        ps->p++;
        bool negative = *ps->p == '-';
        ps->p += negative;
        const char *q = ps->p;
        while (isdigit((unsigned char)*ps->p))
            ps->p++;
        int64_t v = 0;
        if (!parse_digits(q, (size_t)(ps->p - q), 10, &v))
            fail(ps, "bad number after '%s'", "#");
        return negative ? -v : v;
    }
    if (is_name_char(*p)) {
        while (is_name_char(*ps->p))
            ps->p++;
        return parse_name(ps, p, (size_t)(ps->p - p));
    }
    fail(ps, *p ? "unexpected '%.1s'" : "expression expected%s", *p ? p : "");
    return 0;
}

static int64_t parse_unary(parser *ps)
{
    skip_space(ps);
    if (*ps->p == '-') {
        ps->p++;
        return -parse_unary(ps);
    }
    if (*ps->p == '+' || *ps->p == '&') { /* &label: a label is its address already */
        ps->p++;
        return parse_unary(ps);
    }
    if (*ps->p == '*') { /* the word at an address */
        ps->p++;
        uint32_t addr = (uint32_t)parse_unary(ps), word = 0;
        if (!ps->failed && !ps->t->read(ps->t->ctx, addr, ps->t->word_bytes, &word)) {
            char where[24];
            snprintf(where, sizeof where, "%s%0*x", ps->t->hex_prefix, (int)ps->t->addr_digits,
                     addr);
            fail(ps, "cannot read memory at %s", where);
            return 0;
        }
        return word;
    }
    return parse_primary(ps);
}

static int64_t parse_product(parser *ps)
{
    int64_t v = parse_unary(ps);
    for (;;) {
        skip_space(ps);
        char op = *ps->p;
        if (op != '*' && op != '/' && op != '%')
            return v;
        ps->p++;
        int64_t r = parse_unary(ps);
        if (op == '*') {
            v = (int64_t)(int32_t)(uint32_t)((uint64_t)v * (uint64_t)r);
        } else if ((int32_t)r == 0) {
            fail(ps, "division by zero%s", "");
            return 0;
        } else {
            int32_t a = (int32_t)(uint32_t)v, b = (int32_t)(uint32_t)r;
            if (a == INT32_MIN && b == -1)
                v = op == '/' ? a : 0;
            else
                v = op == '/' ? a / b : a % b;
        }
    }
}

static int64_t parse_sum(parser *ps)
{
    int64_t v = parse_product(ps);
    for (;;) {
        skip_space(ps);
        char op = *ps->p;
        if (op != '+' && op != '-')
            return v;
        ps->p++;
        int64_t r = parse_product(ps);
        v = (int64_t)(uint32_t)(op == '+' ? (uint64_t)v + (uint64_t)r : (uint64_t)v - (uint64_t)r);
    }
}

bool dbg_eval(const dbg_target *t, const char *text, uint32_t *value, char *err)
{
    parser ps = {.t = t, .p = text, .err = err};
    int64_t v = parse_sum(&ps);
    skip_space(&ps);
    if (!ps.failed && *ps.p)
        fail(&ps, "unexpected '%s'", ps.p);
    if (ps.failed)
        return false;
    *value = (uint32_t)v;
    return true;
}

/* A word as a signed number of the target's width. */
static int64_t signed_word(const dbg_target *t, int64_t v)
{
    return t->word_bytes == 2 ? (int16_t)(uint16_t)v : (int32_t)(uint32_t)v;
}

bool dbg_condition(const dbg_target *t, const char *text, bool *result, char *err)
{
    parser ps = {.t = t, .p = text, .err = err};
    int64_t left = signed_word(t, parse_sum(&ps));
    skip_space(&ps);
    static const char *const ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    int op = -1;
    for (int i = 0; i < 6 && !ps.failed; i++)
        if (strncmp(ps.p, ops[i], strlen(ops[i])) == 0) {
            op = i;
            ps.p += strlen(ops[i]);
            break;
        }
    int64_t right = 0;
    if (op >= 0)
        right = signed_word(t, parse_sum(&ps));
    skip_space(&ps);
    if (!ps.failed && *ps.p)
        fail(&ps, "unexpected '%s'", ps.p);
    if (ps.failed)
        return false;
    switch (op) {
    case 0: *result = left == right; break;
    case 1: *result = left != right; break;
    case 2: *result = left <= right; break;
    case 3: *result = left >= right; break;
    case 4: *result = left < right; break;
    case 5: *result = left > right; break;
    default: *result = left != 0; break;
    }
    return true;
}

/* The file a FILE:LINE names: its path as given, or its last component. */
static bool find_file(const dbg_target *t, const char *name, size_t len, size_t *file)
{
    for (int pass = 0; pass < 2; pass++)
        for (size_t f = 0; f < t->file_count; f++) {
            const char *path = t->files[f]->path;
            if (pass == 1) {
                const char *slash = strrchr(path, '/');
                path = slash ? slash + 1 : path;
            }
            if (strlen(path) == len && strncmp(path, name, len) == 0) {
                *file = f;
                return true;
            }
        }
    return false;
}

bool dbg_location(const dbg_target *t, const char *text, uint32_t *addr, char *err)
{
    while (isspace((unsigned char)*text))
        text++;
    const char *colon = strrchr(text, ':');
    if (colon && colon[1]) {
        char *end;
        long line = strtol(colon + 1, &end, 10);
        while (isspace((unsigned char)*end))
            end++;
        if (*end || line <= 0) {
            snprintf(err, DBG_ERROR_SIZE, "bad line number in '%s'", text);
            return false;
        }
        size_t file;
        if (!find_file(t, text, (size_t)(colon - text), &file)) {
            snprintf(err, DBG_ERROR_SIZE, "no source file named '%.*s'", (int)(colon - text),
                     text);
            return false;
        }
        if (!t->line_addr(t->ctx, file, (int)line, addr)) {
            snprintf(err, DBG_ERROR_SIZE, "no code at or after line %ld of %s", line,
                     t->files[file]->path);
            return false;
        }
        return true;
    }
    return dbg_eval(t, text, addr, err);
}
