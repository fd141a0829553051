/* Fuzz target: the CSV fields of a batch's scores (asm/grade/grade_csv.h).
 * The input's NUL bytes split it into fields (its first byte's bits say
 * which are always quoted); one row of them is written and read back by a
 * strict RFC 4180 reader (LF ends the row, as the graders write it), which
 * must find the same fields: each as given, but for a leading apostrophe
 * before = + - @ tab CR and '?' for a control byte. Any other outcome
 * aborts. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "grade_csv.h"

enum { FIELDS_MAX = 16 };

/* What a reader must find for s: grade_csv.h's promise, spelled out. */
static char *expected(const char *s)
{
    size_t len = strlen(s);
    char *want = malloc(len + 2), *at = want;
    if (!want)
        abort();
    if (strchr("=+-@\t\r", s[0]) && s[0])
        *at++ = '\'';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        *at++ = (c < 0x20 && c != '\t' && c != '\r' && c != '\n') || c == 0x7f ? '?' : *s;
    }
    *at = '\0';
    return want;
}

/* Reads one field at *at into field (NUL-ended); the byte after it (',' or
 * '\n') in *end. Aborts on anything RFC 4180 does not allow. */
static void read_field(const char **at, const char *stop, char *field, char *end)
{
    const char *p = *at;
    size_t n = 0;
    if (p < stop && *p == '"') {
        for (p++;; p++) {
            if (p >= stop)
                abort(); /* an unclosed quote */
            if (*p == '"') {
                if (p + 1 < stop && p[1] == '"') {
                    field[n++] = '"';
                    p++;
                    continue;
                }
                p++;
                break;
            }
            field[n++] = *p;
        }
    } else {
        for (; p < stop && *p != ',' && *p != '\n'; p++) {
            if (*p == '"' || *p == '\r')
                abort(); /* a bare field holds neither */
            field[n++] = *p;
        }
    }
    if (p >= stop || (*p != ',' && *p != '\n'))
        abort(); /* text after a closing quote, or no end of row */
    field[n] = '\0';
    *end = *p;
    *at = p + 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > FUZZ_MAX_INPUT)
        return -1;
    unsigned quote_bits = data[0];
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    const char *fields[FIELDS_MAX];
    int count = 0;
    for (const char *f = text; count < FIELDS_MAX; f += strlen(f) + 1) {
        fields[count++] = f;
        if (f + strlen(f) >= text + size - 1)
            break;
    }
    char *row = NULL;
    size_t row_size = 0;
    FILE *out = open_memstream(&row, &row_size);
    if (!out)
        abort();
    for (int i = 0; i < count; i++) {
        if (i)
            fputc(',', out);
        grade_csv_field(out, fields[i], quote_bits >> (i % 8) & 1);
    }
    fputc('\n', out);
    fclose(out);
    char *field = malloc(row_size + 1);
    if (!field)
        abort();
    const char *at = row, *stop = row + row_size;
    for (int i = 0; i < count; i++) {
        char end;
        read_field(&at, stop, field, &end);
        char *want = expected(fields[i]);
        if (strcmp(field, want) != 0 || (end == '\n') != (i == count - 1))
            abort();
        free(want);
    }
    if (at != stop)
        abort();
    for (const char *p = row; p < stop; p++)
        if (((unsigned char)*p < 0x20 && !strchr("\t\r\n", *p)) || *p == 0x7f)
            abort(); /* a control byte reached the file */
    free(field);
    free(row);
    free(text);
    return 0;
}
