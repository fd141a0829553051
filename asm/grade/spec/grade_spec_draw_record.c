/* Records drawn (grade_spec_draw.h): each field from its generator, at the
 * offset its type gives it, the strings of string fields after the records,
 * and the pointers (to those strings, into other inputs) left to the
 * layout, which knows the addresses (grade_spec_relocate). */
#include "grade_spec_draw.h"

#include <stdlib.h>
#include <string.h>

static void put_le(uint8_t *at, int size, uint32_t value)
{
    for (int i = 0; i < size; i++)
        at[i] = (uint8_t)(value >> (8 * i));
}

static uint32_t read_le(const uint8_t *at, int size)
{
    uint32_t v = 0;
    for (int i = size - 1; i >= 0; i--)
        v = v << 8 | at[i];
    return v;
}

uint32_t grade_spec_element_bytes(const grade_gen *g)
{
    switch (g->kind) {
    case GRADE_GEN_ARRAY: return (uint32_t)g->elem_size;
    case GRADE_GEN_STRINGS: return 4;
    case GRADE_GEN_RECORDS: return g->rec->size;
    default: return 1;
    }
}

/* A field's number: a value of its range, or any of its bits. */
static uint32_t draw_number(const grade_record_field *f, grade_rng *rng)
{
    if (f->kind == GRADE_FIELD_BITS)
        return grade_rng_next(rng) & (uint32_t)f->hi;
    if (f->kind == GRADE_FIELD_CHAR)
        return (uint8_t)f->set[grade_rng_next(rng) % strlen(f->set)];
    return (uint32_t)grade_rng_range(rng, f->lo, f->hi);
}

/* The units (element sizes, for a machine of words) of one record: each
 * field, and each byte of padding between them. */
static uint32_t record_units(const grade_spec_record *r, int8_t *out)
{
    uint32_t n = 0, at = 0;
    for (int i = 0; i < r->field_count; i++) {
        const grade_record_field *f = &r->fields[i];
        for (; at < f->offset; at++, n++)
            if (out)
                out[n] = 1;
        if (f->kind == GRADE_FIELD_ELEMENTS) { /* each element a unit */
            for (uint32_t e = 0; e < f->count; e++, n++)
                if (out)
                    out[n] = (int8_t)(f->lo < 0 ? -f->elem_size : f->elem_size);
            at += (uint32_t)f->size;
            continue;
        }
        if (out)
            out[n] = (int8_t)(f->kind == GRADE_FIELD_INT && f->lo < 0 ? -f->size : f->size);
        n++, at += (uint32_t)f->size;
    }
    for (; at < r->size; at++, n++)
        if (out)
            out[n] = 1;
    return n;
}

/* What a string or array field points to, laid out after the records:
 * its bytes, and its elements' size (negative: signed) and number. */
typedef struct block {
    uint8_t *bytes;
    uint32_t len, units, align;
    int8_t unit;
} block;

/* A constant array's blob (a count, 4 bytes, then the elements) as a block. */
static void array_block(const grade_record_field *f, const char *blob, block *out)
{
    uint32_t n = 0;
    for (int k = 3; k >= 0; k--)
        n = n << 8 | (uint8_t)blob[k];
    out->len = n * (uint32_t)f->elem_size, out->units = n;
    out->unit = (int8_t)(f->lo < 0 ? -f->elem_size : f->elem_size);
    out->align = f->align;
    out->bytes = malloc(out->len + 1);
    if (!out->bytes)
        abort();
    memcpy(out->bytes, blob + 4, out->len);
}

/* The block of field f of a record: drawn, the type's constant, or the
 * case's (text: its string, or its array's blob). */
static void make_block(const grade_record_field *f, const char *text, grade_rng *rng, block *out)
{
    if (f->kind == GRADE_FIELD_ARRAY) {
        array_block(f, text ? text : f->text, out);
        return;
    }
    uint32_t n = text ? (uint32_t)strlen(text) : f->text ? (uint32_t)f->text_len
                 : (uint32_t)grade_rng_range(rng, f->lo, f->hi);
    out->bytes = calloc(n + 1, 1);
    if (!out->bytes)
        abort();
    if (text || f->text)
        memcpy(out->bytes, text ? text : f->text, n);
    for (uint32_t c = 0; !text && !f->text && c < n; c++)
        out->bytes[c] = (uint8_t)f->set[grade_rng_next(rng) % strlen(f->set)];
    out->len = out->units = n + 1, out->unit = 1, out->align = 1;
}

