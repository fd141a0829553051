/* Unit tests of the fused pairs (mips_decode.h, MIPS_FUSED_HANDLERS): a
 * pair run as one must stay two instructions to everything outside, at a
 * step budget that cuts between them, a trap in either, and code that
 * rewrites either word. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mips_asm_fixture.h"
#include "mips_isa.h"
#include "mips_machine.h"

/* Every fused pair, in loops that take and leave each branch, with loads
 * and stores on a word of .data. */
static const char loops[] = ".data\n"
                            "n: .word 0, 5\n"
                            ".text\n"
                            " la $s0,n\n"
                            " li $t0,3\n"
                            "outer: lw $t1,0($s0)\n"
                            " addi $t1,$t1,1\n"     /* lw + addi */
                            " sw $t1,0($s0)\n"
                            " lw $t2,4($s0)\n"
                            " addiu $t2,$t2,-1\n"   /* lw + addiu, addiu + sw */
                            " sw $t2,4($s0)\n"
                            " addi $t3,$t3,2\n"     /* addi + sw */
                            " sw $t3,0($s0)\n"
                            " addiu $t4,$t4,1\n"    /* addiu + beq */
                            " beq $t4,$t0,taken\n"
                            " addiu $t5,$t5,1\n"    /* addiu + bne */
                            " bne $t5,$zero,taken\n"
                            "taken: addi $t6,$t6,1\n" /* addi + beq */
                            " beq $t6,$zero,outer\n"
                            " addi $t0,$t0,-1\n"    /* addi + bne */
                            " bne $t0,$zero,outer\n"
                            " nop\n"; /* the slot, with delayed branching */

static mips_machine *load(result *asm_result, const char *src, bool delayed, bool smc)
{
    mips_asm_options options = mips_asm_default_options();
    options.delayed_branching = delayed;
    *asm_result = assemble_files(&src, 1, &options);
    assert_assembled(*asm_result);
    mips_machine_options mo = {.self_modifying_code = smc, .delayed_branching = delayed};
    mips_machine *m = mips_machine_new(&mo);
    assert_non_null(m);
    assert_true(mips_machine_load(m, &asm_result->prog, MIPS_TEXT_BASE));
    return m;
}

static void assert_same_state(const mips_machine *a, const mips_machine *b, uint64_t steps)
{
    for (unsigned i = 0; i < 32; i++)
        if (mips_reg(a, i) != mips_reg(b, i))
            fail_msg("after %llu steps: $%u is 0x%08x, stepping gave 0x%08x",
                     (unsigned long long)steps, i, (unsigned)mips_reg(a, i),
                     (unsigned)mips_reg(b, i));
    assert_int_equal(mips_pc(a), mips_pc(b));
    assert_int_equal(mips_instruction_count(a), mips_instruction_count(b));
    for (uint32_t addr = MIPS_DATA_BASE; addr < MIPS_DATA_BASE + 8; addr += 4) {
        uint32_t x = 0, y = 0;
        assert_true(mips_peek(a, addr, &x));
        assert_true(mips_peek(b, addr, &y));
        assert_int_equal(x, y);
    }
}

/* A run of k steps in one call ends where k single steps do (a budget of
 * one never runs a pair), for every k up to the program's end. */
static void each_cut_matches_single_steps(bool delayed)
{
    result stepped_asm, whole_asm;
    mips_machine *stepped = load(&stepped_asm, loops, delayed, false);
    uint64_t k = 0;
    while (mips_run(stepped, 1) == MIPS_STOP_LIMIT) {
        k++;
        mips_machine *whole = load(&whole_asm, loops, delayed, false);
        assert_int_equal(mips_run(whole, k), MIPS_STOP_LIMIT);
        assert_same_state(whole, stepped, k);
        mips_machine_free(whole);
        release(&whole_asm);
    }
    assert_true(k > 40); /* it ran the loops */
    mips_machine *whole = load(&whole_asm, loops, delayed, false);
    assert_int_equal(mips_run(whole, 100000), MIPS_STOP_EXIT);
    assert_same_state(whole, stepped, k);
    mips_machine_free(whole);
    release(&whole_asm);
    mips_machine_free(stepped);
    release(&stepped_asm);
}

static void budget_cuts_between_a_pair(void **state)
{
    (void)state;
    each_cut_matches_single_steps(false);
}

