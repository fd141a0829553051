/* Unit tests of --check: the ISA-free check lists and seen-set (asm/runtime
 * check.h), and the MIPS checker on the machine (mips_check.h): what each
 * finding carries, stopping before the instruction and going on past it,
 * poison, bgezal as a call, syscall buffers, rewritten code, a clean
 * recursion. Programs are assembled from source. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "check.h"
#include "mips_asm_fixture.h"
#include "mips_check.h"
#include "mips_check_impl.h"
#include "mips_isa.h"
#include "mips_machine.h"

#define ALL ((1u << MIPS_CHECK_COUNT) - 1)

static unsigned parse(const char *spec)
{
    unsigned set = 0xdead;
    char why[256];
    assert_true(check_parse(spec, mips_check_names, MIPS_CHECK_NAME_COUNT, MIPS_CHECK_COUNT,
                            &set, why, sizeof why));
    return set;
}

static void check_lists(void **state)
{
    (void)state;
    const unsigned saved = 1u << MIPS_CHECK_SAVED, ret = 1u << MIPS_CHECK_RETURN;
    const unsigned poison = 1u << MIPS_CHECK_POISON, error = 1u << MIPS_CHECK_ERROR;
    assert_int_equal(parse(NULL), ALL);
    assert_int_equal(parse(""), ALL);
    assert_int_equal(parse("saved,return"), saved | ret);
    assert_int_equal(parse("all,-saved"), ALL & ~saved);
    assert_int_equal(parse("-saved"), ALL & ~saved);
    assert_int_equal(parse("error"), ALL | error);
    assert_int_equal(parse("poison,-uninit-mem"), (ALL | poison) & ~(1u << MIPS_CHECK_UNINIT_MEM));
    assert_int_equal(parse("none,poison"), poison);
    assert_int_equal(parse("saved,all"), ALL);
    unsigned set;
    char why[256];
    assert_false(check_parse("saved,bogus", mips_check_names, MIPS_CHECK_NAME_COUNT,
                             MIPS_CHECK_COUNT, &set, why, sizeof why));
    assert_non_null(strstr(why, "unknown check 'bogus'"));
    assert_false(check_parse("-all2", mips_check_names, MIPS_CHECK_NAME_COUNT,
                             MIPS_CHECK_COUNT, &set, why, sizeof why));
    char text[128];
    check_format(saved | poison, mips_check_names, MIPS_CHECK_NAME_COUNT, text, sizeof text);
    assert_string_equal(text, "saved,poison");
    check_format(0, mips_check_names, MIPS_CHECK_NAME_COUNT, text, sizeof text);
    assert_string_equal(text, "none");
}

static void seen_once(void **state)
{
    (void)state;
    check_seen *seen = calloc(1, sizeof *seen);
    assert_non_null(seen);
    assert_true(check_seen_add(seen, 0));
    assert_false(check_seen_add(seen, 0));
    assert_true(check_seen_add(seen, 42));
    for (uint64_t k = 100; seen->count < CHECK_SEEN_MAX; k++)
        assert_true(check_seen_add(seen, k));
    assert_false(check_seen_add(seen, 7)); /* full: counted, not reported */
    assert_int_equal(seen->dropped, 1);
    assert_false(check_seen_add(seen, 42)); /* still seen */
    free(seen);
}

/* The registers an instruction reads, from the tables (mips_roles_of). */
static void roles_reads(void **state)
{
    (void)state;
    const char *src = "add $t1, $t2, $t3\n"  /* reads $t2 $t3, writes $t1 */
                      "sw $t0, 4($sp)\n"     /* reads $t0 and $sp */
                      "jalr $t1\n"           /* reads $t1, writes $ra */
                      "lui $t0, 1\n"         /* reads nothing */
                      "here: bgezal $a0, here\n" /* reads $a0 */
                      "mtc1 $t4, $f0\n";     /* reads $t4 (the FPR is written) */
    result r = assemble(src);
    assert_assembled(r);
    const uint32_t want[] = {1u << 10 | 1u << 11, 1u << 8 | 1u << 29, 1u << 9, 0, 1u << 4,
                             1u << 12};
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        const uint8_t *b = r.prog.segments[MIPS_SEG_TEXT].bytes + 4 * i;
        uint32_t word = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                        (uint32_t)b[3] << 24;
        if (mips_roles_of(word).reads != want[i])
            fail_msg("instruction %u reads 0x%08x, expected 0x%08x", i,
                     (unsigned)mips_roles_of(word).reads, (unsigned)want[i]);
    }
    release(&r);
}

