/* What a drawn case's state gives after the drawing: its comparisons'
 * truth, its budget of instructions, and its freeing. */
#include "grade_spec_draw.h"

#include <stdlib.h>
#include <string.h>

bool grade_spec_compare_values(grade_op op, int64_t a, int64_t b)
{
    return op == GRADE_LT ? a < b : op == GRADE_LE ? a <= b : op == GRADE_GT ? a > b
           : op == GRADE_GE ? a >= b : op == GRADE_EQ ? a == b : a != b;
}

uint64_t grade_spec_budget(const grade_spec_function *fn, const grade_spec_state *st)
{
    if (fn->budget_call[0])
        return GRADE_SPEC_REFERENCE_CAP; /* known once the reference has run */
    if (fn->budget_of < 0)
        return fn->budget_base;
    uint64_t units = 0;
    for (int i = 0; i < fn->arg_count; i++) {
        if (i != fn->budget_of && !(fn->budget_more >> i & 1u))
            continue;
        const grade_spec_value *v = &st->values[i];
        int64_t u = v->bytes || st->same_as[i] ? (int64_t)v->length : (int64_t)(int32_t)v->word;
        units += (uint64_t)(u > 0 ? u : 0);
    }
    return fn->budget_base + fn->budget_per * units;
}

uint64_t grade_spec_budget_for_calls(const grade_spec_function *fn, uint64_t calls)
{
    return fn->budget_base + fn->budget_per * calls;
}

void grade_spec_state_free(grade_spec_state *st)
{
    for (int i = 0; i < GRADE_SPEC_ARGS_MAX; i++) {
        free(st->values[i].bytes);
        free(st->values[i].file);
        free(st->values[i].units);
        free(st->values[i].relocs);
    }
    memset(st, 0, sizeof *st);
}
