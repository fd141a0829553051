/* Unit tests of big_array_grow (asm/base/big_array.h): the items kept
 * across the step from a malloc'd array to a mapped one and between
 * mappings, the capacity filling the mapping, and the overflow guard. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "big_array.h"

enum { HUGE_BYTES = 2 << 20 };

static void keeps_the_items_from_malloc_to_mappings(void **state)
{
    (void)state;
    size_t cap = 0;
    uint32_t *items = NULL;
    size_t count = 0;
    /* 12 MiB of words: small, mapped at the threshold, then remapped. */
    while (count < (12u << 20) / sizeof *items) {
        uint32_t *grown = big_array_grow(items, &cap, count + 1, sizeof *items);
        assert_non_null(grown);
        items = grown;
        assert_true(cap > count);
        items[count] = (uint32_t)count * 2654435761u;
        count++;
    }
    for (size_t i = 0; i < count; i++)
        if (items[i] != (uint32_t)i * 2654435761u)
            fail_msg("item %zu lost", i);
    assert_true(cap * sizeof *items >= BIG_ARRAY_MIN_BYTES);
    assert_int_equal((uintptr_t)items % HUGE_BYTES, 0);
    big_array_free(items, cap, sizeof *items);
}

static void a_reservation_fills_its_mapping(void **state)
{
    (void)state;
    size_t cap = 0;
    char (*items)[24] = big_array_grow(NULL, &cap, 100000, sizeof *items);
    assert_non_null(items);
    /* 2.4 MB rounds up to 4 MiB, all of it the caller's, and zeroed. */
    assert_int_equal(cap, (size_t)(2 * HUGE_BYTES) / sizeof *items);
    assert_int_equal(items[cap - 1][23], 0);
    items[cap - 1][23] = 1;
    assert_ptr_equal(big_array_grow(items, &cap, cap, sizeof *items), items);
    big_array_free(items, cap, sizeof *items);
}

static void a_small_array_stays_small(void **state)
{
    (void)state;
    size_t cap = 0;
    int *items = big_array_grow(NULL, &cap, 3, sizeof *items);
    assert_non_null(items);
    assert_true(cap >= 3 && cap * sizeof *items < BIG_ARRAY_MIN_BYTES);
    big_array_free(items, cap, sizeof *items);
}

/* Zeroed whether small (malloc'd) or mapped. */
static void calloc_zeroes_small_and_mapped_arrays(void **state)
{
    (void)state;
    const size_t counts[] = {5, 1000, 300000};
    for (size_t c = 0; c < sizeof counts / sizeof *counts; c++) {
        size_t cap = 0;
        uint64_t *items = big_array_calloc(counts[c], sizeof *items, &cap);
        assert_non_null(items);
        assert_true(cap >= counts[c]);
        for (size_t i = 0; i < cap; i++)
            if (items[i] != 0)
                fail_msg("item %zu of %zu not zero", i, cap);
        big_array_free(items, cap, sizeof *items);
    }
}

static void an_overflowing_size_fails(void **state)
{
    (void)state;
    size_t cap = 0;
    assert_null(big_array_grow(NULL, &cap, SIZE_MAX / 8, 16));
    assert_int_equal(cap, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keeps_the_items_from_malloc_to_mappings),
        cmocka_unit_test(a_reservation_fills_its_mapping),
        cmocka_unit_test(a_small_array_stays_small),
        cmocka_unit_test(calloc_zeroes_small_and_mapped_arrays),
        cmocka_unit_test(an_overflowing_size_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
