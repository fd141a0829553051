/* Tests of the virtual clock and random streams (mips_virtual_time in
 * mips_syscall.h, issue 30 observation 6): a fixed clock's answers to
 * syscalls 30 and 32, fixed streams as java.util.Random(seed + index),
 * a grading seed's values, the host's clock left as MARS's by default,
 * and a graded machine (mips_call) that is always virtual. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "console.h"
#include "mips_isa.h"
#include "mips_call.h"
#include "mips_machine.h"
#include "mips_syscall.h"

static void assert_same_time(const mips_virtual_time *a, const mips_virtual_time *b)
{
    assert_int_equal(a->fixed_clock, b->fixed_clock);
    assert_int_equal(a->clock_ms, b->clock_ms);
    assert_int_equal(a->fixed_random, b->fixed_random);
    assert_int_equal(a->random_seed, b->random_seed);
}

/* A machine and its syscalls, no input, output discarded. */
typedef struct world {
    mips_machine *m;
    console *con;
    mips_syscalls *s;
} world;

static world world_new(const mips_virtual_time *t)
{
    world w;
    w.m = mips_machine_new(&(mips_machine_options){0});
    assert_non_null(w.m);
    w.con = console_open(-1, -1);
    assert_non_null(w.con);
    mips_syscall_options o = mips_syscall_default_options();
    o.stderr_fd = -1;
    o.no_sleep = true;
    if (t)
        o.time = *t;
    w.s = mips_syscalls_new(w.con, &o);
    assert_non_null(w.s);
    return w;
}

static void world_free(world *w)
{
    mips_syscalls_free(w->s);
    console_close(w->con);
    mips_machine_free(w->m);
}

static void call(world *w, uint32_t v0, uint32_t a0, uint32_t a1)
{
    mips_set_reg(w->m, MIPS_REG_V0, v0);
    mips_set_reg(w->m, MIPS_REG_A0, a0);
    mips_set_reg(w->m, MIPS_REG_A1, a1);
    assert_int_equal(mips_syscall(w->s, w->m), MIPS_SYSCALL_CONTINUE);
}

/* Syscall 30's answer as one number. */
static uint64_t time_of(world *w)
{
    call(w, MIPS_SYS_TIME, 0, 0);
    return (uint64_t)mips_reg(w->m, MIPS_REG_A1) << 32 | mips_reg(w->m, MIPS_REG_A0);
}

static int32_t next_int(world *w, int32_t stream)
{
    call(w, MIPS_SYS_RAND_INT, (uint32_t)stream, 0);
    return (int32_t)mips_reg(w->m, MIPS_REG_A0);
}

static void fixed_clock_counts_calls_and_sleeps(void **state)
{
    (void)state;
    mips_virtual_time t = {.fixed_clock = true, .clock_ms = 0x123456789abULL};
    world w = world_new(&t);
    assert_false(mips_syscall_used_time(w.s));
    assert_int_equal(time_of(&w), 0x123456789abULL); /* high word in $a1 */
    assert_true(mips_syscall_used_time(w.s));
    assert_int_equal(time_of(&w), 0x123456789acULL);
    call(&w, MIPS_SYS_SLEEP, 250, 0);
    assert_int_equal(time_of(&w), 0x123456789adULL + 250);
    call(&w, MIPS_SYS_SLEEP, (uint32_t)-5, 0); /* a negative sleep: no time */
    assert_int_equal(time_of(&w), 0x123456789aeULL + 250);
    assert_int_equal(mips_syscall_clock_now(w.s), 0x123456789afULL + 250);
    world_free(&w);
}

static void fixed_streams_start_at_seed_plus_index(void **state)
{
    (void)state;
    mips_virtual_time t = {.fixed_random = true, .random_seed = 40};
    world w = world_new(&t);
    /* Stream 2 is new Random(42): BEHAVIOUR.md's nextDouble. */
    call(&w, MIPS_SYS_RAND_DOUBLE, 2, 0);
    uint64_t bits = (uint64_t)mips_fpr(w.m, MIPS_FPR_F0 + 1) << 32 | mips_fpr(w.m, MIPS_FPR_F0);
    double d;
    memcpy(&d, &bits, sizeof d);
    assert_true(d == 0.7275636800328681);
    /* Stream -3 is new Random(37), as stream 7 seeded with 37 by syscall 40. */
    call(&w, MIPS_SYS_RAND_SEED, 7, 37);
    for (int i = 0; i < 5; i++)
        assert_int_equal(next_int(&w, -3), next_int(&w, 7));
    /* Syscall 40 still seeds as MARS does. */
    call(&w, MIPS_SYS_RAND_SEED, 2, 42);
    call(&w, MIPS_SYS_RAND_DOUBLE, 2, 0);
    assert_int_equal((uint64_t)mips_fpr(w.m, MIPS_FPR_F0 + 1) << 32 | mips_fpr(w.m, MIPS_FPR_F0),
                     bits);
    world_free(&w);
}

