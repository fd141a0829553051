/* A hand-written case's `NAME = VALUE`: a number or 'c', a string, a
 * list (an array, a struct's fields, a grid, a string table, records),
 * another argument's address, a file. */
#include "grade_spec_expr.h"
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"

/* [n, n, ...] into g->values, each within lo..hi. */
bool spec_parse_list(spec_parser *p, grade_gen *g, int64_t lo, int64_t hi)
{
    size_t cap = 0;
    g->values = grow_array(NULL, &cap, GROW_FIRST, sizeof *g->values);
    const spec_tok *t = spec_next(p);
    if (!g->values) {
        spec_error(p, t, "out of memory for the list");
        return false;
    }
    for (;;) {
        t = spec_next(p);
        if (t->kind == TOK_PUNCT && t->start[0] == ']' && g->value_count == 0)
            return true;
        int64_t v;
        if (!spec_number(t, &v) && !(t->kind == TOK_CHAR && (v = (uint8_t)t->text[0], 1))) {
            spec_error(p, t, "expected a number in the list");
            return false;
        }
        if (v < lo || v > hi) {
            spec_error(p, t, "%lld does not fit: the values lie in %lld..%lld", (long long)v,
                       (long long)lo, (long long)hi);
            return false;
        }
        if (g->value_count == cap) {
            int32_t *grown = grow_array(g->values, &cap, cap + 1, sizeof *grown);
            if (!grown) {
                spec_error(p, t, "out of memory for the list");
                return false;
            }
            g->values = grown;
        }
        g->values[g->value_count++] = (int32_t)v;
        t = spec_next(p);
        if (t->kind == TOK_PUNCT && t->start[0] == ']')
            return true;
        if (t->kind != TOK_PUNCT || t->start[0] != ',') {
            spec_error(p, t, "expected ',' or ']' in the list");
            return false;
        }
    }
}

