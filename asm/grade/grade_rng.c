/* The graders' random streams. */
#include "grade_rng.h"

void grade_rng_seed(grade_rng *r, uint64_t seed)
{
    r->state = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
}

static const uint64_t golden_gamma = 0x9E3779B97F4A7C15ull;

static uint32_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* splitmix64: small, fast, the same on every machine, and a counter. */
uint32_t grade_rng_next(grade_rng *r)
{
    return mix(r->state += golden_gamma);
}

/* The state in a local: words may alias *r for all the compiler knows, so
 * a store to words[i] would force it back to memory each word, and each
 * word would wait on the last. */
void grade_rng_fill(grade_rng *r, uint32_t *words, size_t count)
{
    uint64_t state = r->state;
    for (size_t i = 0; i < count; i++)
        words[i] = mix(state += golden_gamma);
    r->state = state;
}

uint32_t grade_rng_at(const grade_rng *r, uint64_t k)
{
    return mix(r->state + (k + 1) * golden_gamma);
}

void grade_rng_skip(grade_rng *r, uint64_t count)
{
    r->state += count * golden_gamma;
}

int32_t grade_rng_range(grade_rng *r, int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - lo) + 1;
    return (int32_t)(lo + (int64_t)(grade_rng_next(r) % span));
}

