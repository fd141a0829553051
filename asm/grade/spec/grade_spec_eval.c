/* Evaluating the spec's expressions (grade_spec_expr.h) on a case, and
 * what the draw and the engines do with them (grade_spec_draw.h): the set
 * steps, the preconditions, the callees a case needs. */
#include <stdlib.h>
#include <string.h>

#include "grade_spec_draw.h"
#include "grade_spec_expr.h"

typedef struct env {
    const grade_spec_function *fn;
    const grade_spec_state *st;
    uint8_t *const *after;
    bool *zero;        /* set when a divisor was 0 (the value is then 0), or NULL */
    const grade_expr **null; /* the GX_DEREF that followed a null pointer (it reads
                                0), or NULL */
} env;

/* C's / and % (truncated toward 0), but a divisor of 0, or INT64_MIN / -1,
 * gives 0 and says so: the spec is wrong there, not the machine. */
static int64_t divide(const env *v, grade_expr_op op, int64_t a, int64_t b)
{
    if (b == 0 || (b == -1 && a == INT64_MIN)) {
        if (v->zero && b == 0)
            *v->zero = true;
        return 0;
    }
    return op == GX_DIV ? a / b : a % b;
}

static int64_t eval(const env *v, const grade_expr *e, bool late);

/* The bytes of pointer argument i, before the call or after it. */
static const uint8_t *bytes_of(const env *v, int i, bool late)
{
    return late && v->after && v->after[i] ? v->after[i] : v->st->values[i].bytes;
}

/* Where field f of struct argument i starts. */
static uint32_t field_offset(const grade_gen *g, int f)
{
    uint32_t at = 0;
    for (int k = 0; k < f; k++)
        at += (uint32_t)g->fields[k].size;
    return at;
}

/* A field reads as signed unless its range reaches past the signed
 * maximum (byte 0..255): health byte -2..10 can go below 0, coins byte
 * 0..255 is never negative. */
static int64_t read_field(const grade_gen *g, int f, const uint8_t *b)
{
    const grade_field *fd = &g->fields[f];
    uint32_t at = field_offset(g, f), w = 0;
    for (int k = fd->size - 1; k >= 0; k--)
        w = w << 8 | b[at + (uint32_t)k];
    if (fd->size == 4)
        return fd->hi > INT32_MAX ? (int64_t)w : (int64_t)(int32_t)w;
    int64_t top = (int64_t)1 << (8 * fd->size - 1);
    bool is_signed = fd->hi < top;
    return is_signed && w >= (uint64_t)top ? (int64_t)w - 2 * top : (int64_t)w;
}

/* The offset of cell [r][c] in a grid's bytes, or -1 off the grid. */
static int64_t cell_offset(const uint8_t *b, uint32_t size, int64_t r, int64_t c)
{
    if (size < 2 || r < 0 || c < 0 || r >= b[0] || c >= b[1])
        return -1;
    int64_t at = 2 + r * b[1] + c;
    return at < size ? at : -1;
}

/* Where element i of an array, string or records argument starts in its
 * bytes (field f of a record, or -1: the element), and its size; -1 past
 * its end (a string's NUL is its last element). */
static int64_t element_offset(const grade_gen *g, const grade_spec_value *val, int64_t i, int f,
                              int *size)
{
    *size = g->kind == GRADE_GEN_ARRAY ? g->elem_size : 1;
    uint32_t count = g->kind == GRADE_GEN_ARRAY ? val->size / (uint32_t)*size
                     : g->kind == GRADE_GEN_RECORDS ? val->length : val->size;
    if (i < 0 || !val->bytes || i >= (int64_t)count)
        return -1;
    if (g->kind != GRADE_GEN_RECORDS)
        return i * *size;
    *size = g->rec->fields[f].size;
    return i * g->rec->size + g->rec->fields[f].offset;
}

/* An element reads as a field does: signed unless its range reaches past
 * the signed maximum; a string's characters, a record's bit sets and
 * characters are never negative. */
