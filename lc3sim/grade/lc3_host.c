/* Keys from a buffer, output to memory: the host side of a graded run. */
#include "lc3_host.h"

#include <stdlib.h>
#include <string.h>

bool lc3_host_init(lc3_host *h, const char *keys, size_t key_count, int after_keys,
                   size_t output_max)
{
    memset(h, 0, sizeof *h);
    h->keys = keys;
    h->key_count = keys ? key_count : 0;
    h->after_keys = after_keys;
    h->output_max = output_max;
    h->out = malloc(output_max + 1);
    return h->out != NULL;
}

/* Keys as fast as the program reads them, then after_keys. */
static int next_key(void *ctx, bool may_wait)
{
    (void)may_wait;
    lc3_host *h = ctx;
    return h->keys_read < h->key_count ? (uint8_t)h->keys[h->keys_read++] : h->after_keys;
}

static void put_char(void *ctx, uint8_t byte)
{
    lc3_host *h = ctx;
    if (h->len < h->output_max)
        h->out[h->len++] = (char)byte;
    else
        h->dropped++;
}

lc3_io lc3_host_io(lc3_host *h)
{
    return (lc3_io){.ctx = h, .poll_key = next_key, .put_char = put_char};
}

char *lc3_host_finish(lc3_host *h)
{
    char *out = h->out;
    out[h->len] = '\0';
    h->out = NULL;
    return out;
}
