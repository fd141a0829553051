/* What a case holds each run to beyond the function's fixed keys: the
 * callees it requires (`must-call ... when`) and its budget (`budget ...
 * per call of LABEL`), both decided case by case, some by the reference's
 * own run. ISA-free: the machine counts the calls (grade_spec_run.calls). */
#include "grade_spec_engine.h"

#include <inttypes.h>
#include <string.h>

int grade_spec_reference_needs(const grade_spec_function *fn, grade_spec_state *st,
                               const char **must_call)
{
    int slot = -1, count = 0;
    st->watch_only = 0;
    st->budget = grade_spec_budget(fn, st);
    for (; count < fn->must_call_count; count++) {
        must_call[count] = fn->must_call[count];
        /* not needed, or the reference's run decides: counted, not required */
        if (fn->must_call_like_reference[count] ||
            grade_spec_callee_needed(fn, count, st, NULL) != 1)
            st->watch_only |= 1u << count;
        if (fn->budget_call[0] && !strcmp(fn->budget_call, fn->must_call[count]))
            slot = count;
    }
    if (fn->budget_call[0] && slot < 0 && count < 4) { /* the parser kept a slot for it */
        must_call[count] = fn->budget_call;
        st->watch_only |= 1u << count;
        slot = count++;
    }
    must_call[count] = NULL;
    return slot;
}

bool grade_spec_submission_needs(grade_spec_engine *e, const grade_spec_function *fn,
                                 const char *label, int budget_slot, const grade_spec_run *want,
                                 grade_spec_state *st)
{
    for (int i = 0; i < fn->must_call_count; i++) {
        if (!(st->watch_only & 1u << i))
            continue; /* required of both already */
        if (fn->must_call_like_reference[i] && want->calls[i] > 0)
            st->watch_only &= ~(1u << i);
        /* `when map changed`: known now; the reference is held to it too */
        if (!fn->must_call_like_reference[i] && grade_spec_callee_needed(fn, i, st, NULL) < 0 &&
            grade_spec_callee_needed(fn, i, st, want->memory) == 1) {
            if (want->calls[i] == 0) {
                grade_spec_engine_error(e, "the spec is wrong: on %s %s the reference solution "
                                        "did not call %s, which the case needs (must-call ... "
                                        "when)", fn->name, label, fn->must_call[i]);
                return false;
            }
            st->watch_only &= ~(1u << i);
        }
    }
    if (budget_slot >= 0) /* the grader's own call counts when it is the function */
        st->budget = grade_spec_budget_for_calls(
            fn, want->calls[budget_slot] + (strcmp(fn->budget_call, fn->name) == 0));
    return true;
}

bool grade_spec_reference_in_budget(grade_spec_engine *e, const grade_spec_function *fn,
                                    const char *label, int budget_slot,
                                    const grade_spec_run *want, const grade_spec_state *st)
{
    if (budget_slot < 0 || want->instructions <= st->budget)
        return true;
    grade_spec_engine_error(e, "the spec is wrong: on %s %s the reference solution runs %" PRIu64
                            " instructions, over its budget of %" PRIu64, fn->name, label,
                            want->instructions, st->budget);
    return false;
}
