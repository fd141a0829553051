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
        if (out)
            out[n] = (int8_t)(f->kind == GRADE_FIELD_INT && f->lo < 0 ? -f->size : f->size);
        n++, at += (uint32_t)f->size;
    }
    for (; at < r->size; at++, n++)
        if (out)
            out[n] = 1;
    return n;
}

void grade_spec_records_make(const grade_spec_function *fn, int arg, uint32_t count,
                             const grade_spec_record_values *given, grade_rng *rng,
                             grade_spec_state *st)
{
    const grade_gen *g = &fn->args[arg].gen;
    const grade_spec_record *r = g->rec;
    uint32_t strings = 0, string_fields = 0, pointers = 0;
    /* each string's text: drawn, the type's constant, or the case's */
    char **text = calloc((size_t)count * (size_t)r->field_count + 1, sizeof *text);
    uint32_t *len = calloc((size_t)count * (size_t)r->field_count + 1, sizeof *len);
    if (!text || !len)
        abort();
    for (uint32_t k = 0; k < count; k++)
        for (int i = 0; i < r->field_count; i++) {
            const grade_record_field *f = &r->fields[i];
            size_t at = (size_t)k * (size_t)r->field_count + (size_t)i;
            pointers += f->kind == GRADE_FIELD_POINTER;
            if (f->kind != GRADE_FIELD_STRING)
                continue;
            string_fields++;
            if (given) {
                len[at] = (uint32_t)strlen(given->texts[at]);
                text[at] = strdup(given->texts[at]);
            } else if (f->text) {
                len[at] = (uint32_t)f->text_len;
                text[at] = strdup(f->text);
            } else {
                len[at] = (uint32_t)grade_rng_range(rng, f->lo, f->hi);
                text[at] = calloc(len[at] + 1, 1);
                for (uint32_t c = 0; text[at] && c < len[at]; c++)
                    text[at][c] = f->set[grade_rng_next(rng) % strlen(f->set)];
            }
            if (!text[at])
                abort();
            strings += len[at] + 1;
        }
    uint32_t size = count * r->size + strings;
    uint8_t *b = calloc(size ? size : 1, 1);
    if (!b)
        abort();
    grade_spec_value *v = &st->values[arg];
    free(v->bytes);
    v->bytes = b, v->size = size, v->length = count;
    uint32_t per = record_units(r, NULL);
    grade_spec_value_maps(v, count * per + strings, string_fields + pointers);
    uint32_t unit = 0, reloc = 0, next = count * r->size;
    for (uint32_t k = 0; k < count; k++) {
        unit += record_units(r, v->units + unit);
        for (int i = 0; i < r->field_count; i++) {
            const grade_record_field *f = &r->fields[i];
            size_t at = (size_t)k * (size_t)r->field_count + (size_t)i;
            uint32_t here = k * r->size + f->offset;
            if (f->kind == GRADE_FIELD_STRING) {
                memcpy(b + next, text[at], len[at]);
                v->relocs[reloc++] = (grade_spec_reloc){here, -1, next};
                next += len[at] + 1;
            } else if (f->kind == GRADE_FIELD_POINTER) {
                int t = g->targets[i];
                uint32_t length = t == arg ? count : st->values[t].length;
                const grade_gen *tg = &fn->args[t].gen;
                uint32_t index = given ? (uint32_t)given->numbers[at]
                                 : f->into && length ? (uint32_t)grade_rng_range(rng, 0,
                                                       (int32_t)length - 1) : 0;
                v->relocs[reloc++] = (grade_spec_reloc){here, t == arg ? -1 : t,
                                                        index * grade_spec_element_bytes(tg)};
            } else {
                put_le(b + here, f->size, given ? (uint32_t)given->numbers[at]
                                                : draw_number(f, rng));
            }
        }
    }
    for (uint32_t k = 0; k < strings; k++)
        v->units[unit++] = 1;
    for (uint32_t k = 0; k < (uint32_t)r->field_count * count; k++)
        free(text[k]);
    free(text);
    free(len);
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
                                      index * grade_spec_element_bytes(&fn->args[of].gen)};
}