/* A run of a program under the checks in set, recording the findings. */
enum { MAX_FOUND = 16 };
typedef struct fixture {
    result asm_result;
    mips_machine *m;
    mips_checker *ck;
    mips_finding found[MAX_FOUND];
    unsigned count;
    bool stop;
} fixture;

static bool record(void *ctx, const mips_finding *f)
{
    fixture *fx = ctx;
    if (fx->count < MAX_FOUND)
        fx->found[fx->count] = *f;
    fx->count++;
    return fx->stop;
}

static void load(fixture *f, const char *src, unsigned set, bool smc)
{
    f->asm_result = assemble_files(&src, 1, NULL);
    assert_assembled(f->asm_result);
    mips_machine_options mo = {.self_modifying_code = smc};
    f->m = mips_machine_new(&mo);
    assert_non_null(f->m);
    assert_true(mips_machine_load(f->m, &f->asm_result.prog, MIPS_TEXT_BASE));
    f->ck = mips_checker_new(set, record, f);
    assert_non_null(f->ck);
    assert_true(mips_check_attach(f->m, f->ck, &f->asm_result.prog));
}

/* Runs to the end, going on at syscalls without performing them (the
 * checks see the syscall instruction itself). */
static void run_to_end(fixture *f)
{
    for (int guard = 0; guard < 100; guard++) {
        mips_stop stop = mips_run(f->m, 100000);
        if (stop == MIPS_STOP_SYSCALL && mips_reg(f->m, MIPS_REG_V0) != 10)
            continue;
        if (stop == MIPS_STOP_LIMIT && mips_check_stopped(f->ck))
            continue;
        return;
    }
    fail_msg("the program did not end");
}

static void done(fixture *f)
{
    mips_machine_free(f->m);
    mips_checker_free(f->ck);
    release(&f->asm_result);
}

static uint32_t at(const fixture *f, const char *name)
{
    return label(&f->asm_result, 0, name);
}

static const char saved_src[] =
    "main: li $s0, 5\n"
    "      jal f\n"
    "      li $v0, 10\n"
    "      syscall\n"
    "f:    li $t0, 1\n"
    "set:  move $s0, $t0\n"
    "back: jr $ra\n";

static void saved_register(void **state)
{
    (void)state;
    fixture f = {0};
    load(&f, saved_src, ALL, false);
    run_to_end(&f);
    assert_int_equal(f.count, 1);
    const mips_finding *x = &f.found[0];
    assert_int_equal(x->kind, MIPS_CHECK_SAVED);
    assert_int_equal(x->reg, MIPS_REG_S0);
    assert_int_equal(x->old_value, 5);
    assert_int_equal(x->new_value, 1);
    assert_int_equal(x->pc, at(&f, "back"));
    assert_true(x->has_writer);
    assert_int_equal(x->writer_pc, at(&f, "set"));
    assert_true(x->in_call);
    assert_int_equal(x->call_pc, at(&f, "main") + 4);
    assert_int_equal(x->callee, at(&f, "f"));
    done(&f);
}

/* A finding that stops leaves pc at its instruction, not run; going on runs
 * it, and the finding neither comes again nor stops again. */
static void stop_and_go_on(void **state)
{
    (void)state;
    fixture f = {.stop = true};
    load(&f, saved_src, ALL, false);
    assert_int_equal(mips_run(&(*f.m), 100000), MIPS_STOP_LIMIT);
    assert_true(mips_check_stopped(f.ck));
    assert_false(mips_check_stopped(f.ck)); /* reading it cleared it */
    assert_int_equal(mips_pc(f.m), at(&f, "back"));
    assert_int_equal(f.count, 1);
    assert_int_equal(mips_run(f.m, 100000), MIPS_STOP_SYSCALL);
    assert_int_equal(mips_reg(f.m, MIPS_REG_V0), 10);
    assert_int_equal(f.count, 1);
    assert_int_equal(mips_check_found(f.ck), 1);
    done(&f);
}

