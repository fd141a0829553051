/* A records argument compared field by field (grade_spec_memory.h), so a
 * failing case names the record and the field: `cars[1].year is 2018,
 * expected 2017`, not a byte's offset. */
#include "grade_spec_memory.h"

#include <inttypes.h>
#include <stdio.h>

/* Field f of record k in a run's memory: bytes (little-endian, at its
 * offset), or on a machine of words its word (two bytes each). */
static uint32_t field_at(const grade_spec_record *r, uint32_t k, int f, const uint8_t *m,
                         bool words)
{
    if (words) {
        uint32_t w = k * (uint32_t)r->field_count + (uint32_t)f;
        return (uint32_t)(m[2 * w] | m[2 * w + 1] << 8);
    }
    uint32_t at = k * r->size + r->fields[f].offset, v = 0;
    for (int b = r->fields[f].size - 1; b >= 0; b--)
        v = v << 8 | m[at + (uint32_t)b];
    return v;
}

static void show_field(const grade_record_field *fd, uint32_t v, bool words, const char *hex,
                       char *buf, size_t size)
{
    int bits = words ? 16 : 8 * fd->size;
    if (fd->kind == GRADE_FIELD_INT && fd->lo < 0 && bits < 32 && v >> (bits - 1) & 1)
        snprintf(buf, size, "%" PRId64, (int64_t)v - ((int64_t)1 << bits));
    else if (fd->kind == GRADE_FIELD_INT && fd->lo < 0)
        snprintf(buf, size, "%" PRId32, (int32_t)v);
    else if (fd->kind == GRADE_FIELD_INT)
        snprintf(buf, size, "%" PRIu32, v);
    else
        snprintf(buf, size, "%s%0*" PRIX32, hex, words ? 4 : 2 * fd->size, v);
}

/* The elements of array field f inside record k, each difference a
 * problem (at most room of them); returns how many. */
static int compare_elements(const grade_spec_function *fn, const grade_spec_compare *c,
                            uint32_t k, int f, const uint8_t *got, const uint8_t *want,
                            const char *hex, grade_findings *problems, int room)
{
    const grade_gen *g = &fn->args[c->arg].gen;
    const grade_record_field *fd = &g->rec->fields[f];
    int shown = 0;
    char a[24], b[24], name[GRADE_SPEC_NAME_MAX + 16];
    for (uint32_t e = 0; e < fd->count && shown < room; e++) {
        uint32_t at = k * g->rec->size + fd->offset + e * (uint32_t)fd->elem_size, x = 0, y = 0;
        bool differs = false;
        for (int i = fd->elem_size - 1; i >= 0; i--) {
            x = x << 8 | got[at + (uint32_t)i], y = y << 8 | want[at + (uint32_t)i];
            differs = differs || ((got[at + (uint32_t)i] ^ want[at + (uint32_t)i]) & c->mask);
        }
        if (!differs)
            continue;
        grade_record_field one = *fd;
        one.kind = GRADE_FIELD_INT, one.size = fd->elem_size;
        show_field(&one, x, false, hex, a, sizeof a);
        show_field(&one, y, false, hex, b, sizeof b);
        if (g->single)
            snprintf(name, sizeof name, "%s", fn->args[c->arg].name);
        else
            snprintf(name, sizeof name, "%s[%" PRIu32 "]", fn->args[c->arg].name, k);
        grade_findings_add(problems, 0, 0, "%s.%s[%" PRIu32 "] is %s, expected %s", name,
                           fd->name, e, a, b);
        shown++;
    }
    return shown;
}

void grade_spec_compare_records(const grade_spec_function *fn, const grade_spec_compare *c,
                                const grade_spec_state *st, const uint8_t *got,
                                const uint8_t *want, bool words, const char *hex,
                                grade_findings *problems)
{
    const grade_gen *g = &fn->args[c->arg].gen;
    const grade_spec_record *r = g->rec;
    const grade_spec_value *v = &st->values[c->arg];
    uint32_t count = v->length, unit = words ? 2 : 1;
    uint16_t mask = (uint16_t)(words ? 0xff00 | c->mask : c->mask);
    int shown = 0;
    char a[24], b[24], name[GRADE_SPEC_NAME_MAX + 16];
    for (uint32_t k = 0; k < count && shown < 4; k++)
        for (int f = 0; f < r->field_count && shown < 4; f++) {
            if (r->fields[f].kind == GRADE_FIELD_ELEMENTS) { /* MIPS only: bytes */
                shown += compare_elements(fn, c, k, f, got, want, hex, problems, 4 - shown);
                continue;
            }
            uint32_t x = field_at(r, k, f, got, words), y = field_at(r, k, f, want, words);
            uint32_t m = words ? mask : (uint32_t)c->mask * 0x01010101u;
            if (!((x ^ y) & m))
                continue;
            const grade_record_field *fd = &r->fields[f];
            show_field(fd, x, words, hex, a, sizeof a);
            show_field(fd, y, words, hex, b, sizeof b);
            if (g->single)
                snprintf(name, sizeof name, "%s", fn->args[c->arg].name);
            else
                snprintf(name, sizeof name, "%s[%" PRIu32 "]", fn->args[c->arg].name, k);
            grade_findings_add(problems, 0, 0, "%s.%s is %s, expected %s", name, fd->name, a, b);
            shown++;
        }
    /* the strings and arrays of string and array fields, after the records */
    uint32_t first = count * (words ? (uint32_t)r->field_count : r->size);
    uint32_t end = words ? v->unit_count : v->size;
    for (uint32_t i = first; i < end && shown < 4; i++) {
        uint32_t x = got[unit * i] | (words ? (uint32_t)got[2 * i + 1] << 8 : 0);
        uint32_t y = want[unit * i] | (words ? (uint32_t)want[2 * i + 1] << 8 : 0);
        if ((x ^ y) & mask) {
            grade_findings_add(problems, 0, 0, "a string or array of %s (%s %" PRIu32 ") is "
                               "%s%0*" PRIX32 ", expected %s%0*" PRIX32, fn->args[c->arg].name,
                               words ? "word" : "byte", i, hex, words ? 4 : 2, x, hex,
                               words ? 4 : 2, y);
            shown++;
        }
    }
}
