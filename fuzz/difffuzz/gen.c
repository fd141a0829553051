/* gen.c: the random source, texts, weights, command line and slot layout
 * of the program generators. */
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

void texts_free(struct text *const *texts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        text_free(texts[i]);
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

int gen_read_args(int argc, char **argv, const char *tool, struct weight *weights,
                  int name_width, struct gen_args *args)
{
    args->name = "p";
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i += 2) {
        if (strcmp(argv[i], "--list-weights") == 0) {
            for (struct weight *w = weights; w->name; w++)
                printf("%-*s %3u   # %s\n", name_width, w->name, w->value, w->meaning);
            return 0;
        }
        if (i + 1 >= argc)
            break;
        if (strcmp(argv[i], "--weights") == 0) {
            if (weights_read(weights, argv[i + 1]) != 0)
                return 2;
        } else if (strcmp(argv[i], "--name") == 0) {
            args->name = argv[i + 1];
        } else {
            break;
        }
    }
    if (argc - i != 2) {
        fprintf(stderr, "usage: %s [--weights FILE] [--name NAME] SEED DIR\n"
                        "       %s --list-weights\n", tool, tool);
        return 2;
    }
    args->seed = argv[i];
    args->dir = argv[i + 1];
    return -1;
}

int gen_begin(int argc, char **argv, const char *tool, struct weight *weights, int name_width,
              struct gen_args *args, struct rng *rng, struct gen_place *place)
{
    int status = gen_read_args(argc, argv, tool, weights, name_width, args);
    if (status >= 0)
        return status;
    rng_seed(rng, strtoull(args->seed, NULL, 0));
    unsigned low = weight_of(weights, "slots_min"), high = weight_of(weights, "slots_max");
    place->count = low + (high > low ? rng_below(rng, high - low + 1) : 0);
    return -1;
}

void gen_write_slots(struct gen_place *place, struct rng *rng, const struct weight *weights,
                     struct text *text, const struct gen_frame *frame,
                     void (*emit_slot)(void *gen), void *gen)
{
    unsigned count = place->count, loop_from = count, loop_to = count;
    if (count > 2 && rng_percent(rng, weight_of(weights, "loop"))) {
        loop_from = rng_below(rng, count - 1);
        loop_to = loop_from + 1 + rng_below(rng, count - loop_from - 1);
    }
    for (place->slot = 0; place->slot < count; place->slot++) {
        if (place->slot == loop_from) {
            text_printf(text, "%s", frame->loop_head);
            place->in_loop = 1;
        }
        emit_slot(gen);
        if (place->slot == loop_to) {
            text_printf(text, "%s", frame->loop_tail);
            place->in_loop = 0;
        }
        text_printf(text, "L%u%s\n", place->slot + 1, frame->label_end);
    }
}

const int64_t boundary_values[] = {
    0, 1, -1, 2, 0x7fff, 0x8000, 0xffff, 0x10000, -0x8000, -0x8001,
    0x7fffffff, 0x80000000, -0x7fffffff - 1, 0xffffffff, 31, 32, 255, 256, -128,
};
const size_t boundary_count = sizeof boundary_values / sizeof boundary_values[0];
