/* The open documents, their paths, and assembling one's program
 * (lsp_impl.h). */
#define _XOPEN_SOURCE 700
#include "lsp_impl.h"

#include <stdlib.h>
#include <string.h>

static char *copy_n(const char *text, size_t len)
{
    char *out = malloc(len + 1);
    if (!out)
        abort();
    memcpy(out, text, len);
    out[len] = '\0';
    return out;
}

lsp_doc *lsp_doc_find(lsp_server *s, const char *uri)
{
    for (size_t i = 0; i < s->doc_count; i++)
        if (strcmp(s->docs[i].uri, uri) == 0)
            return &s->docs[i];
    return NULL;
}

bool lsp_doc_set(lsp_server *s, const char *uri, const char *text, size_t len)
{
    lsp_doc *d = lsp_doc_find(s, uri);
    if (!d) {
        if (s->doc_count == LSP_MAX_DOCS)
            return false;
        d = &s->docs[s->doc_count++];
        d->uri = copy_n(uri, strlen(uri));
        d->path = lsp_uri_path(uri);
    } else {
        free(d->text);
    }
    d->text = copy_n(text, len);
    d->len = len;
    return true;
}

void lsp_doc_close(lsp_server *s, const char *uri)
{
    lsp_doc *d = lsp_doc_find(s, uri);
    if (!d)
        return;
    free(d->uri);
    free(d->path);
    free(d->text);
    *d = s->docs[--s->doc_count];
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

char *lsp_uri_path(const char *uri)
{
    static const char scheme[] = "file://";
    size_t n = sizeof scheme - 1;
    if (strncmp(uri, scheme, n) != 0)
        return copy_n(uri, strlen(uri));
    const char *p = uri + n;
    if (*p != '/') /* file://host/path: only the local host's files are ours */
        p = strchr(p, '/') ? strchr(p, '/') : "";
    size_t len = strlen(p);
    char *out = malloc(len + 1);
    if (!out)
        abort();
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        int hi, lo;
        if (p[i] == '%' && i + 2 < len && (hi = hex_digit(p[i + 1])) >= 0 &&
            (lo = hex_digit(p[i + 2])) >= 0 && (hi || lo)) { /* never a NUL */
            out[o++] = (char)(hi * 16 + lo);
            i += 2;
        } else {
            out[o++] = p[i];
        }
    }
    out[o] = '\0';
    return out;
}

char *lsp_path_uri(lsp_server *s, const char *path)
{
    for (size_t i = 0; i < s->doc_count; i++)
        if (strcmp(s->docs[i].path, path) == 0)
            return copy_n(s->docs[i].uri, strlen(s->docs[i].uri));
    char *real = realpath(path, NULL);
    const char *p = real ? real : path;
    for (size_t i = 0; i < s->doc_count; i++)
        if (strcmp(s->docs[i].path, p) == 0) {
            free(real);
            return copy_n(s->docs[i].uri, strlen(s->docs[i].uri));
        }
    size_t len = strlen(p);
    char *out = malloc(len * 3 + 8);
    if (!out)
        abort();
    size_t o = (size_t)sprintf(out, "file://");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)p[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr("/-._~", c))
            out[o++] = (char)c;
        else
            o += (size_t)sprintf(out + o, "%%%02X", c);
    }
    out[o] = '\0';
    free(real);
    return out;
}

/* Whether text uses the word name[0..len) in code, and whether it
 * defines it ("name:"). */
static void word_use(const lsp_isa *isa, const char *text, size_t len, const char *name,
                     size_t name_len, bool *used, bool *defined)
{
    size_t line_len;
    const char *line;
    for (int l = 0; (line = lsp_line(text, len, l, &line_len)); l++) {
        size_t code = lsp_comment_start(isa, line, line_len);
        for (size_t i = 0; i + name_len <= code; i++) {
            if ((i > 0 && isa->word_char(line[i - 1])) || memcmp(line + i, name, name_len) != 0 ||
                (i + name_len < code && isa->word_char(line[i + name_len])))
                continue;
            bool colon = i + name_len < code && line[i + name_len] == ':';
            *defined = *defined || colon;
            *used = *used || !colon;
        }
    }
}

/* Whether other belongs to doc's program: it declares .globl a label that
 * doc uses and does not define (MARS needs .globl only where a label is
 * defined, so two programs that each declare ".globl main" stay apart). */
static bool provides(const lsp_isa *isa, const lsp_doc *doc, const lsp_doc *other)
{
    size_t line_len;
    const char *line;
    for (int l = 0; (line = lsp_line(other->text, other->len, l, &line_len)); l++) {
        size_t code = lsp_comment_start(isa, line, line_len);
        const char *g = NULL;
        for (size_t i = 0; !g && i + 6 <= code; i++)
            if (memcmp(line + i, ".globl", 6) == 0)
                g = line + i + 6;
        while (g && g < line + code) {
            while (g < line + code && !isa->word_char(*g))
                g++;
            const char *name = g;
            while (g < line + code && isa->word_char(*g))
                g++;
            bool used = false, defined = false;
            if (g > name)
                word_use(isa, doc->text, doc->len, name, (size_t)(g - name), &used, &defined);
            if (used && !defined)
                return true;
        }
    }
    return false;
}

void lsp_assemble_doc(lsp_server *s, const lsp_doc *doc, lsp_program *out)
{
    lsp_source sources[LSP_MAX_DOCS];
    size_t count = 0;
    sources[count++] = (lsp_source){doc->path, doc->text, doc->len};
    for (size_t i = 0; s->isa->multi_file && i < s->doc_count; i++) {
        const lsp_doc *other = &s->docs[i];
        if (other != doc && strcmp(other->path, doc->path) != 0 &&
            provides(s->isa, doc, other))
            sources[count++] = (lsp_source){other->path, other->text, other->len};
    }
    *out = (lsp_program){0};
    s->isa->assemble(sources, count, out);
}
