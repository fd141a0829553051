/* Text and JSON escaping of untrusted bytes (grade_escape.h). */
#include "grade_escape.h"

#include <stdint.h>
#include <string.h>

/* The length of the valid UTF-8 sequence at p (shortest form, no
 * surrogates, at most U+10FFFF) and its code point, or 0. */
static size_t utf8_unit(const unsigned char *p, size_t avail, uint32_t *cp)
{
    size_t n;
    uint32_t min;
    if (p[0] < 0x80) {
        *cp = p[0];
        return 1;
    } else if ((p[0] & 0xe0) == 0xc0) {
        n = 2, *cp = p[0] & 0x1fu, min = 0x80;
    } else if ((p[0] & 0xf0) == 0xe0) {
        n = 3, *cp = p[0] & 0x0fu, min = 0x800;
    } else if ((p[0] & 0xf8) == 0xf0) {
        n = 4, *cp = p[0] & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    if (avail < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        *cp = *cp << 6 | (p[i] & 0x3fu);
    }
    if (*cp < min || *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff))
        return 0;
    return n;
}

/* Code points past ASCII a terminal or a browser acts on instead of
 * showing: C1 controls (0x9b is a CSI), line and paragraph separators, and
 * the marks that reorder text (a name could read backwards). */
static bool acts(uint32_t cp)
{
    return (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c || cp == 0x200e || cp == 0x200f ||
           (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/* The escape of the unit at s[i] as text (NUL-ended into esc, at most 8
 * bytes), or 0 with *n its length when it is shown as it is. */
static size_t text_unit(const unsigned char *s, size_t len, size_t i, bool keep_newlines,
                        char esc[8], size_t *n)
{
    uint32_t cp;
    *n = utf8_unit(s + i, len - i, &cp);
    if (*n == 0) {
        *n = 1;
        return (size_t)snprintf(esc, 8, "\\x%02x", s[i]);
    }
    if ((cp == '\n' || cp == '\t') && keep_newlines)
        return 0;
    if (cp == '\n' || cp == '\t' || cp == '\r')
        return (size_t)snprintf(esc, 8, "\\%c", cp == '\n' ? 'n' : cp == '\t' ? 't' : 'r');
    if (cp < 0x20 || cp == 0x7f)
        return (size_t)snprintf(esc, 8, "\\x%02x", (unsigned)cp);
    if (acts(cp))
        return (size_t)snprintf(esc, 8, "\\u%04X", (unsigned)cp);
    return 0;
}

void grade_escape_text(FILE *out, const char *s, size_t len, bool keep_newlines)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, n;
    while (i < len) {
        char esc[8];
        if (text_unit(u, len, i, keep_newlines, esc, &n))
            fputs(esc, out);
        else
            fwrite(u + i, 1, n, out);
        i += n;
    }
}

void grade_escape_html(FILE *out, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, n;
    while (i < len) {
        char esc[8];
        uint32_t cp = 0;
        if (text_unit(u, len, i, false, esc, &n)) {
            fputs(esc, out);
        } else if (utf8_unit(u + i, len - i, &cp) == 3 && (cp == 0xfffe || cp == 0xffff)) {
            fprintf(out, "\\u%04X", (unsigned)cp); /* no character in XML: no page would parse */
        } else if (n == 1 && strchr("&<>\"'", u[i])) {
            static const char *const entities[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
            fputs(entities[strchr("&<>\"'", u[i]) - "&<>\"'"], out);
        } else {
            fwrite(u + i, 1, n, out);
        }
        i += n;
    }
}

size_t grade_escape_text_buf(char *dst, size_t size, const char *s, size_t len,
                             bool keep_newlines)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t at = 0, i = 0, n;
    while (i < len) {
        char esc[8];
        size_t e = text_unit(u, len, i, keep_newlines, esc, &n);
        size_t need = e ? e : n;
        if (at + need >= size)
            break;
        memcpy(dst + at, e ? esc : s + i, need);
        at += need;
        i += n;
    }
    dst[at] = '\0';
    return at;
}

void grade_escape_json(FILE *out, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    fputc('"', out);
    for (size_t i = 0, n; i < len; i += n) {
        uint32_t cp;
        n = utf8_unit(u + i, len - i, &cp);
        if (n == 0) {
            n = 1;
            fprintf(out, "\\\\x%02x", u[i]);
        } else if (cp == '"' || cp == '\\') {
            fprintf(out, "\\%c", (char)cp);
        } else if (cp == '\n' || cp == '\t' || cp == '\r') {
            fprintf(out, "\\%c", cp == '\n' ? 'n' : cp == '\t' ? 't' : 'r');
        } else if (cp < 0x20 || cp == 0x7f || acts(cp)) {
            fprintf(out, "\\u%04x", (unsigned)cp);
        } else {
            fwrite(u + i, 1, n, out);
        }
    }
    fputc('"', out);
}

bool grade_escape_text_is_clean(const char *s, size_t len, bool newlines_allowed)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0, n; i < len; i += n) {
        uint32_t cp;
        n = utf8_unit(u + i, len - i, &cp);
        bool line_end = cp == '\n' || cp == '\t';
        if (n == 0 || (line_end && !newlines_allowed) ||
            (!line_end && (cp < 0x20 || cp == 0x7f)) || acts(cp))
            return false;
    }
    return true;
}
