/* Comparing a case's memory with tolerances, and the case's own folder:
 * see grade_spec_memory.h. */
#include "grade_spec_memory.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "grade_scratch.h"

static uint8_t reverse_bits(uint8_t b)
{
    uint8_t r = 0;
    for (int i = 0; i < 8; i++)
        r = (uint8_t)(r << 1 | (b >> i & 1));
    return r;
}

/* The dont-care bit's index in the bit array, or -1 when there is none
 * (no dont-care, or the cell is off the grid: then every bit counts). */
static int64_t dont_care_index(const grade_spec_compare *c, const grade_spec_state *st)
{
    if (c->dont_care_grid < 0)
        return -1;
    const grade_spec_value *g = &st->values[c->dont_care_grid];
    int32_t row = (int32_t)st->values[c->dont_care_row].word;
    int32_t col = (int32_t)st->values[c->dont_care_col].word;
    if (!g->bytes || g->size < 2 || row < 0 || col < 0 || row >= g->bytes[0] || col >= g->bytes[1])
        return -1;
    return (int64_t)row * g->bytes[1] + col;
}

/* The bits of byte b that count when the bit array is read in this order
 * (least significant bit first, or most). */
static uint8_t counted(const grade_spec_compare *c, int64_t dont_care, uint32_t b, bool msb_first)
{
    uint8_t mask = c->mask;
    if (dont_care >= 0 && (uint64_t)dont_care / 8 == b) {
        unsigned bit = (unsigned)(dont_care % 8);
        mask &= (uint8_t)~(msb_first ? 0x80u >> bit : 1u << bit);
    }
    return mask;
}

static bool same_in_order(const grade_spec_compare *c, int64_t dont_care, uint32_t size,
                          const uint8_t *got, const uint8_t *want, bool msb_first)
{
    for (uint32_t b = 0; b < size; b++) {
        uint8_t w = msb_first ? reverse_bits(want[b]) : want[b];
        if ((got[b] ^ w) & counted(c, dont_care, b, msb_first))
            return false;
    }
    return true;
}

void grade_spec_compare_memory(const grade_spec_function *fn, const grade_spec_compare *c,
                               const grade_spec_state *st, const uint8_t *got,
                               const uint8_t *want, grade_findings *problems)
{
    if (fn->args[c->arg].gen.kind == GRADE_GEN_RECORDS) {
        grade_spec_compare_records(fn, c, st, got, want, false, "0x", problems);
        return;
    }
    uint32_t size = st->values[c->arg].size;
    int64_t dont_care = dont_care_index(c, st);
    if (same_in_order(c, dont_care, size, got, want, false) ||
        (c->any_bit_order && same_in_order(c, dont_care, size, got, want, true)))
        return;
    int shown = 0;
    for (uint32_t b = 0; b < size && shown < 4; b++)
        if ((got[b] ^ want[b]) & counted(c, dont_care, b, false)) {
            grade_findings_add(problems, 0, 0, "%s byte %" PRIu32 " is 0x%02x, expected 0x%02x",
                               fn->args[c->arg].name, b, got[b], want[b]);
            shown++;
        }
}

bool grade_spec_has_files(const grade_spec_function *fn)
{
    for (int i = 0; i < fn->arg_count; i++)
        if (fn->args[i].gen.kind == GRADE_GEN_FILE_NAME)
            return true;
    return false;
}

bool grade_spec_case_folder(const grade_spec_function *fn, const grade_spec_state *st,
                            const char *parent, const char *name, char *folder, size_t size,
                            char *why, size_t why_size)
{
    if (!grade_scratch_subfolder(parent, name, folder, size, why, why_size))
        return false;
    for (int i = 0; i < fn->arg_count; i++) {
        const grade_spec_value *v = &st->values[i];
        if (fn->args[i].gen.kind != GRADE_GEN_FILE_NAME || !v->file)
            continue;
        char path[4096];
        const char *name = (const char *)v->bytes;
        if (snprintf(path, sizeof path, "%s/%s", folder, name) >= (int)sizeof path) {
            snprintf(why, why_size, "the path of %s in %s is too long", name, folder);
            return false;
        }
        FILE *f = fopen(path, "wb");
        bool ok = f && fwrite(v->file, 1, v->file_len, f) == v->file_len;
        if (f && fclose(f) != 0)
            ok = false;
        if (!ok) {
            snprintf(why, why_size, "cannot write %s", path);
            return false;
        }
    }
    return true;
}
