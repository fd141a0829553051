/* What follows an argument's name in an expression: a struct's field
 * (`p.row`, `p.0`), a grid's `.rows`, `.cols` and cells (`map[R][C]`), an
 * array's or string's element (`a[i]`), a record's field (`cars[k].year`,
 * `c.year`). A part of the expression parser (grade_spec_expr_parse.c). */
#include "grade_spec_expr_parse_impl.h"

#include <stdlib.h>
#include <string.h>

static grade_expr *spec_x_record_field(xparser *x, grade_expr *e);
static grade_expr *spec_x_follow(xparser *x, grade_expr *ptr, const xtok *name);

/* Pointers followed in one expression at most: a chain of links is
 * written out, so this bounds the spec, not a cycle in the data (which
 * the engine lays out and each step reads once). */
enum { FOLLOW_MAX = 16 };
static grade_expr *spec_x_inside(xparser *x, grade_expr *e, const xtok *name);

/* After a struct argument's name: `.row` or `.0`; a grid's: `.rows`, `.cols`. */
grade_expr *spec_x_member(xparser *x, int arg)
{
    const grade_gen *g = &x->p->fn->args[arg].gen;
    spec_x_advance(x); /* the '.' */
    xtok t = spec_x_peek(x);
    grade_expr *e = spec_x_node(GX_FIELD, NULL, NULL);
    e->ref = arg;
    if (g->kind == GRADE_GEN_RECORDS && g->single) { /* one record: its element 0 */
        e->op = GX_ELEM;
        return spec_x_record_field(x, e);
    }
    if (g->kind == GRADE_GEN_GRID && (spec_x_is_name(&t, "rows") || spec_x_is_name(&t, "cols"))) {
        e->op = spec_x_is_name(&t, "rows") ? GX_ROWS : GX_COLS;
        spec_x_advance(x);
        return e;
    }
    int64_t n = -1;
    spec_tok word = {.kind = TOK_WORD, .start = t.start, .len = t.len};
    if (g->kind == GRADE_GEN_STRUCT && t.kind == X_NUM && spec_number(&word, &n) &&
        n < g->field_count) {
        e->field = (int)n;
        spec_x_advance(x);
        return e;
    }
    for (int i = 0; g->kind == GRADE_GEN_STRUCT && t.kind == X_NAME && i < g->field_count; i++)
        if ((int)strlen(g->fields[i].name) == t.len &&
            !memcmp(g->fields[i].name, t.start, (size_t)t.len)) {
            e->field = i;
            spec_x_advance(x);
            return e;
        }
    if (g->kind == GRADE_GEN_STRUCT)
        spec_x_xerror(x, &t, "expected a field of %s: its name or its number from 0 to %d",
                      x->p->fn->args[arg].name, g->field_count - 1);
    else
        spec_x_xerror(x, &t, "%s is not a struct: only a struct has fields (a grid has .rows "
                      "and .cols)", x->p->fn->args[arg].name);
    free(e);
    return NULL;
}

/* After a record's string or array field (e: the record's GX_ELEM, its
 * field set): `[INDEX]`, one of its characters or elements; after
 * `length`, nothing: its length. */
static grade_expr *spec_x_inside(xparser *x, grade_expr *e, const xtok *name)
{
    xtok t = spec_x_peek(x);
    if (x->inside && !spec_x_is_sym(&t, '[')) {
        e->op = GX_INSIDE_LEN;
        return e;
    }
    if (!spec_x_is_sym(&t, '[')) {
        spec_x_xerror(x, name, "the field %.*s holds an address: read its 'length' or an "
                      "element (%.*s[INDEX])", name->len, name->start, name->len, name->start);
        grade_expr_free(e);
        return NULL;
    }
    spec_x_advance(x);
    e->op = GX_INSIDE_ELEM;
    bool inside = x->inside;
    x->inside = false;
    if (!(e->b = spec_x_binary(x, 0)) ||
        !spec_x_expect_sym(x, ']', ": an element of a field is NAME[INDEX].FIELD[INDEX]")) {
        grade_expr_free(e);
        return NULL;
    }
    x->inside = inside;
    return e;
}

/* After a record's pointer or link field (ptr reads it; name its name):
 * `.FIELD` of the record it points to, or `[INDEX]` of the array or string
 * it points into, counted from the element it points to (C's p[i]). */
static grade_expr *spec_x_follow(xparser *x, grade_expr *ptr, const xtok *name)
{
    const grade_gen *owner = &x->p->fn->args[ptr->ref].gen;
    const grade_record_field *fd = &owner->rec->fields[ptr->field];
    int target = fd->kind == GRADE_FIELD_LINK ? ptr->ref : owner->targets[ptr->field];
    const grade_gen *tg = &x->p->fn->args[target].gen;
    xtok t = spec_x_peek(x);
    int steps = 1;
    for (const grade_expr *p = ptr->a; p && p->op == GX_DEREF; p = p->a)
        steps++;
    bool record = tg->kind == GRADE_GEN_RECORDS;
    bool elements = tg->kind == GRADE_GEN_ARRAY || tg->kind == GRADE_GEN_STRING;
    if (steps > FOLLOW_MAX) {
        spec_x_xerror(x, name, "the expression follows more than %d pointers", FOLLOW_MAX);
    } else if (spec_x_is_sym(&t, '.') && record) {
        spec_x_advance(x);
        grade_expr *e = spec_x_node(GX_DEREF, ptr, NULL);
        e->ref = target;
        spec_piece_of(x->p, name->col, &e->line, &e->col);
        return spec_x_record_field(x, e);
    } else if (spec_x_is_sym(&t, '[') && elements) {
        spec_x_advance(x);
        grade_expr *e = spec_x_node(GX_DEREF, ptr, NULL);
        e->ref = target, e->field = -1;
        spec_piece_of(x->p, name->col, &e->line, &e->col);
        if (!(e->b = spec_x_binary(x, 0)) ||
            !spec_x_expect_sym(x, ']', ": an element a pointer points to is NAME[INDEX]")) {
            grade_expr_free(e);
            return NULL;
        }
        return e;
    } else {
        spec_x_xerror(x, name, "the field %s of %s is an address (in %s): read what it points "
                      "to, %s", fd->name, owner->rec->name, x->p->fn->args[target].name,
                      record ? "its record's field (.FIELD)"
                      : elements ? "an element from there ([INDEX])"
                      : "a record's field or an array's or string's element (a string table's "
                        "strings are not read)");
    }
    grade_expr_free(ptr);
    return NULL;
}

