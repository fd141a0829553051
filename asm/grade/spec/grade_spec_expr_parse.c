/* Parsing the spec's expressions into their tree (grade_spec_expr.h), a
 * part of the parser (grade_spec_impl.h). The line's lexer keeps
 * `p.row+1` or `(d` as one word, so an expression reads the words again
 * in smaller pieces: names, numbers and the signs ( ) + - * / % & . [ ]. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_spec_expr.h"
#include "grade_spec_impl.h"
#include "grade_spec_expr_parse_impl.h"

grade_expr *spec_x_node(grade_expr_op op, grade_expr *a, grade_expr *b)
{
    grade_expr *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    e->op = op, e->a = a, e->b = b;
    return e;
}

static bool name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

xtok spec_x_peek(const xparser *x)
{
    const spec_tok *lt = &x->p->toks[x->tok];
    xtok t = {X_END, lt->start + x->off, lt->len - x->off, lt->col + x->off, lt};
    switch (lt->kind) {
    case TOK_END: t.len = 0; break;
    case TOK_STRING: t.kind = X_STRING; break;
    case TOK_CHAR: t.kind = X_CHAR; break;
    case TOK_OP: t.kind = X_OP; break;
    case TOK_PUNCT: t.kind = X_SYM; break;
    case TOK_WORD: {
        char c = t.start[0];
        int n = 1;
        if (name_char(c))
            while (n < t.len && name_char(t.start[n]))
                n++;
        t.kind = isdigit((unsigned char)c) ? X_NUM : name_char(c) ? X_NAME : X_SYM;
        t.len = n;
        break;
    }
    }
    return t;
}

void spec_x_advance(xparser *x)
{
    xtok t = spec_x_peek(x);
    if (t.kind == X_END)
        return;
    if (t.line_tok->kind == TOK_WORD && x->off + t.len < t.line_tok->len) {
        x->off += t.len;
    } else {
        x->tok++;
        x->off = 0;
    }
}

bool spec_x_is_sym(const xtok *t, char c)
{
    return t->kind == X_SYM && t->start[0] == c;
}

bool spec_x_is_name(const xtok *t, const char *w)
{
    return t->kind == X_NAME && (int)strlen(w) == t->len && !memcmp(t->start, w, (size_t)t->len);
}

void spec_x_xerror(xparser *x, const xtok *t, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    spec_tok at = {.kind = t->kind == X_END ? TOK_END : TOK_WORD, .col = t->col, .len = t->len};
    spec_error(x->p, &at, "%s", buf);
    x->erred = true;
}

bool spec_x_expect_sym(xparser *x, char c, const char *why)
{
    xtok t = spec_x_peek(x);
    if (spec_x_is_sym(&t, c)) {
        spec_x_advance(x);
        return true;
    }
    spec_x_xerror(x, &t, "expected '%c'%s", c, why);
    return false;
}

static int find_let(const grade_spec_function *fn, const xtok *t)
{
    for (int i = 0; i < fn->let_count; i++)
        if ((int)strlen(fn->lets[i].name) == t->len && !memcmp(fn->lets[i].name, t->start,
                                                               (size_t)t->len))
            return i;
    return -1;
}

static int find_arg(const grade_spec_function *fn, const xtok *t)
{
    spec_tok word = {.kind = TOK_WORD, .start = t->start, .len = t->len};
    return t->kind == X_NAME ? spec_find_arg(fn, &word) : -1;
}

static grade_expr *named(xparser *x, const xtok *t)
{
    const grade_spec_function *fn = x->p->fn;
    int arg = find_arg(fn, t), let = find_let(fn, t);
    spec_x_advance(x);
    if (let >= 0) {
        grade_expr *e = spec_x_node(GX_LET, NULL, NULL);
        e->ref = let;
        return e;
    }
    if (arg < 0) {
        spec_x_xerror(x, t, "'%.*s' is not an argument or a let of %s", t->len, t->start, fn->name);
        return NULL;
    }
    if (fn->args[arg].gen.kind == GRADE_GEN_POINTER) {
        spec_x_xerror(x, t, "%s is an address into %s: name %s's elements instead",
                      fn->args[arg].name, fn->args[fn->args[arg].gen.of].name,
                      fn->args[fn->args[arg].gen.of].name);
        return NULL;
    }
    if (!spec_gen_is_pointer(&fn->args[arg].gen)) {
        xtok next = spec_x_peek(x);
        if (spec_x_is_sym(&next, '[')) {
            spec_x_xerror(x, &next, "%s is a number: only an array, a string or a grid has "
                          "elements ([INDEX], [ROW][COL])", fn->args[arg].name);
            return NULL;
        }
        grade_expr *e = spec_x_node(GX_ARG, NULL, NULL);
        e->ref = arg;
        return e;
    }
    xtok next = spec_x_peek(x);
    if (spec_x_is_sym(&next, '.'))
        return spec_x_member(x, arg);
    if (spec_x_is_sym(&next, '['))
        return spec_x_cell(x, arg, t);
    if (spec_x_is_name(&next, "changed")) {
        if (!x->after) {
            spec_x_xerror(x, &next, "'changed' is known after the call: only in a must-call's "
                          "condition (must-call F when %s changed)", fn->args[arg].name);
            return NULL;
        }
        spec_x_advance(x);
        grade_expr *e = spec_x_node(GX_CHANGED, NULL, NULL);
        e->ref = arg;
        return e;
    }
    spec_x_xerror(x, t, "%s is an address: compare its 'length', a field (%s.0), an element "
                  "(%s[INDEX]) or a cell (%s[ROW][COL]) instead", fn->args[arg].name,
                  fn->args[arg].name, fn->args[arg].name, fn->args[arg].name);
    return NULL;
}

static grade_expr *primary(xparser *x)
{
    xtok t = spec_x_peek(x);
    spec_tok word = {.kind = TOK_WORD, .start = t.start, .len = t.len};
    int64_t v;
    if (t.kind == X_NUM || t.kind == X_CHAR) {
        if (t.kind == X_CHAR)
            v = (uint8_t)t.line_tok->text[0];
        else if (!spec_number(&word, &v) || v < INT32_MIN || v > UINT32_MAX) {
            spec_x_xerror(x, &t, "'%.*s' is not a 32-bit number", t.len, t.start);
            return NULL;
        }
        spec_x_advance(x);
        grade_expr *e = spec_x_node(GX_NUMBER, NULL, NULL);
        e->number = (int32_t)v;
        return e;
    }
    if (spec_x_is_sym(&t, '(')) {
        if (++x->depth > NESTING_MAX) {
            spec_x_xerror(x, &t, "the expression nests more than %d cells and parentheses",
                          NESTING_MAX);
            return NULL;
        }
        spec_x_advance(x);
        grade_expr *e = spec_x_binary(x, 0);
        x->depth--;
        if (e && !spec_x_expect_sym(x, ')', " to close the '('")) {
            grade_expr_free(e);
            return NULL;
        }
        return e;
    }
    if (spec_x_is_name(&t, "length")) {
        spec_x_advance(x);
        xtok n = spec_x_peek(x);
        int arg = find_arg(x->p->fn, &n);
        if (arg >= 0 && x->p->fn->args[arg].gen.kind == GRADE_GEN_RECORDS) {
            x->inside = true; /* `length cars[k].name`: the string's */
            int at = x->tok, off = x->off;
            spec_x_advance(x);
            xtok after = spec_x_peek(x);
            x->tok = at, x->off = off;
            if (spec_x_is_sym(&after, '[') || spec_x_is_sym(&after, '.')) {
                grade_expr *e = named(x, &n);
                x->inside = false;
                if (e && e->op != GX_INSIDE_LEN) {
                    spec_x_xerror(x, &n, "'length' of a record's field needs a string or "
                                  "array field");
                    grade_expr_free(e);
                    return NULL;
                }
                return e;
            }
            x->inside = false;
        }
        if (arg < 0) {
            spec_x_xerror(x, &n, "expected a number, an argument or 'length ARGUMENT'");
            return NULL;
        }
        if (!spec_gen_is_pointer(&x->p->fn->args[arg].gen)) {
            spec_x_xerror(x, &n, "'length' needs a string, array, buffer, struct or file");
            return NULL;
        }
        spec_x_advance(x);
        grade_expr *e = spec_x_node(GX_LENGTH, NULL, NULL);
        e->ref = arg;
        return e;
    }
    if (t.kind == X_NAME)
        return named(x, &t);
    spec_x_xerror(x, &t, "expected a number, 'c', an argument, a let or 'length ARGUMENT'");
    return NULL;
}