void grade_spec_records_make(const grade_spec_function *fn, int arg, uint32_t count,
                             const grade_spec_record_values *given, grade_rng *rng,
                             grade_spec_state *st)
{
    const grade_gen *g = &fn->args[arg].gen;
    const grade_spec_record *r = g->rec;
    size_t fields = (size_t)count * (size_t)r->field_count;
    uint32_t size = count * r->size, units = count * record_units(r, NULL), relocs = 0;
    block *blocks = calloc(fields + 1, sizeof *blocks);
    if (!blocks)
        abort();
    for (size_t at = 0; at < fields; at++) {
        const grade_record_field *f = &r->fields[at % (size_t)r->field_count];
        relocs += f->kind == GRADE_FIELD_POINTER || f->kind == GRADE_FIELD_STRING ||
                  f->kind == GRADE_FIELD_ARRAY ||
                  (f->kind == GRADE_FIELD_LINK && at / (size_t)r->field_count + 1 < count);
        if (f->kind != GRADE_FIELD_STRING && f->kind != GRADE_FIELD_ARRAY)
            continue;
        make_block(f, given ? given->texts[at] : NULL, rng, &blocks[at]);
        uint32_t pad = (blocks[at].align - size % blocks[at].align) % blocks[at].align;
        size += pad + blocks[at].len, units += pad + blocks[at].units;
    }
    uint8_t *b = calloc(size ? size : 1, 1);
    if (!b)
        abort();
    grade_spec_value *v = &st->values[arg];
    free(v->bytes);
    v->bytes = b, v->size = size, v->length = count;
    grade_spec_value_maps(v, units, relocs);
    uint32_t unit = count * record_units(r, NULL), reloc = 0, next = count * r->size;
    for (uint32_t k = 0; k < count; k++) {
        record_units(r, v->units + k * record_units(r, NULL));
        for (int i = 0; i < r->field_count; i++) {
            const grade_record_field *f = &r->fields[i];
            size_t at = (size_t)k * (size_t)r->field_count + (size_t)i;
            uint32_t here = k * r->size + f->offset;
            if (f->kind == GRADE_FIELD_STRING || f->kind == GRADE_FIELD_ARRAY) {
                const block *bl = &blocks[at];
                for (; next % bl->align; next++) /* MIPS: an array of halves or words aligned */
                    v->units[unit++] = 1;
                memcpy(b + next, bl->bytes, bl->len);
                for (uint32_t u = 0; u < bl->units; u++)
                    v->units[unit++] = bl->unit;
                v->relocs[reloc++] = (grade_spec_reloc){here, -1, next, bl->units};
                next += bl->len;
            } else if (f->kind == GRADE_FIELD_ELEMENTS) {
                const char *blob = given ? given->texts[at] : NULL; /* a count, then them */
                for (uint32_t e = 0; e < f->count; e++)
                    put_le(b + here + e * (uint32_t)f->elem_size, f->elem_size,
                           blob ? read_le((const uint8_t *)blob + 4 + e * (uint32_t)f->elem_size,
                                          f->elem_size)
                                : (uint32_t)grade_rng_range(rng, f->lo, f->hi));
            } else if (f->kind == GRADE_FIELD_LINK) { /* the next record; the last's 0 */
                if (k + 1 < count)
                    v->relocs[reloc++] = (grade_spec_reloc){here, -1, (k + 1) * r->size, 0};
            } else if (f->kind == GRADE_FIELD_POINTER) {
                int t = g->targets[i];
                uint32_t length = t == arg ? count : st->values[t].length;
                const grade_gen *tg = &fn->args[t].gen;
                uint32_t index = given ? (uint32_t)given->numbers[at]
                                 : f->into && length ? (uint32_t)grade_rng_range(rng, 0,
                                                       (int32_t)length - 1) : 0;
                if (given && index > 0 && index >= length)
                    st->past_end = 1 + t;
                v->relocs[reloc++] = (grade_spec_reloc){here, t == arg ? -1 : t,
                                                        index * grade_spec_element_bytes(tg),
                                                        0};
            } else {
                put_le(b + here, f->size, given ? (uint32_t)given->numbers[at]
                                                : draw_number(f, rng));
            }
        }
    }
    for (size_t at = 0; at < fields; at++)
        free(blocks[at].bytes);
    free(blocks);
    if (g->list && count == 0) { /* an empty list is the null pointer, nothing laid out */
        free(v->bytes);
        v->bytes = NULL, v->size = 0, v->word = 0;
        grade_spec_value_maps(v, 0, 0);
    }
}

void grade_spec_point(const grade_spec_function *fn, int arg, uint32_t index,
                      grade_spec_state *st)
{
    grade_spec_value *v = &st->values[arg];
    int of = fn->args[arg].gen.of;
    free(v->bytes);
    v->bytes = NULL, v->size = 0, v->length = 0, v->word = 0;
    grade_spec_value_maps(v, 0, 1);
    v->relocs[0] = (grade_spec_reloc){GRADE_SPEC_RELOC_WORD, of,
                                      index * grade_spec_element_bytes(&fn->args[of].gen), 0};
}
