/* Unit tests of grow_array (asm/base/grow.h): doubling, the overflow
 * guard, and an allocation that fails, each leaving the array intact.
 * This file is built with grow.c and GROW_REALLOC=failing_realloc, the
 * seam grow.c leaves for a test, so a failure can be injected. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grow.h"

void *failing_realloc(void *items, size_t bytes);

static int reallocs_before_failure = -1; /* -1: never fail */
static int realloc_calls;

void *failing_realloc(void *items, size_t bytes)
{
    realloc_calls++;
    if (reallocs_before_failure == 0)
        return NULL;
    if (reallocs_before_failure > 0)
        reallocs_before_failure--;
    return realloc(items, bytes);
}

static int reset(void **state)
{
    (void)state;
    reallocs_before_failure = -1;
    realloc_calls = 0;
    return 0;
}

static void grows_by_doubling_and_keeps_the_items(void **state)
{
    (void)state;
    int *items = NULL;
    size_t cap = 0;
    for (size_t n = 0; n < 1000; n++) {
        int *grown = grow_array(items, &cap, n + 1, sizeof *items);
        assert_non_null(grown);
        items = grown;
        items[n] = (int)n;
        assert_true(cap >= n + 1);
    }
    assert_int_equal(cap, 1024); /* 16 doubled six times */
    assert_int_equal(realloc_calls, 7);
    for (size_t n = 0; n < 1000; n++)
        assert_int_equal(items[n], (int)n);
    free(items);
}

static void room_enough_allocates_nothing(void **state)
{
    (void)state;
    size_t cap = 0;
    char *bytes = grow_array(NULL, &cap, 5, 1);
    assert_non_null(bytes);
    assert_int_equal(cap, GROW_FIRST);
    assert_ptr_equal(grow_array(bytes, &cap, GROW_FIRST, 1), bytes);
    assert_int_equal(realloc_calls, 1);
    free(bytes);
}

static void jumps_to_a_large_need_at_once(void **state)
{
    (void)state;
    size_t cap = 0;
    char *bytes = grow_array(NULL, &cap, 5000, 1);
    assert_non_null(bytes);
    assert_int_equal(cap, 8192);
    assert_int_equal(realloc_calls, 1);
    free(bytes);
}

static void need_zero_is_one(void **state)
{
    (void)state;
    size_t cap = 0;
    char *bytes = grow_array(NULL, &cap, 0, 1);
    assert_non_null(bytes);
    assert_int_equal(cap, GROW_FIRST);
    free(bytes);
}

/* need * size past SIZE_MAX: an error before any allocation, the array and
 * its capacity untouched and still usable. */
static void an_overflowing_size_is_an_error(void **state)
{
    (void)state;
    size_t cap = 0;
    uint64_t *items = grow_array(NULL, &cap, 4, sizeof *items);
    assert_non_null(items);
    items[3] = 0x1234;
    realloc_calls = 0;
    assert_null(grow_array(items, &cap, SIZE_MAX / 4, sizeof *items));
    assert_null(grow_array(items, &cap, SIZE_MAX / 2 + 2, 1)); /* doubling overflows */
    assert_null(grow_array(items, &cap, SIZE_MAX, 1));
    assert_int_equal(realloc_calls, 0);
    assert_int_equal(cap, GROW_FIRST);
    assert_int_equal(items[3], 0x1234);
    items = grow_array(items, &cap, 100, sizeof *items);
    assert_non_null(items);
    assert_int_equal(items[3], 0x1234);
    free(items);
}

static void a_failed_allocation_leaves_the_array(void **state)
{
    (void)state;
    size_t cap = 0;
    int *items = grow_array(NULL, &cap, 16, sizeof *items);
    assert_non_null(items);
    for (int i = 0; i < 16; i++)
        items[i] = i * 3;
    reallocs_before_failure = 0;
    assert_null(grow_array(items, &cap, 17, sizeof *items));
    assert_int_equal(cap, 16);
    for (int i = 0; i < 16; i++)
        assert_int_equal(items[i], i * 3);
    reallocs_before_failure = -1;
    int *grown = grow_array(items, &cap, 17, sizeof *items);
    assert_non_null(grown);
    assert_int_equal(cap, 32);
    assert_int_equal(grown[15], 45);
    free(grown);
}

static void a_failed_first_allocation_keeps_cap(void **state)
{
    (void)state;
    size_t cap = 0;
    reallocs_before_failure = 0;
    assert_null(grow_array(NULL, &cap, 1, 8));
    assert_int_equal(cap, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(grows_by_doubling_and_keeps_the_items, reset),
        cmocka_unit_test_setup(room_enough_allocates_nothing, reset),
        cmocka_unit_test_setup(jumps_to_a_large_need_at_once, reset),
        cmocka_unit_test_setup(need_zero_is_one, reset),
        cmocka_unit_test_setup(an_overflowing_size_is_an_error, reset),
        cmocka_unit_test_setup(a_failed_allocation_leaves_the_array, reset),
        cmocka_unit_test_setup(a_failed_first_allocation_keeps_cap, reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
