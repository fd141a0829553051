/* The call harness on tiny programs: return values, the sentinel return,
 * the budget, runtime errors, arguments on the stack, exits, syscalls with
 * files and output, memory in and out, label lookup. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "mips_call.h"

/* One source assembled as "t.asm"; fails the test with the messages when
 * it does not assemble. */
static mips_call_program *program_of(const char *text)
{
    const char *name = "t.asm";
    char *messages = NULL;
    mips_call_program *p = mips_call_assemble_texts(&name, &text, 1, NULL, &messages);
    if (!p)
        fail_msg("assembly failed:\n%s", messages ? messages : "(no messages)");
    free(messages);
    return p;
}

/* Calls label with args on a fresh machine with options o (NULL: defaults). */
static mips_call_result call(const mips_call_program *p, const char *label,
                             const uint32_t *args, size_t n, const mips_call_options *o)
{
    uint32_t fn;
    if (!mips_call_find(p, 0, label, &fn))
        fail_msg("no label %s", label);
    mips_call *c = mips_call_new(p, o);
    assert_non_null(c);
    mips_call_result r = mips_call_run(c, fn, args, n);
    mips_call_free(c);
    return r;
}

static void test_returns_v0_v1_and_counts(void **state)
{
    (void)state;
    mips_call_program *p = program_of("f: addi $v0, $a0, 1\n"
                                      "   sub $v1, $a1, $a2\n"
                                      "   jr $ra\n");
    uint32_t args[] = {41, 10, 3};
    mips_call_result r = call(p, "f", args, 3, NULL);
    assert_int_equal(r.status, MIPS_CALL_RETURNED);
    assert_int_equal(r.v0, 42);
    assert_int_equal(r.v1, 7);
    assert_int_equal(r.instructions, 3);
    assert_int_equal(r.pc, MIPS_CALL_DEFAULT_SENTINEL);
    mips_call_program_free(p);
}

/* A function that calls another (saving $ra on the stack) comes back to
 * the sentinel only at the end; the first function in .text is not the
 * one called. */
static void test_nested_call_returns_at_the_end(void **state)
{
    (void)state;
    mips_call_program *p = program_of("double: add $v0, $a0, $a0\n"
                                      "        jr $ra\n"
                                      "quad:   addi $sp, $sp, -4\n"
                                      "        sw $ra, 0($sp)\n"
                                      "        jal double\n"
                                      "        move $a0, $v0\n"
                                      "        jal double\n"
                                      "        lw $ra, 0($sp)\n"
                                      "        addi $sp, $sp, 4\n"
                                      "        jr $ra\n");
    uint32_t args[] = {5};
    mips_call_result r = call(p, "quad", args, 1, NULL);
    assert_int_equal(r.status, MIPS_CALL_RETURNED);
    assert_int_equal(r.v0, 20);
    assert_int_equal(r.instructions, 12);
    mips_call_program_free(p);
}

static void test_budget_exhausted(void **state)
{
    (void)state;
    mips_call_program *p = program_of("spin: j spin\n");
    mips_call_result r = call(p, "spin", NULL, 0, NULL);
    assert_int_equal(r.status, MIPS_CALL_BUDGET);
    assert_int_equal(r.instructions, MIPS_CALL_DEFAULT_BUDGET);

    mips_call_options o = mips_call_default_options();
    o.budget = 77;
    r = call(p, "spin", NULL, 0, &o);
    assert_int_equal(r.status, MIPS_CALL_BUDGET);
    assert_int_equal(r.instructions, 77);
    mips_call_program_free(p);
}

static void test_runtime_error(void **state)
{
    (void)state;
    mips_call_program *p = program_of("f: li $v0, 7\n"
                                      "   lw $t0, 0($a0)\n"
                                      "   jr $ra\n");
    uint32_t args[] = {0};
    mips_call_result r = call(p, "f", args, 1, NULL);
    assert_int_equal(r.status, MIPS_CALL_ERROR);
    assert_int_equal(r.error.pc, MIPS_TEXT_BASE + 4);
    assert_string_equal(r.error.message, "address out of range 0x00000000");
    assert_int_equal(r.v0, 7);
    mips_call_program_free(p);
}

/* Six arguments: four in $a0-$a3, the fifth at 0($sp) and the sixth at
 * 4($sp) (CSE 220), or from 16($sp) with the o32 offset. */
