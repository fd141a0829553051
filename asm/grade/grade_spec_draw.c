/* Drawing a case's arguments from a spec's generators. */
#include "grade_spec_draw.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *alloc_bytes(uint32_t size)
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

static char pick(const char *set, grade_rng *rng)
{
    size_t n = strlen(set);
    return set[grade_rng_next(rng) % (n ? n : 1)];
}

static void set_value(grade_spec_value *v, uint8_t *bytes, uint32_t size, uint32_t length)
{
    free(v->bytes);
    v->bytes = bytes, v->size = size, v->length = length;
}

/* One argument from its generator (lengths afterwards, from the others). */
static void draw_one(const grade_gen *g, grade_rng *rng, grade_spec_value *v)
{
    uint32_t n;
    uint8_t *b;
    switch (g->kind) {
    case GRADE_GEN_INT:
        v->word = (uint32_t)grade_rng_range(rng, g->lo, g->hi);
        break;
    case GRADE_GEN_CHAR:
        v->word = (uint8_t)pick(g->set, rng);
        break;
    case GRADE_GEN_STRING:
        n = (uint32_t)grade_rng_range(rng, g->lo, g->hi);
        b = alloc_bytes(n + 1);
        for (uint32_t i = 0; i < n; i++)
            b[i] = (uint8_t)pick(g->set, rng);
        set_value(v, b, n + 1, n);
        break;
    case GRADE_GEN_ARRAY:
        n = (uint32_t)grade_rng_range(rng, g->lo, g->hi);
        b = alloc_bytes(n * (uint32_t)g->elem_size);
        for (uint32_t i = 0; i < n; i++)
            put_le(b + i * (uint32_t)g->elem_size, g->elem_size,
                   (uint32_t)grade_rng_range(rng, g->elo, g->ehi));
        set_value(v, b, n * (uint32_t)g->elem_size, n);
        break;
    case GRADE_GEN_BUFFER:
        b = alloc_bytes((uint32_t)g->lo);
        for (int32_t i = 0; i < g->lo; i++)
            b[i] = (uint8_t)grade_rng_next(rng);
        set_value(v, b, (uint32_t)g->lo, (uint32_t)g->lo);
        break;
    case GRADE_GEN_STRUCT: {
        uint32_t size = 0, at = 0;
        for (int i = 0; i < g->field_count; i++)
            size += (uint32_t)g->fields[i].size;
        b = alloc_bytes(size);
        for (int i = 0; i < g->field_count; i++) {
            put_le(b + at, g->fields[i].size,
                   (uint32_t)grade_rng_range(rng, g->fields[i].lo, g->fields[i].hi));
            at += (uint32_t)g->fields[i].size;
        }
        set_value(v, b, size, (uint32_t)g->field_count);
        break;
    }
    case GRADE_GEN_FILE:
        b = alloc_bytes((uint32_t)g->text_len + 1);
        memcpy(b, g->text, g->text_len);
        set_value(v, b, (uint32_t)g->text_len + 1, (uint32_t)g->text_len);
        break;
    case GRADE_GEN_GRID: {
        uint32_t rows = (uint32_t)grade_rng_range(rng, g->lo, g->hi);
        uint32_t cols = (uint32_t)grade_rng_range(rng, g->elo, g->ehi);
        b = alloc_bytes(2 + rows * cols);
        b[0] = (uint8_t)rows, b[1] = (uint8_t)cols;
        for (uint32_t i = 0; i < rows * cols; i++) {
            b[2 + i] = (uint8_t)pick(g->set, rng);
            if (grade_rng_range(rng, 0, 99) < g->bit_percent)
                b[2 + i] |= g->bit;
        }
        set_value(v, b, 2 + rows * cols, rows * cols);
        break;
    }
    case GRADE_GEN_LENGTH:
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
        b = alloc_bytes((uint32_t)g->text_len + 1);
        memcpy(b, g->text, g->text_len);
        set_value(v, b, (uint32_t)g->text_len + 1, (uint32_t)g->text_len);
        break;
    case GRADE_GEN_ARRAY:
        b = alloc_bytes((uint32_t)(g->value_count * (size_t)arg->elem_size));
        for (size_t i = 0; i < g->value_count; i++)
            put_le(b + i * (size_t)arg->elem_size, arg->elem_size, (uint32_t)g->values[i]);
        set_value(v, b, (uint32_t)(g->value_count * (size_t)arg->elem_size),
                  (uint32_t)g->value_count);
        break;
    case GRADE_GEN_STRUCT: {
        uint32_t at = 0;
        b = alloc_bytes(v->size);
        for (int i = 0; i < arg->field_count && (size_t)i < g->value_count; i++) {
            put_le(b + at, arg->fields[i].size, (uint32_t)g->values[i]);
            at += (uint32_t)arg->fields[i].size;
        }
        set_value(v, b, v->size, v->length);
        break;
    }
    case GRADE_GEN_GRID:
        b = alloc_bytes((uint32_t)g->value_count);
        for (size_t i = 0; i < g->value_count; i++)
            b[i] = (uint8_t)g->values[i];
        set_value(v, b, (uint32_t)g->value_count, (uint32_t)g->value_count - 2);
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
    for (int i = 0; i < fn->arg_count; i++)
        draw_one(&fn->args[i].gen, rng, &st->values[i]);
    for (int i = 0; i < fn->let_count; i++) {
        grade_spec_value drawn = {0};
        if (!fn->lets[i].expr)
            draw_one(&fn->lets[i].gen, rng, &drawn);
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
        if (grade_spec_requires_hold(fn, st))
            return true;
    }
    return false;
}

void grade_spec_draw_case(const grade_spec_function *fn, const grade_spec_case *k,
                          grade_rng *rng, grade_spec_state *st)
{
    memset(st, 0, sizeof *st);
    draw_all(fn, rng, st);
    for (int i = 0; i < fn->arg_count; i++)
        if (k->given[i])
            apply_literal(&fn->args[i].gen, &k->set[i], &st->values[i]);
    if (k->stdin_text)
        st->keys = k->stdin_text, st->key_count = k->stdin_len;
    lengths(fn, st);
    grade_spec_settle(fn, st, k->given);
}

void grade_spec_layout(const grade_spec_function *fn, grade_spec_state *st, uint32_t base,
                       uint32_t gap)
{
    uint32_t at = base;
    for (int i = 0; i < fn->arg_count; i++) {
        if (!st->values[i].bytes)
            continue;
        st->values[i].word = at;
        at += (st->values[i].size + 3) / 4 * 4 + gap;
    }
}

uint64_t grade_spec_budget(const grade_spec_function *fn, const grade_spec_state *st)
{
    if (fn->budget_of < 0)
        return fn->budget_base;
    const grade_spec_value *v = &st->values[fn->budget_of];
    int64_t units = v->bytes ? (int64_t)v->length : (int64_t)(int32_t)v->word;
    return fn->budget_base + fn->budget_per * (uint64_t)(units > 0 ? units : 0);
}

void grade_spec_describe(const grade_spec_function *fn, const grade_spec_state *st, char *buf,
                         size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < fn->arg_count && used + 1 < size; i++) {
        const grade_gen *g = &fn->args[i].gen;
        const grade_spec_value *v = &st->values[i];
        char part[128];
        if (g->kind == GRADE_GEN_STRING) {
            int n = 0;
            char shown[48] = "";
            for (uint32_t k = 0; k < v->length && n < 40; k++) {
                uint8_t c = v->bytes[k];
                n += snprintf(shown + n, sizeof shown - (size_t)n, c >= ' ' && c < 127 && c != '"'
                              && c != '\\' ? "%c" : "\\x%02x", c);
            }
            snprintf(part, sizeof part, "%s=\"%s%s\"", fn->args[i].name, shown,
                     v->length > 40 ? "..." : "");
        } else if (g->kind == GRADE_GEN_ARRAY || g->kind == GRADE_GEN_STRUCT) {
            int n = snprintf(part, sizeof part, "%s=[", fn->args[i].name);
            uint32_t at = 0;
            for (uint32_t k = 0; k < v->length && n < 96; k++) {
                int es = g->kind == GRADE_GEN_ARRAY ? g->elem_size : g->fields[k].size;
                uint32_t w = 0;
                for (int b = es - 1; b >= 0; b--)
                    w = w << 8 | v->bytes[at + (uint32_t)b];
                int32_t s = es == 4 ? (int32_t)w : es == 2 ? (int16_t)w : (int8_t)w;
                n += snprintf(part + n, sizeof part - (size_t)n, "%s%" PRId32, k ? ", " : "", s);
                at += (uint32_t)es;
            }
            snprintf(part + n, sizeof part - (size_t)n, "%s]", n >= 96 ? ", ..." : "");
        } else if (g->kind == GRADE_GEN_CHAR && v->word >= ' ' && v->word < 127) {
            snprintf(part, sizeof part, "%s='%c'", fn->args[i].name, (char)v->word);
        } else if (g->kind == GRADE_GEN_GRID) {
            snprintf(part, sizeof part, "%s=(%ux%u grid)", fn->args[i].name, v->bytes[0],
                     v->bytes[1]);
        } else if (v->bytes) {
            snprintf(part, sizeof part, "%s=(%" PRIu32 " bytes)", fn->args[i].name, v->size);
        } else {
            snprintf(part, sizeof part, "%s=%" PRId32, fn->args[i].name, (int32_t)v->word);
        }
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? " " : "", part);
        if (used >= size)
            used = size - 1;
    }
}

void grade_spec_state_free(grade_spec_state *st)
{
    for (int i = 0; i < GRADE_SPEC_ARGS_MAX; i++)
        free(st->values[i].bytes);
    memset(st, 0, sizeof *st);
}
