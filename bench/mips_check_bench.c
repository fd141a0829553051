/* Benchmark: what --check costs. Runs each program (default: mips_loops.asm
 * and mips_calls.asm) to its syscall 10 on a fresh machine, plain and with
 * every check attached (mips_check.h), in turn, best of a few runs each in
 * CPU time (the machine may be shared), and prints both rates and their ratio. The programs must run clean: a finding is a
 * failure.  Usage: mips_check_bench [FILE.asm...] */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench_clock.h"
#include "mips_asm.h"
#include "mips_isa.h"
#include "mips_check.h"
#include "mips_session.h"

enum { RUNS = 7 };

static bool count_finding(void *ctx, const mips_finding *f)
{
    (void)f;
    ++*(unsigned *)ctx;
    return false;
}

/* One timed run; the rate, or a negative number on failure. */
static double run_once(const mips_program *prog, bool checked)
{
    mips_session *s = mips_session_new(NULL);
    unsigned findings = 0;
    mips_checker *ck = checked ? mips_checker_new((1u << MIPS_CHECK_COUNT) - 1, count_finding,
                                                  &findings)
                               : NULL;
    if (!s || !mips_session_load_program(s, prog, MIPS_TEXT_BASE) ||
        !mips_session_open(s, NULL) || (checked && !ck)) {
        fprintf(stderr, "mips_check_bench: cannot load the program\n");
        mips_session_free(s);
        mips_checker_free(ck);
        return -1;
    }
    mips_machine *m = mips_session_machine(s);
    if (ck) {
        mips_check_attach(m, ck, prog);
        mips_session_set_checker(s, ck);
    }
    double start = bench_cpu_seconds();
    mips_run_result r = mips_session_run(s, UINT64_MAX);
    double elapsed = bench_cpu_seconds() - start;
    uint64_t count = mips_instruction_count(m);
    uint32_t v0 = mips_reg(m, MIPS_REG_V0);
    mips_session_free(s);
    mips_checker_free(ck);
    if (r.end != MIPS_RUN_EXITED || r.fell_off || v0 != 10 || findings) {
        fprintf(stderr, "mips_check_bench: the program did not exit clean (end %d, %u findings)\n",
                (int)r.end, findings);
        return -1;
    }
    return (double)count / elapsed;
}

/* Best rates of RUNS runs each, plain and checked in turn, so both meet the
 * same load. False on a failed run. */
static bool best_of(const mips_program *prog, double *plain, double *checked)
{
    *plain = *checked = 0;
    for (int run = 0; run < RUNS; run++) {
        double p = run_once(prog, false), c = p > 0 ? run_once(prog, true) : -1;
        if (c < 0)
            return false;
        *plain = p > *plain ? p : *plain;
        *checked = c > *checked ? c : *checked;
    }
    return true;
}

static bool bench(const char *path)
{
    const char *why = NULL;
    source_file *src = source_load(path, &why);
    if (!src) {
        fprintf(stderr, "mips_check_bench: %s: %s\n", path, why);
        return false;
    }
    diag_sink diags;
    diag_init(&diags, stderr);
    mips_program prog;
    bool ok = mips_assemble((const source_file *const *)&src, 1, NULL, &diags, &prog);
    double plain = 0, checked = 0;
    ok = ok && best_of(&prog, &plain, &checked);
    if (ok) {
        const char *name = strrchr(path, '/');
        printf("mips --check: %s: plain %.0f M instructions/s, checked %.0f M/s: %.2fx slower\n",
               name ? name + 1 : path, plain / 1e6, checked / 1e6, plain / checked);
    }
    mips_program_free(&prog);
    diag_free(&diags);
    source_free(src);
    return ok;
}

int main(int argc, char **argv)
{
    static const char *const defaults[] = {MIPS_BENCH_DIR "/mips_loops.asm",
                                           MIPS_BENCH_DIR "/mips_calls.asm"};
    bool ok = true;
    if (argc > 1)
        for (int i = 1; i < argc; i++)
            ok = bench(argv[i]) && ok;
    else
        for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
            ok = bench(defaults[i]) && ok;
    return ok ? 0 : 1;
}
