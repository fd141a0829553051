/* A block's lines about its cases' values: `require CONDITION`, `let NAME
 * = ...` (int, char, index, or an expression) and `set TARGET = VALUE [when
 * CONDITION]`, for a function and a program on data alike. */
#include "grade_spec_expr.h"
#include "grade_spec_impl.h"

#include <ctype.h>
#include <string.h>

void spec_require(spec_parser *p, grade_spec_function *fn, const spec_tok *key)
{
    if (fn->require_count == 8) {
        spec_error(p, key, "a function has at most 8 preconditions");
        return;
    }
    grade_spec_require *r = &fn->requires[fn->require_count];
    r->line = p->line, r->col = key->col;
    r->cond = spec_parse_expr(p, false);
    if (r->cond && spec_line_ends(p))
        fn->require_count++;
    else
        grade_expr_free(r->cond);
}

/* and, or, not, in, after, changed, length, when: no name for a let. */
static bool spec_reserved_word(const spec_tok *t)
{
    static const char *const words[] = {"and", "or", "not", "in", "after", "changed",
                                        "length", "when"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (spec_is(t, words[i]))
            return true;
    return false;
}

/* A word an expression reads as one name: a letter, then letters, digits, _. */
static bool is_name(const spec_tok *t)
{
    bool ok = isalpha((unsigned char)t->start[0]);
    for (int i = 1; ok && i < t->len; i++)
        ok = isalnum((unsigned char)t->start[i]) || t->start[i] == '_';
    return ok;
}

/* `index NAME` (after the let's `=`): a position in an array or string
 * argument declared before it. */
static bool index_of(spec_parser *p, grade_spec_function *fn, grade_gen *g)
{
    const spec_tok *key = spec_next(p), *name = spec_next(p);
    int i = spec_find_arg(fn, name);
    g->kind = GRADE_GEN_INDEX, g->line = p->line, g->col = key->col, g->of = i;
    grade_gen_kind k = i < 0 ? GRADE_GEN_INT : fn->args[i].gen.kind;
    if (k != GRADE_GEN_ARRAY && k != GRADE_GEN_STRING && k != GRADE_GEN_STRINGS &&
        k != GRADE_GEN_RECORDS) {
        spec_error(p, name, "'index' names an array, string, string table or records argument "
                   "declared before it");
        return false;
    }
    return true;
}

/* `let NAME = int LO..HI`, `let NAME = char SET`, `let NAME = index ARRAY`
 * or `let NAME = EXPRESSION`. */
void spec_let(spec_parser *p, grade_spec_function *fn, const spec_tok *key)
{
    const spec_tok *name = spec_next(p), *eq = spec_next(p);
    if (fn->let_count == GRADE_SPEC_LETS_MAX) {
        spec_error(p, key, "a function has at most %d lets", GRADE_SPEC_LETS_MAX);
        return;
    }
    bool known = false;
    for (int i = 0; i < fn->let_count; i++)
        known = known || spec_tok_equal(name, fn->lets[i].name);
    if (name->kind != TOK_WORD || name->len >= GRADE_SPEC_NAME_MAX || spec_reserved_word(name) ||
        spec_register(p, name->start, (size_t)name->len) >= 0 || !is_name(name)) {
        spec_error(p, name, "expected the let's name (a word, not a register or a key word)");
        return;
    }
    if (known || spec_find_arg(fn, name) >= 0) {
        spec_error(p, name, "there is already an argument or a let named %.*s", name->len,
                   name->start);
        return;
    }
    if (eq->kind != TOK_OP || !spec_tok_equal(eq, "=")) {
        spec_error(p, eq, "expected '=' and an int, char or index generator or an "
                   "expression");
        return;
    }
    grade_spec_let *l = &fn->lets[fn->let_count];
    memset(l, 0, sizeof *l);
    l->line = p->line, l->col = name->col;
    const spec_tok *t = spec_peek(p);
    if (spec_is(t, "int") || spec_is(t, "char")) {
        if (!spec_parse_scalar(p, &l->gen) || !spec_line_ends(p))
            return;
    } else if (spec_is(t, "index")) {
        if (!index_of(p, fn, &l->gen) || !spec_line_ends(p))
            return;
    } else if (!(l->expr = spec_parse_expr(p, false)) || !spec_line_ends(p)) {
        grade_expr_free(l->expr);
        return;
    }
    memcpy(l->name, name->start, (size_t)name->len);
    fn->let_count++;
}

/* `set TARGET = VALUE [when CONDITION]`. */
void spec_set(spec_parser *p, grade_spec_function *fn, const spec_tok *key)
{
    if (fn->set_count == GRADE_SPEC_SETS_MAX) {
        spec_error(p, key, "a function has at most %d set steps", GRADE_SPEC_SETS_MAX);
        return;
    }
    grade_spec_set *s = &fn->sets[fn->set_count];
    memset(s, 0, sizeof *s);
    s->line = p->line;
    if (!(s->target = spec_parse_target(p)))
        return;
    const spec_tok *eq = spec_next(p);
    if (eq->kind != TOK_OP || !spec_tok_equal(eq, "=")) {
        spec_error(p, eq, "expected '=' and the value to write");
    } else if ((s->value = spec_parse_expr(p, false))) {
        bool ok = true;
        if (spec_is(spec_peek(p), "when")) {
            spec_next(p);
            ok = (s->when = spec_parse_expr(p, false)) != NULL;
        }
        if (ok && spec_line_ends(p)) {
            fn->set_count++;
            return;
        }
    }
    grade_expr_free(s->target);
    grade_expr_free(s->value);
    grade_expr_free(s->when);
}

