/* Drawing a spec's cases (asm/grade/spec/grade_spec_draw.h): the edge bias of
 * the generators and its `uniform` way out, the same draws from the same
 * seed, increasing arrays, preconditions with an offset, budgets over
 * several arguments. The machine is a made-up one (registers r0-r7), as in
 * test_grade_spec.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grade_spec.h"
#include "grade_spec_draw.h"
#include "spec_fixture.h"

static int toy_reg(const char *name, size_t len)
{
    if (len == 2 && name[0] == 'r' && name[1] >= '0' && name[1] <= '7')
        return name[1] - '0';
    return -1;
}

static const grade_spec_isa toy = {
    .name = "toy", .reg = toy_reg, .arg_regs = 0x0f, .default_preserved = 0xf0,
    .return_regs = {0, -1},
};

/* The one function of a spec whose block is body ("reference r.asm",
 * "function f", "points 1", "compare r0" around it). */
static grade_spec_function *parse_function(const char *body, grade_spec *spec)
{
    char text[2048];
    snprintf(text, sizeof text, "reference r.asm\nfunction f\n    points 1\n    compare r0\n%s",
             body);
    spec_fixture_parse_ok("t.spec", text, &toy, spec);
    return &spec->functions[0];
}

enum { DRAWS = 400 };

/* How often argument 0 drew each of values[0..n) in DRAWS draws. */
static void count_words(const grade_spec_function *fn, uint64_t seed, const int32_t *values,
                        int n, int *counts)
{
    grade_rng rng;
    grade_rng_seed(&rng, seed);
    memset(counts, 0, (size_t)n * sizeof *counts);
    for (int d = 0; d < DRAWS; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        for (int i = 0; i < n; i++)
            counts[i] += (int32_t)st.values[0].word == values[i];
        grade_spec_state_free(&st);
    }
}

/* Uniform, each end of -1000..1000 comes once in 2,001 draws: in 400,
 * about 0.2 times. Biased, a quarter of the draws are edges and two in
 * five of those an end: about 20 each side, 20 for 0 (asked: 20 for
 * both ends, 5 for each edge). */
static void ints_are_biased_to_their_edges(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 x = int -1000..1000\n", &spec);
    int32_t edges[] = {-1000, 1000, 0, -999, 999};
    int counts[5];
    for (uint64_t seed = 1; seed <= 5; seed++) {
        count_words(fn, seed, edges, 5, counts);
        assert_true(counts[0] + counts[1] >= 20);
        for (int i = 0; i < 5; i++)
            assert_true(counts[i] >= 5);
    }
    grade_spec_free(&spec);
}

/* `uniform` draws as before the bias: the ends barely ever. */
static void uniform_asks_for_no_bias(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 x = int -1000..1000 uniform\n", &spec);
    assert_true(fn->args[0].gen.uniform);
    int32_t edges[] = {-1000, 1000, 0};
    int counts[3];
    for (uint64_t seed = 1; seed <= 5; seed++) {
        count_words(fn, seed, edges, 3, counts);
        assert_true(counts[0] + counts[1] + counts[2] <= 4);
    }
    /* and its stream is the one before the bias: one plain draw a value */
    grade_rng rng, plain;
    grade_rng_seed(&rng, 77);
    grade_rng_seed(&plain, 77);
    for (int d = 0; d < 50; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        assert_int_equal((int32_t)st.values[0].word, grade_rng_range(&plain, -1000, 1000));
        grade_spec_state_free(&st);
    }
    grade_spec_free(&spec);
}

/* A range without 0 gets no 0; a range of two has only its ends. */
static void edges_stay_inside_the_range(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 x = int 5..6\n"
                                             "    arg r1 y = int 10..20\n", &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 9);
    for (int d = 0; d < DRAWS; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        assert_true(st.values[0].word == 5 || st.values[0].word == 6);
        assert_true(st.values[1].word >= 10 && st.values[1].word <= 20);
        grade_spec_state_free(&st);
    }
    grade_spec_free(&spec);
}

/* Strings and arrays come at their shortest and longest often; a char set
 * gives its first and last character often. */
