/* The pixel display's frames and terminal drawing (pixscreen.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pixscreen.h"
#include "png.h"
#include "grow.h"

bool pixscreen_init(pixscreen *ps, unsigned w, unsigned h, unsigned scale_x, unsigned scale_y,
                    const char *dir)
{
    memset(ps, 0, sizeof *ps);
    ps->w = w;
    ps->h = h;
    ps->scale_x = scale_x ? scale_x : 1;
    ps->scale_y = scale_y ? scale_y : 1;
    ps->dir = dir;
    ps->now = calloc((size_t)w * h, sizeof *ps->now);
    ps->drawn = calloc((size_t)w * h, sizeof *ps->drawn);
    if (!ps->now || !ps->drawn) {
        pixscreen_free(ps);
        return false;
    }
    return true;
}

void pixscreen_free(pixscreen *ps)
{
    free(ps->now);
    free(ps->drawn);
    free(ps->text);
    memset(ps, 0, sizeof *ps);
}

bool pixscreen_write_png(const pixscreen *ps, const char *path)
{
    size_t pw = (size_t)ps->w * ps->scale_x, ph = (size_t)ps->h * ps->scale_y;
    uint8_t *rgb = malloc(pw * ph * 3 + 1);
    if (!rgb)
        return false;
    for (size_t y = 0; y < ph; y++)
        for (size_t x = 0; x < pw; x++) {
            uint32_t c = ps->now[(y / ps->scale_y) * ps->w + x / ps->scale_x];
            uint8_t *p = rgb + 3 * (y * pw + x);
            p[0] = (uint8_t)(c >> 16);
            p[1] = (uint8_t)(c >> 8);
            p[2] = (uint8_t)c;
        }
    bool ok = png_write(path, (unsigned)pw, (unsigned)ph, rgb);
    free(rgb);
    return ok;
}

bool pixscreen_write_frame(pixscreen *ps)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/frame-%05u.png", ps->dir, ps->frames);
    bool ok = pixscreen_write_png(ps, path);
    if (ok)
        ps->frames++;
    return ok;
}

unsigned pixscreen_rows(const pixscreen *ps)
{
    return (ps->h + 1) / 2;
}

static bool append(pixscreen *ps, size_t *len, const char *s, size_t n)
{
    if (*len + n > ps->text_cap) {
        char *grown = grow_array(ps->text, &ps->text_cap, *len + n, 1);
        if (!grown)
            return false;
        ps->text = grown;
    }
    memcpy(ps->text + *len, s, n);
    *len += n;
    return true;
}

const char *pixscreen_draw(pixscreen *ps, size_t *len)
{
    *len = 0;
    bool cursor_here = false; /* the cursor stands at the cell to draw */
    char buf[96];
    for (unsigned row = 0; row < pixscreen_rows(ps); row++) {
        cursor_here = false;
        for (unsigned x = 0; x < ps->w; x++) {
            size_t top = (size_t)2 * row * ps->w + x, bottom = top + ps->w;
            bool has_bottom = 2 * row + 1 < ps->h;
            uint32_t t = ps->now[top], b = has_bottom ? ps->now[bottom] : 0;
            if (ps->drawn_valid && t == ps->drawn[top] && (!has_bottom || b == ps->drawn[bottom])) {
                cursor_here = false;
                continue;
            }
            if (*len == 0 && !append(ps, len, "\0337", 2)) /* save the cursor */
                return NULL;
            int n = 0;
            if (!cursor_here)
                n = snprintf(buf, sizeof buf, "\033[%u;%uH", row + 1, x + 1);
            n += snprintf(buf + n, sizeof buf - (size_t)n,
                          "\033[38;2;%u;%u;%um\033[48;2;%u;%u;%um\xe2\x96\x80", t >> 16 & 255,
                          t >> 8 & 255, t & 255, b >> 16 & 255, b >> 8 & 255, b & 255);
            if (!append(ps, len, buf, (size_t)n))
                return NULL;
            cursor_here = true;
            ps->drawn[top] = t;
            if (has_bottom)
                ps->drawn[bottom] = b;
        }
    }
    if (*len && !append(ps, len, "\033[0m\0338", 6)) /* colours off, cursor back */
        return NULL;
    ps->drawn_valid = true;
    return ps->text;
}
