/* Benchmark: LC-3 instructions per second of lc3_run on the nested ADD/BR
 * loops of lc3_loops.asm (assembled with lc3asm; best of a few runs, each on
 * a fresh machine).  Usage: lc3_bench [FILE.asm] */
#include <stdint.h>
#include <stdio.h>
#include "bench_clock.h"

#include "lc3_asm.h"
#include "lc3_machine.h"

enum { RUNS = 5 };

/* One timed run from a fresh machine; the rate, or a negative number if the
 * program did not halt. */
static double run_once(const lc3_program *prog, uint64_t *count)
{
    lc3_machine *m = lc3_new(NULL);
    if (!m) {
        fprintf(stderr, "lc3_bench: out of memory\n");
        return -1;
    }
    for (size_t i = 0; i < prog->block_count; i++)
        lc3_load(m, prog->blocks[i].origin, prog->blocks[i].words, prog->blocks[i].count);
    lc3_start_user(m, lc3_program_entry(prog));

    double start = bench_seconds();
    lc3_stop stop = lc3_run(m, UINT64_MAX);
    double elapsed = bench_seconds() - start;
    *count = lc3_instruction_count(m);
    lc3_free(m);
    if (stop != LC3_STOP_HALTED) {
        fprintf(stderr, "lc3_bench: the program did not halt (stop %d)\n", (int)stop);
        return -1;
    }
    printf("lc3: %llu instructions in %.3f s = %.0f M instructions/s\n",
           (unsigned long long)*count, elapsed, (double)*count / elapsed / 1e6);
    return (double)*count / elapsed;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : LC3_BENCH_ASM;
    const char *why = NULL;
    source_file *src = source_load(path, &why);
    if (!src) {
        fprintf(stderr, "lc3_bench: %s: %s\n", path, why);
        return 1;
    }
    diag_sink diags;
    diag_init(&diags, stderr);
    lc3_program prog;
    bool ok = lc3_assemble(src, &diags, &prog);

    double best = 0;
    for (int run = 0; ok && run < RUNS; run++) {
        uint64_t count = 0;
        double rate = run_once(&prog, &count);
        ok = rate > 0;
        if (rate > best)
            best = rate;
    }
    if (ok)
        printf("lc3: best of %d: %.0f M instructions/s\n", RUNS, best / 1e6);
    lc3_program_free(&prog);
    source_free(src);
    return ok ? 0 : 1;
}
