/* A hand-written case's records (docs/grader-spec.md, "Records"): each as
 * its fields in brackets, `[2017, "Abc", people[1]]`, a string field in
 * quotes, a pointer as the input's name or NAME[INDEX], an array field as
 * a list; a link field is the engine's and never written. */
#include "grade_spec_impl.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

bool spec_parse_element(spec_parser *p, int32_t *index)
{
    const spec_tok *name = spec_next(p);
    *index = 0;
    if (spec_peek(p)->kind != TOK_PUNCT || spec_peek(p)->start[0] != '[')
        return true;
    spec_next(p);
    const spec_tok *i = spec_next(p), *close = spec_next(p);
    int64_t v;
    if (!spec_number(i, &v) || v < 0 || v >= GRADE_SPEC_ARRAY_MAX ||
        close->kind != TOK_PUNCT || close->start[0] != ']') {
        spec_error(p, i, "expected %.*s[INDEX]: the element it points to", name->len,
                   name->start);
        return false;
    }
    *index = (int32_t)v;
    return true;
}

/* One value of field f in a case's record: a number, 'c', a string (its
 * offset in g->text), or a pointer's target element (NAME or NAME[INDEX]). */
static bool field_value(spec_parser *p, const grade_spec_function *fn, int arg,
                        const grade_record_field *f, grade_gen *g, int32_t *out)
{
    const spec_tok *t = spec_next(p);
    int64_t v;
    if (f->kind == GRADE_FIELD_STRING) {
        if (t->kind != TOK_STRING || strlen(t->text) != t->text_len || t->text_len > 255) {
            spec_error(p, t, "the field %s takes a string in quotes (no \\0, at most 255 "
                       "characters)", f->name);
            return false;
        }
        char *grown = realloc(g->text, g->text_len + t->text_len + 1);
        if (!grown)
            abort();
        g->text = grown;
        memcpy(g->text + g->text_len, t->text, t->text_len + 1);
        *out = (int32_t)g->text_len;
        g->text_len += t->text_len + 1;
        return true;
    }
    if (f->kind == GRADE_FIELD_ARRAY) {
        p->pos--; /* the '[' */
        *out = (int32_t)g->text_len;
        return spec_record_array(p, f, &g->text, &g->text_len, NULL);
    }
    if (f->kind == GRADE_FIELD_ELEMENTS) {
        p->pos--; /* the '[' */
        *out = (int32_t)g->text_len;
        if (!spec_record_array(p, f, &g->text, &g->text_len, NULL))
            return false;
        uint32_t n = 0;
        for (int k = 3; k >= 0; k--)
            n = n << 8 | (uint8_t)g->text[*out + k];
        if (n != f->count) {
            spec_error(p, t, "the field %s holds %" PRIu32 " elements, not %" PRIu32, f->name,
                       f->count, n);
            return false;
        }
        return true;
    }
    if (f->kind == GRADE_FIELD_POINTER) {
        bool named = t->kind == TOK_WORD && strlen(f->target) == (size_t)t->len &&
                     !memcmp(t->start, f->target, (size_t)t->len);
        if (!named) {
            spec_error(p, t, "the field %s points into %s: give %s or %s[INDEX], never an "
                       "address", f->name, f->target, f->target, f->target);
            return false;
        }
        (void)fn, (void)arg;
        p->pos--; /* the name, read again with its index */
        return spec_parse_element(p, out);
    }
    if (t->kind == TOK_CHAR)
        v = (uint8_t)t->text[0];
    else if (!spec_number(t, &v)) {
        spec_error(p, t, "the field %s takes a number", f->name);
        return false;
    }
    int64_t lo = f->size == 4 ? INT32_MIN : f->size == 2 ? -32768 : -128;
    int64_t hi = f->size == 4 ? UINT32_MAX : f->size == 2 ? 65535 : 255;
    if (v < lo || v > hi) {
        spec_error(p, t, "%lld does not fit the field %s", (long long)v, f->name);
        return false;
    }
    *out = (int32_t)v;
    return true;
}

static bool punct(spec_parser *p, char c, const char *why)
{
    const spec_tok *t = spec_next(p);
    if (t->kind == TOK_PUNCT && t->start[0] == c)
        return true;
    spec_error(p, t, "expected '%c'%s", c, why);
    return false;
}

/* One record's fields in brackets: [2017, "Abc", people[1]]. */
static bool one_record(spec_parser *p, const grade_spec_function *fn, int arg, grade_gen *g)
{
    const grade_spec_record *r = fn->args[arg].gen.rec;
    if (!punct(p, '[', ": a record is [FIELD, FIELD, ...]"))
        return false;
    int last = r->field_count - 1;
    if (last >= 0 && r->fields[last].kind == GRADE_FIELD_LINK)
        last--;
    for (int f = 0; f < r->field_count; f++) {
        int32_t *grown = realloc(g->values, (g->value_count + 1) * sizeof *grown);
        if (!grown)
            abort();
        g->values = grown;
        g->values[g->value_count] = 0;
        if (r->fields[f].kind == GRADE_FIELD_LINK) { /* the engine's: never written */
            g->value_count++;
            continue;
        }
        if (!field_value(p, fn, arg, &r->fields[f], g, &g->values[g->value_count]))
            return false;
        g->value_count++;
        if (!punct(p, f >= last ? ']' : ',', f >= last ? ": the record has no more fields"
                                                       : ": the record has more fields"))
            return false;
    }
    return last >= 0 || punct(p, ']', ": the record has no more fields");
}

bool spec_parse_records_value(spec_parser *p, const grade_spec_function *fn, int arg,
                              grade_gen *g)
{
    if (fn->args[arg].gen.single) {
        g->lo = g->hi = 1;
        return one_record(p, fn, arg, g);
    }
    if (!punct(p, '[', ": records are [[FIELD, ...], [FIELD, ...]]"))
        return false;
    int32_t count = 0;
    if (spec_peek(p)->kind == TOK_PUNCT && spec_peek(p)->start[0] == ']') {
        spec_next(p);
    } else {
        for (;;) {
            if (count == GRADE_SPEC_ARRAY_MAX) {
                spec_error(p, spec_peek(p), "at most %d records", GRADE_SPEC_ARRAY_MAX);
                return false;
            }
            if (!one_record(p, fn, arg, g))
                return false;
            count++;
            const spec_tok *t = spec_next(p);
            if (t->kind == TOK_PUNCT && t->start[0] == ']')
                break;
            if (t->kind != TOK_PUNCT || t->start[0] != ',') {
                spec_error(p, t, "expected ',' or ']' after a record");
                return false;
            }
        }
    }
    g->lo = g->hi = count;
    return true;
}