static int64_t read_element(const grade_gen *g, int f, const uint8_t *b, int size)
{
    uint32_t w = 0;
    for (int k = size - 1; k >= 0; k--)
        w = w << 8 | b[k];
    int64_t hi = g->kind == GRADE_GEN_ARRAY ? g->ehi : (int64_t)UINT32_MAX;
    if (g->kind == GRADE_GEN_RECORDS && g->rec->fields[f].kind == GRADE_FIELD_INT)
        hi = g->rec->fields[f].hi;
    if (size == 4)
        return hi > INT32_MAX ? (int64_t)w : (int64_t)(int32_t)w;
    int64_t top = (int64_t)1 << (8 * size - 1);
    return hi < top && w >= (uint64_t)top ? (int64_t)w - 2 * top : (int64_t)w;
}

static int64_t eval(const env *v, const grade_expr *e, bool late);

/* What field f of record k holds, in its argument's bytes: where it
 * starts, its elements' number and size; false when there is no record k. */
static bool field_block(const grade_gen *g, const grade_spec_value *val, const uint8_t *bytes,
                        int64_t k, int f, uint32_t *start, uint32_t *count, int *size)
{
    if (k < 0 || k >= (int64_t)val->length || !bytes)
        return false;
    const grade_record_field *fd = &g->rec->fields[f];
    uint32_t at = (uint32_t)k * g->rec->size + fd->offset;
    if (fd->kind == GRADE_FIELD_ELEMENTS) {
        *start = at, *count = fd->count, *size = fd->elem_size;
        return true;
    }
    for (uint32_t r = 0; r < val->reloc_count; r++) {
        const grade_spec_reloc *x = &val->relocs[r];
        if (x->at != at || x->target >= 0 || x->offset >= val->size)
            continue;
        *start = x->offset, *size = fd->kind == GRADE_FIELD_ARRAY ? fd->elem_size : 1;
        *count = fd->kind == GRADE_FIELD_ARRAY ? x->count
                 : (uint32_t)strnlen((const char *)bytes + x->offset, val->size - x->offset);
        return true;
    }
    return false;
}

/* `length cars[k].name` and `cars[k].name[i]`: a record's string or array
 * field's length, or one of its characters or elements (0 off its end). */
static int64_t inside(const env *v, const grade_expr *e, bool late)
{
    const grade_spec_value *val = &v->st->values[e->ref];
    const grade_gen *g = &v->fn->args[e->ref].gen;
    const uint8_t *bytes = bytes_of(v, e->ref, late);
    uint32_t start, count;
    int size;
    if (!field_block(g, val, bytes, e->a ? eval(v, e->a, late) : 0, e->field, &start, &count,
                     &size))
        return 0;
    if (e->op == GX_INSIDE_LEN)
        return count;
    int64_t j = eval(v, e->b, late);
    if (j < 0 || j >= (int64_t)count)
        return 0;
    uint32_t w = 0;
    for (int b = size - 1; b >= 0; b--)
        w = w << 8 | bytes[start + (uint32_t)j * (uint32_t)size + (uint32_t)b];
    const grade_record_field *fd = &g->rec->fields[e->field];
    if (fd->kind == GRADE_FIELD_STRING || fd->lo >= 0 || size == 4)
        return size == 4 && fd->lo < 0 ? (int64_t)(int32_t)w : (int64_t)w;
    return size == 2 ? (int64_t)(int16_t)w : (int64_t)(int8_t)w;
}

/* Where the pointer field p reads points (p: a record's GX_ELEM or a
 * GX_DEREF, its field a pointer or a link): the argument, the byte in its
 * bytes; false for no record there (as a missing element, it reads 0) or
 * a null pointer (a list's last link: *null set). */
static bool pointee(const env *v, const grade_expr *p, bool late, int *arg, uint32_t *offset,
                    bool *null)
{
    uint32_t base;
    if (p->op == GX_DEREF) {
        int at_arg;
        if (!pointee(v, p->a, late, &at_arg, &base, null) || at_arg != p->ref)
            return false;
    } else {
        int64_t k = p->a ? eval(v, p->a, late) : 0;
        if (k < 0 || k >= (int64_t)v->st->values[p->ref].length)
            return false;
        base = (uint32_t)k * v->fn->args[p->ref].gen.rec->size;
    }
    const grade_spec_value *val = &v->st->values[p->ref];
    uint32_t at = base + v->fn->args[p->ref].gen.rec->fields[p->field].offset;
    for (uint32_t r = 0; r < val->reloc_count; r++)
        if (val->relocs[r].at == at) {
            *arg = val->relocs[r].target < 0 ? p->ref : val->relocs[r].target;
            *offset = val->relocs[r].offset;
            return true;
        }
    *null = true;
    return false;
}

