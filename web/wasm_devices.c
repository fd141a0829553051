/* The page's device windows (wasm_api.h): MARS's Keyboard and Display
 * MMIO and Bitmap Display, PennSim's video, as the command line's devices
 * (docs/devices.md) have them; the page draws the colours on a canvas and
 * sends the keys typed there. */
#include <stdlib.h>

#include "wasm_api.h"
#include "web_impl.h"

/* The largest screen the page may ask for: MARS's largest bitmap. */
enum { WEB_SCREEN_MAX = 4096 * 4096 };

void web_mmio_show(void *ctx, uint32_t word)
{
    web_machine *w = ctx;
    if (w->mmio_len == w->mmio_size) {
        size_t size = w->mmio_size ? 2 * w->mmio_size : 256;
        uint32_t *words = realloc(w->mmio, size * sizeof *words);
        if (!words)
            return; /* the window loses a character rather than the machine */
        w->mmio = words;
        w->mmio_size = size;
    }
    w->mmio[w->mmio_len++] = word;
}

int web_mmio(web_machine *w, int delay)
{
    return w->target && w->isa->mmio_attach && w->isa->mmio_attach(w, delay > 0 ? (unsigned)delay : 0);
}

int web_mmio_key(web_machine *w, int key)
{
    return w->target && w->isa->mmio_key && w->isa->mmio_key(w, (uint8_t)key);
}

const char *web_mmio_take(web_machine *w)
{
    json_writer j;
    json_writer_init(&j);
    json_begin_array(&j);
    for (size_t i = 0; i < w->mmio_len; i++)
        json_int(&j, w->mmio[i]);
    json_end_array(&j);
    w->mmio_len = 0;
    return web_answer(w, &j);
}

const uint32_t *web_screen(web_machine *w, const char *spec)
{
    unsigned cols, rows;
    if (!w->target || !w->isa->screen || !w->isa->screen(w, spec, NULL, &cols, &rows) ||
        (size_t)cols * rows > WEB_SCREEN_MAX)
        return NULL;
    size_t need = (size_t)cols * rows;
    if (need > w->colours_size) {
        uint32_t *colours = realloc(w->colours, need * sizeof *colours);
        if (!colours)
            return NULL;
        w->colours = colours;
        w->colours_size = need;
    }
    w->isa->screen(w, spec, w->colours, &cols, &rows);
    return w->colours;
}

int web_screen_shape(web_machine *w, const char *spec)
{
    unsigned cols, rows;
    if (!w->target || !w->isa->screen || !w->isa->screen(w, spec, NULL, &cols, &rows))
        return 0;
    return (int)(cols << 16 | rows);
}