static void lengths_and_characters_are_biased(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 s = string 0..500 printable\n"
                                             "    arg r1 a = array 1..900 of word 0..9\n"
                                             "    arg r2 c = char \"abcdefghijklmnopqrstuvwxyz\"\n",
                                             &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 3);
    int empty = 0, longest = 0, one = 0, most = 0, first = 0, last = 0;
    for (int d = 0; d < DRAWS; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        empty += st.values[0].length == 0, longest += st.values[0].length == 500;
        one += st.values[1].length == 1, most += st.values[1].length == 900;
        first += st.values[2].word == 'a', last += st.values[2].word == 'z';
        assert_int_equal(st.values[0].size, st.values[0].length + 1);
        grade_spec_state_free(&st);
    }
    /* uniform: 0.8, 0.4, 0.4 and 15 of each; biased: about 20, 20 and 65 */
    assert_true(empty >= 8 && longest >= 8 && one >= 8 && most >= 8);
    assert_true(first >= 35 && last >= 35);
    grade_spec_free(&spec);
}

/* The same seed draws the same case, byte for byte. */
static void one_seed_one_case(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 s = string 0..50 any\n"
                                             "    arg r1 n = int -9..9\n", &spec);
    grade_rng a, b;
    grade_rng_seed(&a, 42);
    grade_rng_seed(&b, 42);
    for (int d = 0; d < 50; d++) {
        grade_spec_state x, y;
        assert_true(grade_spec_draw(fn, &a, &x));
        assert_true(grade_spec_draw(fn, &b, &y));
        assert_int_equal(x.values[1].word, y.values[1].word);
        assert_int_equal(x.values[0].size, y.values[0].size);
        assert_memory_equal(x.values[0].bytes, y.values[0].bytes, x.values[0].size);
        grade_spec_state_free(&x);
        grade_spec_state_free(&y);
    }
    grade_spec_free(&spec);
}

static int32_t word_at(const grade_spec_value *v, uint32_t i)
{
    const uint8_t *b = v->bytes + 4 * i;
    return (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                     (uint32_t)b[3] << 24);
}

/* `increasing`: strictly increasing elements inside the range; a range
 * with exactly as many values as elements gives all of them. */
static void increasing_arrays(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 a = array 0..1000 of word -1200..1200 "
                                             "increasing\n"
                                             "    arg r1 b = array 50 of word 7..56 increasing\n",
                                             &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 5);
    for (int d = 0; d < 100; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        const grade_spec_value *a = &st.values[0], *b = &st.values[1];
        for (uint32_t i = 0; i < a->length; i++) {
            assert_true(word_at(a, i) >= -1200 && word_at(a, i) <= 1200);
            if (i)
                assert_true(word_at(a, i - 1) < word_at(a, i));
        }
        for (uint32_t i = 0; i < 50; i++)
            assert_int_equal(word_at(b, i), 7 + (int32_t)i);
        grade_spec_state_free(&st);
    }
    grade_spec_free(&spec);
}

/* `require lo <= hi + 1` admits the empty range lo = hi + 1 and nothing
 * emptier; `budget 10 + 2 per s t` counts both strings. */
static void offsets_and_budgets(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 lo = int 0..9\n"
                                             "    arg r1 hi = int -1..8\n"
                                             "    arg r2 s = string 0..5 \"x\"\n"
                                             "    arg r3 t = string 0..5 \"y\"\n"
                                             "    require lo <= hi + 1\n"
                                             "    budget 10 + 2 per s t\n", &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 11);
    int empty = 0;
    for (int d = 0; d < DRAWS; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        int32_t lo = (int32_t)st.values[0].word, hi = (int32_t)st.values[1].word;
        assert_true(lo <= hi + 1);
        empty += lo == hi + 1;
        assert_int_equal(grade_spec_budget(fn, &st),
                         10 + 2 * (st.values[2].length + st.values[3].length));
        grade_spec_state_free(&st);
    }
    assert_true(empty > 0);
    grade_spec_free(&spec);
}

/* `*`, `/` and `%` bind tighter than `+` and `-`, as in C, truncating
 * toward 0; a divisor that is 0 on a draw is flagged (a spec error), not
 * left to C's undefined division. */
