/* Benchmark: LC-3 instructions per second of lc3_session_run on the nested ADD/BR
 * loops of lc3_loops.asm (assembled with lc3asm; best of a few runs, each on
 * a fresh machine).  Usage: lc3_bench [FILE.asm] */
#include <stdint.h>
#include <stdio.h>
#include "bench_clock.h"

#include "lc3_asm.h"
#include "lc3_machine.h"
#include "lc3_session.h"

enum { RUNS = 5 };

/* One timed run from a fresh machine; the rate, or a negative number if the
 * program did not halt. */
static double run_once(const lc3_program *prog, uint64_t *count)
{
    /* No OS: the program brings its own HALT. */
    lc3_session_config config = {.bare = true, .user_start = true};
    lc3_session *s = lc3_session_new(&config);
    if (!s || !lc3_session_load_program(s, prog)) {
        fprintf(stderr, "lc3_bench: out of memory\n");
        lc3_session_free(s);
        return -1;
    }

    double start = bench_seconds();
    lc3_run_stop stop = lc3_session_run(s, UINT64_MAX).stop;
    double elapsed = bench_seconds() - start;
    *count = lc3_instruction_count(lc3_session_machine(s));
    lc3_session_free(s);
    if (stop != LC3_RUN_HALTED) {
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