/* What e (a GX_DEREF) reads: where its bytes start in argument *arg and
 * their size, the field or element it reads (-1: an element); -1 when
 * the pointer is null (flagged: the spec is wrong) or it reads past the
 * end of what it points into. */
static int64_t deref_offset(const env *v, const grade_expr *e, bool late, int *arg, int *size)
{
    uint32_t offset;
    bool null = false;
    if (!pointee(v, e->a, late, arg, &offset, &null)) {
        if (v->null && null)
            *v->null = e;
        return -1;
    }
    const grade_gen *g = &v->fn->args[*arg].gen;
    int64_t at = offset;
    if (e->field >= 0) {
        *size = g->rec->fields[e->field].size;
        at += g->rec->fields[e->field].offset;
    } else {
        *size = g->kind == GRADE_GEN_ARRAY ? g->elem_size : 1;
        at += eval(v, e->b, late) * *size;
    }
    const grade_spec_value *val = &v->st->values[*arg];
    return at < 0 || !val->bytes || at + *size > (int64_t)val->size ? -1 : at;
}

static int64_t compare(grade_expr_op op, int64_t a, int64_t b)
{
    switch (op) {
    case GX_LT: return a < b;
    case GX_LE: return a <= b;
    case GX_GT: return a > b;
    case GX_GE: return a >= b;
    case GX_EQ: return a == b;
    default: return a != b;
    }
}

static int64_t eval(const env *v, const grade_expr *e, bool late)
{
    bool on_arg = e->op >= GX_ARG && e->op <= GX_CHANGED && e->op != GX_LET;
    const grade_spec_value *val = on_arg ? &v->st->values[e->ref] : NULL;
    const grade_gen *g = val ? &v->fn->args[e->ref].gen : NULL;
    int64_t at;
    switch (e->op) {
    case GX_NUMBER:
        return e->number;
    case GX_ARG:
        if (g->kind == GRADE_GEN_EXPR && !v->st->settled)
            return eval(v, g->expr, false);
        return g->kind == GRADE_GEN_CHAR ? (int64_t)val->word : (int64_t)(int32_t)val->word;
    case GX_LET: {
        const grade_spec_let *l = &v->fn->lets[e->ref];
        return l->expr ? eval(v, l->expr, late) : v->st->lets[e->ref];
    }
    case GX_LENGTH:
        return val->length;
    case GX_FIELD:
        return read_field(g, e->field, bytes_of(v, e->ref, late));
    case GX_ROWS:
    case GX_COLS:
        return val->size >= 2 ? bytes_of(v, e->ref, late)[e->op == GX_COLS] : 0;
    case GX_CELL:
        at = cell_offset(bytes_of(v, e->ref, late), val->size, eval(v, e->a, late),
                         eval(v, e->b, late));
        return at < 0 ? -1 : bytes_of(v, e->ref, late)[at];
    case GX_ELEM: {
        int size;
        at = element_offset(g, val, e->a ? eval(v, e->a, late) : 0, e->field, &size);
        return at < 0 ? 0 : read_element(g, e->field, bytes_of(v, e->ref, late) + at, size);
    }
    case GX_INSIDE_LEN:
    case GX_INSIDE_ELEM:
        return inside(v, e, late);
    case GX_DEREF: {
        int arg, size;
        at = deref_offset(v, e, late, &arg, &size);
        return at < 0 ? 0 : read_element(&v->fn->args[arg].gen, e->field,
                                         bytes_of(v, arg, late) + at, size);
    }
    case GX_CHANGED:
        return v->after && v->after[e->ref] &&
               memcmp(v->after[e->ref], val->bytes, val->size) != 0;
    case GX_AFTER:
        return eval(v, e->a, true);
    case GX_NEG:
        return -eval(v, e->a, late);
    case GX_NOT:
        return !eval(v, e->a, late);
    case GX_ADD:
        return eval(v, e->a, late) + eval(v, e->b, late);
    case GX_SUB:
        return eval(v, e->a, late) - eval(v, e->b, late);
    case GX_BITAND:
        return eval(v, e->a, late) & eval(v, e->b, late);
    case GX_MUL: /* wraps as the machine's words do, without C's overflow */
        return (int64_t)((uint64_t)eval(v, e->a, late) * (uint64_t)eval(v, e->b, late));
    case GX_DIV:
    case GX_MOD:
        return divide(v, e->op, eval(v, e->a, late), eval(v, e->b, late));
    case GX_IN: {
        int64_t c = eval(v, e->a, late);
        return c > 0 && c < 256 && strchr(e->set, (int)c) != NULL;
    }
    case GX_AND:
        return eval(v, e->a, late) && eval(v, e->b, late);
    case GX_OR:
        return eval(v, e->a, late) || eval(v, e->b, late);
    default:
        return compare(e->op, eval(v, e->a, late), eval(v, e->b, late));
    }
}

