/* The randomness of a grading: every test draws from its own stream, so any
 * test replays from the seed the report prints, on every machine. */
#ifndef GRADE_RNG_H
#define GRADE_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct grade_rng {
    uint64_t state;
} grade_rng;

void grade_rng_seed(grade_rng *r, uint64_t seed);
uint32_t grade_rng_next(grade_rng *r);
/* The next count words, as count calls of grade_rng_next give them. */
void grade_rng_fill(grade_rng *r, uint32_t *words, size_t count);
/* What the (k + 1)th call of grade_rng_next would give, without drawing:
 * the stream is a counter, so any word of it is at hand. */
uint32_t grade_rng_at(const grade_rng *r, uint64_t k);
/* Draws count words unseen. */
void grade_rng_skip(grade_rng *r, uint64_t count);
/* Uniform in lo..hi (inclusive). */
int32_t grade_rng_range(grade_rng *r, int32_t lo, int32_t hi);

#endif
