/* Drawing a case's arguments from a spec's generators. */
#include "grade_spec_draw.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint8_t *grade_spec_alloc_bytes(uint32_t size)
{
    uint8_t *b = calloc(size ? size : 1, 1);
    if (!b)
        abort();
    return b;
}

static void put_le(uint8_t *at, int size, uint32_t value)
{
    for (int i = 0; i < size; i++)
        at[i] = (uint8_t)(value >> (8 * i));
}

char grade_spec_pick_char(const char *set, grade_rng *rng)
{
    size_t n = strlen(set);
    return set[grade_rng_next(rng) % (n ? n : 1)];
}

/* The edge bias (docs/grader-spec.md, "Edges first"): one draw in
 * GRADE_SPEC_EDGE_ODDS is an edge a TA would test by hand, the rest are
 * uniform. A uniform generator takes no extra draw, so its stream is the
 * one it always was. */
static bool edge_draw(const grade_gen *g, grade_rng *rng)
{
    return !g->uniform && grade_rng_next(rng) % GRADE_SPEC_EDGE_ODDS == 0;
}

/* lo..hi, biased to lo, hi, 0 (when inside), lo + 1 and hi - 1. */
static int32_t draw_range(const grade_gen *g, grade_rng *rng, int32_t lo, int32_t hi);

/* A table of drawn strings: their number, then each one's length and
 * characters (each with its NUL, one after the other). */
static void draw_strings(const grade_gen *g, grade_rng *rng, grade_spec_value *v)
{
    uint32_t n = (uint32_t)draw_range(g, rng, g->lo, g->hi), len = 0;
    char *text = malloc((size_t)n * ((size_t)g->ehi + 1) + 1);
    if (!text)
        abort();
    size_t set = strlen(g->set);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t chars = (uint32_t)draw_range(g, rng, g->elo, g->ehi);
        for (uint32_t c = 0; c < chars; c++)
            text[len++] = g->set[grade_rng_next(rng) % set];
        text[len++] = '\0';
    }
    grade_spec_value_strings(v, text, len, n);
    free(text);
}

static int32_t draw_range(const grade_gen *g, grade_rng *rng, int32_t lo, int32_t hi)
{
    if (lo == hi || !edge_draw(g, rng))
        return grade_rng_range(rng, lo, hi);
    int32_t edges[5] = {lo, hi};
    int n = 2;
    if (lo < 0 && hi > 0)
        edges[n++] = 0;
    if ((int64_t)hi - lo >= 2)
        edges[n++] = lo + 1, edges[n++] = hi - 1;
    return edges[grade_rng_next(rng) % (uint32_t)n];
}

/* A character of the set, biased to its first and last. */
static char draw_char(const grade_gen *g, grade_rng *rng)
{
    size_t n = strlen(g->set);
    if (n < 2 || !edge_draw(g, rng))
        return grade_spec_pick_char(g->set, rng);
    return g->set[grade_rng_next(rng) % 2 ? n - 1 : 0];
}

/* n distinct values of lo..hi in increasing order (Floyd's sampling: each
 * j of the last n values of the range joins once, as t or as itself). */
static void draw_increasing(grade_rng *rng, int64_t lo, int64_t hi, uint32_t n, int64_t *out)
{
    uint32_t have = 0;
    for (int64_t j = hi - n + 1; j <= hi; j++) {
        int64_t t = lo + (int64_t)(((uint64_t)grade_rng_next(rng) << 32 | grade_rng_next(rng)) %
                                   (uint64_t)(j - lo + 1));
        uint32_t at = 0, top = have; /* out[0..have) is sorted: where t goes */
        while (at < top) {
            uint32_t mid = at + (top - at) / 2;
            if (out[mid] < t)
                at = mid + 1;
            else
                top = mid;
        }
        if (at < have && out[at] == t) { /* t is taken: j is new, and the largest yet */
            out[have++] = j;
            continue;
        }
        memmove(out + at + 1, out + at, (have - at) * sizeof *out);
        out[at] = t;
        have++;
    }
}

void grade_spec_value_set(grade_spec_value *v, uint8_t *bytes, uint32_t size, uint32_t length)
{
    free(v->bytes);
    grade_spec_value_maps(v, 0, 0); /* the new bytes' own, if any, come after */
    v->bytes = bytes, v->size = size, v->length = length;
}

