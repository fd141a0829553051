/* java.util.Random as Java 8 specifies it (the streams of syscalls 40-44):
 * the same seed must give the same numbers as MARS. */
#include <time.h>

#include "mips_syscall_impl.h"

enum { RANDOM_ADDEND = 0xB };
static const uint64_t random_multiplier = 0x5DEECE66DULL;
static const uint64_t random_mask = (1ULL << 48) - 1;

void mips_random_seed(mips_random *r, int64_t seed)
{
    r->seed = ((uint64_t)seed ^ random_multiplier) & random_mask;
}

/* Java's Random() mixes a counter into System.nanoTime(); any value that
 * differs between runs will do, as a program cannot tell. */
void mips_random_seed_from_clock(mips_random *r)
{
    static const uint64_t mix = 0x9E3779B97F4A7C15ULL;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t t = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
    mips_random_seed(r, (int64_t)(t * mix ^ (uintptr_t)r));
}

/* next(bits): the top bits of the 48-bit state, as a signed int. */
static int32_t random_next(mips_random *r, int bits)
{
    r->seed = (r->seed * random_multiplier + RANDOM_ADDEND) & random_mask;
    return (int32_t)(uint32_t)(r->seed >> (48 - bits));
}

int32_t mips_random_next_int(mips_random *r)
{
    return random_next(r, 32);
}

bool mips_random_next_int_bound(mips_random *r, int32_t bound, int32_t *out)
{
    if (bound <= 0)
        return false;
    if ((bound & -bound) == bound) { /* a power of two: the high bits */
        *out = (int32_t)(((int64_t)bound * random_next(r, 31)) >> 31);
        return true;
    }
    int32_t bits, val;
    do {
        bits = random_next(r, 31);
        val = bits % bound;
        /* Java's int arithmetic wraps: a negative sum rejects the draw. */
    } while ((int32_t)((uint32_t)bits - (uint32_t)val + (uint32_t)(bound - 1)) < 0);
    *out = val;
    return true;
}

float mips_random_next_float(mips_random *r)
{
    return (float)random_next(r, 24) / (float)(1 << 24);
}

double mips_random_next_double(mips_random *r)
{
    int64_t hi = random_next(r, 26), lo = random_next(r, 27);
    return (double)((hi << 27) + lo) * 0x1.0p-53;
}
