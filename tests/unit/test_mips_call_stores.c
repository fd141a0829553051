/* The table of the bytes a graded call stored to: each byte's first value
 * kept, words shared by their bytes, and the table grown past its first
 * size without losing one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "mips_call_stores.h"

static void first_value_kept(void **state)
{
    (void)state;
    mips_call_stores s = {0};
    assert_false(mips_call_stores_noted(&s, 0x10010000, 0x1)); /* an empty table */
    mips_call_stores_note(&s, 0x10010000, 0x44332211, 0x3); /* bytes 0, 1 */
    assert_true(mips_call_stores_noted(&s, 0x10010000, 0x1));
    assert_true(mips_call_stores_noted(&s, 0x10010000, 0x3));
    assert_false(mips_call_stores_noted(&s, 0x10010000, 0x6)); /* byte 2 is not */
    assert_false(mips_call_stores_noted(&s, 0x10010004, 0x1));
    mips_call_stores_note(&s, 0x10010000, 0xddccbbaa, 0xf); /* 2, 3 new; 0, 1 kept */
    assert_true(mips_call_stores_noted(&s, 0x10010000, 0xf));
    assert_int_equal(s.count, 1);
    assert_int_equal(s.bytes, 4);
    assert_int_equal(mips_call_stores_before(&s, 0x10010000), 0x11);
    assert_int_equal(mips_call_stores_before(&s, 0x10010001), 0x22);
    assert_int_equal(mips_call_stores_before(&s, 0x10010002), 0xcc);
    assert_int_equal(mips_call_stores_before(&s, 0x10010003), 0xdd);
    mips_call_stores_free(&s);
}

static void a_byte_alone(void **state)
{
    (void)state;
    mips_call_stores s = {0};
    mips_call_stores_note(&s, 0x7fffeffc, 0x00ab0000, 1u << 2);
    assert_int_equal(s.bytes, 1);
    assert_int_equal(mips_call_stores_before(&s, 0x7fffeffe), 0xab);
    size_t noted = 0;
    for (size_t i = 0; i < s.capacity; i++)
        if (s.key[i]) {
            assert_int_equal((s.key[i] - 1) << 2, 0x7fffeffc);
            assert_int_equal(s.noted[i], 1u << 2);
            noted++;
        }
    assert_int_equal(noted, 1);
    mips_call_stores_free(&s);
}

static void grows_and_keeps_all(void **state)
{
    (void)state;
    mips_call_stores s = {0};
    for (uint32_t k = 0; k < 5000; k++)
        mips_call_stores_note(&s, 0x10040000 + 4 * k, k * 0x01010101u, 0xf);
    assert_false(s.lost);
    assert_int_equal(s.count, 5000);
    assert_int_equal(s.bytes, 20000);
    for (uint32_t k = 0; k < 5000; k++)
        assert_int_equal(mips_call_stores_before(&s, 0x10040000 + 4 * k + 3),
                         (uint8_t)(k * 0x01010101u >> 24));
    mips_call_stores_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_value_kept),
        cmocka_unit_test(a_byte_alone),
        cmocka_unit_test(grows_and_keeps_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