/* A buffer of size bytes: zero, or noise. */
static void draw_buffer(const grade_gen *g, uint32_t size, grade_rng *rng, grade_spec_value *v)
{
    uint8_t *b = grade_spec_alloc_bytes(size);
    for (uint32_t i = 0; i < size && !g->zero; i++)
        b[i] = (uint8_t)grade_rng_next(rng);
    grade_spec_value_set(v, b, size, size);
}

/* A bits-of buffer follows the size of what it counts (drawn before it,
 * or set by a hand-written case). */
static void draw_bits_of(const grade_spec_function *fn, grade_rng *rng, grade_spec_state *st)
{
    for (int i = 0; i < fn->arg_count; i++) {
        const grade_gen *g = &fn->args[i].gen;
        if (g->kind == GRADE_GEN_BUFFER && g->bits_of)
            draw_buffer(g, (st->values[g->of].length + 7) / 8, rng, &st->values[i]);
    }
}

static void apply_literal(const grade_gen *arg, const grade_gen *g, grade_spec_value *v);

/* One argument from its generator (lengths and bits-of buffers afterwards,
 * from the others). */
static void draw_one(const grade_gen *g, grade_rng *rng, grade_spec_value *v)
{
    uint32_t n;
    uint8_t *b;
    switch (g->kind) {
    case GRADE_GEN_INT:
        v->word = (uint32_t)draw_range(g, rng, g->lo, g->hi);
        break;
    case GRADE_GEN_CHAR:
        v->word = (uint8_t)draw_char(g, rng);
        break;
    case GRADE_GEN_STRING:
        if (g->text) { /* a constant */
            apply_literal(g, g, v);
            break;
        }
        n = (uint32_t)draw_range(g, rng, g->lo, g->hi);
        b = grade_spec_alloc_bytes(n + 1);
        for (uint32_t i = 0; i < n; i++)
            b[i] = (uint8_t)grade_spec_pick_char(g->set, rng);
        grade_spec_value_set(v, b, n + 1, n);
        break;
    case GRADE_GEN_STRINGS:
        if (g->text) { /* a constant table */
            grade_spec_value_strings(v, g->text, g->text_len, (uint32_t)g->value_count);
            break;
        }
        draw_strings(g, rng, v);
        break;
    case GRADE_GEN_ARRAY: {
        if (g->values) { /* a constant */
            apply_literal(g, g, v);
            break;
        }
        n = (uint32_t)draw_range(g, rng, g->lo, g->hi);
        b = grade_spec_alloc_bytes(n * (uint32_t)g->elem_size);
        int64_t sorted[GRADE_SPEC_ARRAY_MAX];
        if (g->increasing)
            draw_increasing(rng, g->elo, g->ehi, n, sorted);
        for (uint32_t i = 0; i < n; i++)
            put_le(b + i * (uint32_t)g->elem_size, g->elem_size,
                   g->increasing ? (uint32_t)sorted[i]
                                 : (uint32_t)grade_rng_range(rng, g->elo, g->ehi));
        grade_spec_value_set(v, b, n * (uint32_t)g->elem_size, n);
        break;
    }
    case GRADE_GEN_BUFFER:
        if (!g->bits_of)
            draw_buffer(g, (uint32_t)g->lo, rng, v);
        break;
    case GRADE_GEN_FILE_NAME:
        grade_spec_draw_file_name(g, rng, v);
        break;
    case GRADE_GEN_STRUCT: {
        uint32_t size = 0, at = 0;
        for (int i = 0; i < g->field_count; i++)
            size += (uint32_t)g->fields[i].size;
        b = grade_spec_alloc_bytes(size);
        for (int i = 0; i < g->field_count; i++) {
            put_le(b + at, g->fields[i].size,
                   (uint32_t)grade_rng_range(rng, g->fields[i].lo, g->fields[i].hi));
            at += (uint32_t)g->fields[i].size;
        }
        grade_spec_value_set(v, b, size, (uint32_t)g->field_count);
        break;
    }
    case GRADE_GEN_FILE:
        b = grade_spec_alloc_bytes((uint32_t)g->text_len + 1);
        memcpy(b, g->text, g->text_len);
        grade_spec_value_set(v, b, (uint32_t)g->text_len + 1, (uint32_t)g->text_len);
        break;
    case GRADE_GEN_GRID: {
        uint32_t rows = (uint32_t)grade_rng_range(rng, g->lo, g->hi);
        uint32_t cols = (uint32_t)grade_rng_range(rng, g->elo, g->ehi);
        b = grade_spec_alloc_bytes(2 + rows * cols);
        b[0] = (uint8_t)rows, b[1] = (uint8_t)cols;
        for (uint32_t i = 0; i < rows * cols; i++) {
            b[2 + i] = (uint8_t)grade_spec_pick_char(g->set, rng);
            if (grade_rng_range(rng, 0, 99) < g->bit_percent)
                b[2 + i] |= g->bit;
        }
        grade_spec_value_set(v, b, 2 + rows * cols, rows * cols);
        break;
    }
    case GRADE_GEN_LENGTH:
    case GRADE_GEN_INDEX:
    case GRADE_GEN_RECORDS: /* grade_spec_records_make */
    case GRADE_GEN_POINTER: /* grade_spec_point */
    case GRADE_GEN_EXPR: /* computed once the draw is done (grade_spec_settle) */
        break;
    }
}