/* After a record's `.`: the field's name, into e (a number's field only:
 * a string's or a pointer's is an address). */
static grade_expr *spec_x_record_field(xparser *x, grade_expr *e)
{
    const grade_spec_record *r = x->p->fn->args[e->ref].gen.rec;
    xtok t = spec_x_peek(x);
    for (int i = 0; t.kind == X_NAME && i < r->field_count; i++)
        if ((int)strlen(r->fields[i].name) == t.len &&
            !memcmp(r->fields[i].name, t.start, (size_t)t.len)) {
            if (e->op == GX_DEREF && (r->fields[i].kind == GRADE_FIELD_ELEMENTS ||
                                      r->fields[i].kind == GRADE_FIELD_STRING ||
                                      r->fields[i].kind == GRADE_FIELD_ARRAY)) {
                spec_x_xerror(x, &t, "the field %s of the %s a pointer points to holds "
                              "characters or elements: only its number fields and pointers "
                              "are read", r->fields[i].name, r->name);
                break;
            }
            if (r->fields[i].kind == GRADE_FIELD_ELEMENTS ||
                r->fields[i].kind == GRADE_FIELD_STRING ||
                r->fields[i].kind == GRADE_FIELD_ARRAY) { /* what it holds */
                spec_x_advance(x);
                e->field = i;
                return spec_x_inside(x, e, &t);
            }
            if (r->fields[i].kind == GRADE_FIELD_POINTER ||
                r->fields[i].kind == GRADE_FIELD_LINK) { /* what it points to */
                spec_x_advance(x);
                e->field = i;
                return spec_x_follow(x, e, &t);
            }
            e->field = i;
            spec_x_advance(x);
            xtok next = spec_x_peek(x);
            if (spec_x_is_sym(&next, '.')) {
                spec_x_xerror(x, &next, "the field %s of %s is a number, not a pointer: only "
                              "a pointer's field is followed (.FIELD)", r->fields[i].name,
                              r->name);
                break;
            }
            return e;
        }
    if (!x->erred)
        spec_x_xerror(x, &t, "expected a field of the record type %s", r->name);
    grade_expr_free(e);
    return NULL;
}

/* After an array's or a string's name: `[INDEX]`; records' `[INDEX].FIELD`. */
static grade_expr *spec_x_element(xparser *x, int arg)
{
    grade_expr *e = spec_x_node(GX_ELEM, NULL, NULL);
    e->ref = arg, e->field = -1;
    if (!(e->a = spec_x_binary(x, 0)) ||
        !spec_x_expect_sym(x, ']', ": an element is NAME[INDEX]")) {
        grade_expr_free(e);
        return NULL;
    }
    x->depth--;
    if (x->p->fn->args[arg].gen.kind != GRADE_GEN_RECORDS)
        return e;
    if (!spec_x_expect_sym(x, '.', ": a record's field is NAME[INDEX].FIELD")) {
        grade_expr_free(e);
        return NULL;
    }
    return spec_x_record_field(x, e);
}

/* After a grid argument's name: `[ROW][COL]`; after an array's or a
 * string's: `[INDEX]`. */
grade_expr *spec_x_cell(xparser *x, int arg, const xtok *name)
{
    grade_gen_kind kind = x->p->fn->args[arg].gen.kind;
    if (kind != GRADE_GEN_GRID && kind != GRADE_GEN_ARRAY && kind != GRADE_GEN_STRING &&
        (kind != GRADE_GEN_RECORDS || x->p->fn->args[arg].gen.single)) {
        spec_x_xerror(x, name, "%s is not an array, a string or a grid: only their elements are "
                      "read as %.*s[INDEX] (a grid's as [ROW][COL])", x->p->fn->args[arg].name,
                      name->len, name->start);
        return NULL;
    }
    if (++x->depth > NESTING_MAX) {
        spec_x_xerror(x, name, "the expression nests more than %d cells and parentheses",
                      NESTING_MAX);
        return NULL;
    }
    spec_x_advance(x);
    if (kind != GRADE_GEN_GRID)
        return spec_x_element(x, arg);
    grade_expr *e = spec_x_node(GX_CELL, NULL, NULL);
    e->ref = arg;
    static const char cell_form[] = ": a cell is NAME[ROW][COL]";
    if (!(e->a = spec_x_binary(x, 0)) || !spec_x_expect_sym(x, ']', cell_form) ||
        !spec_x_expect_sym(x, '[', cell_form) || !(e->b = spec_x_binary(x, 0)) ||
        !spec_x_expect_sym(x, ']', cell_form)) {
        grade_expr_free(e);
        return NULL;
    }
    x->depth--;
    return e;
}