static void multiplication_and_division(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 n = int -9..9\n"
                                             "    arg r1 a = 2 + 3 * n - n / 2 % 3\n"
                                             "    arg r2 b = (2 + 3) * n\n"
                                             "    let z = int 0..0\n"
                                             "    arg r3 c = n / (z + 1)\n", &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 5);
    for (int d = 0; d < DRAWS; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        int32_t n = (int32_t)st.values[0].word;
        assert_int_equal((int32_t)st.values[1].word, 2 + 3 * n - n / 2 % 3);
        assert_int_equal((int32_t)st.values[2].word, 5 * n);
        assert_int_equal((int32_t)st.values[3].word, n);
        assert_false(st.divided_by_zero);
        grade_spec_state_free(&st);
    }
    grade_spec_free(&spec);
    fn = parse_function("    arg r0 n = int 1..9\n"
                        "    let z = int 0..0\n"
                        "    arg r1 q = n % z\n", &spec);
    grade_spec_state st;
    assert_true(grade_spec_draw(fn, &rng, &st));
    assert_true(st.divided_by_zero);
    grade_spec_state_free(&st);
    grade_spec_free(&spec);
}

/* The keys the assignments' specs brought, read into the model. */
static void the_new_keys_in_the_model(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 n = int 0..20\n"
                                             "    arg r1 s = string 0..3 \"a\\xe9\"\n"
                                             "    compare sign r0\n"
                                             "    must-call f when n >= 2\n"
                                             "    must-call g h when the reference does\n"
                                             "    budget 50 per call of f\n"
                                             "    case \"x\"\n"
                                             "        expect r0 < 0\n", &spec);
    assert_string_equal(fn->args[1].gen.set, "a\xe9");
    assert_true(fn->compares[1].kind == GRADE_CMP_REG && fn->compares[1].sign &&
                fn->compares[1].reg == 0);
    assert_int_equal(fn->must_call_count, 3);
    assert_non_null(fn->must_call_when[0]);
    assert_false(fn->must_call_like_reference[0]);
    grade_spec_state st = {.count = 2};
    st.values[0].word = 2; /* n >= 2 holds */
    assert_int_equal(grade_spec_callee_needed(fn, 0, &st, NULL), 1);
    st.values[0].word = 1;
    assert_int_equal(grade_spec_callee_needed(fn, 0, &st, NULL), 0);
    assert_true(fn->must_call_like_reference[1] && fn->must_call_like_reference[2]);
    assert_null(fn->must_call_when[1]);
    assert_string_equal(fn->budget_call, "f");
    assert_int_equal(fn->budget_base, 0);
    assert_int_equal(fn->budget_per, 50);
    assert_int_equal(grade_spec_budget_for_calls(fn, 3), 150);
    assert_int_equal(fn->hand[0].expects[0].op, GRADE_LT);
    assert_int_equal(fn->hand[0].expects[0].value, 0);
    grade_spec_free(&spec);
}

/* A case's `s2 = s1`: s2 gets s1's address and length, no bytes of its own. */
static void one_string_at_both_addresses(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_function("    arg r0 s1 = string 0..9 \"ab\"\n"
                                             "    arg r1 s2 = string 0..9 \"ab\"\n"
                                             "    budget 10 + 1 per s1 s2\n"
                                             "    case \"same\"\n"
                                             "        s1 = \"abcd\"\n"
                                             "        s2 = s1\n", &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 1);
    grade_spec_state st;
    grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
    grade_spec_layout(fn, &st, 0x1000, 64);
    assert_int_equal(st.values[1].word, st.values[0].word);
    assert_null(st.values[1].bytes);
    assert_int_equal(st.values[1].length, 4);
    assert_int_equal(grade_spec_budget(fn, &st), 18);
    char shown[128];
    grade_spec_describe(fn, &st, shown, sizeof shown);
    assert_string_equal(shown, "s1=\"abcd\" s2=s1");
    grade_spec_state_free(&st);
    grade_spec_free(&spec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ints_are_biased_to_their_edges),
        cmocka_unit_test(uniform_asks_for_no_bias),
        cmocka_unit_test(edges_stay_inside_the_range),
        cmocka_unit_test(lengths_and_characters_are_biased),
        cmocka_unit_test(one_seed_one_case),
        cmocka_unit_test(increasing_arrays),
        cmocka_unit_test(offsets_and_budgets),
        cmocka_unit_test(multiplication_and_division),
        cmocka_unit_test(the_new_keys_in_the_model),
        cmocka_unit_test(one_string_at_both_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
