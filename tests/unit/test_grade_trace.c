/* The grader's trace of one call, which reads each instruction's roles from
 * the ISA table: what the function saved on its stack and which registers
 * it wrote, the practice warnings' evidence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "mips_checked_call.h"
#include "mips_isa.h"

static const char program[] =
    ".text\n"
    "coprocessor:\n"            /* changes $s0 only through mfc1 */
    "  addi $sp,$sp,-8\n"
    "  sw $s0,0($sp)\n"
    "  sw $t0,4($sp)\n"
    "  mfc1 $s0,$f0\n"
    "  lw $s0,0($sp)\n"          /* restoring is no change */
    "  addi $sp,$sp,8\n"
    "  jr $ra\n"
    "untouched:\n"              /* saves $s1, never changes it */
    "  addi $sp,$sp,-4\n"
    "  sw $s1,0($sp)\n"
    "  sb $s2,0($sp)\n"          /* a byte of $s2 is no save */
    "  lw $s1,0($sp)\n"
    "  addi $sp,$sp,4\n"
    "  jr $ra\n"
    "linked:\n"                 /* ll and sc write their register too */
    "  addi $sp,$sp,-8\n"
    "  sw $s3,0($sp)\n"
    "  sw $s4,4($sp)\n"
    "  ll $s3,0($sp)\n"
    "  sc $s4,4($sp)\n"
    "  addi $sp,$sp,8\n"
    "  jr $ra\n";

static grade_outcome run(const char *function)
{
    const char *name = "trace.asm", *text = program;
    char *messages = NULL;
    mips_call_program *p = mips_call_assemble_texts(&name, &text, 1, NULL, &messages);
    free(messages);
    assert_non_null(p);
    grade_rng rng;
    grade_rng_seed(&rng, 220);
    mips_call_options o = mips_call_default_options();
    mips_call *c = grade_call_new(p, &o, &rng, NULL);
    grade_call_spec spec = {.function = function};
    grade_outcome out;
    grade_call_run(c, p, &spec, &rng, &out);
    mips_call_free(c);
    mips_call_program_free(p);
    assert_int_equal(out.result.status, MIPS_CALL_RETURNED);
    return out;
}

#define BIT(r) (UINT32_C(1) << (r))

static void test_coprocessor_move_writes(void **state)
{
    (void)state;
    grade_outcome out = run("coprocessor");
    assert_int_equal(out.saved, BIT(MIPS_REG_S0) | BIT(MIPS_REG_T0));
    assert_int_equal(out.written, BIT(MIPS_REG_S0) | BIT(MIPS_REG_SP));
    grade_findings warnings = {0};
    grade_practices(out.saved, out.written, "", &warnings);
    assert_int_equal(warnings.count, 1); /* $t0 kept on the stack; $s0 was changed */
    grade_findings_free(&warnings);
    grade_outcome_free(&out);
}

static void test_saved_and_never_changed(void **state)
{
    (void)state;
    grade_outcome out = run("untouched");
    assert_int_equal(out.saved, BIT(MIPS_REG_S1));
    assert_int_equal(out.written, BIT(MIPS_REG_SP));
    grade_findings warnings = {0};
    grade_practices(out.saved, out.written, "", &warnings);
    assert_int_equal(warnings.count, 1); /* saves $s1 but never changes it */
    grade_findings_free(&warnings);
    grade_outcome_free(&out);
}

static void test_linked_load_and_store_write(void **state)
{
    (void)state;
    grade_outcome out = run("linked");
    assert_int_equal(out.saved, BIT(MIPS_REG_S3) | BIT(MIPS_REG_S4));
    /* ll from the stack restores */
    assert_int_equal(out.written, BIT(MIPS_REG_S4) | BIT(MIPS_REG_SP));
    grade_outcome_free(&out);
}

/* The noise of a call covers the data window but the program's own .data
 * (issue 30, 5): a string it prints stays its own, the words past it are
 * noise, and the stream is drawn alike (the next word is the same with or
 * without .data). */
static void test_noise_keeps_the_program_data(void **state)
{
    (void)state;
    const char *names[2] = {"data.asm", "none.asm"};
    const char *texts[2] = {".text\nf: jr $ra\n.data\ns: .asciiz \"own words\"\n",
                            ".text\nf: jr $ra\n"};
    uint32_t after[2];
    for (int i = 0; i < 2; i++) {
        char *messages = NULL;
        mips_call_program *p = mips_call_assemble_texts(&names[i], &texts[i], 1, NULL, &messages);
        free(messages);
        assert_non_null(p);
        grade_rng rng;
        grade_rng_seed(&rng, 30);
        mips_call_options o = mips_call_default_options();
        mips_call *c = grade_call_new(p, &o, &rng, NULL);
        assert_non_null(c);
        char kept[10] = "";
        assert_true(mips_call_read(c, GRADE_DATA_BASE, kept, sizeof kept));
        if (i == 0)
            assert_memory_equal(kept, "own words", sizeof kept);
        else
            assert_memory_not_equal(kept, "own words", sizeof kept);
        after[i] = grade_rng_next(&rng);
        uint32_t past = 0;
        assert_true(mips_call_read(c, GRADE_DATA_BASE + 0x100, &past, sizeof past));
        assert_int_not_equal(past, 0);
        mips_call_free(c);
        mips_call_program_free(p);
    }
    assert_int_equal(after[0], after[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coprocessor_move_writes),
        cmocka_unit_test(test_saved_and_never_changed),
        cmocka_unit_test(test_linked_load_and_store_write),
        cmocka_unit_test(test_noise_keeps_the_program_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
