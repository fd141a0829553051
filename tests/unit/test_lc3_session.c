/* The LC-3 session (lc3sim/machine/lc3_session.h): the run loop's TRAP hook
 * (perform, refuse, stop), its stop at an exception and at a finding, and
 * a restart from the same program. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <setjmp.h>
#include <stdarg.h>
#include <cmocka.h>

#include "lc3_asm.h"
#include "lc3_session.h"

typedef struct output {
    char text[256];
    size_t len;
} output;

static void put(void *ctx, uint8_t byte)
{
    output *o = ctx;
    if (o->len + 1 < sizeof o->text)
        o->text[o->len++] = (char)byte;
}

/* Assembles text into prog (source kept in *src); fails the test on errors. */
static void assemble(const char *text, source_file **src, lc3_program *prog)
{
    *src = source_from_memory("t.asm", text, strlen(text));
    assert_non_null(*src);
    diag_sink sink;
    diag_init(&sink, stderr);
    assert_true(lc3_assemble(*src, &sink, prog));
    diag_free(&sink);
}

static const char *const PRINTS_A =
    "        .ORIG x3000\n"
    "        LD R0, A\n"
    "        OUT\n"
    "        HALT\n"
    "A       .FILL x41\n"
    "        .END\n";

typedef struct hook_log {
    lc3_syscall_verdict verdict_for_out;
    unsigned seen[4];
    size_t count;
} hook_log;

static lc3_syscall_verdict hook(void *ctx, lc3_session *s, unsigned service)
{
    hook_log *log = ctx;
    (void)s;
    if (log->count < 4)
        log->seen[log->count++] = service;
    return service == 0x21 ? log->verdict_for_out : LC3_SYSCALL_PERFORM;
}

/* One run per verdict for OUT: performed (the A printed), refused (no A,
 * the run goes on to HALT), stopped (before the TRAP, nothing printed). */
static void test_trap_hook(void **state)
{
    (void)state;
    source_file *src;
    lc3_program prog;
    assemble(PRINTS_A, &src, &prog);
    const lc3_syscall_verdict verdicts[] = {LC3_SYSCALL_PERFORM, LC3_SYSCALL_REFUSE,
                                            LC3_SYSCALL_STOP};
    for (size_t i = 0; i < 3; i++) {
        output out = {{0}, 0};
        lc3_session_config config = {.io = {.ctx = &out, .put_char = put}};
        lc3_session *s = lc3_session_new(&config);
        assert_non_null(s);
        assert_true(lc3_session_load_program(s, &prog));
        hook_log log = {.verdict_for_out = verdicts[i]};
        lc3_session_set_syscall_hook(s, hook, &log);
        lc3_run_result r = lc3_session_run(s, 100000);
        if (verdicts[i] == LC3_SYSCALL_STOP) {
            assert_int_equal(r.stop, LC3_RUN_HOOK);
            assert_int_equal(lc3_pc(lc3_session_machine(s)), 0x3001);
            assert_int_equal(log.count, 1);
        } else {
            assert_int_equal(r.stop, LC3_RUN_HALTED);
            assert_true(log.count >= 2);
            assert_int_equal(log.seen[0], 0x21);
            assert_int_equal(log.seen[1], 0x25);
        }
        /* The A first when OUT ran; HALT's banner follows, never an A. */
        assert_int_equal(out.len > 0 && out.text[0] == 'A', verdicts[i] == LC3_SYSCALL_PERFORM);
        assert_null(memchr(out.text + 1, 'A', out.len > 0 ? out.len - 1 : 0));
        if (verdicts[i] == LC3_SYSCALL_STOP)
            assert_int_equal(out.len, 0);
        lc3_session_free(s);
    }
    lc3_program_free(&prog);
    source_free(src);
}

/* stop_at_exception: the run ends at the faulting LDI, nothing entered;
 * a restart begins again from the entry. */
static void test_stop_at_exception_and_restart(void **state)
{
    (void)state;
    source_file *src;
    lc3_program prog;
    assemble("        .ORIG x3000\n"
             "        ADD R1, R1, #1\n"
             "        LDI R0, P\n"
             "        HALT\n"
             "P       .FILL x0000\n"
             "        .END\n",
             &src, &prog);
    lc3_session_config config = {.stop_at_exception = true};
    lc3_session *s = lc3_session_new(&config);
    assert_true(lc3_session_load_program(s, &prog));
    lc3_run_result r = lc3_session_run(s, 1000);
    assert_int_equal(r.stop, LC3_RUN_EXCEPTION);
    lc3_machine *m = lc3_session_machine(s);
    assert_int_equal(lc3_pc(m), 0x3001);
    assert_int_equal(lc3_last_exception(m).vector, LC3_VEC_ACCESS);
    assert_int_equal(lc3_reg(m, 1), 1);
    assert_true(lc3_session_start(s));
    m = lc3_session_machine(s);
    assert_int_equal(lc3_pc(m), 0x3000);
    assert_int_equal(lc3_reg(m, 1), 0);
    assert_int_equal(lc3_exception_count(m), 0);
    lc3_session_free(s);
    lc3_program_free(&prog);
    source_free(src);
}

/* stop_at_finding with the return check: a RET with R7 lost stops before
 * it; run again, it goes on (each finding is said once). */
static void test_stop_at_finding(void **state)
{
    (void)state;
    source_file *src;
    lc3_program prog;
    assemble("        .ORIG x3000\n"
             "        JSR F\n"
             "        HALT\n"
             "F       JSR G\n"
             "        RET\n"
             "G       RET\n"
             "        .END\n",
             &src, &prog);
    FILE *findings = tmpfile();
    assert_non_null(findings);
    lc3_session_config config = {.stop_at_finding = true,
                                 .check_set = 1u << LC3_CHECK_RETURN,
                                 .check_saved = LC3_CHECK_SAVED_DEFAULT,
                                 .check_out = findings};
    lc3_session *s = lc3_session_new(&config);
    assert_true(lc3_session_load_program(s, &prog));
    assert_non_null(lc3_session_checker(s));
    lc3_run_result r = lc3_session_run(s, 1000);
    assert_int_equal(r.stop, LC3_RUN_FINDING);
    assert_int_equal(lc3_pc(lc3_session_machine(s)), 0x3003);
    assert_true(ftell(findings) > 0);
    r = lc3_session_run(s, 1000);
    assert_int_not_equal(r.stop, LC3_RUN_FINDING);
    lc3_session_free(s);
    fclose(findings);
    lc3_program_free(&prog);
    source_free(src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trap_hook),
        cmocka_unit_test(test_stop_at_exception_and_restart),
        cmocka_unit_test(test_stop_at_finding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
