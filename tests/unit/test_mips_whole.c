/* Whole MIPS programs as a spec's program tests run them
 * (mipssim/grade/mips_whole.h): input from a buffer, the output captured,
 * MARS's program arguments, the instruction and output caps, files only in
 * the folder given, and the ways a run ends. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "mips_whole.h"

static mips_call_program *assemble(const char *text)
{
    const char *names[] = {"t.asm"};
    char *messages = NULL;
    mips_call_program *p = mips_call_assemble_texts(names, &text, 1, NULL, &messages);
    if (!p)
        fail_msg("%s", messages ? messages : "");
    free(messages);
    return p;
}

/* Reads a line, prints "hi " and it, then the first argument; exits. */
static const char echo[] =
    ".data\nbuf: .space 64\nhi: .asciiz \"hi \"\n"
    ".text\n"
    "    move $s0, $a1\n"
    "    li $v0, 8\n    la $a0, buf\n    li $a1, 64\n    syscall\n"
    "    li $v0, 4\n    la $a0, hi\n    syscall\n"
    "    li $v0, 4\n    la $a0, buf\n    syscall\n"
    "    li $v0, 4\n    lw $a0, 0($s0)\n    syscall\n"
    "    li $v0, 10\n    syscall\n";

static void input_output_and_arguments(void **state)
{
    (void)state;
    mips_call_program *p = assemble(echo);
    char *args[] = {"seven"};
    mips_whole_options o = {.input = "Ann\n", .input_len = 4, .args = args, .arg_count = 1};
    mips_whole_result r;
    assert_true(mips_whole_run(p, &o, &r));
    assert_int_equal(r.run.status, MIPS_CALL_EXITED);
    assert_true(mips_whole_ended(&r));
    assert_string_equal(r.output, "hi Ann\nseven");
    assert_int_equal(r.output_len, 12);
    mips_whole_result_free(&r);
    mips_call_program_free(p);
}

static void a_run_off_the_code_ends_it(void **state)
{
    (void)state;
    mips_call_program *p = assemble(".text\n    li $v0, 11\n    li $a0, 'x'\n    syscall\n");
    mips_whole_options o = {0};
    mips_whole_result r;
    assert_true(mips_whole_run(p, &o, &r));
    assert_int_equal(r.run.status, MIPS_CALL_LEFT_CODE);
    assert_true(mips_whole_ended(&r));
    assert_string_equal(r.output, "x");
    mips_whole_result_free(&r);
    mips_call_program_free(p);
}

static void the_caps(void **state)
{
    (void)state;
    mips_call_program *loop = assemble(".text\nl: j l\n");
    mips_whole_options o = {.max_instructions = 5000};
    mips_whole_result r;
    assert_true(mips_whole_run(loop, &o, &r));
    assert_int_equal(r.run.status, MIPS_CALL_BUDGET);
    assert_int_equal(r.run.instructions, 5000);
    assert_false(mips_whole_ended(&r));
    mips_whole_result_free(&r);
    mips_call_program_free(loop);
    mips_call_program *flood = assemble(".text\nl: li $v0, 11\n li $a0, 'y'\n syscall\n j l\n");
    assert_true(mips_whole_run(flood, &(mips_whole_options){0}, &r));
    assert_int_equal(r.run.status, MIPS_CALL_OUTPUT_CAP);
    assert_true(r.output_len <= MIPS_WHOLE_OUTPUT_MAX);
    assert_false(mips_whole_ended(&r));
    mips_whole_result_free(&r);
    mips_call_program_free(flood);
}

static void input_ended_and_a_fault(void **state)
{
    (void)state;
    mips_call_program *p = assemble(".text\n    li $v0, 5\n    syscall\n    li $v0, 5\n"
                                    "    syscall\n");
    mips_whole_options o = {.input = "3\n", .input_len = 2};
    mips_whole_result r;
    assert_true(mips_whole_run(p, &o, &r));
    assert_int_equal(r.run.status, MIPS_CALL_INPUT_ENDED);
    assert_true(mips_whole_ended(&r));
    mips_whole_result_free(&r);
    mips_call_program_free(p);
    p = assemble(".text\n    lw $t0, 1($zero)\n");
    assert_true(mips_whole_run(p, &(mips_whole_options){0}, &r));
    assert_int_equal(r.run.status, MIPS_CALL_ERROR);
    assert_false(mips_whole_ended(&r));
    mips_whole_result_free(&r);
    mips_call_program_free(p);
}

/* A file outside the folder given cannot be opened: open returns -1. */
static void files_stay_in_their_folder(void **state)
{
    (void)state;
    mips_call_program *p = assemble(".data\nname: .asciiz \"../../../../etc/passwd\"\n.text\n"
                                    "    li $v0, 13\n    la $a0, name\n    li $a1, 0\n"
                                    "    syscall\n    move $a0, $v0\n    li $v0, 1\n"
                                    "    syscall\n");
    char dir[] = "/tmp/test_mips_whole.XXXXXX";
    assert_non_null(mkdtemp(dir));
    mips_whole_options o = {.fs_root = dir};
    mips_whole_result r;
    assert_true(mips_whole_run(p, &o, &r));
    assert_string_equal(r.output, "-1");
    mips_whole_result_free(&r);
    mips_call_program_free(p);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(input_output_and_arguments),
        cmocka_unit_test(a_run_off_the_code_ends_it),
        cmocka_unit_test(the_caps),
        cmocka_unit_test(input_ended_and_a_fault),
        cmocka_unit_test(files_stay_in_their_folder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
