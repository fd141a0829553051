/* Whole LC-3 programs as the grader runs them (lc3sim/grade/lc3_whole.h):
 * keys from a buffer, the output captured and capped, the stop before
 * HALT, a read that waits until the cap, exceptions with their pc and line,
 * privilege ignored, and the randomized machine with the OS intact. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "lc3_whole.h"

/* Assembles text from a file in a fresh temporary folder. */
static void assemble(const char *text, lc3_whole_program *p)
{
    char dir[] = "/tmp/test_lc3_whole.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/prog.asm", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    grade_findings fatal = {0};
    bool ok = lc3_whole_assemble(path, "prog.asm", p, &fatal);
    if (!ok)
        fail_msg("does not assemble: %s", p->messages ? p->messages : "");
    grade_findings_free(&fatal);
    unlink(path);
    rmdir(dir);
}

static lc3_whole_result run(const lc3_whole_program *p, const char *keys, uint64_t cap,
                            bool randomize, bool ignore_privilege)
{
    lc3_whole_options o = {.keys = keys, .key_count = strlen(keys), .max_instructions = cap,
                           .start_pc = 0x3000, .randomize = randomize, .seed = 42,
                           .ignore_privilege = ignore_privilege};
    lc3_whole_result r;
    assert_true(lc3_whole_run(p, &o, &r));
    return r;
}

static const char echo_twice[] =
    "        .ORIG x3000\n"
    "        GETC\n"
    "        OUT\n"
    "        GETC\n"
    "        OUT\n"
    "        HALT\n"
    "        .END\n";

static void keys_in_output_out_no_banner(void **state)
{
    (void)state;
    lc3_whole_program p;
    assemble(echo_twice, &p);
    lc3_whole_result r = run(&p, "hi!", 50000, false, false);
    assert_string_equal(r.output, "hi");
    assert_int_equal(r.stop, LC3_RUN_AT_HALT);
    assert_false(r.hit_cap);
    assert_int_equal(r.keys_read, 2);
    assert_int_equal(r.exceptions, 0);
    lc3_whole_result_free(&r);
    /* Keys run out: the second GETC waits until the cap. */
    r = run(&p, "h", 10000, false, false);
    assert_string_equal(r.output, "h");
    assert_true(r.hit_cap);
    assert_int_equal(r.instructions, 10000);
    lc3_whole_result_free(&r);
    lc3_whole_program_free(&p);
}

static const char reads_system_space[] =
    "        .ORIG x3000\n"
    "        AND R1, R1, #0\n"
    "        LDR R0, R1, #0   ; x0000: system space\n"
    "        HALT\n"
    "        .END\n";

static void exception_with_pc_and_line(void **state)
{
    (void)state;
    lc3_whole_program p;
    assemble(reads_system_space, &p);
    lc3_whole_result r = run(&p, "", 10000, false, false);
    assert_int_equal(r.exceptions, 1);
    assert_int_equal(r.exception.vector, LC3_VEC_ACCESS);
    assert_int_equal(r.exception.pc, 0x3001);
    assert_int_equal(r.exception_line, 3);
    assert_non_null(strstr(r.output, "Access violation")); /* the OS's handler, up to its HALT */
    /* The OS's handler halts (by its HALT, or by clearing MCR itself). */
    assert_true(r.stop == LC3_RUN_AT_HALT || r.stop == LC3_RUN_HALTED);
    lc3_whole_result_free(&r);
    r = run(&p, "", 10000, false, true);
    assert_int_equal(r.exceptions, 0);
    assert_string_equal(r.output, "");
    lc3_whole_result_free(&r);
    lc3_whole_program_free(&p);
}

/* Prints Z or N for the word past the program and for R2, then uses a
 * TRAP: on the zeroed machine both are 0, on the randomized one (almost
 * surely) not, and the OS still works. */
static const char looks_around[] =
    "        .ORIG x3000\n"
    "        LEA R1, LAST\n"
    "        LDR R3, R1, #5\n"
    "        LD R0, CHZ\n"
    "        ADD R3, R3, #0\n"
    "        BRz M1\n"
    "        LD R0, CHN\n"
    "M1      OUT\n"
    "        LD R0, CHZ\n"
    "        ADD R2, R2, #0\n"
    "        BRz M2\n"
    "        LD R0, CHN\n"
    "M2      OUT\n"
    "        HALT\n"
    "CHZ     .FILL x5A\n"
    "CHN     .FILL x4E\n"
    "LAST    .FILL 0\n"
    "        .END\n";

static void randomized_machine(void **state)
{
    (void)state;
    lc3_whole_program p;
    assemble(looks_around, &p);
    lc3_whole_result r = run(&p, "", 10000, false, false);
    assert_string_equal(r.output, "ZZ");
    lc3_whole_result_free(&r);
    r = run(&p, "", 10000, true, false);
    assert_string_equal(r.output, "NN");
    assert_int_equal(r.stop, LC3_RUN_AT_HALT);
    lc3_whole_result_free(&r);
    lc3_whole_program_free(&p);
}

static void output_capped(void **state)
{
    (void)state;
    lc3_whole_program p;
    assemble("        .ORIG x3000\nLOOP    OUT\n        BR LOOP\n        .END\n", &p);
    lc3_whole_result r = run(&p, "", 2000000, false, false);
    assert_true(r.hit_cap);
    assert_int_equal(r.output_len, LC3_WHOLE_OUTPUT_MAX);
    assert_true(r.output_dropped > 0);
    lc3_whole_result_free(&r);
    lc3_whole_program_free(&p);
}

static void not_assembling(void **state)
{
    (void)state;
    char path[] = "/tmp/test_lc3_whole_bad.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "  .ORIG x3000\n  ADD R9, R1, #1\n  .END\n", 38), 38);
    close(fd);
    lc3_whole_program p;
    grade_findings fatal = {0};
    assert_false(lc3_whole_assemble(path, "prog.asm", &p, &fatal));
    assert_int_equal(fatal.count, 0);
    assert_non_null(strstr(p.messages, ":2:"));
    lc3_whole_program_free(&p);
    unlink(path);
    /* A device is refused before anything is read. */
    assert_false(lc3_whole_assemble("/dev/null", "prog.asm", &p, &fatal));
    assert_int_equal(fatal.count, 1);
    lc3_whole_program_free(&p);
    grade_findings_free(&fatal);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_in_output_out_no_banner),
        cmocka_unit_test(exception_with_pc_and_line),
        cmocka_unit_test(randomized_machine),
        cmocka_unit_test(output_capped),
        cmocka_unit_test(not_assembling),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
