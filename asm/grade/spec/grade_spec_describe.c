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

void grade_spec_describe(const grade_spec_function *fn, const grade_spec_state *st, char *buf,
                         size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < fn->arg_count && used + 1 < size; i++) {
        const grade_gen *g = &fn->args[i].gen;
        const grade_spec_value *v = &st->values[i];
        char part[160]; /* a name (48) and a value cut to 96 */
        if (st->same_as[i]) {
            snprintf(part, sizeof part, "%s=%s", fn->args[i].name,
                     fn->args[st->same_as[i] - 1].name);
        } else if (g->kind == GRADE_GEN_STRING) {
            char shown[56];
            show_string(v->bytes, v->length, 40, shown, sizeof shown);
            snprintf(part, sizeof part, "%s=%s", fn->args[i].name, shown);
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

