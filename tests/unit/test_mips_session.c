/* Unit tests of the session's run loop (mips_session.h): the hook before a
 * syscall performs, refuses, stops and charges; a syscall's error with no
 * handler ends a run at once; off the end of the code and exits. Programs
 * are machine words poked into .text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "mips_session.h"

enum {
    ADDIU_V0_9 = 0x24020009,    /* li $v0, 9 (sbrk) */
    ADDIU_V0_10 = 0x2402000a,   /* li $v0, 10 (exit) */
    ADDIU_A0_M1 = 0x2404ffff,   /* li $a0, -1 */
    ADDIU_A0_16 = 0x24040010,   /* li $a0, 16 */
    SYSCALL = 0x0000000c,
};

static mips_session *session_of(const uint32_t *words, size_t count)
{
    mips_session *s = mips_session_new(NULL);
    assert_non_null(s);
    assert_true(mips_session_open(s, NULL));
    for (size_t i = 0; i < count; i++)
        mips_poke(mips_session_machine(s), MIPS_TEXT_BASE + 4 * (uint32_t)i, words[i]);
    return s;
}

typedef struct hook_log {
    mips_syscall_verdict verdict;
    uint64_t charge;
    unsigned calls, last_service;
} hook_log;

static mips_syscall_verdict log_hook(void *ctx, mips_session *s, unsigned service)
{
    hook_log *log = ctx;
    log->calls++;
    log->last_service = service;
    mips_session_charge(s, log->charge);
    return log->verdict;
}

static void hook_refuses_before_the_syscall(void **unused)
{
    (void)unused;
    const uint32_t code[] = {ADDIU_V0_9, ADDIU_A0_16, SYSCALL, ADDIU_V0_10, SYSCALL};
    mips_session *s = session_of(code, 5);
    hook_log log = {.verdict = MIPS_SYSCALL_REFUSE};
    mips_session_set_syscall_hook(s, log_hook, &log);
    mips_run_result r = mips_session_run(s, 100);
    assert_int_equal(r.end, MIPS_RUN_REFUSED);
    assert_int_equal(r.service, 9);
    assert_int_equal(log.calls, 1);
    mips_machine *m = mips_session_machine(s);
    assert_int_equal(mips_pc(m), MIPS_TEXT_BASE + 8); /* at the syscall */
    assert_int_equal(mips_heap_break(m), MIPS_HEAP_BASE); /* sbrk not performed */
    log.verdict = MIPS_SYSCALL_STOP;
    assert_int_equal(mips_session_run(s, 100).end, MIPS_RUN_STOPPED);
    mips_session_free(s);
}

static void hook_performs_and_charges(void **unused)
{
    (void)unused;
    const uint32_t code[] = {ADDIU_V0_9, ADDIU_A0_16, SYSCALL, ADDIU_V0_10, SYSCALL};
    mips_session *s = session_of(code, 5);
    hook_log log = {.verdict = MIPS_SYSCALL_PERFORM, .charge = 1};
    mips_session_set_syscall_hook(s, log_hook, &log);
    /* 3 steps and a charge of 1 use 4 of 4: the run ends before li $v0,10. */
    mips_run_result r = mips_session_run(s, 4);
    assert_int_equal(r.end, MIPS_RUN_LIMIT);
    mips_machine *m = mips_session_machine(s);
    assert_int_equal(mips_heap_break(m), MIPS_HEAP_BASE + 16);
    assert_int_equal(mips_instruction_count(m), 3);
    r = mips_session_run(s, 100);
    assert_int_equal(r.end, MIPS_RUN_EXITED);
    assert_false(r.fell_off);
    assert_int_equal(log.calls, 2);
    mips_session_free(s);
}

/* sbrk(-1) raises an error with no handler on the run's last step: the run
 * ends with it, not with the step limit. */
static void syscall_error_ends_the_run_at_once(void **unused)
{
    (void)unused;
    const uint32_t code[] = {ADDIU_V0_9, ADDIU_A0_M1, SYSCALL};
    mips_session *s = session_of(code, 3);
    mips_run_result r = mips_session_run(s, 3);
    assert_int_equal(r.end, MIPS_RUN_ERROR);
    mips_machine *m = mips_session_machine(s);
    assert_int_equal(mips_error_of(m)->kind, MIPS_ERR_SBRK_NEGATIVE);
    assert_false(mips_error_pending(m));
    mips_session_free(s);
}

static void off_the_end_of_the_code(void **unused)
{
    (void)unused;
    const uint32_t code[] = {ADDIU_A0_16};
    mips_session *s = session_of(code, 1);
    mips_run_result r = mips_session_run(s, 10);
    assert_int_equal(r.end, MIPS_RUN_EXITED);
    assert_true(r.fell_off);
    mips_session_free(s);
}

/* A program from source, started at main (sm), runs to its exit; a file
 * that does not assemble says why and loads nothing. */
static void load_source_and_run(void **unused)
{
    (void)unused;
    char path[] = "/tmp/test_mips_session_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char text[] = ".text\nnot_main: li $v0, 17\n li $a0, 9\n syscall\n"
                        ".globl main\nmain: li $v0, 17\n li $a0, 3\n syscall\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    const char *paths[] = {path};
    mips_source_options o = {.paths = paths, .count = 1, .allow_pseudo = true,
                             .start_main = true};
    mips_session *s = mips_session_new(NULL);
    assert_non_null(s);
    assert_true(mips_session_load_source(s, &o, stderr));
    assert_non_null(mips_session_program(s));
    assert_true(mips_session_open(s, NULL));
    mips_run_result r = mips_session_run(s, 100);
    assert_int_equal(r.end, MIPS_RUN_EXITED);
    assert_int_equal(r.exit_status, 3);
    mips_session_free(s);

    FILE *bad = fopen(path, "w");
    assert_non_null(bad);
    fputs("main: frob $t0\n", bad);
    fclose(bad);
    char *messages = NULL;
    size_t size = 0;
    FILE *errors = open_memstream(&messages, &size);
    s = mips_session_new(NULL);
    assert_false(mips_session_load_source(s, &o, errors));
    fclose(errors);
    assert_non_null(strstr(messages, "nothing ran"));
    free(messages);
    mips_session_free(s);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hook_refuses_before_the_syscall),
        cmocka_unit_test(hook_performs_and_charges),
        cmocka_unit_test(syscall_error_ends_the_run_at_once),
        cmocka_unit_test(off_the_end_of_the_code),
        cmocka_unit_test(load_source_and_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
