/* gen.h: what the differential fuzzer's program generators share: a seeded
 * random source (the same seed gives the same program on every host), text
 * buffers, tunable weights and the boundary values operands are drawn from. */
#ifndef DIFFFUZZ_GEN_H
#define DIFFFUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>

struct rng {
    uint64_t state;
};

void rng_seed(struct rng *rng, uint64_t seed);
uint32_t rng_next(struct rng *rng);
/* A number in [0, n); n > 0. */
uint32_t rng_below(struct rng *rng, uint32_t n);
/* True with probability percent / 100. */
int rng_percent(struct rng *rng, unsigned percent);

/* A growing text; out of memory ends the program (a generator has no way
 * to go on without its output). */
struct text {
    char *bytes;
    size_t length, capacity;
};

void text_printf(struct text *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void text_free(struct text *text);
int text_write_file(const struct text *text, const char *dir, const char *name,
                    const char *suffix);

/* Weights a developer tunes (--weights FILE: lines "name value", '#'
 * starts a comment). Each names the relative share of a kind of statement,
 * or a percentage for the yes/no choices. */
struct weight {
    const char *name;
    unsigned value;
    const char *meaning;
};

/* Reads FILE into WEIGHTS (a list ended by a null name); 0 on success,
 * else prints file:line: message and returns -1. */
int weights_read(struct weight *weights, const char *file);
unsigned weight_of(const struct weight *weights, const char *name);
/* Picks an index by the weights named in NAMES (n of them). */
size_t pick_weighted(struct rng *rng, const struct weight *weights,
                     const char *const *names, size_t n);

/* The boundary values of issue 31: 0, 1, -1, 0x7fff, 0x8000, 0xffff,
 * 0x7fffffff, 0x80000000, and their neighbours. */
extern const int64_t boundary_values[];
extern const size_t boundary_count;

#endif