static void test_arguments_beyond_four_on_the_stack(void **state)
{
    (void)state;
    mips_call_program *p = program_of("f:  lw $t0, 0($sp)\n"
                                      "    lw $t1, 4($sp)\n"
                                      "    sll $t1, $t1, 4\n"
                                      "    or $v0, $t0, $t1\n"
                                      "    add $v1, $a0, $a1\n"
                                      "    add $v1, $v1, $a2\n"
                                      "    add $v1, $v1, $a3\n"
                                      "    jr $ra\n"
                                      "g:  lw $t0, 16($sp)\n"
                                      "    lw $t1, 20($sp)\n"
                                      "    sub $v0, $t0, $t1\n"
                                      "    jr $ra\n");
    uint32_t args[] = {1, 2, 3, 4, 5, 6};
    mips_call_result r = call(p, "f", args, 6, NULL);
    assert_int_equal(r.status, MIPS_CALL_RETURNED);
    assert_int_equal(r.v0, 0x65);
    assert_int_equal(r.v1, 10);

    mips_call_options o = mips_call_default_options();
    o.stack_arg_offset = 16;
    r = call(p, "g", args, 6, &o);
    assert_int_equal(r.status, MIPS_CALL_RETURNED);
    assert_int_equal((int32_t)r.v0, -1);
    mips_call_program_free(p);
}

/* Running off the end, or jumping to a .text word without code, is not a
 * return: only the sentinel is. */
static void test_only_the_sentinel_is_a_return(void **state)
{
    (void)state;
    mips_call_program *p = program_of("off:  li $v0, 1\n"
                                      "away: li $t0, 0x00500000\n"
                                      "      jr $t0\n");
    mips_call_result r = call(p, "away", NULL, 0, NULL);
    assert_int_equal(r.status, MIPS_CALL_LEFT_CODE);
    assert_int_equal(r.pc, 0x00500000);

    mips_call_program *q = program_of("f: li $v0, 1\n");
    r = call(q, "f", NULL, 0, NULL);
    assert_int_equal(r.status, MIPS_CALL_LEFT_CODE);
    assert_int_equal(r.v0, 1);

    /* Another sentinel works the same way. */
    mips_call_program *s = program_of("f: li $v0, 9\n   jr $ra\n");
    mips_call_options o = mips_call_default_options();
    o.sentinel = 0x00600000;
    r = call(s, "f", NULL, 0, &o);
    assert_int_equal(r.status, MIPS_CALL_RETURNED);
    assert_int_equal(r.pc, 0x00600000);
    mips_call_program_free(p);
    mips_call_program_free(q);
    mips_call_program_free(s);
}

static void test_exit_syscalls(void **state)
{
    (void)state;
    mips_call_program *p = program_of("ten:     li $v0, 10\n"
                                      "         syscall\n"
                                      "seventeen: li $a0, 300\n"
                                      "         li $v0, 17\n"
                                      "         syscall\n");
    mips_call_result r = call(p, "ten", NULL, 0, NULL);
    assert_int_equal(r.status, MIPS_CALL_EXITED);
    assert_int_equal(r.exit_status, 0);
    r = call(p, "seventeen", NULL, 0, NULL);
    assert_int_equal(r.status, MIPS_CALL_EXITED);
    assert_int_equal(r.exit_status, 300 & 0xff);
    mips_call_program_free(p);
}

/* Memory written before the call is what the function sees; what it
 * writes can be read after. */
static void test_memory_in_and_out(void **state)
{
    (void)state;
    mips_call_program *p = program_of("bump: lbu $t0, 1($a0)\n"
                                      "      addi $t0, $t0, 1\n"
                                      "      sb $t0, 1($a0)\n"
                                      "      lb $v0, 2($a0)\n"
                                      "      jr $ra\n");
    uint32_t fn;
    assert_true(mips_call_find(p, 0, "bump", &fn));
    mips_call *c = mips_call_new(p, NULL);
    assert_non_null(c);
    const uint8_t in[4] = {1, 41, 0xfe, 4};
    assert_true(mips_call_write(c, 0x10040000, in, sizeof in));
    uint32_t args[] = {0x10040000};
    mips_call_result r = mips_call_run(c, fn, args, 1);
    assert_int_equal(r.status, MIPS_CALL_RETURNED);
    assert_int_equal((int32_t)r.v0, -2);
    uint8_t out[4];
    assert_true(mips_call_read(c, 0x10040000, out, sizeof out));
    const uint8_t want[4] = {1, 42, 0xfe, 4};
    assert_memory_equal(want, out, sizeof want);
    assert_false(mips_call_write(c, MIPS_TEXT_BASE, in, 1)); /* not .text */
    mips_call_free(c);
    mips_call_program_free(p);
}

