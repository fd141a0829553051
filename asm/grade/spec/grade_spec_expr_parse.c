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

typedef enum { X_NAME, X_NUM, X_CHAR, X_STRING, X_SYM, X_OP, X_END } xkind;

typedef struct xtok {
    xkind kind;
    const char *start;
    int len, col;
    const spec_tok *line_tok;
} xtok;

enum { NESTING_MAX = 32 };

typedef struct xparser {
    spec_parser *p;
    int tok, off;   /* the line token and the offset in it of the next piece */
    int depth;
    bool after;     /* `after` and `changed` allowed (a must-call's condition) */
    bool erred;
} xparser;

static grade_expr *node(grade_expr_op op, grade_expr *a, grade_expr *b)
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

static xtok peek(const xparser *x)
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

static void advance(xparser *x)
{
    xtok t = peek(x);
    if (t.kind == X_END)
        return;
    if (t.line_tok->kind == TOK_WORD && x->off + t.len < t.line_tok->len) {
        x->off += t.len;
    } else {
        x->tok++;
        x->off = 0;
    }
}

static bool is_sym(const xtok *t, char c)
{
    return t->kind == X_SYM && t->start[0] == c;
}

static bool is_name(const xtok *t, const char *w)
{
    return t->kind == X_NAME && (int)strlen(w) == t->len && !memcmp(t->start, w, (size_t)t->len);
}

