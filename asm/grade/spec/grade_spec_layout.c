/* Where a case's structures go, and the pointers between them: each
 * pointer argument placed in the data window, then every pointer a value
 * holds (a string table's, a record's string field, an input that points
 * to another) written with the address its target got. */
#include "grade_spec_draw.h"
#include "grade_spec_words.h"

#include <stdlib.h>
#include <string.h>

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
    for (int i = 0; i < fn->arg_count; i++)
        if (st->same_as[i])
            st->values[i].word = st->values[st->same_as[i] - 1].word;
    grade_spec_relocate(fn, st, false);
}

void grade_spec_relocate(const grade_spec_function *fn, grade_spec_state *st,
                         bool word_elements)
{
    for (int i = 0; i < fn->arg_count; i++) {
        grade_spec_value *v = &st->values[i];
        for (uint32_t r = 0; r < v->reloc_count; r++) {
            const grade_spec_reloc *x = &v->relocs[r];
            int t = x->target < 0 ? i : x->target;
            const grade_spec_value *to = &st->values[t];
            uint32_t offset = x->offset;
            if (word_elements)
                offset = grade_spec_word_index(&fn->args[t].gen, to, offset);
            uint32_t address = to->word + offset;
            if (x->at == GRADE_SPEC_RELOC_WORD) {
                v->word = address;
                continue;
            }
            for (int k = 0; k < 4 && x->at + (uint32_t)k < v->size; k++)
                v->bytes[x->at + (uint32_t)k] = (uint8_t)(address >> (8 * k));
        }
    }
}

void grade_spec_value_maps(grade_spec_value *v, uint32_t units, uint32_t relocs)
{
    free(v->units);
    free(v->relocs);
    v->units = units ? calloc(units, sizeof *v->units) : NULL;
    v->relocs = relocs ? calloc(relocs, sizeof *v->relocs) : NULL;
    if ((units && !v->units) || (relocs && !v->relocs))
        abort();
    v->unit_count = units, v->reloc_count = relocs;
}

void grade_spec_value_strings(grade_spec_value *v, const char *text, size_t text_len,
                              uint32_t count)
{
    uint32_t table = 4 * count, size = table + (uint32_t)text_len;
    uint8_t *b = calloc(size ? size : 1, 1);
    if (!b)
        abort();
    memcpy(b + table, text, text_len);
    free(v->bytes);
    v->bytes = b, v->size = size, v->length = count;
    grade_spec_value_maps(v, count + (uint32_t)text_len, count);
    uint32_t start = table;
    for (uint32_t i = 0; i < count; i++) {
        v->units[i] = 4;
        v->relocs[i] = (grade_spec_reloc){4 * i, -1, start, 0};
        start += (uint32_t)strlen((const char *)b + start) + 1;
    }
    for (uint32_t k = 0; k < (uint32_t)text_len; k++)
        v->units[count + k] = 1;
}