void spec_parse_case_value(spec_parser *p)
{
    grade_spec_function *fn = p->fn;
    const spec_tok *name = spec_next(p);
    int i = spec_find_arg(fn, name);
    if (i < 0) {
        spec_error(p, name, "%.*s is not an argument of %s", name->len, name->start, fn->name);
        return;
    }
    if (p->kase->given[i] || p->kase->same_as[i]) { /* the second would silently win */
        spec_error(p, name, "%.*s is already given in this case (give it once)", name->len,
                   name->start);
        return;
    }
    spec_next(p); /* the '=' the caller saw */
    const grade_gen *arg = &fn->args[i].gen;
    grade_gen g = *arg;
    g.text = NULL, g.values = NULL, g.file_name = NULL, g.expr = NULL, g.literal = true;
    const spec_tok *t = spec_peek(p);
    int64_t v;
    bool ok = false;
    int other = spec_find_arg(fn, t);
    if (other >= 0 && spec_gen_is_pointer(arg)) {
        /* `s2 = s1`: the same address ("they may be the same address") */
        spec_next(p);
        if (other == i || !spec_gen_is_pointer(&fn->args[other].gen) ||
            p->kase->same_as[other]) {
            spec_error(p, t, "%s can be the address of another string, array, buffer, struct "
                       "or file argument, not of %.*s", fn->args[i].name, t->len, t->start);
            return;
        }
        if (!spec_line_ends(p))
            return;
        spec_gen_free(&p->kase->set[i]);
        p->kase->given[i] = false;
        p->kase->same_as[i] = (uint8_t)(other + 1);
        return;
    }
    if ((arg->kind == GRADE_GEN_INT || arg->kind == GRADE_GEN_CHAR ||
         arg->kind == GRADE_GEN_EXPR) &&
        (spec_number(t, &v) || t->kind == TOK_CHAR)) {
        if (t->kind == TOK_CHAR)
            v = (uint8_t)t->text[0];
        ok = v >= INT32_MIN && v <= UINT32_MAX;
        if (!ok)
            spec_error(p, t, "the value does not fit in 32 bits");
        g.lo = g.hi = (int32_t)v;
        spec_next(p);
    } else if (arg->kind == GRADE_GEN_STRING && t->kind == TOK_STRING) {
        ok = t->text_len <= GRADE_SPEC_STRING_MAX && strlen(t->text) == t->text_len;
        if (!ok)
            spec_error(p, t, "a string holds no \\0 and at most %d characters",
                       GRADE_SPEC_STRING_MAX);
        g.text = strdup(t->text);
        g.text_len = t->text_len;
        g.lo = g.hi = (int32_t)t->text_len;
        spec_next(p);
    } else if ((arg->kind == GRADE_GEN_ARRAY || arg->kind == GRADE_GEN_STRUCT ||
                arg->kind == GRADE_GEN_GRID) && t->kind == TOK_PUNCT && t->start[0] == '[') {
        int size = arg->kind == GRADE_GEN_ARRAY ? arg->elem_size : arg->kind == GRADE_GEN_GRID ? 1 : 4;
        ok = spec_parse_list(p, &g, size == 4 ? INT32_MIN : size == 2 ? -32768 : -128,
                        size == 4 ? UINT32_MAX : size == 2 ? 65535 : 255);
        if (ok && arg->kind == GRADE_GEN_ARRAY && g.value_count > GRADE_SPEC_ARRAY_MAX)
            ok = false, spec_error(p, t, "an array has at most %d elements", GRADE_SPEC_ARRAY_MAX);
        if (ok && arg->kind == GRADE_GEN_STRUCT && g.value_count != (size_t)arg->field_count)
            ok = false, spec_error(p, t, "the struct has %d fields: give a value for each",
                                   arg->field_count);
        if (ok && arg->kind == GRADE_GEN_GRID &&
            (g.value_count < 2 || g.values[0] < 1 || g.values[1] < 1 ||
             g.value_count != 2 + (size_t)(uint8_t)g.values[0] * (uint8_t)g.values[1]))
            ok = false, spec_error(p, t, "a grid is [ROWS, COLS, then ROWS x COLS cells]");
        g.lo = g.hi = (int32_t)g.value_count;
    } else if (arg->kind == GRADE_GEN_POINTER && spec_tok_equal(t, fn->args[arg->of].name)) {
        ok = spec_parse_element(p, &g.lo);
    } else if (arg->kind == GRADE_GEN_RECORDS && t->kind == TOK_PUNCT && t->start[0] == '[') {
        ok = spec_parse_records_value(p, fn, i, &g);
    } else if (arg->kind == GRADE_GEN_STRINGS && t->kind == TOK_PUNCT && t->start[0] == '[') {
        ok = spec_parse_string_list(p, &g);
    } else if (arg->kind == GRADE_GEN_FILE_NAME) {
        ok = spec_parse_file_name_value(p, &g);
    } else {
        static const char *const wants[] = {"a number or 'c'", "a number or 'c'",
                                            "a string in quotes", "a list [1, 2, 3]",
                                            "nothing (a buffer is noise)", "a list of its fields",
                                            "nothing (the file is the file)",
                                            "nothing (it follows its argument)",
                                            "a list [ROWS, COLS, cells...]",
                                            "a path in quotes, or missing \"NAME\"",
                                            "a number", "a number",
                                            "a list of strings [\"a\", \"b\"]",
                                            "a list of records [[...], [...]]",
                                            "the name it points into, or NAME[INDEX]"};
        spec_error(p, t, "%s takes %s here", fn->args[i].name, wants[arg->kind]);
    }
    const spec_tok *rest = spec_peek(p);
    if (ok && rest->kind != TOK_END) {
        spec_error(p, rest, "unexpected '%.*s' after the value", rest->len, rest->start);
        ok = false;
    }
    if (!ok) {
        spec_gen_free(&g);
        return;
    }
    spec_gen_free(&p->kase->set[i]);
    p->kase->set[i] = g;
    p->kase->given[i] = true;
    p->kase->same_as[i] = 0;
}