/* Registers the caller sets survive into the call, and the caller reads
 * them after (the grader checks $s registers this way). */
static void test_registers_set_by_the_caller(void **state)
{
    (void)state;
    mips_call_program *p = program_of("f: move $v0, $s3\n"
                                      "   li $s4, 99\n"
                                      "   jr $ra\n");
    uint32_t fn;
    assert_true(mips_call_find(p, 0, "f", &fn));
    mips_call *c = mips_call_new(p, NULL);
    mips_set_reg(mips_call_machine(c), 19, 0xabcd);
    mips_call_result r = mips_call_run(c, fn, NULL, 0);
    assert_int_equal(r.v0, 0xabcd);
    assert_int_equal(mips_reg(mips_call_machine(c), 20), 99);
    mips_call_free(c);
    mips_call_program_free(p);
}

/* File syscalls resolve names under fs_root; output goes to out_fd. */
static void test_file_syscalls_and_output(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_mips_call.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/in.txt", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("Zebra", f);
    fclose(f);

    mips_call_program *p = program_of("rd: addi $sp, $sp, -4\n"
                                      "    li $v0, 13\n"
                                      "    li $a1, 0\n"
                                      "    syscall\n"
                                      "    move $a0, $v0\n"
                                      "    move $a1, $sp\n"
                                      "    li $a2, 1\n"
                                      "    li $v0, 14\n"
                                      "    syscall\n"
                                      "    li $v0, 16\n"
                                      "    syscall\n"
                                      "    lbu $a0, 0($sp)\n"
                                      "    li $v0, 11\n"
                                      "    syscall\n"
                                      "    move $v0, $a0\n"
                                      "    addi $sp, $sp, 4\n"
                                      "    jr $ra\n");
    const uint32_t name_addr = 0x10040000;
    uint32_t fn;
    assert_true(mips_call_find(p, 0, "rd", &fn));
    FILE *out = tmpfile();
    assert_non_null(out);
    mips_call_options o = mips_call_default_options();
    o.fs_root = dir;
    o.out_fd = fileno(out);
    mips_call *c = mips_call_new(p, &o);
    assert_non_null(c);
    assert_true(mips_call_write(c, name_addr, "in.txt", 7));
    uint32_t args[] = {name_addr};
    mips_call_result r = mips_call_run(c, fn, args, 1);
    mips_call_free(c);
    assert_int_equal(r.status, MIPS_CALL_RETURNED);
    assert_int_equal(r.v0, 'Z');
    rewind(out);
    assert_int_equal(fgetc(out), 'Z');
    assert_int_equal(fgetc(out), EOF);
    fclose(out);
    remove(path);
    rmdir(dir);
    mips_call_program_free(p);
}

/* Only the allowed services run: the first other one ends the call at
 * its syscall, unperformed (nothing printed). */
static void test_refused_syscall(void **state)
{
    (void)state;
    mips_call_program *p = program_of("f: li $a0, 65\n"
                                      "   li $v0, 11\n"
                                      "   syscall\n"
                                      "   jr $ra\n");
    uint32_t fn;
    assert_true(mips_call_find(p, 0, "f", &fn));
    FILE *out = tmpfile();
    assert_non_null(out);
    mips_call_options o = mips_call_default_options();
    o.out_fd = fileno(out);
    for (int allowed = 0; allowed < 2; allowed++) {
        mips_call *c = mips_call_new(p, &o);
        assert_non_null(c);
        mips_call_allow_syscalls(c, allowed ? 1u << 11 : 1u << 1);
        mips_call_result r = mips_call_run(c, fn, NULL, 0);
        mips_call_free(c);
        if (allowed) {
            assert_int_equal(r.status, MIPS_CALL_RETURNED);
        } else {
            assert_int_equal(r.status, MIPS_CALL_SYSCALL_REFUSED);
            assert_int_equal(r.service, 11);
            assert_int_equal(r.pc, fn + 8);
            assert_int_equal(ftell(out), 0);
        }
    }
    rewind(out);
    assert_int_equal(fgetc(out), 'A');
    fclose(out);
    mips_call_program_free(p);
}