static grade_expr *unary(xparser *x)
{
    xtok t = spec_x_peek(x);
    bool after = spec_x_is_name(&t, "after");
    if (!spec_x_is_sym(&t, '-') && !after)
        return primary(x);
    if (after && !x->after) {
        spec_x_xerror(x, &t, "'after' reads the state after the call: only in a must-call's "
                      "condition (must-call F when after ...)");
        return NULL;
    }
    spec_x_advance(x);
    grade_expr *a = unary(x);
    return a ? spec_x_node(after ? GX_AFTER : GX_NEG, a, NULL) : NULL;
}

static grade_expr *comparison(xparser *x)
{
    static const char *const ops[] = {"<", "<=", ">", ">=", "==", "!="};
    grade_expr *e = spec_x_binary(x, 2);
    xtok t = spec_x_peek(x);
    if (!e)
        return NULL;
    if (spec_x_is_name(&t, "in")) {
        spec_x_advance(x);
        xtok s = spec_x_peek(x);
        const spec_tok *lt = s.line_tok;
        if (s.kind != X_STRING || lt->text_len == 0 || strlen(lt->text) != lt->text_len) {
            spec_x_xerror(x, &s, "expected the characters in quotes after 'in' (\"UDLR\")");
            grade_expr_free(e);
            return NULL;
        }
        spec_x_advance(x);
        e = spec_x_node(GX_IN, e, NULL);
        e->set = strdup(lt->text);
        if (!e->set)
            abort();
        return e;
    }
    for (int k = 0; t.kind == X_OP && k < 6; k++)
        if (spec_tok_equal(t.line_tok, ops[k])) {
            spec_x_advance(x);
            grade_expr *b = spec_x_binary(x, 2);
            return b ? spec_x_node((grade_expr_op)(GX_LT + k), e, b) : (grade_expr_free(e), NULL);
        }
    return e;
}

