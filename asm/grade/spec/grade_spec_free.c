/* A spec model's memory given back: a function's (or a program test's
 * inputs') parts, the whole spec; and its total points. */
#include "grade_spec_expr.h"
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

/* What a function (or a program test's inputs) owns; not fn itself. */
void spec_function_free(grade_spec_function *fn)
{
    for (int a = 0; a < fn->arg_count; a++)
        spec_gen_free(&fn->args[a].gen);
    for (int r = 0; r < fn->require_count; r++)
        grade_expr_free(fn->requires[r].cond);
    for (int l = 0; l < fn->let_count; l++)
        grade_expr_free(fn->lets[l].expr);
    for (int k = 0; k < fn->set_count; k++) {
        grade_expr_free(fn->sets[k].target);
        grade_expr_free(fn->sets[k].value);
        grade_expr_free(fn->sets[k].when);
    }
    for (int c = 0; c < fn->must_call_count; c++)
        grade_expr_free(fn->must_call_when[c]);
    for (int k = 0; k < fn->hand_count; k++) {
        for (int a = 0; a < GRADE_SPEC_ARGS_MAX; a++)
            spec_gen_free(&fn->hand[k].set[a]);
        free(fn->hand[k].stdin_text);
    }
    free(fn->hand);
    free(fn->stdin_text);
}

void grade_spec_free(grade_spec *spec)
{
    for (int i = 0; i < spec->function_count; i++)
        spec_function_free(&spec->functions[i]);
    for (int i = 0; i < spec->program_count; i++) {
        grade_spec_program *pr = &spec->programs[i];
        for (int a = 0; a < pr->arg_count; a++)
            free(pr->args[a]);
        free(pr->args);
        free(pr->stdin_text);
        free(pr->expect);
        spec_program_data_free(pr);
    }
    for (int i = 0; i < spec->include_count; i++)
        free(spec->includes[i]);
    spec_records_free(spec);
    free(spec->functions);
    free(spec->programs);
    free(spec->reference);
    free(spec->path);
    free(spec->dir);
    memset(spec, 0, sizeof *spec);
}

double grade_spec_points(const grade_spec *spec)
{
    double total = 0;
    for (int i = 0; i < spec->function_count; i++)
        total += spec->functions[i].points;
    for (int i = 0; i < spec->program_count; i++)
        total += spec->programs[i].points;
    return total;
}
