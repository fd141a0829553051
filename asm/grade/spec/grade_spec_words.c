/* A case's structures as words, one element in each. */
#include "grade_spec_words.h"

/* The element of size bytes at b (little-endian, as drawn) as a word. */
static uint16_t element(const uint8_t *b, int size, bool is_signed)
{
    if (size == 1)
        return is_signed ? (uint16_t)(int16_t)(int8_t)b[0] : b[0];
    return (uint16_t)(b[0] | b[1] << 8);
}

uint32_t grade_spec_words(const grade_gen *g, const grade_spec_value *v, uint16_t *out)
{
    uint32_t n = 0, at = 0;
    if (v->units) { /* mixed elements: a string table, records */
        for (; n < v->unit_count; n++) {
            int size = v->units[n] < 0 ? -v->units[n] : v->units[n];
            if (out)
                out[n] = element(v->bytes + at, size, v->units[n] < 0);
            at += (uint32_t)size;
        }
    } else if (g->kind == GRADE_GEN_ARRAY) {
        for (; n < v->length; n++, at += (uint32_t)g->elem_size)
            if (out)
                out[n] = element(v->bytes + at, g->elem_size, g->elo < 0);
    } else if (g->kind == GRADE_GEN_STRUCT) {
        for (; n < (uint32_t)g->field_count && at < v->size; n++) {
            if (out)
                out[n] = element(v->bytes + at, g->fields[n].size, g->fields[n].lo < 0);
            at += (uint32_t)g->fields[n].size;
        }
    } else {
        for (; n < v->size; n++)
            if (out)
                out[n] = v->bytes[n];
    }
    return n;
}

uint32_t grade_spec_word_index(const grade_gen *g, const grade_spec_value *v, uint32_t offset)
{
    if (v->units) {
        uint32_t n = 0, at = 0;
        for (; n < v->unit_count && at < offset; n++)
            at += (uint32_t)(v->units[n] < 0 ? -v->units[n] : v->units[n]);
        return n;
    }
    if (g->kind == GRADE_GEN_ARRAY)
        return offset / (uint32_t)g->elem_size;
    if (g->kind == GRADE_GEN_STRUCT) {
        uint32_t n = 0, at = 0;
        for (; n < (uint32_t)g->field_count && at < offset; n++)
            at += (uint32_t)g->fields[n].size;
        return n;
    }
    return offset;
}

void grade_spec_layout_words(const grade_spec_function *fn, grade_spec_state *st, uint32_t base,
                             uint32_t gap)
{
    uint32_t at = base;
    for (int i = 0; i < fn->arg_count; i++) {
        if (!st->values[i].bytes)
            continue;
        st->values[i].word = at;
        at += grade_spec_words(&fn->args[i].gen, &st->values[i], NULL) + gap;
    }
    for (int i = 0; i < fn->arg_count; i++)
        if (st->same_as[i])
            st->values[i].word = st->values[st->same_as[i] - 1].word;
    grade_spec_relocate(fn, st, true);
}
