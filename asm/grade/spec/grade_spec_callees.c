/* `callees from the reference LABEL...`: the labels whose calls, from the
 * submission's function, run the reference's code (docs/grader-spec.md,
 * "Function keys"). A machine that cannot load the reference beside the
 * submission refuses the key: a spec that says it would grade otherwise. */
#include <string.h>

#include "grade_spec_impl.h"

void spec_reference_callees(spec_parser *p, grade_spec_function *fn, const spec_tok *key)
{
    const spec_tok *w = spec_next(p);
    const spec_tok *wrong = !spec_is(w, "from")        ? w
                            : !spec_is(&w[1], "the")       ? &w[1]
                            : !spec_is(&w[2], "reference") ? &w[2]
                                                           : NULL;
    if (wrong) {
        spec_error(p, wrong, "expected 'callees from the reference LABEL...'");
        return;
    }
    p->pos += 2;
    if (!p->isa->reference_callees) {
        spec_error(p, key, "%s %s grader runs no reference callees", p->isa->article
                   ? p->isa->article : "a", p->isa->name);
        return;
    }
    int first = fn->reference_callee_count;
    const spec_tok *t;
    while ((t = spec_next(p))->kind == TOK_WORD) {
        if (fn->reference_callee_count == 4 || t->len >= GRADE_SPEC_NAME_MAX) {
            spec_error(p, t, "at most 4 reference callees, each a label");
            return;
        }
        bool again = spec_tok_equal(t, fn->name);
        for (int i = 0; i < fn->reference_callee_count && !again; i++)
            again = spec_tok_equal(t, fn->reference_callees[i]);
        if (again) {
            /* the function itself would not be graded at all */
            spec_error(p, t, "'%.*s' is %s", t->len, t->start,
                       spec_tok_equal(t, fn->name) ? "the function graded"
                                                   : "a reference callee already");
            return;
        }
        memcpy(fn->reference_callees[fn->reference_callee_count++], t->start, (size_t)t->len);
    }
    if (t->kind != TOK_END || fn->reference_callee_count == first)
        spec_error(p, t, "expected the labels of the callees the reference's code runs for");
}