static grade_expr *negation(xparser *x)
{
    xtok t = spec_x_peek(x);
    if (!spec_x_is_name(&t, "not"))
        return comparison(x);
    spec_x_advance(x);
    grade_expr *a = negation(x);
    return a ? spec_x_node(GX_NOT, a, NULL) : NULL;
}

/* The left-associative operators by level, loosest first: or, and, then
 * (below not and the comparisons) &, then + and -, then * / %, as in C.
 * GX_NUMBER: none. */
static grade_expr_op binary_op(const xtok *t, int level)
{
    switch (level) {
    case 0: return spec_x_is_name(t, "or") ? GX_OR : GX_NUMBER;
    case 1: return spec_x_is_name(t, "and") ? GX_AND : GX_NUMBER;
    case 2: return spec_x_is_sym(t, '&') ? GX_BITAND : GX_NUMBER;
    case 3: return spec_x_is_sym(t, '+') ? GX_ADD : spec_x_is_sym(t, '-') ? GX_SUB : GX_NUMBER;
    default: return spec_x_is_sym(t, '*') ? GX_MUL : spec_x_is_sym(t, '/') ? GX_DIV
                    : spec_x_is_sym(t, '%') ? GX_MOD : GX_NUMBER;
    }
}

static grade_expr *operand_of(xparser *x, int level)
{
    return level == 0 ? spec_x_binary(x, 1) : level == 1 ? negation(x)
           : level == 2 ? spec_x_binary(x, 3) : level == 3 ? spec_x_binary(x, 4) : unary(x);
}

grade_expr *spec_x_binary(xparser *x, int level)
{
    grade_expr *e = operand_of(x, level);
    for (;;) {
        xtok t = spec_x_peek(x);
        grade_expr_op op = binary_op(&t, level);
        if (!e || op == GX_NUMBER)
            return e;
        spec_x_advance(x);
        grade_expr *b = operand_of(x, level);
        if (b && (op == GX_DIV || op == GX_MOD) && b->op == GX_NUMBER && b->number == 0) {
            spec_x_xerror(x, &t, "'%c' by 0: the divisor must not be 0", t.start[0]);
            grade_expr_free(b);
            b = NULL;
        }
        e = b ? spec_x_node(op, e, b) : (grade_expr_free(e), NULL);
    }
}

/* The parse ends between two of the line's words, or it is an error. */
static grade_expr *finish(xparser *x, grade_expr *e)
{
    xtok next = spec_x_peek(x);
    if (e && next.kind == X_SYM && !strchr(",[]()", next.start[0])) {
        /* `a | b`, `a ^ b`: not an operand the caller would take either */
        spec_x_xerror(x, &next, "'%.*s' is not an operator of an expression (+ - * / %% & < <= > "
                      ">= == != in and or not)", next.len, next.start);
        grade_expr_free(e);
        return NULL;
    }
    if (e && x->off != 0) {
        xtok t = spec_x_peek(x);
        spec_x_xerror(x, &t, "unexpected '%.*s' in the expression", t.len, t.start);
        grade_expr_free(e);
        return NULL;
    }
    if (e)
        x->p->pos = x->tok;
    return e;
}

grade_expr *spec_parse_expr(spec_parser *p, bool after)
{
    xparser x = {.p = p, .tok = p->pos, .after = after};
    return finish(&x, spec_x_binary(&x, 0));
}

grade_expr *spec_parse_target(spec_parser *p)
{
    xparser x = {.p = p, .tok = p->pos};
    xtok t = spec_x_peek(&x);
    grade_expr *e = t.kind == X_NAME ? primary(&x) : NULL;
    if (e && e->op != GX_FIELD && e->op != GX_CELL && e->op != GX_ELEM && e->op != GX_DEREF) {
        grade_expr_free(e);
        e = NULL;
    }
    if (!e && !x.erred)
        spec_x_xerror(&x, &t, "expected what to set: a struct's field (p.row), an array's element "
                      "(a[i]), a grid's cell (map[ROW][COL]) or what a pointer field points "
                      "to (cars[k].owner.age)");
    return finish(&x, e);
}

bool spec_starts_expr(const spec_parser *p)
{
    xparser x = {.p = (spec_parser *)p, .tok = p->pos};
    xtok t = spec_x_peek(&x);
    if (t.kind == X_NUM || t.kind == X_CHAR || spec_x_is_sym(&t, '(') || spec_x_is_sym(&t, '-'))
        return true;
    static const char *const generators[] = {"int", "char", "string", "array", "buffer",
                                             "struct", "file", "grid", "length"};
    for (size_t i = 0; i < sizeof generators / sizeof generators[0]; i++)
        if (spec_x_is_name(&t, generators[i]))
            return false;
    return t.kind == X_NAME && (find_arg(p->fn, &t) >= 0 || find_let(p->fn, &t) >= 0);
}
