/* The randomness of a grading: every test draws from its own stream, so any
 * test replays from the seed the report prints, on every machine. */
#ifndef GRADE_RNG_H
#define GRADE_RNG_H

#include <stdint.h>

typedef struct grade_rng {
    uint64_t state;
} grade_rng;

void grade_rng_seed(grade_rng *r, uint64_t seed);
uint32_t grade_rng_next(grade_rng *r);
/* Uniform in lo..hi (inclusive). */
int32_t grade_rng_range(grade_rng *r, int32_t lo, int32_t hi);

#endif
