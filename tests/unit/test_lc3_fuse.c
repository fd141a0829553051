/* Tests of the LC-3 interpreter's counting loops (ADD Rn, Rn, #imm, maybe a
 * second such ADD, and a BR back: run as one, in host registers): a run cut
 * at any step, or in chunks of any size, ends where single steps do, with
 * the same checked record; a store or a poke into a cached loop and a stop
 * address armed inside one are seen. Programs are hand-encoded, as in
 * test_lc3_machine.c. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <setjmp.h>
#include <stdarg.h>
#include <cmocka.h>

#include "lc3_machine.h"

/* Macros, not functions: the programs are constant arrays. */
#define ADD_I(dr, sr, imm) ((uint16_t)(0x1020u | (dr) << 9 | (sr) << 6 | ((unsigned)(imm) & 0x1Fu)))
#define AND_I(dr, sr, imm) ((uint16_t)(0x5020u | (dr) << 9 | (sr) << 6 | ((unsigned)(imm) & 0x1Fu)))
#define BR(nzp, off)       ((uint16_t)((nzp) << 9 | ((unsigned)(off) & 0x1FFu)))
#define LD(dr, off)        ((uint16_t)(0x2000u | (dr) << 9 | ((unsigned)(off) & 0x1FFu)))
#define ST(sr, off)        ((uint16_t)(0x3000u | (sr) << 9 | ((unsigned)(off) & 0x1FFu)))
enum { N = 4, Z = 2, P = 1, ORIGIN = 0x3000 };

/* Loops of one ADD and of two, with BRs of each kind around them (and
 * loops the decoder must not take: an ADD from another register, the same
 * register twice), ending in one that never ends (ADD R7, R7, #0; BRnzp
 * back): 54 steps to reach it. */
static const uint16_t mixed[] = {
    ADD_I(1, 1, 5),   /* x3000 two ADDs, no BR after them */
    ADD_I(2, 2, -7),  /* x3001 */
    ADD_I(1, 1, -1),  /* x3002 loop of one ADD: R1 5 -> 0 */
    BR(P, -2),        /* x3003 */
    ADD_I(3, 3, 2),   /* x3004 loop of two: R2 -7 -> 0 */
    ADD_I(2, 2, 1),   /* x3005 */
    BR(N, -3),        /* x3006 */
    AND_I(5, 5, 0),   /* x3007 */
    ADD_I(5, 5, 3),   /* x3008 */
    ADD_I(0, 7, 1),   /* x3009 R0 from R7: no loop */
    ADD_I(5, 5, -1),  /* x300A */
    BR(N | P, -3),    /* x300B */
    ADD_I(7, 7, -2),  /* x300C not taken */
    BR(Z | P, 1),     /* x300D */
    ADD_I(7, 7, 3),   /* x300E not taken */
    BR(Z, 0),         /* x300F */
    ADD_I(7, 7, -1),  /* x3010 taken over x3012 */
    BR(N | Z, 1),     /* x3011 */
    ADD_I(1, 1, 15),  /* x3012 skipped */
    ADD_I(4, 3, 1),   /* x3013 not a loop (R4 from R3) */
    ADD_I(5, 5, 1),   /* x3014 R5 twice: not a loop of two */
    ADD_I(5, 5, 1),   /* x3015 */
    BR(N, -4),        /* x3016 not taken */
    ADD_I(7, 7, 0),   /* x3017 */
    BR(N | Z | P, -2), /* x3018 forever */
};

typedef struct snapshot {
    uint16_t reg[8], pc, psr;
    uint64_t count;
    uint16_t writer[8];
    bool wrote[8];
} snapshot;

static lc3_machine *machine_with(const uint16_t *words, size_t count, lc3_checked_record *rec)
{
    lc3_machine *m = lc3_new(NULL);
    assert_non_null(m);
    lc3_load(m, ORIGIN, words, count);
    lc3_start_user(m, ORIGIN);
    if (rec) {
        memset(rec, 0, sizeof *rec);
        lc3_set_checked(m, rec);
    }
    return m;
}