/* A hand-written value over the drawn one. */
static void apply_literal(const grade_gen *arg, const grade_gen *g, grade_spec_value *v)
{
    uint8_t *b;
    switch (arg->kind) {
    case GRADE_GEN_INT:
    case GRADE_GEN_CHAR:
    case GRADE_GEN_EXPR:
        v->word = (uint32_t)g->lo;
        break;
    case GRADE_GEN_STRING:
        b = grade_spec_alloc_bytes((uint32_t)g->text_len + 1);
        memcpy(b, g->text, g->text_len);
        grade_spec_value_set(v, b, (uint32_t)g->text_len + 1, (uint32_t)g->text_len);
        break;
    case GRADE_GEN_ARRAY:
        b = grade_spec_alloc_bytes((uint32_t)(g->value_count * (size_t)arg->elem_size));
        for (size_t i = 0; i < g->value_count; i++)
            put_le(b + i * (size_t)arg->elem_size, arg->elem_size, (uint32_t)g->values[i]);
        grade_spec_value_set(v, b, (uint32_t)(g->value_count * (size_t)arg->elem_size),
                  (uint32_t)g->value_count);
        break;
    case GRADE_GEN_STRUCT: {
        uint32_t at = 0;
        b = grade_spec_alloc_bytes(v->size);
        for (int i = 0; i < arg->field_count && (size_t)i < g->value_count; i++) {
            put_le(b + at, arg->fields[i].size, (uint32_t)g->values[i]);
            at += (uint32_t)arg->fields[i].size;
        }
        grade_spec_value_set(v, b, v->size, v->length);
        break;
    }
    case GRADE_GEN_GRID:
        b = grade_spec_alloc_bytes((uint32_t)g->value_count);
        for (size_t i = 0; i < g->value_count; i++)
            b[i] = (uint8_t)g->values[i];
        grade_spec_value_set(v, b, (uint32_t)g->value_count, (uint32_t)g->value_count - 2);
        break;
    case GRADE_GEN_FILE_NAME:
        grade_spec_draw_file_name(g, NULL, v);
        break;
    case GRADE_GEN_STRINGS:
        grade_spec_value_strings(v, g->text, g->text_len, (uint32_t)g->value_count);
        break;
    default:
        break;
    }
}

static void lengths(const grade_spec_function *fn, grade_spec_state *st)
{
    for (int i = 0; i < fn->arg_count; i++)
        if (fn->args[i].gen.kind == GRADE_GEN_LENGTH)
            st->values[i].word = st->values[fn->args[i].gen.of].length;
}

