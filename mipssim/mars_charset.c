/* What MARS's JVM makes of bytes that are not ASCII: its launcher decodes
 * the command-line words with the locale's charset, and it encodes file
 * names and System.out with it again (docs/fidelity.md, D8). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "mars_impl.h"

bool mars_locale_utf8(void)
{
    const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(names[i]);
        if (v && *v) {
            char lower[256];
            size_t n = 0;
            for (; v[n] && n + 1 < sizeof lower; n++)
                lower[n] = (char)tolower((unsigned char)v[n]);
            lower[n] = '\0';
            return strstr(lower, "utf-8") || strstr(lower, "utf8");
        }
    }
    return false;
}

static bool continuation(unsigned char b)
{
    return (b & 0xc0) == 0x80;
}

/* How many bytes of the sequence at s (len left) JDK 17's UTF-8 decoder
 * takes as one malformed input (a bad lead byte or lone continuation
 * alone; a lead byte with the continuations it has so far, or the whole
 * three bytes of a surrogate, as one), or 0 when it is a well-formed
 * character (its length in *good). */
static size_t java_malformed(const unsigned char *s, size_t len, size_t *good)
{
    unsigned char b1 = s[0];
    *good = 1;
    if (b1 < 0x80)
        return 0;
    if (b1 >= 0xc2 && b1 <= 0xdf) {
        if (len < 2)
            return 1;
        *good = 2;
        return continuation(s[1]) ? 0 : 1;
    }
    if (b1 >= 0xe0 && b1 <= 0xef) {
        bool bad2 = len > 1 && ((b1 == 0xe0 && (s[1] & 0xe0) == 0x80) || !continuation(s[1]));
        if (len < 3)
            return bad2 ? 1 : len; /* cut short: the rest is one */
        if (bad2)
            return 1;
        if (!continuation(s[2]))
            return 2;
        *good = 3;
        return b1 == 0xed && s[1] >= 0xa0 ? 3 : 0; /* a surrogate */
    }
    if (b1 >= 0xf0 && b1 <= 0xf7) {
        bool bad2 = len > 1 && ((b1 == 0xf0 && (s[1] < 0x90 || s[1] > 0xbf)) ||
                                (b1 == 0xf4 && (s[1] & 0xf0) != 0x80) || b1 > 0xf4 ||
                                !continuation(s[1]));
        if (len < 4) {
            if (bad2)
                return 1;
            if (len > 2 && !continuation(s[2]))
                return 2;
            return len;
        }
        if (bad2)
            return 1;
        if (!continuation(s[2]))
            return 2;
        if (!continuation(s[3]))
            return 3;
        *good = 4;
        return 0;
    }
    return 1;
}

static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */

char *mars_java_string(const char *raw)
{
    const unsigned char *s = (const unsigned char *)raw;
    size_t len = strlen(raw);
    char *out = malloc(3 * len + 1), *o = out;
    if (!out)
        return NULL;
    bool utf8 = mars_locale_utf8();
    while (len > 0) {
        size_t good = 1, bad = *s > 0x7f; /* any other charset is ASCII here */
        if (utf8)
            bad = java_malformed(s, len, &good);
        if (bad) {
            memcpy(o, replacement, 3), o += 3;
            s += bad, len -= bad;
        } else {
            memcpy(o, s, good), o += good;
            s += good, len -= good;
        }
    }
    *o = '\0';
    return out;
}

char *mars_host_bytes(const char *java)
{
    char *out = malloc(strlen(java) + 1), *o = out;
    if (!out)
        return NULL;
    bool utf8 = mars_locale_utf8();
    for (const unsigned char *s = (const unsigned char *)java; *s; s++) {
        if (utf8 || *s < 0x80)
            *o++ = (char)*s;
        else if (!continuation(*s))
            *o++ = '?'; /* one a character, as the encoder replaces it */
    }
    *o = '\0';
    return out;
}

void put_java_word(FILE *out, const char *raw)
{
    char *java = mars_java_string(raw);
    char *host = java ? mars_host_bytes(java) : NULL;
    fputs(host ? host : raw, out);
    free(host);
    free(java);
}