/* A read or write costs a budget instruction per word it asks to move; one
 * the budget cannot pay for is not performed. */
static void test_syscall_bytes_charged(void **state)
{
    (void)state;
    static const char *const sources[] = {
        "f: li $a0, -1\n   li $a1, 0x10040000\n   li $a2, 0\n   li $v0, 14\n   syscall\n"
        "   jr $ra\n",
        "f: li $a0, -1\n   li $a1, 0x10040000\n   li $a2, 37\n   li $v0, 14\n   syscall\n"
        "   jr $ra\n",
        "f: li $a0, -1\n   li $a1, 0x10040000\n   li $a2, 4000000\n   li $v0, 15\n   syscall\n"
        "   jr $ra\n",
    };
    uint64_t counts[3];
    mips_call_result r;
    for (int i = 0; i < 3; i++) {
        mips_call_program *p = program_of(sources[i]);
        r = call(p, "f", NULL, 0, NULL);
        counts[i] = r.instructions;
        mips_call_program_free(p);
    }
    assert_int_equal(counts[1] - counts[0], 10); /* 37 bytes: 10 words */
    assert_int_equal(r.status, MIPS_CALL_BUDGET);
    assert_int_equal(r.service, 15);
    assert_int_equal(r.instructions, MIPS_CALL_DEFAULT_BUDGET);
}

/* The calls of a program share its decoded code; a store into one
 * machine's code (mips_poke) changes that machine alone. */
static void test_shared_code_copied_on_write(void **state)
{
    (void)state;
    mips_call_program *p = program_of("f: li $v0, 1\n   jr $ra\n");
    uint32_t fn;
    assert_true(mips_call_find(p, 0, "f", &fn));
    mips_call *changed = mips_call_new(p, NULL), *other = mips_call_new(p, NULL);
    assert_non_null(changed);
    assert_non_null(other);
    mips_poke(mips_call_machine(changed), fn, 0x24020007); /* addiu $v0, $zero, 7 */
    assert_int_equal(mips_call_run(changed, fn, NULL, 0).v0, 7);
    assert_int_equal(mips_call_run(other, fn, NULL, 0).v0, 1);
    mips_call_free(changed);
    mips_call *later = mips_call_new(p, NULL);
    assert_int_equal(mips_call_run(later, fn, NULL, 0).v0, 1);
    mips_call_free(later);
    mips_call_free(other);
    mips_call_program_free(p);
}

/* The file budget the calls share: files created, and bytes written. */
static void test_file_budget(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_mips_call.XXXXXX";
    assert_non_null(mkdtemp(dir));
    mips_call_program *p = program_of("mk: li $a1, 1\n"      /* create $a0, write 6 bytes */
                                      "    li $v0, 13\n"
                                      "    syscall\n"
                                      "    bltz $v0, mk_done\n"
                                      "    move $a0, $v0\n"
                                      "    move $a1, $a2\n"
                                      "    li $a2, 6\n"
                                      "    li $v0, 15\n"
                                      "    syscall\n"
                                      "    li $v0, 16\n"
                                      "    syscall\n"
                                      "    li $v0, 0\n"
                                      "mk_done:\n"
                                      "    jr $ra\n");
    uint32_t fn;
    assert_true(mips_call_find(p, 0, "mk", &fn));
    mips_file_budget budget = {.bytes_left = 10, .files_left = 2};
    mips_call_options o = mips_call_default_options();
    o.fs_root = dir;
    o.fs_budget = &budget;
    static const char *const names[] = {"one", "two", "three"};
    mips_call_status want[] = {MIPS_CALL_RETURNED, MIPS_CALL_OUTPUT_CAP, MIPS_CALL_RETURNED};
    uint32_t v0[] = {0, 6, (uint32_t)-1};
    for (int i = 0; i < 3; i++) {
        mips_call *c = mips_call_new(p, &o);
        assert_non_null(c);
        assert_true(mips_call_write(c, 0x10040000, names[i], strlen(names[i]) + 1));
        assert_true(mips_call_write(c, 0x10040100, "abcdef", 6));
        uint32_t args[] = {0x10040000, 0, 0x10040100};
        mips_call_result r = mips_call_run(c, fn, args, 3);
        mips_call_free(c);
        assert_int_equal(r.status, want[i]);
        assert_int_equal(r.v0, v0[i]);
    }
    assert_int_equal(budget.files_left, 0);
    assert_int_equal(budget.bytes_left, 0);
    char path[64];
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (i == 2) {
            assert_null(f); /* the budget had no third file */
            continue;
        }
        assert_non_null(f);
        fseek(f, 0, SEEK_END);
        assert_int_equal(ftell(f), i == 0 ? 6 : 4);
        fclose(f);
        remove(path);
    }
    rmdir(dir);
    mips_call_program_free(p);
}

