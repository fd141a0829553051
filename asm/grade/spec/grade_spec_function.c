/* A function block's keys (points, cases, arg, require, compare, preserve,
 * must-call, syscalls, budget, case) and a hand-written case's lines;
 * `compare` in grade_spec_function_compare.c. */
#include "grade_spec_expr.h"
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

/* A comparison operator (`=` too, as `expect` writes it); -1 after an error. */
static int comparison(spec_parser *p, bool single_equal)
{
    static const char *const ops[] = {"<", "<=", ">", ">=", "==", "!="};
    const spec_tok *op = spec_next(p);
    if (single_equal && op->kind == TOK_OP && spec_tok_equal(op, "="))
        return GRADE_EQ;
    for (int k = 0; k < 6; k++)
        if (op->kind == TOK_OP && spec_tok_equal(op, ops[k]))
            return k;
    spec_error(p, op, "expected a comparison: < <= > >= == !=");
    return -1;
}

/* `must-call LABEL... [when CONDITION | when the reference does]`: at most 4
 * callees in all. */
static void must_call(spec_parser *p, grade_spec_function *fn)
{
    int first = fn->must_call_count;
    const spec_tok *t;
    while ((t = spec_next(p))->kind == TOK_WORD && !spec_is(t, "when")) {
        if (fn->must_call_count == 4 || t->len >= GRADE_SPEC_NAME_MAX) {
            spec_error(p, t, "at most 4 callees, each a label");
            return;
        }
        memcpy(fn->must_call[fn->must_call_count++], t->start, (size_t)t->len);
    }
    const spec_tok *w = spec_peek(p);
    if (spec_is(t, "when") && fn->must_call_count > first && p->pos + 3 == p->count &&
        spec_is(&w[0], "the") && spec_is(&w[1], "reference") && spec_is(&w[2], "does")) {
        p->pos += 3;
        for (int i = first; i < fn->must_call_count; i++)
            fn->must_call_like_reference[i] = true;
    } else if (spec_is(t, "when") && fn->must_call_count > first && spec_is(w, "the")) {
        spec_error(p, w, "expected 'when the reference does' or a condition (when n >= 2)");
        fn->must_call_count = first;
    } else if (spec_is(t, "when") && fn->must_call_count > first) {
        grade_expr *when = spec_parse_expr(p, true);
        if (!when || !spec_line_ends(p)) {
            grade_expr_free(when);
            fn->must_call_count = first;
            return;
        }
        /* One condition, shared: each callee gets its own copy to free. */
        for (int i = first; i < fn->must_call_count; i++)
            fn->must_call_when[i] = i == first ? when : grade_expr_copy(when);
    } else if (t->kind != TOK_END || fn->must_call_count == first) {
        spec_error(p, t, "expected the labels of the functions it must call");
    }
}

static void syscalls(spec_parser *p, grade_spec_function *fn)
{
    const spec_tok *how = spec_next(p);
    bool allow = spec_is(how, "allow"), require = spec_is(how, "require");
    if (!allow && !require && !spec_is(how, "forbid")) {
        spec_error(p, how, "expected 'allow', 'forbid' or 'require' and syscall names");
        return;
    }
    uint64_t named = 0;
    const spec_tok *t;
    while ((t = spec_next(p))->kind != TOK_END) {
        int64_t n;
        int s = spec_number(t, &n) && n >= 0 && n < 64 ? (int)n
                : p->isa->syscall && t->kind == TOK_WORD ? p->isa->syscall(t->start, (size_t)t->len)
                                                         : -1;
        if (s < 0 || s > 63) {
            spec_error(p, t, "'%.*s' is not %s %s syscall", t->len, t->start,
                       p->isa->article ? p->isa->article : "a", p->isa->name);
            return;
        }
        named |= UINT64_C(1) << s;
    }
    if (!named) { /* `forbid` of nothing would allow every syscall */
        spec_error(p, t, "expected the syscalls' names after '%.*s'", how->len, how->start);
        return;
    }
    /* A required syscall is allowed too, whatever the allow or forbid line. */
    if (require)
        fn->required_syscalls = named;
    else
        fn->allowed_syscalls = allow ? named : ~named;
    fn->allowed_syscalls |= fn->required_syscalls;
}