static void xerror(xparser *x, const xtok *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void xerror(xparser *x, const xtok *t, const char *fmt, ...)
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

static bool expect_sym(xparser *x, char c, const char *why)
{
    xtok t = peek(x);
    if (is_sym(&t, c)) {
        advance(x);
        return true;
    }
    xerror(x, &t, "expected '%c'%s", c, why);
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

static grade_expr *binary(xparser *x, int level);
static grade_expr *record_field(xparser *x, grade_expr *e);

/* After a struct argument's name: `.row` or `.0`; a grid's: `.rows`, `.cols`. */
static grade_expr *member(xparser *x, int arg)
{
    const grade_gen *g = &x->p->fn->args[arg].gen;
    advance(x); /* the '.' */
    xtok t = peek(x);
    grade_expr *e = node(GX_FIELD, NULL, NULL);
    e->ref = arg;
    if (g->kind == GRADE_GEN_RECORDS && g->single) { /* one record: its element 0 */
        e->op = GX_ELEM;
        return record_field(x, e);
    }
    if (g->kind == GRADE_GEN_GRID && (is_name(&t, "rows") || is_name(&t, "cols"))) {
        e->op = is_name(&t, "rows") ? GX_ROWS : GX_COLS;
        advance(x);
        return e;
    }
    int64_t n = -1;
    spec_tok word = {.kind = TOK_WORD, .start = t.start, .len = t.len};
    if (g->kind == GRADE_GEN_STRUCT && t.kind == X_NUM && spec_number(&word, &n) &&
        n < g->field_count) {
        e->field = (int)n;
        advance(x);
        return e;
    }
    for (int i = 0; g->kind == GRADE_GEN_STRUCT && t.kind == X_NAME && i < g->field_count; i++)
        if ((int)strlen(g->fields[i].name) == t.len &&
            !memcmp(g->fields[i].name, t.start, (size_t)t.len)) {
            e->field = i;
            advance(x);
            return e;
        }
    if (g->kind == GRADE_GEN_STRUCT)
        xerror(x, &t, "expected a field of %s: its name or its number from 0 to %d",
               x->p->fn->args[arg].name, g->field_count - 1);
    else
        xerror(x, &t, "%s is not a struct: only a struct has fields (a grid has .rows "
               "and .cols)", x->p->fn->args[arg].name);
    free(e);
    return NULL;
}

/* After a record's `.`: the field's name, into e (a number's field only:
 * a string's or a pointer's is an address). */
static grade_expr *record_field(xparser *x, grade_expr *e)
{
    const grade_spec_record *r = x->p->fn->args[e->ref].gen.rec;
    xtok t = peek(x);
    for (int i = 0; t.kind == X_NAME && i < r->field_count; i++)
        if ((int)strlen(r->fields[i].name) == t.len &&
            !memcmp(r->fields[i].name, t.start, (size_t)t.len)) {
            if (r->fields[i].kind == GRADE_FIELD_STRING ||
                r->fields[i].kind == GRADE_FIELD_POINTER) {
                xerror(x, &t, "the field %s of %s is an address: only a number's field is read "
                       "or set", r->fields[i].name, r->name);
                break;
            }
            e->field = i;
            advance(x);
            return e;
        }
    if (!x->erred)
        xerror(x, &t, "expected a field of the record type %s", r->name);
    grade_expr_free(e);
    return NULL;
}

/* After an array's or a string's name: `[INDEX]`; records' `[INDEX].FIELD`. */
static grade_expr *element(xparser *x, int arg)
{
    grade_expr *e = node(GX_ELEM, NULL, NULL);
    e->ref = arg, e->field = -1;
    if (!(e->a = binary(x, 0)) || !expect_sym(x, ']', ": an element is NAME[INDEX]")) {
        grade_expr_free(e);
        return NULL;
    }
    x->depth--;
    if (x->p->fn->args[arg].gen.kind != GRADE_GEN_RECORDS)
        return e;
    if (!expect_sym(x, '.', ": a record's field is NAME[INDEX].FIELD")) {
        grade_expr_free(e);
        return NULL;
    }
    return record_field(x, e);
}

/* After a grid argument's name: `[ROW][COL]`; after an array's or a
 * string's: `[INDEX]`. */
static grade_expr *cell(xparser *x, int arg, const xtok *name)
{
    grade_gen_kind kind = x->p->fn->args[arg].gen.kind;
    if (kind != GRADE_GEN_GRID && kind != GRADE_GEN_ARRAY && kind != GRADE_GEN_STRING &&
        (kind != GRADE_GEN_RECORDS || x->p->fn->args[arg].gen.single)) {
        xerror(x, name, "%s is not an array, a string or a grid: only their elements are "
               "read as %.*s[INDEX] (a grid's as [ROW][COL])", x->p->fn->args[arg].name,
               name->len, name->start);
        return NULL;
    }
    if (++x->depth > NESTING_MAX) {
        xerror(x, name, "the expression nests more than %d cells and parentheses", NESTING_MAX);
        return NULL;
    }
    advance(x);
    if (kind != GRADE_GEN_GRID)
        return element(x, arg);
    grade_expr *e = node(GX_CELL, NULL, NULL);
    e->ref = arg;
    static const char cell_form[] = ": a cell is NAME[ROW][COL]";
    if (!(e->a = binary(x, 0)) || !expect_sym(x, ']', cell_form) ||
        !expect_sym(x, '[', cell_form) || !(e->b = binary(x, 0)) ||
        !expect_sym(x, ']', cell_form)) {
        grade_expr_free(e);
        return NULL;
    }
    x->depth--;
    return e;
}

static grade_expr *named(xparser *x, const xtok *t)
{
    const grade_spec_function *fn = x->p->fn;
    int arg = find_arg(fn, t), let = find_let(fn, t);
    advance(x);
    if (let >= 0) {
        grade_expr *e = node(GX_LET, NULL, NULL);
        e->ref = let;
        return e;
    }
    if (arg < 0) {
        xerror(x, t, "'%.*s' is not an argument or a let of %s", t->len, t->start, fn->name);
        return NULL;
    }
    if (!spec_gen_is_pointer(&fn->args[arg].gen)) {
        xtok next = peek(x);
        if (is_sym(&next, '[')) {
            xerror(x, &next, "%s is a number: only an array, a string or a grid has elements "
                   "([INDEX], [ROW][COL])", fn->args[arg].name);
            return NULL;
        }
        grade_expr *e = node(GX_ARG, NULL, NULL);
        e->ref = arg;
        return e;
    }
    xtok next = peek(x);
    if (is_sym(&next, '.'))
        return member(x, arg);
    if (is_sym(&next, '['))
        return cell(x, arg, t);
    if (is_name(&next, "changed")) {
        if (!x->after) {
            xerror(x, &next, "'changed' is known after the call: only in a must-call's "
                   "condition (must-call F when %s changed)", fn->args[arg].name);
            return NULL;
        }
        advance(x);
        grade_expr *e = node(GX_CHANGED, NULL, NULL);
        e->ref = arg;
        return e;
    }
    xerror(x, t, "%s is an address: compare its 'length', a field (%s.0), an element "
           "(%s[INDEX]) or a cell (%s[ROW][COL]) instead", fn->args[arg].name,
           fn->args[arg].name, fn->args[arg].name, fn->args[arg].name);
    return NULL;
}

static grade_expr *primary(xparser *x)
{
    xtok t = peek(x);
    spec_tok word = {.kind = TOK_WORD, .start = t.start, .len = t.len};
    int64_t v;
    if (t.kind == X_NUM || t.kind == X_CHAR) {
        if (t.kind == X_CHAR)
            v = (uint8_t)t.line_tok->text[0];
        else if (!spec_number(&word, &v) || v < INT32_MIN || v > UINT32_MAX) {
            xerror(x, &t, "'%.*s' is not a 32-bit number", t.len, t.start);
            return NULL;
        }
        advance(x);
        grade_expr *e = node(GX_NUMBER, NULL, NULL);
        e->number = (int32_t)v;
        return e;
    }
    if (is_sym(&t, '(')) {
        if (++x->depth > NESTING_MAX) {
            xerror(x, &t, "the expression nests more than %d cells and parentheses", NESTING_MAX);
            return NULL;
        }
        advance(x);
        grade_expr *e = binary(x, 0);
        x->depth--;
        if (e && !expect_sym(x, ')', " to close the '('")) {
            grade_expr_free(e);
            return NULL;
        }
        return e;
    }
    if (is_name(&t, "length")) {
        advance(x);
        xtok n = peek(x);
        int arg = find_arg(x->p->fn, &n);
        if (arg < 0) {
            xerror(x, &n, "expected a number, an argument or 'length ARGUMENT'");
            return NULL;
        }
        if (!spec_gen_is_pointer(&x->p->fn->args[arg].gen)) {
            xerror(x, &n, "'length' needs a string, array, buffer, struct or file");
            return NULL;
        }
        advance(x);
        grade_expr *e = node(GX_LENGTH, NULL, NULL);
        e->ref = arg;
        return e;
    }
    if (t.kind == X_NAME)
        return named(x, &t);
    xerror(x, &t, "expected a number, 'c', an argument, a let or 'length ARGUMENT'");
    return NULL;
}

static grade_expr *unary(xparser *x)
{
    xtok t = peek(x);
    bool after = is_name(&t, "after");
    if (!is_sym(&t, '-') && !after)
        return primary(x);
    if (after && !x->after) {
        xerror(x, &t, "'after' reads the state after the call: only in a must-call's "
               "condition (must-call F when after ...)");
        return NULL;
    }
    advance(x);
    grade_expr *a = unary(x);
    return a ? node(after ? GX_AFTER : GX_NEG, a, NULL) : NULL;
}

static grade_expr *comparison(xparser *x)
{
    static const char *const ops[] = {"<", "<=", ">", ">=", "==", "!="};
    grade_expr *e = binary(x, 2);
    xtok t = peek(x);
    if (!e)
        return NULL;
    if (is_name(&t, "in")) {
        advance(x);
        xtok s = peek(x);
        const spec_tok *lt = s.line_tok;
        if (s.kind != X_STRING || lt->text_len == 0 || strlen(lt->text) != lt->text_len) {
            xerror(x, &s, "expected the characters in quotes after 'in' (\"UDLR\")");
            grade_expr_free(e);
            return NULL;
        }
        advance(x);
        e = node(GX_IN, e, NULL);
        e->set = strdup(lt->text);
        if (!e->set)
            abort();
        return e;
    }
    for (int k = 0; t.kind == X_OP && k < 6; k++)
        if (spec_tok_equal(t.line_tok, ops[k])) {
            advance(x);
            grade_expr *b = binary(x, 2);
            return b ? node((grade_expr_op)(GX_LT + k), e, b) : (grade_expr_free(e), NULL);
        }
    return e;
}

static grade_expr *negation(xparser *x)
{
    xtok t = peek(x);
    if (!is_name(&t, "not"))
        return comparison(x);
    advance(x);
    grade_expr *a = negation(x);
    return a ? node(GX_NOT, a, NULL) : NULL;
}

/* The left-associative operators by level, loosest first: or, and, then
 * (below not and the comparisons) &, then + and -, then * / %, as in C.
 * GX_NUMBER: none. */
static grade_expr_op binary_op(const xtok *t, int level)
{
    switch (level) {
    case 0: return is_name(t, "or") ? GX_OR : GX_NUMBER;
    case 1: return is_name(t, "and") ? GX_AND : GX_NUMBER;
    case 2: return is_sym(t, '&') ? GX_BITAND : GX_NUMBER;
    case 3: return is_sym(t, '+') ? GX_ADD : is_sym(t, '-') ? GX_SUB : GX_NUMBER;
    default: return is_sym(t, '*') ? GX_MUL : is_sym(t, '/') ? GX_DIV
                    : is_sym(t, '%') ? GX_MOD : GX_NUMBER;
    }
}

static grade_expr *operand_of(xparser *x, int level)
{
    return level == 0 ? binary(x, 1) : level == 1 ? negation(x) : level == 2 ? binary(x, 3)
           : level == 3 ? binary(x, 4) : unary(x);
}

static grade_expr *binary(xparser *x, int level)
{
    grade_expr *e = operand_of(x, level);
    for (;;) {
        xtok t = peek(x);
        grade_expr_op op = binary_op(&t, level);
        if (!e || op == GX_NUMBER)
            return e;
        advance(x);
        grade_expr *b = operand_of(x, level);
        if (b && (op == GX_DIV || op == GX_MOD) && b->op == GX_NUMBER && b->number == 0) {
            xerror(x, &t, "'%c' by 0: the divisor must not be 0", t.start[0]);
            grade_expr_free(b);
            b = NULL;
        }
        e = b ? node(op, e, b) : (grade_expr_free(e), NULL);
    }
}

/* The parse ends between two of the line's words, or it is an error. */
static grade_expr *finish(xparser *x, grade_expr *e)
{
    xtok next = peek(x);
    if (e && next.kind == X_SYM && !strchr(",[]()", next.start[0])) {
        /* `a | b`, `a ^ b`: not an operand the caller would take either */
        xerror(x, &next, "'%.*s' is not an operator of an expression (+ - * / %% & < <= > "
               ">= == != in and or not)", next.len, next.start);
        grade_expr_free(e);
        return NULL;
    }
    if (e && x->off != 0) {
        xtok t = peek(x);
        xerror(x, &t, "unexpected '%.*s' in the expression", t.len, t.start);
        grade_expr_free(e);
        return NULL;
    }
    if (e)
        x->p->pos = x->tok;
    return e;
}

grade_expr *spec_parse_expr(spec_parser *p, bool after)
{
    xparser x = {p, p->pos, 0, 0, after, false};
    return finish(&x, binary(&x, 0));
}

grade_expr *spec_parse_target(spec_parser *p)
{
    xparser x = {p, p->pos, 0, 0, false, false};
    xtok t = peek(&x);
    grade_expr *e = t.kind == X_NAME ? primary(&x) : NULL;
    if (e && e->op != GX_FIELD && e->op != GX_CELL && e->op != GX_ELEM) {
        grade_expr_free(e);
        e = NULL;
    }
    if (!e && !x.erred)
        xerror(&x, &t, "expected what to set: a struct's field (p.row), an array's element "
               "(a[i]) or a grid's cell (map[ROW][COL])");
    return finish(&x, e);
}

bool spec_starts_expr(const spec_parser *p)
{
    xparser x = {(spec_parser *)p, p->pos, 0, 0, false, false};
    xtok t = peek(&x);
    if (t.kind == X_NUM || t.kind == X_CHAR || is_sym(&t, '(') || is_sym(&t, '-'))
        return true;
    static const char *const generators[] = {"int", "char", "string", "array", "buffer",
                                             "struct", "file", "grid", "length"};
    for (size_t i = 0; i < sizeof generators / sizeof generators[0]; i++)
        if (is_name(&t, generators[i]))
            return false;
    return t.kind == X_NAME && (find_arg(p->fn, &t) >= 0 || find_let(p->fn, &t) >= 0);
}
