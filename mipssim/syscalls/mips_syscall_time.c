/* Services 30 (time), 32 (sleep) and 40-44 (random streams), over a clock
 * and generators that are either the host's (MARS's behaviour, mipssim's
 * default) or virtual (graded runs, mipssim --clock/--random-seed): a
 * virtual run sees the same times and numbers on any machine, under any
 * load, and a reference and a submission given the same values see the
 * same ones. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mips_isa.h"
#include "mips_syscall_impl.h"
#include "grow.h"

/* 2026-01-01T00:00:00Z: virtual clocks start in the year after it. */
static const uint64_t virtual_epoch_ms = 1767225600000ULL;
static const uint64_t virtual_span_ms = 365ULL * 24 * 60 * 60 * 1000;

/* SplitMix64's finalizer: every bit of the seed moves every bit out. */
static uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

mips_virtual_time mips_virtual_time_of_seed(uint64_t seed)
{
    mips_virtual_time t = {.fixed_clock = true, .fixed_random = true};
    t.clock_ms = virtual_epoch_ms + mix64(seed) % virtual_span_ms;
    /* 48 bits: all that java.util.Random keeps of a seed. */
    t.random_seed = mix64(seed ^ 0x52414E444F4D2121ULL) & ((1ULL << 48) - 1);
    return t;
}

void mips_sys_time_init(mips_syscalls *s, const mips_virtual_time *t)
{
    s->time = *t;
    s->clock_now = t->clock_ms;
}

uint64_t mips_syscall_clock_now(const mips_syscalls *s)
{
    return s->clock_now;
}

bool mips_syscall_used_time(const mips_syscalls *s)
{
    return s->used_time;
}

/* 30: ms since the epoch, low word in $a0, high in $a1. A virtual clock
 * answers its value and then moves on 1 ms, so a program that waits for
 * the time to pass by reading it still ends. */
mips_syscall_result mips_sys_time(mips_syscalls *s, mips_machine *m)
{
    uint64_t ms;
    s->used_time = true;
    if (s->time.fixed_clock) {
        ms = s->clock_now++;
    } else {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        ms = (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
    }
    mips_set_reg(m, MIPS_REG_A0, (uint32_t)ms);
    mips_set_reg(m, MIPS_REG_A1, (uint32_t)(ms >> 32));
    return MIPS_SYSCALL_CONTINUE;
}

/* 32: a virtual clock moves on by the time asked, whether or not the run
 * really waits (graders do not). */
mips_syscall_result mips_sys_sleep(mips_syscalls *s, mips_machine *m)
{
    int32_t ms = (int32_t)mips_reg(m, MIPS_REG_A0);
    if (s->con)
        console_flush(s->con); /* what the program printed shows while it waits */
    if (ms > 0)
        s->clock_now += (uint64_t)ms;
    if (s->no_sleep || ms <= 0)
        return MIPS_SYSCALL_CONTINUE;
    struct timespec t = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
    return MIPS_SYSCALL_CONTINUE;
}

/* The stream $a0 names. A new one is MARS's new Random(): seeded from the
 * host's clock, or with fixed random numbers new Random(random_seed +
 * index). NULL when out of memory. */
static mips_random *stream_of(mips_syscalls *s, int32_t index)
{
    for (size_t i = 0; i < s->stream_count; i++)
        if (s->streams[i].index == index)
            return &s->streams[i].rng;
    if (s->stream_count == s->stream_size) {
        mips_stream *streams = grow_array(s->streams, &s->stream_size,
                                          s->stream_count + 1, sizeof *streams);
        if (!streams)
            return NULL;
        s->streams = streams;
    }
    mips_stream *st = &s->streams[s->stream_count++];
    st->index = index;
    if (s->time.fixed_random)
        mips_random_seed(&st->rng, (int64_t)(s->time.random_seed + (uint64_t)(int64_t)index));
    else
        mips_random_seed_from_clock(&st->rng);
    return &st->rng;
}

static uint32_t bits_of_float(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

mips_syscall_result mips_sys_random(mips_syscalls *s, mips_machine *m, int service)
{
    s->used_time = true;
    mips_random *r = stream_of(s, (int32_t)mips_reg(m, MIPS_REG_A0));
    if (!r)
        return MIPS_SYSCALL_CONTINUE;
    int32_t value;
    uint64_t bits;
    double d;
    switch (service) {
    case MIPS_SYS_RAND_SEED: /* new Random(seed): the int sign-extended */
        mips_random_seed(r, (int32_t)mips_reg(m, MIPS_REG_A1));
        break;
    case MIPS_SYS_RAND_INT:
        mips_set_reg(m, MIPS_REG_A0, (uint32_t)mips_random_next_int(r));
        break;
    case MIPS_SYS_RAND_INT_RANGE:
        if (!mips_random_next_int_bound(r, (int32_t)mips_reg(m, MIPS_REG_A1), &value)) {
            mips_raise(m, MIPS_ERR_RANDOM_BOUND, 0, 0);
            return MIPS_SYSCALL_RAISED;
        }
        mips_set_reg(m, MIPS_REG_A0, (uint32_t)value);
        break;
    case MIPS_SYS_RAND_FLOAT:
        mips_set_fpr(m, MIPS_FPR_F0, bits_of_float(mips_random_next_float(r)));
        break;
    default: /* a double in $f0/$f1, low word in $f0 */
        d = mips_random_next_double(r);
        memcpy(&bits, &d, sizeof bits);
        mips_set_fpr(m, MIPS_FPR_F0, (uint32_t)bits);
        mips_set_fpr(m, MIPS_FPR_F0 + 1, (uint32_t)(bits >> 32));
        break;
    }
    return MIPS_SYSCALL_CONTINUE;
}
