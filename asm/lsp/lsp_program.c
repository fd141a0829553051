/* The data an ISA adapter fills (lsp.h): strings, programs, completions. */
#define _XOPEN_SOURCE 700
#include "lsp.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Out of memory: a server cannot answer without its tables. */
static void *grow(void *items, size_t *cap, size_t want, size_t item)
{
    if (want <= *cap)
        return items;
    size_t cap2 = *cap ? *cap * 2 : 16;
    while (cap2 < want)
        cap2 *= 2;
    void *grown = realloc(items, cap2 * item);
    if (!grown)
        abort();
    *cap = cap2;
    return grown;
}

static char *copy(const char *text)
{
    if (!text)
        return NULL;
    char *out = strdup(text);
    if (!out)
        abort();
    return out;
}

void lsp_text_add(lsp_text *t, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        t->buf = grow(t->buf, &t->size, t->len + (size_t)n + 1, 1);
        vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, again);
        t->len += (size_t)n;
    }
    va_end(again);
}

void lsp_text_free(lsp_text *t)
{
    free(t->buf);
    *t = (lsp_text){0};
}

size_t lsp_program_file(lsp_program *p, const char *path, const char *text, size_t len)
{
    for (size_t i = 0; i < p->file_count; i++)
        if (strcmp(p->files[i].path, path) == 0)
            return i;
    p->files = grow(p->files, &p->file_cap, p->file_count + 1, sizeof *p->files);
    lsp_file *f = &p->files[p->file_count];
    f->path = copy(path);
    f->text = malloc(len + 1);
    if (!f->text)
        abort();
    memcpy(f->text, text, len);
    f->text[len] = '\0';
    f->len = len;
    return p->file_count++;
}

void lsp_program_diag(lsp_program *p, size_t file, int line, int col, int len, int severity,
                      const char *message)
{
    p->diags = grow(p->diags, &p->diag_cap, p->diag_count + 1, sizeof *p->diags);
    p->diags[p->diag_count++] = (lsp_diag){file, line, col, len, severity, copy(message), NULL};
}

void lsp_program_check(lsp_program *p, size_t file, int line, int col, int len, int severity,
                       const char *code, const char *message)
{
    lsp_program_diag(p, file, line, col, len, severity, message);
    p->diags[p->diag_count - 1].code = code;
}

void lsp_program_label(lsp_program *p, const lsp_label *label)
{
    p->labels = grow(p->labels, &p->label_cap, p->label_count + 1, sizeof *p->labels);
    lsp_label *l = &p->labels[p->label_count++];
    *l = *label;
    l->name = copy(label->name);
}

bool lsp_program_has_label(const lsp_program *p, const char *name, size_t len, bool fold_case)
{
    for (size_t i = 0; i < p->label_count; i++) {
        const char *l = p->labels[i].name;
        if (strlen(l) == len &&
            (fold_case ? strncasecmp(l, name, len) == 0 : strncmp(l, name, len) == 0))
            return true;
    }
    return false;
}

void lsp_program_free(lsp_program *p)
{
    for (size_t i = 0; i < p->file_count; i++) {
        free(p->files[i].path);
        free(p->files[i].text);
    }
    for (size_t i = 0; i < p->diag_count; i++)
        free(p->diags[i].message);
    for (size_t i = 0; i < p->label_count; i++)
        free(p->labels[i].name);
    free(p->files);
    free(p->diags);
    free(p->labels);
    *p = (lsp_program){0};
}

void lsp_complete_add(lsp_completions *list, int kind, const char *label, const char *detail,
                      const char *documentation, const char *insert)
{
    list->items = grow(list->items, &list->cap, list->count + 1, sizeof *list->items);
    list->items[list->count++] =
        (lsp_completion){copy(label), kind, copy(detail), copy(documentation), copy(insert)};
}

void lsp_tokens_add(lsp_tokens *list, int line, size_t col, size_t len, lsp_token_type type,
                    unsigned mods)
{
    list->items = grow(list->items, &list->cap, list->count + 1, sizeof *list->items);
    list->items[list->count++] = (lsp_token){line, col, len, type, mods};
}