static void poison_and_results(void **state)
{
    (void)state;
    fixture f = {0};
    load(&f,
         "main: li $t0, 40\n"
         "      li $v1, 3\n"
         "      bgezal $zero, g\n"   /* a call: bgezal always taken */
         "      move $t2, $v0\n"     /* g's result: fine */
         "use:  move $t3, $v1\n"     /* g did not set $v1 */
         "      li $v0, 10\n"
         "      syscall\n"
         "g:    li $v0, 7\n"
         "      jr $ra\n",
         (1u << MIPS_CHECK_CALLER) | (1u << MIPS_CHECK_POISON), false);
    run_to_end(&f);
    assert_int_equal(mips_reg(f.m, MIPS_REG_T0), MIPS_POISON);
    assert_int_equal(mips_reg(f.m, MIPS_REG_T2), 7);
    assert_int_equal(mips_reg(f.m, MIPS_REG_V1), MIPS_POISON);
    assert_int_equal(mips_reg(f.m, MIPS_REG_A0), MIPS_POISON);
    assert_int_equal(f.count, 1);
    assert_int_equal(f.found[0].kind, MIPS_CHECK_CALLER);
    assert_int_equal(f.found[0].reg, MIPS_REG_V1);
    assert_int_equal(f.found[0].pc, at(&f, "use"));
    assert_int_equal(f.found[0].callee, at(&f, "g"));
    done(&f);
}

/* read string (8) fills its buffer outside the interpreter: not unwritten. */
static void syscall_buffer(void **state)
{
    (void)state;
    fixture f = {0};
    load(&f,
         "      .data\n"
         "buf:  .space 8\n"
         "      .text\n"
         "main: li $v0, 8\n"
         "      la $a0, buf\n"
         "      li $a1, 8\n"
         "      syscall\n"
         "      lw $t0, buf\n"
         "      lw $t1, buf+4\n"
         "      li $v0, 10\n"
         "      syscall\n",
         ALL, false);
    run_to_end(&f);
    assert_int_equal(f.count, 0);
    done(&f);
}

/* Code rewritten at run time (smc) is checked as it now is: the nop ran
 * once, then became "addu $t1, $t2, $zero", which reads $t2, never set. */
static void rewritten_code(void **state)
{
    (void)state;
    fixture f = {0};
    load(&f,
         "main: li $t0, 2\n"
         "      li $t3, 0x01404821\n" /* addu $t1, $t2, $zero */
         "loop: nop\n"
         "      la $t4, loop\n"
         "      sw $t3, 0($t4)\n"
         "      addi $t0, $t0, -1\n"
         "      bgtz $t0, loop\n"
         "      li $v0, 10\n"
         "      syscall\n",
         ALL, true);
    run_to_end(&f);
    assert_int_equal(f.count, 1);
    assert_int_equal(f.found[0].kind, MIPS_CHECK_UNINIT_REG);
    assert_int_equal(f.found[0].reg, MIPS_REG_T2);
    assert_int_equal(f.found[0].pc, at(&f, "loop"));
    done(&f);
}

/* fib by the convention: deep calls, saves and restores, nothing found. */
static void clean_recursion(void **state)
{
    (void)state;
    fixture f = {0};
    load(&f,
         "main: li $a0, 12\n"
         "      jal fib\n"
         "      li $v0, 10\n"
         "      syscall\n"
         "fib:  addi $sp, $sp, -12\n"
         "      sw $ra, 8($sp)\n"
         "      sw $s0, 4($sp)\n"
         "      sw $s1, 0($sp)\n"
         "      move $s0, $a0\n"
         "      li $v0, 1\n"
         "      slti $t0, $s0, 2\n"
         "      bne $t0, $zero, out\n"
         "      addi $a0, $s0, -1\n"
         "      jal fib\n"
         "      move $s1, $v0\n"
         "      addi $a0, $s0, -2\n"
         "      jal fib\n"
         "      add $v0, $v0, $s1\n"
         "out:  lw $s1, 0($sp)\n"
         "      lw $s0, 4($sp)\n"
         "      lw $ra, 8($sp)\n"
         "      addi $sp, $sp, 12\n"
         "      jr $ra\n",
         ALL, false);
    run_to_end(&f);
    assert_int_equal(mips_reg(f.m, MIPS_REG_V0), 10);
    assert_int_equal(f.count, 0);
    done(&f);
}

