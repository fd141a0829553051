/* The spec engine's parts (grade_spec_engine.h): which parts a spec has
 * and what they are worth, a new report, and a part not graded because
 * the spec is wrong there. */
#include "grade_spec_engine.h"

#include <stdlib.h>
#include <string.h>

void grade_spec_engine_part_wrong(grade_spec_engine *e, int part, size_t first_test,
                                  double points)
{
    grade_spec_report *r = e->report;
    for (size_t i = first_test; i < r->test_count; i++)
        grade_findings_free(&r->tests[i].problems);
    r->test_count = first_test;
    grade_spec_wrong *grown = realloc(r->wrong, (r->wrong_count + 1) * sizeof *grown);
    if (!grown)
        abort();
    r->wrong = grown;
    r->wrong[r->wrong_count++] = (grade_spec_wrong){part, e->function_wrong};
    e->function_wrong = (grade_findings){0};
    r->max_score -= points;
}

bool grade_spec_names_part(const grade_spec *spec, const char *name)
{
    for (int i = 0; i < spec->function_count; i++)
        if (!strcmp(spec->functions[i].name, name))
            return true;
    for (int i = 0; i < spec->program_count; i++)
        if (!strcmp(spec->programs[i].name, name))
            return true;
    return false;
}

void grade_spec_report_start(grade_spec_report *r, const grade_spec *spec, const char *path,
                             uint64_t seed, const char *only)
{
    memset(r, 0, sizeof *r);
    r->spec = spec;
    snprintf(r->submission, sizeof r->submission, "%s", path);
    r->seed = seed;
    r->max_score = grade_spec_engine_points(spec, only);
}

double grade_spec_engine_points(const grade_spec *spec, const char *only)
{
    double total = 0;
    for (int i = 0; i < spec->function_count; i++)
        if (!only || !strcmp(only, spec->functions[i].name))
            total += spec->functions[i].points;
    for (int i = 0; i < spec->program_count; i++)
        if (!only || !strcmp(only, spec->programs[i].name))
            total += spec->programs[i].points;
    return total;
}