int64_t grade_expr_eval(const grade_expr *e, const grade_spec_function *fn,
                        const grade_spec_state *st, uint8_t *const *after)
{
    env v = {fn, st, after, NULL, NULL};
    return eval(&v, e, false);
}

void grade_spec_apply_sets(const grade_spec_function *fn, grade_spec_state *st)
{
    env v = {fn, st, NULL, &st->divided_by_zero, &st->followed_null};
    for (int i = 0; i < fn->set_count; i++) {
        const grade_spec_set *s = &fn->sets[i];
        if (s->when && !eval(&v, s->when, false))
            continue;
        const grade_expr *t = s->target;
        grade_spec_value *val = &st->values[t->ref];
        uint32_t value = (uint32_t)eval(&v, s->value, false);
        if (t->op == GX_CELL) {
            int64_t at = cell_offset(val->bytes, val->size, eval(&v, t->a, false),
                                     eval(&v, t->b, false));
            if (at >= 0) /* off the grid: nothing to write */
                val->bytes[at] = (uint8_t)value;
            continue;
        }
        if (t->op == GX_DEREF) { /* through a pointer: what it points to */
            int arg, size;
            int64_t at = deref_offset(&v, t, false, &arg, &size);
            for (int k = 0; at >= 0 && k < size; k++)
                st->values[arg].bytes[at + k] = (uint8_t)(value >> (8 * k));
            continue;
        }
        const grade_gen *g = &fn->args[t->ref].gen;
        if (t->op == GX_ELEM) {
            int size;
            int64_t at = element_offset(g, val, t->a ? eval(&v, t->a, false) : 0, t->field,
                                        &size);
            for (int k = 0; at >= 0 && k < size; k++) /* past the end: not written */
                val->bytes[at + k] = (uint8_t)(value >> (8 * k));
            continue;
        }
        uint32_t at = field_offset(g, t->field);
        for (int k = 0; k < g->fields[t->field].size; k++)
            val->bytes[at + (uint32_t)k] = (uint8_t)(value >> (8 * k));
    }
}

void grade_spec_settle(const grade_spec_function *fn, grade_spec_state *st, const bool *given)
{
    env v = {fn, st, NULL, &st->divided_by_zero, &st->followed_null};
    st->settled = false;
    uint32_t words[GRADE_SPEC_ARGS_MAX];
    for (int i = 0; i < fn->arg_count; i++)
        words[i] = fn->args[i].gen.kind == GRADE_GEN_EXPR && !(given && given[i])
                       ? (uint32_t)eval(&v, fn->args[i].gen.expr, false)
                       : st->values[i].word;
    for (int i = 0; i < fn->arg_count; i++)
        st->values[i].word = words[i];
    st->settled = true;
}

bool grade_spec_requires_hold(const grade_spec_function *fn, grade_spec_state *st)
{
    env v = {fn, st, NULL, &st->divided_by_zero, &st->followed_null};
    for (int i = 0; i < fn->require_count; i++)
        if (!eval(&v, fn->requires[i].cond, false))
            return false;
    return true;
}

/* Whether e reads the state after the call (a let's formula never does). */
static bool reads_after(const grade_expr *e)
{
    return e && (e->op == GX_AFTER || e->op == GX_CHANGED || reads_after(e->a) ||
                 reads_after(e->b));
}

int grade_spec_callee_needed(const grade_spec_function *fn, int i, const grade_spec_state *st,
                             uint8_t *const *after)
{
    const grade_expr *when = fn->must_call_when[i];
    if (!when)
        return 1;
    if (!after && reads_after(when))
        return -1;
    return grade_expr_eval(when, fn, st, after) != 0;
}
