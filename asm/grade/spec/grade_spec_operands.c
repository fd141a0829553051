/* What statements of every block share: the end of a line, a number,
 * points, a register list, a word or string as text. A part of the
 * parser (grade_spec.c). */
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

/* No more tokens on the line, or an error at the first. */
bool spec_line_ends(spec_parser *p)
{
    const spec_tok *t = spec_peek(p);
    if (t->kind == TOK_END)
        return true;
    spec_error(p, t, "unexpected '%.*s' at the end of the statement", t->len, t->start);
    return false;
}

bool spec_positive_number(spec_parser *p, int64_t max, const char *what, int64_t *value)
{
    const spec_tok *t = spec_next(p);
    if (!spec_number(t, value) || *value < 0 || *value > max) {
        spec_error(p, t, "expected %s: a number from 0 to %lld", what, (long long)max);
        return false;
    }
    return spec_line_ends(p);
}

bool spec_points(spec_parser *p, double *out)
{
    int64_t v;
    if (!spec_positive_number(p, 10000, "the points", &v))
        return false;
    *out = (double)v;
    return true;
}

/* A list of registers and ranges (`$s0-$s7 $fp`) into a mask. */
bool spec_registers(spec_parser *p, uint64_t *mask)
{
    *mask = 0;
    const spec_tok *t;
    while ((t = spec_next(p))->kind == TOK_WORD) {
        const char *dash = memchr(t->start + 1, '-', (size_t)(t->len > 1 ? t->len - 1 : 0));
        int lo = spec_register(p, t->start, dash ? (size_t)(dash - t->start) : (size_t)t->len);
        int hi = dash ? spec_register(p, dash + 1, (size_t)(t->start + t->len - dash - 1)) : lo;
        if (lo < 0 || hi < 0 || hi < lo || hi > 63) {
            spec_error(p, t, "'%.*s' is not %s %s register or a range of them (first-last)",
                       t->len, t->start, p->isa->article ? p->isa->article : "a", p->isa->name);
            return false;
        }
        for (int r = lo; r <= hi; r++)
            *mask |= UINT64_C(1) << r;
    }
    if (t->kind != TOK_END || *mask == 0) {
        /* An empty list would hold the function to no register at all. */
        spec_error(p, t, "expected register names");
        return false;
    }
    return true;
}

/* A word or string as a malloc'd string. */
char *spec_text_of(const spec_tok *t)
{
    char *s = t->kind == TOK_STRING ? strdup(t->text) : strndup(t->start, (size_t)t->len);
    if (!s)
        abort();
    return s;
}
