/* gen.c: the random source, texts and weights of the program generators. */
#include "gen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

/* splitmix64: small, fast and the same everywhere, unlike rand(). */
void rng_seed(struct rng *rng, uint64_t seed)
{
    /* Mixed, so that seed n+1 is not seed n one step on. */
    uint64_t z = seed + 0x2545f4914f6cdd1du;
    z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdu;
    z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53u;
    rng->state = z ^ (z >> 33);
}

uint32_t rng_next(struct rng *rng)
{
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

uint32_t rng_below(struct rng *rng, uint32_t n)
{
    return (uint32_t)(((uint64_t)rng_next(rng) * n) >> 32);
}

int rng_percent(struct rng *rng, unsigned percent)
{
    return rng_below(rng, 100) < percent;
}

void text_printf(struct text *text, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int needed = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (needed < 0)
        abort();
    if (text->length + (size_t)needed + 1 > text->capacity) {
        char *bytes =
            grow_array(text->bytes, &text->capacity, text->length + (size_t)needed + 1, 1);
        if (!bytes) {
            fputs("difffuzz: out of memory\n", stderr);
            exit(2);
        }
        text->bytes = bytes;
    }
    va_start(args, format);
    vsnprintf(text->bytes + text->length, (size_t)needed + 1, format, args);
    va_end(args);
    text->length += (size_t)needed;
}

void text_free(struct text *text)
{
    free(text->bytes);
    *text = (struct text){0};
}

int text_write_file(const struct text *text, const char *dir, const char *name,
                    const char *suffix)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s", dir, name, suffix);
    FILE *file = fopen(path, "wb");
    if (!file) {
        fprintf(stderr, "difffuzz: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (text->length)
        fwrite(text->bytes, 1, text->length, file);
    if (fclose(file) != 0) {
        fprintf(stderr, "difffuzz: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

static struct weight *weight_named(struct weight *weights, const char *name)
{
    for (; weights->name; weights++)
        if (strcmp(weights->name, name) == 0)
            return weights;
    return NULL;
}

int weights_read(struct weight *weights, const char *file)
{
    FILE *in = fopen(file, "r");
    if (!in) {
        fprintf(stderr, "%s: cannot read: %s\n", file, strerror(errno));
        return -1;
    }
    char line[512];
    int number = 0, status = 0;
    while (fgets(line, sizeof line, in)) {
        number++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char name[128];
        unsigned value;
        char extra;
        int got = sscanf(line, "%127s %u %c", name, &value, &extra);
        if (got <= 0)
            continue;
        struct weight *weight = got == 2 ? weight_named(weights, name) : NULL;
        if (!weight) {
            fprintf(stderr, "%s:%d: expected 'NAME NUMBER' with a known name, got: %s",
                    file, number, line);
            status = -1;
            continue;
        }
        weight->value = value;
    }
    fclose(in);
    return status;
}

unsigned weight_of(const struct weight *weights, const char *name)
{
    for (; weights->name; weights++)
        if (strcmp(weights->name, name) == 0)
            return weights->value;
    return 0;
}

size_t pick_weighted(struct rng *rng, const struct weight *weights,
                     const char *const *names, size_t n)
{
    uint32_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += weight_of(weights, names[i]);
    if (total == 0)
        return 0;
    uint32_t at = rng_below(rng, total);
    for (size_t i = 0; i < n; i++) {
        uint32_t w = weight_of(weights, names[i]);
        if (at < w)
            return i;
        at -= w;
    }
    return n - 1;
}

const int64_t boundary_values[] = {
    0, 1, -1, 2, 0x7fff, 0x8000, 0xffff, 0x10000, -0x8000, -0x8001,
    0x7fffffff, 0x80000000, -0x7fffffff - 1, 0xffffffff, 31, 32, 255, 256, -128,
};
const size_t boundary_count = sizeof boundary_values / sizeof boundary_values[0];