static void draw_all(const grade_spec_function *fn, grade_rng *rng, grade_spec_state *st)
{
    st->count = fn->arg_count;
    st->settled = false;
    st->keys = fn->stdin_text, st->key_count = fn->stdin_len;
    for (int i = 0; i < fn->arg_count; i++) {
        const grade_gen *g = &fn->args[i].gen;
        uint32_t n = g->kind == GRADE_GEN_POINTER && g->into ? st->values[g->of].length : 0;
        if (g->kind == GRADE_GEN_RECORDS) /* after the inputs it may point into */
            grade_spec_records_make(fn, i, g->single ? 1 : (uint32_t)draw_range(g, rng, g->lo,
                                                                                 g->hi),
                                    NULL, rng, st);
        else if (g->kind == GRADE_GEN_POINTER) /* biased to the first and the last */
            grade_spec_point(fn, i, n ? (uint32_t)draw_range(g, rng, 0, (int32_t)n - 1) : 0, st);
        else
            draw_one(g, rng, &st->values[i]);
    }
    draw_bits_of(fn, rng, st);
    lengths(fn, st);
    for (int i = 0; i < fn->let_count; i++) {
        const grade_gen *g = &fn->lets[i].gen;
        grade_spec_value drawn = {0};
        uint32_t n = g->kind == GRADE_GEN_INDEX ? st->values[g->of].length : 0;
        if (g->kind == GRADE_GEN_INDEX) /* biased to the first and the last */
            drawn.word = n ? (uint32_t)draw_range(g, rng, 0, (int32_t)n - 1) : 0;
        else if (!fn->lets[i].expr)
            draw_one(g, rng, &drawn);
        st->lets[i] = (int32_t)drawn.word;
    }
    lengths(fn, st);
}

bool grade_spec_draw(const grade_spec_function *fn, grade_rng *rng, grade_spec_state *st)
{
    memset(st, 0, sizeof *st);
    for (int tries = 0; tries < GRADE_SPEC_TRIES; tries++) {
        draw_all(fn, rng, st);
        grade_spec_apply_sets(fn, st);
        grade_spec_settle(fn, st, NULL);
        bool holds = grade_spec_requires_hold(fn, st);
        if (holds || st->divided_by_zero || st->followed_null) /* the engine stops there */
            return true;
    }
    return false;
}

/* A case's records: its strings found by their offsets in g's text. */
static void given_records(const grade_spec_function *fn, int arg, const grade_gen *g,
                          grade_rng *rng, grade_spec_state *st)
{
    const grade_spec_record *r = fn->args[arg].gen.rec;
    char **texts = calloc(g->value_count + 1, sizeof *texts);
    if (!texts)
        abort();
    for (size_t v = 0; v < g->value_count; v++)
        if (r->fields[v % (size_t)r->field_count].kind == GRADE_FIELD_STRING ||
            r->fields[v % (size_t)r->field_count].kind == GRADE_FIELD_ARRAY ||
            r->fields[v % (size_t)r->field_count].kind == GRADE_FIELD_ELEMENTS)
            texts[v] = g->text + g->values[v];
    grade_spec_record_values given = {g->values, texts};
    grade_spec_records_make(fn, arg, (uint32_t)g->lo, &given, rng, st);
    free(texts);
}

void grade_spec_draw_case(const grade_spec_function *fn, const grade_spec_case *k,
                          grade_rng *rng, grade_spec_state *st)
{
    memset(st, 0, sizeof *st);
    draw_all(fn, rng, st);
    for (int i = 0; i < fn->arg_count; i++)
        if (k->given[i] && fn->args[i].gen.kind == GRADE_GEN_RECORDS)
            given_records(fn, i, &k->set[i], rng, st);
        else if (k->given[i] && fn->args[i].gen.kind == GRADE_GEN_POINTER) {
            int of = fn->args[i].gen.of;
            grade_spec_point(fn, i, (uint32_t)k->set[i].lo, st);
            if (k->set[i].lo > 0 && (uint32_t)k->set[i].lo >= st->values[of].length)
                st->past_end = 1 + of;
        }
        else if (k->given[i])
            apply_literal(&fn->args[i].gen, &k->set[i], &st->values[i]);
    for (int i = 0; i < fn->arg_count; i++)
        if (k->same_as[i]) { /* the other's address and size, no bytes of its own */
            const grade_spec_value *other = &st->values[k->same_as[i] - 1];
            grade_spec_value_set(&st->values[i], NULL, 0, other->length);
            st->same_as[i] = k->same_as[i];
        }
    draw_bits_of(fn, rng, st);
    if (k->stdin_text)
        st->keys = k->stdin_text, st->key_count = k->stdin_len;
    lengths(fn, st);
    grade_spec_settle(fn, st, k->given);
}
