/* A case's arguments in messages, as the TA would write them. */
#include "grade_spec_draw.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* "abc" with its quotes, the bytes a message cannot show escaped, cut
 * once it shows max bytes (size: at least max + 8). */
static void show_string(const uint8_t *b, uint32_t len, int max, char *buf, size_t size)
{
    int n = 0;
    char shown[64] = "";
    for (uint32_t k = 0; k < len && n < max; k++) {
        uint8_t c = b[k];
        n += snprintf(shown + n, sizeof shown - (size_t)n, c >= ' ' && c < 127 && c != '"' &&
                      c != '\\' ? "%c" : "\\x%02x", c);
    }
    snprintf(buf, size, "\"%s%s\"", shown, len > (uint32_t)max ? "..." : "");
}

/* The reloc of value v whose pointer lies at byte at, or NULL. */
static const grade_spec_reloc *reloc_at(const grade_spec_value *v, uint32_t at)
{
    for (uint32_t r = 0; r < v->reloc_count; r++)
        if (v->relocs[r].at == at)
            return &v->relocs[r];
    return NULL;
}

/* Records by their fields' names: [{year=2017, name="Abc", owner=&people[2]}, ...]
 * (one record without the brackets), cut after the record that passes 320
 * bytes (a record of many fields inside, at 400: a field takes at most
 * about 100, and buf at least 550). */
static void describe_records(const grade_spec_function *fn, const grade_spec_state *st, int i,
                             char *buf, size_t size)
{
    const grade_gen *g = &fn->args[i].gen;
    const grade_spec_value *v = &st->values[i];
    const grade_spec_record *r = g->rec;
    int n = snprintf(buf, size, "%s", g->single ? "" : "[");
    for (uint32_t k = 0; k < v->length && n < 320; k++) {
        n += snprintf(buf + n, size - (size_t)n, "%s{", k ? ", " : "");
        int f = 0;
        for (; f < r->field_count && n < 400; f++) {
            const grade_record_field *fd = &r->fields[f];
            if (fd->kind == GRADE_FIELD_LINK) /* the order shown is the list's */
                continue;
            uint32_t at = k * r->size + fd->offset, w = 0;
            for (int b = fd->size - 1; b >= 0; b--)
                w = w << 8 | v->bytes[at + (uint32_t)b];
            const grade_spec_reloc *x = reloc_at(v, at);
            char shown[64];
            if (fd->kind == GRADE_FIELD_STRING && x) {
                const uint8_t *s = v->bytes + x->offset;
                show_string(s, (uint32_t)strlen((const char *)s), 24, shown, sizeof shown);
            } else if (fd->kind == GRADE_FIELD_ARRAY && x) {
                int m = snprintf(shown, sizeof shown, "[");
                for (uint32_t e = 0; e < x->count && m < 40; e++) {
                    uint32_t ev = 0;
                    for (int c = fd->elem_size - 1; c >= 0; c--)
                        ev = ev << 8 | v->bytes[x->offset + e * (uint32_t)fd->elem_size +
                                                (uint32_t)c];
                    int32_t es = fd->lo >= 0 || fd->elem_size == 4 ? (int32_t)ev
                                 : fd->elem_size == 2 ? (int16_t)ev : (int8_t)ev;
                    m += snprintf(shown + m, sizeof shown - (size_t)m, "%s%" PRId32, e ? ", " : "",
                                  es);
                }
                snprintf(shown + m, sizeof shown - (size_t)m, "%s]", m >= 40 ? ", ..." : "");
            } else if (fd->kind == GRADE_FIELD_ELEMENTS) {
                int m = snprintf(shown, sizeof shown, "[");
                for (uint32_t e = 0; e < fd->count && m < 40; e++) {
                    uint32_t ev = 0;
                    for (int c = fd->elem_size - 1; c >= 0; c--)
                        ev = ev << 8 | v->bytes[at + e * (uint32_t)fd->elem_size + (uint32_t)c];
                    int32_t es = fd->lo >= 0 || fd->elem_size == 4 ? (int32_t)ev
                                 : fd->elem_size == 2 ? (int16_t)ev : (int8_t)ev;
                    m += snprintf(shown + m, sizeof shown - (size_t)m, "%s%" PRId32, e ? ", " : "",
                                  es);
                }
                snprintf(shown + m, sizeof shown - (size_t)m, "%s]", m >= 40 ? ", ..." : "");
            } else if (fd->kind == GRADE_FIELD_POINTER && x) {
                int t = x->target < 0 ? i : x->target;
                snprintf(shown, sizeof shown, "&%s[%" PRIu32 "]", fn->args[t].name,
                         x->offset / grade_spec_element_bytes(&fn->args[t].gen));
            } else if (fd->kind == GRADE_FIELD_BITS) {
                snprintf(shown, sizeof shown, "0x%" PRIx32, w);
            } else if (fd->kind == GRADE_FIELD_CHAR && w >= ' ' && w < 127) {
                snprintf(shown, sizeof shown, "'%c'", (char)w);
            } else {
                int32_t s = fd->size == 4 || fd->lo >= 0 ? (int32_t)w
                            : fd->size == 2 ? (int16_t)w : (int8_t)w;
                snprintf(shown, sizeof shown, "%" PRId32, s);
            }
            n += snprintf(buf + n, size - (size_t)n, "%s%s=%s", f ? ", " : "", fd->name, shown);
        }
        n += snprintf(buf + n, size - (size_t)n, "%s}", f < r->field_count ? ", ..." : "");
    }
    if ((size_t)n < size)
        snprintf(buf + n, size - (size_t)n, "%s%s", n >= 320 ? ", ..." : "",
                 g->single ? "" : "]");
}