static void budget(spec_parser *p, grade_spec_function *fn)
{
    const spec_tok *t = spec_next(p);
    int64_t base, per;
    if (!spec_number(t, &base) || base <= 0 || base > 100000000) {
        spec_error(p, t, "expected the instructions a case may run: a number from 1 to "
                   "100000000");
        return;
    }
    fn->budget_base = (uint64_t)base;
    if (spec_peek(p)->kind == TOK_END)
        return;
    t = spec_next(p);
    const spec_tok *m, *word, *name;
    if (spec_is(t, "per")) { /* `budget M per ...`: nothing but the growth */
        m = t - 1, word = t, name = spec_next(p);
        fn->budget_base = 0;
    } else {
        m = spec_next(p), word = spec_next(p), name = spec_next(p);
    }
    if ((!spec_is(t, "+") && word != t) || !spec_number(m, &per) || per < 0 || per > 1000000 ||
        !spec_is(word, "per")) {
        spec_error(p, t, "expected 'budget N' or 'budget N + M per ARGUMENT'");
        return;
    }
    fn->budget_per = (uint64_t)per;
    if (spec_is(name, "call")) {
        /* `per call of LABEL`: the calls the reference makes on the case, as a
         * handout counts a recursion's budget */
        const spec_tok *of = spec_next(p), *label = spec_next(p);
        if (!spec_is(of, "of") || label->kind != TOK_WORD || label->len >= GRADE_SPEC_NAME_MAX) {
            spec_error(p, of, "expected 'per call of LABEL'");
            return;
        }
        memcpy(fn->budget_call, label->start, (size_t)label->len);
        fn->budget_call[label->len] = '\0';
        spec_line_ends(p);
        return;
    }
    fn->budget_of = spec_find_arg(fn, name);
    if (fn->budget_of < 0) {
        spec_error(p, name, "expected the argument whose size the budget grows with");
        return;
    }
    /* `per s1 s2`: the sizes of both together */
    fn->budget_more = 0;
    while (spec_peek(p)->kind != TOK_END) {
        const spec_tok *more = spec_next(p);
        int a = spec_find_arg(fn, more);
        if (a < 0) {
            spec_error(p, more, "expected another argument whose size the budget grows with");
            return;
        }
        fn->budget_more |= 1u << a;
    }
}

/* `stdin "TEXT"` of a function or a case: the keys its calls read. */
static void keys(spec_parser *p, const spec_tok *key, char **text, size_t *len)
{
    const spec_tok *t = spec_next(p);
    if (!p->isa->function_input) {
        spec_error(p, key, "a function of the %s reads no input (stdin is for program tests)",
                   p->isa->name);
    } else if (t->kind != TOK_STRING) {
        spec_error(p, t, "expected the keys in quotes");
    } else if (*text) {
        spec_error(p, key, "the keys are already given");
    } else if (spec_line_ends(p)) {
        *text = malloc(t->text_len + 1);
        if (!*text)
            abort();
        memcpy(*text, t->text, t->text_len + 1);
        *len = t->text_len;
    }
}

static void open_case(spec_parser *p, grade_spec_function *fn, const spec_tok *key, int indent)
{
    const spec_tok *label = spec_next(p);
    /* A name without quotes is an error, but the case is opened all the
     * same: its lines are then read as a case's, not misreported. */
    if (label->kind != TOK_STRING)
        spec_error(p, label, "expected the case's name in quotes");
    else if (!spec_line_ends(p))
        return;
    if (fn->hand_count == 100) {
        spec_error(p, key, "a function has at most 100 hand-written cases");
        return;
    }
    grade_spec_case *hand = grow_array(fn->hand, &fn->hand_cap, (size_t)fn->hand_count + 1,
                                       sizeof *hand);
    if (!hand) {
        spec_error(p, key, "out of memory");
        return;
    }
    fn->hand = hand;
    grade_spec_case *k = p->kase = &fn->hand[fn->hand_count++];
    memset(k, 0, sizeof *k);
    if (label->kind == TOK_STRING)
        snprintf(k->label, sizeof k->label, "%s", label->text);
    else
        snprintf(k->label, sizeof k->label, "%.*s", label->len, label->start);
    k->line = p->line;
    p->case_indent = indent;
}

