/* The world a graded LC-3 program meets: keys typed from a buffer and its
 * output kept in memory up to a cap. lc3_call and lc3_whole differ only in
 * what a read finds once the keys are gone and in the cap. */
#ifndef LC3_HOST_H
#define LC3_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "lc3_machine.h"

typedef struct lc3_host {
    const char *keys;
    size_t key_count;
    size_t keys_read;
    int after_keys;   /* what a read gives once they are gone: LC3_KEY_EOF (the
                         machine stops) or LC3_KEY_NONE (it waits, as in lc3tools) */
    char *out;        /* output_max + 1 bytes, NUL-ended by lc3_host_finish */
    size_t output_max;
    size_t len;
    size_t dropped;   /* bytes past output_max */
} lc3_host;

/* Allocates the output; false when out of memory. */
bool lc3_host_init(lc3_host *h, const char *keys, size_t key_count, int after_keys,
                   size_t output_max);
/* The machine's io, pointing at h (which must outlive the machine). */
lc3_io lc3_host_io(lc3_host *h);
/* Ends the output with a NUL and hands it over (the caller frees it). */
char *lc3_host_finish(lc3_host *h);

#endif