void grade_spec_describe(const grade_spec_function *fn, const grade_spec_state *st, char *buf,
                         size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < fn->arg_count && used + 1 < size; i++) {
        const grade_gen *g = &fn->args[i].gen;
        const grade_spec_value *v = &st->values[i];
        char part[600]; /* a name (48) and a value cut to 96 (records: 400, and a field) */
        if (st->same_as[i]) {
            snprintf(part, sizeof part, "%s=%s", fn->args[i].name,
                     fn->args[st->same_as[i] - 1].name);
        } else if (g->kind == GRADE_GEN_STRING) {
            char shown[56];
            show_string(v->bytes, v->length, 40, shown, sizeof shown);
            snprintf(part, sizeof part, "%s=%s", fn->args[i].name, shown);
        } else if (g->kind == GRADE_GEN_POINTER && v->reloc_count) {
            snprintf(part, sizeof part, "%s=&%s[%" PRIu32 "]", fn->args[i].name,
                     fn->args[g->of].name,
                     v->relocs[0].offset / grade_spec_element_bytes(&fn->args[g->of].gen));
        } else if (g->kind == GRADE_GEN_RECORDS) {
            int n = snprintf(part, sizeof part, "%s=", fn->args[i].name);
            describe_records(fn, st, i, part + n, sizeof part - (size_t)n);
        } else if (g->kind == GRADE_GEN_STRINGS) {
            int n = snprintf(part, sizeof part, "%s=[", fn->args[i].name);
            const uint8_t *at = v->bytes + 4 * v->length;
            for (uint32_t k = 0; k < v->length && n < 96; k++) {
                char shown[56];
                uint32_t len = (uint32_t)strlen((const char *)at);
                show_string(at, len, 16, shown, sizeof shown);
                n += snprintf(part + n, sizeof part - (size_t)n, "%s%s", k ? ", " : "", shown);
                at += len + 1;
            }
            snprintf(part + n, sizeof part - (size_t)n, "%s]", n >= 96 ? ", ..." : "");
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
        } else if (g->kind == GRADE_GEN_FILE_NAME) {
            snprintf(part, sizeof part, "%s=%s\"%.80s\"", fn->args[i].name,
                     v->file ? "" : "missing ", (const char *)v->bytes);
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

