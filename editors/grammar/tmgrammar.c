/* tmgrammar: writes the TextMate grammar of one dialect (mips or lc3),
 * generated from the assemblers' instruction tables at build time so the
 * editors' highlighting never drifts from what the assembler accepts.
 *   tmgrammar mips|lc3 OUTPUT.json */
#include "tmgrammar.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void *grow_or_die(void *p, size_t size)
{
    p = realloc(p, size);
    if (!p) {
        fputs("tmgrammar: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

static bool same_fold(const char *a, const char *b, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return false;
    return b[len] == '\0';
}

void tm_words_add(tm_words *w, const char *text, size_t len)
{
    for (size_t i = 0; i < w->count; i++)
        if (strlen(w->items[i]) == len && same_fold(text, w->items[i], len))
            return;
    if (w->count == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 64;
        w->items = grow_or_die(w->items, w->cap * sizeof *w->items);
    }
    char *copy = grow_or_die(NULL, len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    w->items[w->count++] = copy;
}

bool tm_words_has(const tm_words *w, const char *text)
{
    size_t len = strlen(text);
    for (size_t i = 0; i < w->count; i++)
        if (strlen(w->items[i]) == len && same_fold(text, w->items[i], len))
            return true;
    return false;
}

void tm_words_free(tm_words *w)
{
    for (size_t i = 0; i < w->count; i++)
        free(w->items[i]);
    free(w->items);
    *w = (tm_words){0};
}

static int longest_first(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    size_t lx = strlen(x), ly = strlen(y);
    if (lx != ly)
        return lx > ly ? -1 : 1;
    return strcmp(x, y);
}

char *tm_alternation(const tm_words *w)
{
    char **sorted = grow_or_die(NULL, (w->count + 1) * sizeof *sorted);
    size_t size = 8;
    for (size_t i = 0; i < w->count; i++) {
        sorted[i] = w->items[i];
        size += 2 * strlen(w->items[i]) + 1;
    }
    qsort(sorted, w->count, sizeof *sorted, longest_first);
    char *re = grow_or_die(NULL, size), *at = re;
    at += sprintf(at, "(?:");
    for (size_t i = 0; i < w->count; i++) {
        if (i)
            *at++ = '|';
        for (const char *c = sorted[i]; *c; c++) {
            if (strchr(".$^*+?()[]{}|\\", *c))
                *at++ = '\\';
            *at++ = *c;
        }
    }
    strcpy(at, ")");
    free(sorted);
    return re;
}

static void indent(tm_json *j)
{
    if (!j->first)
        fputc(',', j->out);
    j->first = false;
    fputc('\n', j->out);
    for (int i = 0; i < j->depth; i++)
        fputs("  ", j->out);
}

static void quoted(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void key_of(tm_json *j, const char *key)
{
    indent(j);
    if (key) {
        quoted(j->out, key);
        fputs(": ", j->out);
    }
}

void tm_open(tm_json *j, const char *key, char bracket)
{
    if (j->depth == 0 && !key && j->first) { /* the document itself */
        fputc(bracket, j->out);
        j->first = true;
        j->depth = 1;
        return;
    }
    key_of(j, key);
    fputc(bracket, j->out);
    j->depth++;
    j->first = true;
}

void tm_close(tm_json *j, char bracket)
{
    j->depth--;
    fputc('\n', j->out);
    for (int i = 0; i < j->depth; i++)
        fputs("  ", j->out);
    fputc(bracket, j->out);
    j->first = false;
    if (j->depth == 0)
        fputc('\n', j->out);
}

void tm_string(tm_json *j, const char *key, const char *value)
{
    key_of(j, key);
    quoted(j->out, value);
}

void tm_match_rule(tm_json *j, const char *name, const char *regex)
{
    tm_open(j, NULL, '{');
    tm_string(j, "name", name);
    tm_string(j, "match", regex);
    tm_close(j, '}');
}

void tm_include(tm_json *j, const char *reference)
{
    tm_open(j, NULL, '{');
    tm_string(j, "include", reference);
    tm_close(j, '}');
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "mips") != 0 && strcmp(argv[1], "lc3") != 0)) {
        fputs("usage: tmgrammar mips|lc3 OUTPUT.json\n", stderr);
        return 2;
    }
    FILE *out = fopen(argv[2], "w");
    if (!out) {
        perror(argv[2]);
        return 1;
    }
    bool ok = strcmp(argv[1], "mips") == 0 ? tm_write_mips(out) : tm_write_lc3(out);
    if (fclose(out) != 0 || !ok) {
        fprintf(stderr, "tmgrammar: cannot write %s\n", argv[2]);
        remove(argv[2]);
        return 1;
    }
    return 0;
}

void tm_begin(tm_json *j, const char *name, const char *scope)
{
    tm_open(j, NULL, '{');
    tm_string(j, "$schema",
              "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json");
    tm_string(j, "name", name);
    tm_string(j, "scopeName", scope);
    tm_string(j, "comment", "Generated by tmgrammar from asmtools' instruction tables; "
                            "do not edit.");
}