static snapshot snap(const lc3_machine *m, const lc3_checked_record *rec)
{
    snapshot s;
    memset(&s, 0, sizeof s);
    for (unsigned r = 0; r < 8; r++) {
        s.reg[r] = lc3_reg(m, r);
        if (rec) {
            s.writer[r] = rec->writer[r];
            s.wrote[r] = rec->wrote[r];
        }
    }
    s.pc = lc3_pc(m);
    s.psr = lc3_psr(m);
    s.count = lc3_instruction_count(m);
    return s;
}

static void assert_same(const snapshot *a, const snapshot *b)
{
    for (unsigned r = 0; r < 8; r++) {
        assert_int_equal(a->reg[r], b->reg[r]);
        assert_int_equal(a->writer[r], b->writer[r]);
        assert_int_equal(a->wrote[r], b->wrote[r]);
    }
    assert_int_equal(a->pc, b->pc);
    assert_int_equal(a->psr, b->psr);
    assert_int_equal(a->count, b->count);
}

/* Machine a runs steps at once (chunk 0) or in chunks; b one step at a
 * time, which never runs a loop whole. */
static void compare_runs(bool checked, uint64_t steps, uint64_t chunk)
{
    lc3_checked_record rec_a, rec_b;
    size_t words = sizeof mixed / sizeof mixed[0];
    lc3_machine *a = machine_with(mixed, words, checked ? &rec_a : NULL);
    lc3_machine *b = machine_with(mixed, words, checked ? &rec_b : NULL);
    for (uint64_t done = 0; done < steps;) {
        uint64_t n = chunk == 0 || steps - done < chunk ? steps - done : chunk;
        assert_int_equal(lc3_run(a, n), LC3_STOP_LIMIT);
        for (uint64_t i = 0; i < n; i++)
            assert_int_equal(lc3_run(b, 1), LC3_STOP_LIMIT);
        done += n;
        snapshot sa = snap(a, checked ? &rec_a : NULL), sb = snap(b, checked ? &rec_b : NULL);
        assert_same(&sa, &sb);
    }
    lc3_free(a);
    lc3_free(b);
}

static void test_cut_at_any_step(void **state)
{
    (void)state;
    for (uint64_t steps = 0; steps <= 160; steps++) {
        compare_runs(false, steps, 0);
        compare_runs(true, steps, 0);
    }
}

static void test_chunks_of_any_size(void **state)
{
    (void)state;
    for (uint64_t chunk = 2; chunk <= 13; chunk++) {
        compare_runs(false, 130, chunk);
        compare_runs(true, 130, chunk);
    }
}

/* The loop's end values, so a wrong turn count that both runs share fails. */
static void test_loop_results(void **state)
{
    (void)state;
    lc3_machine *m = machine_with(mixed, sizeof mixed / sizeof mixed[0], NULL);
    assert_int_equal(lc3_run(m, 1000), LC3_STOP_LIMIT);
    assert_int_equal(lc3_reg(m, 1), 0);
    assert_int_equal(lc3_reg(m, 2), 0);
    assert_int_equal(lc3_reg(m, 3), 14);
    assert_int_equal(lc3_reg(m, 5), 2);
    assert_int_equal(lc3_reg(m, 7), 0);
    assert_int_equal(lc3_reg(m, 4), 15);
    assert_int_equal(lc3_instruction_count(m), 1000);
    assert_int_equal(lc3_pc(m), 0x3017); /* 54 steps, then turns of 2 */
    lc3_free(m);
}

/* A counting loop, then a store over its second ADD (ADD R2, R2, #-2) and
 * the loop again: it must run the new word. */
