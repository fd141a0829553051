/* The graders' random streams. */
#include "grade_rng.h"

void grade_rng_seed(grade_rng *r, uint64_t seed)
{
    r->state = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
}

/* splitmix64: small, fast, and the same on every machine. */
uint32_t grade_rng_next(grade_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

int32_t grade_rng_range(grade_rng *r, int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
    return (int32_t)(lo + (int64_t)(grade_rng_next(r) % span));
}

