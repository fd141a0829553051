/* Benchmark: MIPS instructions per second of the session's run loop
 * (mips_session_run) on the lw/addi/sw/bne loops of mips_loops.asm
 * (assembled with mipsasm; best of a few runs, each on a fresh session).  Usage: mips_bench [FILE.asm] */
#include <stdint.h>
#include <stdio.h>
#include "bench_clock.h"

#include "mips_asm.h"
#include "mips_isa.h"
#include "mips_session.h"

enum { RUNS = 5 };

/* One timed run from a fresh machine; the rate, or a negative number if the
 * program did not end with syscall 10. */
static double run_once(const mips_program *prog)
{
    mips_session *s = mips_session_new(NULL);
    if (!s || !mips_session_load_program(s, prog, MIPS_TEXT_BASE) ||
        !mips_session_open(s, NULL)) {
        fprintf(stderr, "mips_bench: cannot load the program\n");
        mips_session_free(s);
        return -1;
    }
    mips_machine *m = mips_session_machine(s);
    double start = bench_seconds();
    mips_run_result r = mips_session_run(s, UINT64_MAX);
    double elapsed = bench_seconds() - start;
    uint64_t count = mips_instruction_count(m);
    uint32_t v0 = mips_reg(m, MIPS_REG_V0);
    mips_session_free(s);
    if (r.end != MIPS_RUN_EXITED || r.fell_off || v0 != 10) {
        fprintf(stderr, "mips_bench: the program did not exit (end %d)\n", (int)r.end);
        return -1;
    }
    printf("mips: %llu instructions in %.3f s = %.0f M instructions/s\n",
           (unsigned long long)count, elapsed, (double)count / elapsed / 1e6);
    return (double)count / elapsed;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : MIPS_BENCH_ASM;
    const char *why = NULL;
    source_file *src = source_load(path, &why);
    if (!src) {
        fprintf(stderr, "mips_bench: %s: %s\n", path, why);
        return 1;
    }
    diag_sink diags;
    diag_init(&diags, stderr);
    mips_program prog;
    bool ok = mips_assemble((const source_file *const *)&src, 1, NULL, &diags, &prog);

    double best = 0;
    for (int run = 0; ok && run < RUNS; run++) {
        double rate = run_once(&prog);
        ok = rate > 0;
        if (rate > best)
            best = rate;
    }
    if (ok)
        printf("mips: best of %d: %.0f M instructions/s\n", RUNS, best / 1e6);
    mips_program_free(&prog);
    source_free(src);
    return ok ? 0 : 1;
}
