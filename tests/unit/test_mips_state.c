/* Unit tests of mips_state_get and mips_state_set: a machine's state, every
 * byte of it, survives a round trip, and the accessors read what was set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mips_machine.h"

/* A byte pattern in every field (memset, so no field is skipped), set and
 * read back: memcmp compares each one. */
static void state_round_trip(void **unused)
{
    (void)unused;
    mips_machine *m = mips_machine_new(NULL);
    assert_non_null(m);
    mips_machine_state in, out;
    memset(&in, 0xa5, sizeof in);
    in.delay_pending = true;
    in.error_pending = false;
    memset(&out, 0, sizeof out);
    mips_state_set(m, &in);
    mips_state_get(m, &out);
    assert_memory_equal(&in, &out, sizeof in);
    assert_int_equal(mips_pc(m), 0xa5a5a5a5u);
    assert_int_equal(mips_reg(m, 31), 0xa5a5a5a5u);
    assert_int_equal(mips_heap_break(m), 0xa5a5a5a5u);
    assert_int_equal(mips_instruction_count(m), 0xa5a5a5a5a5a5a5a5u);
    assert_true(mips_error_pending(m) == false);
    mips_machine_free(m);
}

/* A snapshot taken before a run brings the machine back: registers, pc,
 * count and a pending error alike. */
static void snapshot_restores_a_run(void **unused)
{
    (void)unused;
    mips_machine *m = mips_machine_new(NULL);
    assert_non_null(m);
    mips_poke(m, MIPS_TEXT_BASE, 0x24080007); /* addiu $t0,$zero,7 */
    mips_machine_state before, after;
    mips_state_get(m, &before);
    mips_run(m, 1);
    assert_int_equal(mips_reg(m, 8), 7);
    mips_raise(m, MIPS_ERR_BREAK, 0, 0);
    assert_true(mips_error_pending(m));
    mips_state_set(m, &before);
    mips_state_get(m, &after);
    assert_memory_equal(&before, &after, sizeof before);
    assert_int_equal(mips_reg(m, 8), 0);
    assert_int_equal(mips_pc(m), MIPS_TEXT_BASE);
    assert_int_equal(mips_instruction_count(m), 0);
    assert_false(mips_error_pending(m));
    mips_machine_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(state_round_trip),
        cmocka_unit_test(snapshot_restores_a_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