void spec_function_statement(spec_parser *p, const spec_tok *key, int indent)
{
    grade_spec_function *fn = p->fn;
    int64_t v;
    p->kase = NULL;
    if (spec_is(key, "points")) {
        spec_points(p, &fn->points);
    } else if (spec_is(key, "cases")) {
        const spec_tok *n = spec_peek(p);
        if (spec_positive_number(p, GRADE_SPEC_CASES_MAX, "the number of random cases", &v))
            fn->cases = (int)v, fn->cases_line = p->line, fn->cases_col = n->col;
    } else if (spec_is(key, "arg")) {
        if (fn->hand_count)
            spec_error(p, key, "the arguments come before the first case");
        else
            spec_parse_arg(p);
    } else if (spec_is(key, "require")) {
        spec_require(p, fn, key);
    } else if (spec_is(key, "compare")) {
        spec_compare(p, fn);
    } else if (spec_is(key, "preserve")) {
        spec_registers(p, &fn->preserved);
    } else if (spec_is(key, "must-call")) {
        must_call(p, fn);
    } else if (spec_is(key, "callees")) {
        spec_reference_callees(p, fn, key);
    } else if (spec_is(key, "let")) {
        if (fn->hand_count)
            spec_error(p, key, "the lets come before the first case");
        else
            spec_let(p, fn, key);
    } else if (spec_is(key, "set")) {
        spec_set(p, fn, key);
    } else if (spec_is(key, "syscalls")) {
        syscalls(p, fn);
    } else if (spec_is(key, "budget")) {
        budget(p, fn);
    } else if (spec_is(key, "case")) {
        open_case(p, fn, key, indent);
    } else if (spec_is(key, "stdin")) {
        keys(p, key, &fn->stdin_text, &fn->stdin_len);
    } else if (spec_is(key, "expect") && spec_is(spec_peek(p), "wins")) {
        spec_next(p);
        if (spec_line_ends(p))
            fn->expect_wins = true;
    } else {
        spec_error(p, key, "'%.*s' is not a key of a function (points, cases, arg, let, set, "
                   "require, compare, preserve, must-call, callees, syscalls, budget, case%s)", key->len,
                   key->start, p->isa->function_input ? ", stdin" : "");
    }
}

void spec_case_statement(spec_parser *p, const spec_tok *key)
{
    grade_spec_case *k = p->kase;
    if (spec_is(key, "expect") && spec_is(spec_peek(p), "wins")) {
        spec_next(p); /* the written answers are the truth, not the reference's */
        if (spec_line_ends(p))
            k->expect_wins = true;
        return;
    }
    if (spec_is(key, "expect")) {
        const spec_tok *r = spec_next(p), *eq = spec_peek(p);
        int reg = r->kind == TOK_WORD ? spec_register(p, r->start, (size_t)r->len) : -1;
        int op = -1;
        int64_t v;
        if (reg < 0) {
            spec_error(p, r, "expected the register whose value is given");
            return;
        }
        /* `expect $v0 < 0`: a handout's "any negative number" */
        if (eq->kind != TOK_OP || (op = comparison(p, true)) < 0) {
            if (eq->kind != TOK_OP)
                spec_error(p, eq, "expected '=' (or < <= > >= !=) and the value");
            return;
        }
        const spec_tok *n = spec_next(p);
        v = n->kind == TOK_CHAR ? (uint8_t)n->text[0] : 0; /* a character is its code */
        if (!(n->kind == TOK_CHAR || spec_number(n, &v)) || v < INT32_MIN || v > UINT32_MAX)
            spec_error(p, n, "expected the value: a 32-bit number or 'c'");
        else if (k->expect_count == 4)
            spec_error(p, r, "a case gives at most 4 registers");
        else if (spec_line_ends(p))
            k->expects[k->expect_count++] = (grade_spec_expect){
                reg, n->kind == TOK_CHAR ? (uint8_t)n->text[0] : (int32_t)v, (grade_op)op};
        return;
    }
    if (spec_is(key, "stdin")) {
        keys(p, key, &k->stdin_text, &k->stdin_len);
        return;
    }
    const spec_tok *eq = &p->toks[p->pos];
    if (eq->kind == TOK_OP && spec_tok_equal(eq, "=")) {
        p->pos--; /* the name again */
        spec_parse_case_value(p);
        return;
    }
    spec_error(p, key, "expected 'NAME = VALUE' or 'expect REGISTER = VALUE' in a case");
}