/* Each check off on its own: the same mistakes, only the ones left on. */
static void checks_off(void **state)
{
    (void)state;
    fixture f = {0};
    load(&f, "main: move $t0, $t1\n"  /* uninit-reg */
             "      addi $sp, $sp, 4\n" /* stack: above */
             "      li $v0, 10\n"
             "      syscall\n",
         ALL & ~(1u << MIPS_CHECK_UNINIT_REG), false);
    run_to_end(&f);
    assert_int_equal(f.count, 1);
    assert_int_equal(f.found[0].kind, MIPS_CHECK_STACK);
    assert_false(f.found[0].misaligned);
    assert_int_equal(f.found[0].new_value, mips_reg(f.m, MIPS_REG_SP));
    done(&f);
}

/* The checked loop takes the kind of an instruction's record from its
 * handler (mips_check_kind_of) where the handler fixes it: every basic
 * row, with its operand bits set several ways, must agree with the record
 * made from the word's roles. */
static void kinds_of_handlers(void **state)
{
    (void)state;
    mips_rows rows;
    assert_true(mips_bind_rows(&rows));
    mips_checker *ck = mips_checker_new((1u << MIPS_CHECK_COUNT) - 1, NULL, NULL);
    mips_machine *m = mips_machine_new(NULL);
    assert_non_null(ck);
    assert_non_null(m);
    assert_true(mips_check_attach(m, ck, NULL));
    const uint32_t operands[] = {0, 0xffffffffu, 0x5a5a5a5au, 0x03e00000u, 0x001f0000u};
    unsigned fixed = 0;
    for (size_t i = 0; i < mips_basic_count(); i++) {
        const mips_basic *row = mips_basic_at(i);
        for (size_t k = 0; k < sizeof operands / sizeof operands[0]; k++) {
            uint32_t word = (row->match & row->mask) | (operands[k] & ~row->mask);
            mips_decoded dec = mips_decode_at(&rows, word, MIPS_TEXT_BASE);
            int kind = mips_check_kind_of(MIPS_D_H(dec));
            if (kind < 0)
                continue;
            fixed++;
            mips_poke(m, MIPS_TEXT_BASE, word);
            const mips_check_op *op = mips_check_op_slow(ck, m, MIPS_TEXT_BASE);
            if (op->kind != kind)
                fail_msg("%s (0x%08x): handler %u says kind %d, its record %u", row->mnemonic,
                         (unsigned)word, MIPS_D_H(dec), kind, (unsigned)op->kind);
        }
    }
    assert_true(fixed > 100);
    /* a fused pair's handler: the kind of its first */
    assert_int_equal(mips_check_kind_of(MIPS_H_LW_ADDI), MIPS_OP_LOAD);
    assert_int_equal(mips_check_kind_of(MIPS_H_LW_ADDIU), MIPS_OP_LOAD);
    assert_int_equal(mips_check_kind_of(MIPS_H_ADDI_SW), MIPS_OP_PLAIN);
    assert_int_equal(mips_check_kind_of(MIPS_H_ADDIU_BEQ), MIPS_OP_PLAIN);
    mips_machine_free(m);
    mips_checker_free(ck);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(check_lists),     cmocka_unit_test(seen_once),
        cmocka_unit_test(roles_reads),
        cmocka_unit_test(saved_register),  cmocka_unit_test(stop_and_go_on),
        cmocka_unit_test(poison_and_results), cmocka_unit_test(syscall_buffer),
        cmocka_unit_test(rewritten_code),  cmocka_unit_test(clean_recursion),
        cmocka_unit_test(checks_off),      cmocka_unit_test(kinds_of_handlers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
