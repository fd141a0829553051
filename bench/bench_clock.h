/* The benchmarks' clocks: monotonic seconds, for timing one run, and CPU
 * seconds. */
#ifndef BENCH_CLOCK_H
#define BENCH_CLOCK_H

#include <time.h>

static inline double bench_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* CPU seconds of this process: steadier than the wall clock on a machine
 * others share, for comparing two builds of one loop. */
static inline double bench_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#endif
