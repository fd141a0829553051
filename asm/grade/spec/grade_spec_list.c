/* Lists a function builds or relinks (`compare list $v0 of node`): the
 * records a register points to, followed through their link field in each
 * run's memory, and compared node by node, so a list on the heap is judged
 * by what it holds and in what order, never by where its nodes are. */
#include "grade_spec_engine.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t field_value(const grade_record_field *f, const uint8_t *node)
{
    uint32_t v = 0;
    for (int b = f->size - 1; b >= 0; b--)
        v = v << 8 | node[f->offset + (uint32_t)b];
    return v;
}

static void walk(const grade_spec_compare *c, uint32_t head,
                 bool (*read)(void *ctx, uint32_t address, void *bytes, size_t len), void *ctx,
                 grade_spec_list *out)
{
    const grade_spec_record *r = c->rec;
    const grade_record_field *link = &r->fields[grade_spec_record_link(r)];
    out->end = GRADE_SPEC_LIST_NULL;
    for (uint32_t at = head; at != 0; out->count++) {
        if (out->count == GRADE_SPEC_LIST_MAX) {
            out->end = GRADE_SPEC_LIST_ENDLESS;
            return;
        }
        if (out->count % 64 == 0) {
            uint8_t *grown = realloc(out->nodes, (size_t)(out->count + 64) * r->size);
            if (!grown)
                abort();
            out->nodes = grown;
        }
        uint8_t *node = out->nodes + (size_t)out->count * r->size;
        if (!read(ctx, at, node, r->size)) {
            out->end = GRADE_SPEC_LIST_UNREADABLE, out->bad = at;
            return;
        }
        at = field_value(link, node);
    }
}

void grade_spec_lists_read(const grade_spec_function *fn,
                           bool (*read)(void *ctx, uint32_t address, void *bytes, size_t len),
                           void *ctx, grade_spec_run *out)
{
    for (int i = 0; i < fn->compare_count && i < GRADE_SPEC_COMPARES_MAX; i++)
        if (fn->compares[i].kind == GRADE_CMP_LIST)
            walk(&fn->compares[i], out->regs[fn->compares[i].reg % GRADE_SPEC_REGS_MAX], read,
                 ctx, &out->lists[i]);
}

static void show(const grade_record_field *f, uint32_t v, char *buf, size_t size)
{
    if (f->kind == GRADE_FIELD_INT && f->lo < 0)
        snprintf(buf, size, "%" PRId32, f->size == 4 ? (int32_t)v
                                        : f->size == 2 ? (int16_t)v : (int8_t)v);
    else if (f->kind == GRADE_FIELD_INT)
        snprintf(buf, size, "%" PRIu32, v);
    else if (f->kind == GRADE_FIELD_CHAR && v >= ' ' && v < 127)
        snprintf(buf, size, "'%c'", (char)v);
    else
        snprintf(buf, size, "0x%0*" PRIx32, 2 * f->size, v);
}

/* How a walk ended, when not at a link of 0. */
static void ending(const grade_spec_list *l, char *buf, size_t size)
{
    if (l->end == GRADE_SPEC_LIST_ENDLESS)
        snprintf(buf, size, "does not end within %d nodes (a cycle?)", GRADE_SPEC_LIST_MAX);
    else
        snprintf(buf, size, "links node %" PRIu32 " to 0x%08" PRIx32 ", which is not memory "
                 "it may read", l->count, l->bad);
}

void grade_spec_list_compare(const grade_spec_compare *c, const char *reg,
                             const grade_spec_list *got, const grade_spec_list *want,
                             grade_findings *problems)
{
    const grade_spec_record *r = c->rec;
    char a[96], b[96];
    if (got->end != GRADE_SPEC_LIST_NULL && got->end != want->end) {
        ending(got, a, sizeof a);
        grade_findings_add(problems, 0, 0, "the list at %s %s", reg, a);
        return;
    }
    if (got->count != want->count) {
        grade_findings_add(problems, 0, 0, "the list at %s is %" PRIu32 " node%s long, "
                           "expected %" PRIu32, reg, got->count, got->count == 1 ? "" : "s",
                           want->count);
        return;
    }
    int shown = 0;
    for (uint32_t k = 0; k < got->count && shown < 4; k++)
        for (int f = 0; f < r->field_count && shown < 4; f++) {
            const grade_record_field *fd = &r->fields[f];
            if (fd->kind == GRADE_FIELD_LINK) /* addresses: the heap's, each run's own */
                continue;
            uint32_t x = field_value(fd, got->nodes + (size_t)k * r->size);
            uint32_t y = field_value(fd, want->nodes + (size_t)k * r->size);
            if (x == y)
                continue;
            show(fd, x, a, sizeof a);
            show(fd, y, b, sizeof b);
            grade_findings_add(problems, 0, 0, "the list at %s: node %" PRIu32 "'s %s is %s, "
                               "expected %s", reg, k, fd->name, a, b);
            shown++;
        }
}