/* A submission's local label is found before the helper's global one of
 * the same name; another file's locals are not visible. */
static void test_find_local_then_global(void **state)
{
    (void)state;
    const char *names[] = {"sub.asm", "helper.asm"};
    const char *texts[] = {"f: li $v0, 1\n   jr $ra\n",
                           ".globl g\n"
                           "g: li $v0, 2\n   jr $ra\n"
                           "f: li $v0, 3\n   jr $ra\n"};
    char *messages = NULL;
    mips_call_program *p = mips_call_assemble_texts(names, texts, 2, NULL, &messages);
    assert_non_null(p);
    free(messages);
    uint32_t f0, f1, g;
    assert_true(mips_call_find(p, 0, "f", &f0));
    assert_true(mips_call_find(p, 1, "f", &f1));
    assert_true(mips_call_find(p, 0, "g", &g));
    assert_int_equal(f0, MIPS_TEXT_BASE);
    assert_int_equal(f1, MIPS_TEXT_BASE + 16);
    assert_false(mips_call_find(p, 0, "nothing", &g));
    mips_call_result r = call(p, "g", NULL, 0, NULL);
    assert_int_equal(r.v0, 2);
    mips_call_program_free(p);
}

static void test_assembly_errors_are_reported(void **state)
{
    (void)state;
    const char *name = "bad.asm", *text = "f: addi $v0, $zz, 1\n";
    char *messages = NULL;
    assert_null(mips_call_assemble_texts(&name, &text, 1, NULL, &messages));
    assert_non_null(messages);
    assert_non_null(strstr(messages, "bad.asm:1"));
    free(messages);

    const char *path = "/nonexistent/dir/sub.asm";
    assert_null(mips_call_assemble(&path, 1, NULL, &messages));
    assert_non_null(strstr(messages, "cannot read"));
    free(messages);
}

/* A syscall's error with no handler ends the call as that error even when
 * the syscall spent the last of the budget (the session reports it at
 * once, on every host; the grader's own loop said the budget ran out). */
static void test_syscall_error_on_the_last_step(void **state)
{
    (void)state;
    mips_call_program *p = program_of("f: li $v0, 9\n"
                                      "   li $a0, -1\n"
                                      "   syscall\n"
                                      "   jr $ra\n");
    mips_call_options o = mips_call_default_options();
    o.budget = 3;
    mips_call_result r = call(p, "f", NULL, 0, &o);
    assert_int_equal(r.status, MIPS_CALL_ERROR);
    assert_int_equal(r.error.kind, MIPS_ERR_SBRK_NEGATIVE);
    assert_int_equal(r.instructions, 3);
    mips_call_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_returns_v0_v1_and_counts),
        cmocka_unit_test(test_nested_call_returns_at_the_end),
        cmocka_unit_test(test_budget_exhausted),
        cmocka_unit_test(test_runtime_error),
        cmocka_unit_test(test_arguments_beyond_four_on_the_stack),
        cmocka_unit_test(test_only_the_sentinel_is_a_return),
        cmocka_unit_test(test_exit_syscalls),
        cmocka_unit_test(test_memory_in_and_out),
        cmocka_unit_test(test_registers_set_by_the_caller),
        cmocka_unit_test(test_file_syscalls_and_output),
        cmocka_unit_test(test_refused_syscall),
        cmocka_unit_test(test_syscall_bytes_charged),
        cmocka_unit_test(test_shared_code_copied_on_write),
        cmocka_unit_test(test_file_budget),
        cmocka_unit_test(test_syscall_error_on_the_last_step),
        cmocka_unit_test(test_find_local_then_global),
        cmocka_unit_test(test_assembly_errors_are_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