/* Two runs with the same values see the same clock and numbers, a game
 * that seeds from the clock included. */
static void runs_with_the_same_values_agree(void **state)
{
    (void)state;
    mips_virtual_time t = mips_virtual_time_of_seed(7);
    world a = world_new(&t), b = world_new(&t);
    for (int i = 0; i < 3; i++)
        assert_int_equal(time_of(&a), time_of(&b));
    call(&a, MIPS_SYS_TIME, 0, 0);
    call(&a, MIPS_SYS_RAND_SEED, 0, mips_reg(a.m, MIPS_REG_A0));
    call(&b, MIPS_SYS_TIME, 0, 0);
    call(&b, MIPS_SYS_RAND_SEED, 0, mips_reg(b.m, MIPS_REG_A0));
    for (int i = 0; i < 5; i++) {
        assert_int_equal(next_int(&a, 0), next_int(&b, 0));
        assert_int_equal(next_int(&a, 9), next_int(&b, 9));
    }
    world_free(&a);
    world_free(&b);
}

static void grading_seed_fixes_both(void **state)
{
    (void)state;
    mips_virtual_time a = mips_virtual_time_of_seed(1), b = mips_virtual_time_of_seed(1),
                      c = mips_virtual_time_of_seed(2);
    assert_true(a.fixed_clock && a.fixed_random);
    assert_same_time(&a, &b);
    assert_true(a.clock_ms != c.clock_ms && a.random_seed != c.random_seed);
    /* In 2026 (from 1767225600000 ms), seeds within java.util.Random's 48 bits. */
    for (uint64_t seed = 0; seed < 100; seed++) {
        mips_virtual_time t = mips_virtual_time_of_seed(seed);
        assert_true(t.clock_ms >= 1767225600000ULL);
        assert_true(t.clock_ms < 1767225600000ULL + 365ULL * 86400000ULL);
        assert_true(t.random_seed < (1ULL << 48));
    }
}

/* mipssim's default is MARS: the host's clock, streams from it. */
static void default_is_the_hosts_clock(void **state)
{
    (void)state;
    world w = world_new(NULL);
    uint64_t now = (uint64_t)time(NULL) * 1000u;
    uint64_t got = time_of(&w);
    assert_true(got + 2000 >= now && got <= now + 2000);
    world_free(&w);
}

/* A graded machine: the same clock and numbers in every mips_call made
 * with the same options, even with the options' time left zero. */
static void graded_machines_are_virtual(void **state)
{
    (void)state;
    const char *name = "t.asm";
    const char *text = "\t.text\n"
                       "f:\tli $v0, 30\n\tsyscall\n\tmove $v1, $a0\n"
                       "\tli $a0, 5\n\tli $v0, 41\n\tsyscall\n\tmove $v0, $a0\n\tjr $ra\n";
    char *messages = NULL;
    mips_call_program *p = mips_call_assemble_texts(&name, &text, 1, NULL, &messages);
    free(messages);
    assert_non_null(p);
    uint32_t f;
    assert_true(mips_call_find(p, 0, "f", &f));
    mips_call_options o = mips_call_default_options();
    o.time = (mips_virtual_time){0};
    mips_call_result r[2];
    for (int i = 0; i < 2; i++) {
        mips_call *c = mips_call_new(p, &o);
        assert_non_null(c);
        r[i] = mips_call_run(c, f, NULL, 0);
        assert_int_equal(r[i].status, MIPS_CALL_RETURNED);
        assert_true(mips_call_used_time(c));
        mips_call_free(c);
    }
    assert_int_equal(r[0].v0, r[1].v0);
    assert_int_equal(r[0].v1, r[1].v1);
    assert_int_equal(r[0].v1, 0); /* the clock as the options gave it: ms 0 */
    /* The defaults: seed 0's values. */
    o = mips_call_default_options();
    mips_virtual_time t = mips_virtual_time_of_seed(0);
    assert_same_time(&o.time, &t);
    mips_call *c = mips_call_new(p, &o);
    assert_non_null(c);
    mips_call_result d = mips_call_run(c, f, NULL, 0);
    assert_int_equal(d.v1, (uint32_t)t.clock_ms);
    mips_call_free(c);
    mips_call_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_clock_counts_calls_and_sleeps),
        cmocka_unit_test(fixed_streams_start_at_seed_plus_index),
        cmocka_unit_test(runs_with_the_same_values_agree),
        cmocka_unit_test(grading_seed_fixes_both),
        cmocka_unit_test(default_is_the_hosts_clock),
        cmocka_unit_test(graded_machines_are_virtual),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
