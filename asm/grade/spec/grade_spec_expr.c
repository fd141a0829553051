/* The spec's expression trees (grade_spec_expr.h): freed and copied. */
#include "grade_spec_expr.h"

#include <stdlib.h>
#include <string.h>

void grade_expr_free(grade_expr *e)
{
    if (!e)
        return;
    grade_expr_free(e->a);
    grade_expr_free(e->b);
    free(e->set);
    free(e);
}

grade_expr *grade_expr_copy(const grade_expr *e)
{
    if (!e)
        return NULL;
    grade_expr *c = malloc(sizeof *c);
    if (!c)
        abort();
    *c = *e;
    c->a = grade_expr_copy(e->a);
    c->b = grade_expr_copy(e->b);
    if (e->set && !(c->set = strdup(e->set)))
        abort();
    return c;
}