static const uint16_t rewritten[] = {
    AND_I(2, 2, 0),    /* x3000 */
    ADD_I(2, 2, 4),    /* x3001 */
    ADD_I(1, 1, 1),    /* x3002 L: 4 turns, then 2 */
    ADD_I(2, 2, -1),   /* x3003 */
    BR(P, -3),         /* x3004 */
    ADD_I(3, 3, 0),    /* x3005 */
    BR(P, 5),          /* x3006 second time: to x300C */
    LD(4, 5),          /* x3007 R4 = ADD R2, R2, #-2 */
    ST(4, -6),         /* x3008 over x3003 */
    ADD_I(3, 3, 1),    /* x3009 */
    ADD_I(2, 2, 4),    /* x300A */
    BR(N | Z | P, -10), /* x300B to L */
    BR(N | Z | P, -1), /* x300C done: here forever */
    0,                 /* x300D the new word, below */
};

static void test_store_into_loop(void **state)
{
    (void)state;
    uint16_t words[sizeof rewritten / sizeof rewritten[0]];
    memcpy(words, rewritten, sizeof words);
    words[0xD] = ADD_I(2, 2, -2);
    lc3_machine *m = machine_with(words, sizeof words / sizeof words[0], NULL);
    assert_int_equal(lc3_run(m, 1000), LC3_STOP_LIMIT);
    assert_int_equal(lc3_pc(m), 0x300C);
    assert_int_equal(lc3_reg(m, 1), 6); /* 8 if the old word ran again */
    assert_int_equal(lc3_peek(m, 0x3003), ADD_I(2, 2, -2));
    lc3_free(m);
}

/* A word poked over the BR of a cached loop (BRp -> BRn: the loop runs once). */
static void test_poke_into_loop(void **state)
{
    (void)state;
    const uint16_t loop[] = {ADD_I(1, 1, 1), ADD_I(2, 2, -1), BR(P, -3), BR(N | Z | P, -1)};
    lc3_machine *m = machine_with(loop, 4, NULL);
    lc3_set_reg(m, 2, 3);
    assert_int_equal(lc3_run(m, 100), LC3_STOP_LIMIT);
    assert_int_equal(lc3_reg(m, 1), 3);
    lc3_poke(m, 0x3002, BR(N, -3));
    lc3_set_reg(m, 2, 3);
    lc3_set_pc(m, ORIGIN);
    assert_int_equal(lc3_run(m, 100), LC3_STOP_LIMIT);
    assert_int_equal(lc3_reg(m, 1), 4);
    assert_int_equal(lc3_reg(m, 2), 2);
    lc3_free(m);
}

/* A stop address armed inside a loop already run as one: the run stops there. */
static void test_stop_inside_loop(void **state)
{
    (void)state;
    const uint16_t loop[] = {ADD_I(1, 1, 1), ADD_I(2, 2, -1), BR(P, -3), BR(N | Z | P, -1)};
    for (uint16_t stop = ORIGIN + 1; stop <= ORIGIN + 2; stop++) {
        lc3_machine *m = machine_with(loop, 4, NULL);
        lc3_set_reg(m, 2, 3);
        assert_int_equal(lc3_run(m, 100), LC3_STOP_LIMIT);
        lc3_set_reg(m, 2, 3);
        lc3_set_pc(m, ORIGIN);
        uint64_t before = lc3_instruction_count(m);
        lc3_set_stop_pc(m, true, stop);
        assert_int_equal(lc3_run(m, 100), LC3_STOP_AT_PC);
        assert_int_equal(lc3_pc(m), stop);
        assert_int_equal(lc3_instruction_count(m) - before, stop - ORIGIN);
        lc3_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cut_at_any_step),
        cmocka_unit_test(test_chunks_of_any_size),
        cmocka_unit_test(test_loop_results),
        cmocka_unit_test(test_store_into_loop),
        cmocka_unit_test(test_poke_into_loop),
        cmocka_unit_test(test_stop_inside_loop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
