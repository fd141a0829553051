/* UTF-8 for the JSON reader and writer (json_impl.h). */
#include "json_impl.h"

size_t json_utf8_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

size_t json_utf8_length(const unsigned char *p, size_t avail)
{
    if (avail == 0)
        return 0;
    if (p[0] < 0x80)
        return 1;
    size_t n;
    uint32_t cp, min;
    if ((p[0] & 0xe0) == 0xc0) {
        n = 2, cp = p[0] & 0x1fu, min = 0x80;
    } else if ((p[0] & 0xf0) == 0xe0) {
        n = 3, cp = p[0] & 0x0fu, min = 0x800;
    } else if ((p[0] & 0xf8) == 0xf0) {
        n = 4, cp = p[0] & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    if (avail < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3fu);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}