static void budget_cuts_with_delayed_branching(void **state)
{
    (void)state;
    each_cut_matches_single_steps(true);
}

/* src stops with an overflow at its label bad, count instructions run. */
static mips_machine *overflows(result *asm_result, const char *src, uint64_t count)
{
    mips_machine *m = load(asm_result, src, false, false);
    assert_int_equal(mips_run(m, 1000), MIPS_STOP_ERROR);
    assert_int_equal(mips_error_of(m)->kind, MIPS_ERR_OVERFLOW);
    assert_int_equal(mips_error_of(m)->pc, label(asm_result, 0, "bad"));
    assert_int_equal(mips_instruction_count(m), count);
    return m;
}

static void a_trap_in_either_half(void **state)
{
    (void)state;
    result r;
    uint32_t word = 0;
    /* the second traps: the first ran */
    mips_machine *m = overflows(&r, ".data\nw: .word 0x7fffffff\n.text\n la $s0,w\n"
                                    " lw $t1,0($s0)\n bad: addi $t1,$t1,1\n", 4);
    assert_int_equal(mips_reg(m, MIPS_REG_T1), 0x7fffffff);
    mips_machine_free(m);
    release(&r);
    /* the first traps: the second did not run */
    m = overflows(&r, ".data\nw: .word 3\n.text\n la $s0,w\n li $t0,0x7fffffff\n"
                      " bad: addi $t0,$t0,1\n sw $t0,0($s0)\n", 5);
    assert_true(mips_peek(m, MIPS_DATA_BASE, &word));
    assert_int_equal(word, 3);
    assert_int_equal(mips_reg(m, MIPS_REG_T0), 0x7fffffff);
    mips_machine_free(m);
    release(&r);
    m = overflows(&r, "li $t0,0x80000000\n bad: addi $t0,$t0,-1\n bne $t0,$zero,bad\n", 3);
    mips_machine_free(m);
    release(&r);
}

/* Self-modifying code that rewrites a pair's second word unmakes the
 * pair, and one that writes a second word makes one. */
static void rewritten_code_refuses(void **state)
{
    (void)state;
    result r;
    /* bne becomes nop (0): no branch to address 0 */
    const char *unmade = " la $t0,patch\n sw $zero,0($t0)\n addi $t2,$t2,1\n"
                         "patch: bne $t2,$zero,away\n li $t3,5\n li $v0,10\n syscall\n"
                         "away: li $t3,9\n";
    mips_machine *m = load(&r, unmade, false, true);
    assert_int_equal(mips_run(m, 1000), MIPS_STOP_SYSCALL);
    assert_int_equal(mips_reg(m, MIPS_REG_T3), 5);
    mips_machine_free(m);
    release(&r);
    /* a nop becomes bne $t2,$zero,away (0x15400003): the addi before it
     * now branches */
    m = load(&r, ".data\nw: .word 0x15400003\n.text\n la $t0,w\n lw $t1,0($t0)\n"
                 " la $t0,patch\n sw $t1,0($t0)\n addi $t2,$t2,1\n"
                 "patch: nop\n li $t3,5\n li $v0,10\n syscall\n away: li $t3,9\n",
             false, true);
    assert_int_equal(mips_run(m, 1000), MIPS_STOP_EXIT);
    assert_int_equal(mips_reg(m, MIPS_REG_T3), 9);
    mips_machine_free(m);
    release(&r);
}

static void count_step(void *ctx, const mips_machine *m, uint32_t pc, uint32_t word)
{
    (void)m, (void)pc, (void)word;
    ++*(uint64_t *)ctx;
}

/* A host's hook sees both instructions of every pair (and the fetch from
 * no code that ends the run). */
static void the_hook_sees_each_half(void **state)
{
    (void)state;
    result r;
    uint64_t hooked = 0;
    mips_machine *m = load(&r, loops, false, false);
    mips_set_step_hook(m, count_step, &hooked);
    assert_int_equal(mips_run(m, 100000), MIPS_STOP_EXIT);
    assert_int_equal(hooked, mips_instruction_count(m) + 1);
    mips_machine_free(m);
    release(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(budget_cuts_between_a_pair),
        cmocka_unit_test(budget_cuts_with_delayed_branching),
        cmocka_unit_test(a_trap_in_either_half),
        cmocka_unit_test(rewritten_code_refuses),
        cmocka_unit_test(the_hook_sees_each_half),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
