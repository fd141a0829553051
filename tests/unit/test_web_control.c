/* The web page's debugger commands (web/wasm_api.h) natively: Step over
 * runs a call whole, Step out leaves it, both in slices as the page runs
 * them; a breakpoint by line stops Continue; the backtrace is the
 * debugger's; memory rows carry the CLI's disassembly and source line;
 * the FPU and coprocessor 0 registers are in the state; a MIPS program of
 * two files. */
#define _XOPEN_SOURCE 700
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <setjmp.h>
#include <stdarg.h>
#include <cmocka.h>

#include "dbg_control.h"
#include "web_fixture.h"

/* The file the last load read: breakpoints name it. */
static char path[64];

static web_machine *load(const char *isa, const char *text)
{
    web_machine *w = web_fixture_load(isa, text, "test_web_control", path);
    unlink(path);
    return w;
}

/* Runs the command begun in slices of n until it is no longer running. */
static int run_slices(web_machine *w, int n, int *slices)
{
    int status = WEB_RUNNING;
    for (*slices = 0; status == WEB_RUNNING && *slices < 100000; ++*slices)
        status = web_run(w, n, 1);
    return status;
}

/* main calls count, which loops 50 times; line numbers matter below. */
static const char *call_program =
    "        .text\n"                 /* 1 */
    "main:   li $a0, 50\n"            /* 2: 0x00400000 */
    "        jal count\n"             /* 3: 0x00400004 */
    "        move $s0, $v0\n"         /* 4: 0x00400008 */
    "        li $v0, 10\n"            /* 5 */
    "        syscall\n"               /* 6 */
    "count:  li $v0, 0\n"             /* 7: 0x00400014 */
    "loop:   addi $v0, $v0, 1\n"      /* 8 */
    "        bne $v0, $a0, loop\n"    /* 9 */
    "        jr $ra\n";               /* 10 */

static void step_over_runs_the_call_whole(void **state)
{
    (void)state;
    web_machine *w = load("mips", call_program);
    assert_int_equal(web_step(w), WEB_STEPPED);
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x00400004);
    assert_true(web_begin(w, DBG_CONTROL_NEXT));
    int slices;
    assert_int_equal(run_slices(w, 7, &slices), WEB_STEPPED);
    assert_true(slices > 10); /* 1 + 1 + 100 + 1 instructions, 7 a slice */
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x00400008);
    assert_int_equal(web_fixture_state_int(w, "instructions"), 2 + 1 + 100 + 1);
    /* Step over what is no call is a step. */
    assert_true(web_begin(w, DBG_CONTROL_NEXT));
    assert_int_equal(web_run(w, 1000, 1), WEB_STEPPED);
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x0040000c);
    /* And it can all be stepped back. */
    int back = 0;
    while (web_step_back(w))
        back++;
    assert_int_equal(back, 2 + 1 + 100 + 1 + 1);
    web_free(w);
}

static void step_out_leaves_the_call(void **state)
{
    (void)state;
    web_machine *w = load("mips", call_program);
    assert_false(web_begin(w, DBG_CONTROL_FINISH)); /* no call yet */
    for (int i = 0; i < 5; i++)
        web_step(w);
    assert_true(strstr(web_backtrace(w), "#1  0x00400004 in main") != NULL);
    assert_true(web_begin(w, DBG_CONTROL_FINISH));
    int slices;
    assert_int_equal(run_slices(w, 3, &slices), WEB_STEPPED);
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x00400008);
    assert_null(strstr(web_backtrace(w), "#1"));
    web_free(w);
}

static void breakpoint_by_line_stops_continue(void **state)
{
    (void)state;
    web_machine *w = load("mips", call_program);
    assert_int_equal(web_break_line(w, path, 11), 0); /* no code there or after */
    assert_int_equal(web_break_line(w, "other.asm", 10), 0);
    int id = web_break_line(w, path, 10);
    assert_true(id > 0);
    assert_int_equal(web_run(w, 100000, 1), WEB_BREAK);
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x00400020);
    assert_true(web_break_delete(w, id));
    assert_int_equal(web_run(w, 100000, 1), WEB_EXITED);
    web_free(w);
}

static void memory_rows_and_more_registers(void **state)
{
    (void)state;
    web_machine *w = load("mips", call_program);
    const char *rows = web_memory(w, 0x00400004, 2, 1);
    assert_non_null(strstr(rows, "\"addr\":4194308,\"value\":")); /* 0x00400004 */
    assert_non_null(strstr(rows, "\"disasm\":\"jal 0x00400014\",\"line\":3,"
                                 "\"source\":\"        jal count\""));
    assert_non_null(strstr(web_memory(w, 0x7fff0000 - 0x10000000, 1, 0), "\"value\":null"));
    const char *st = web_state(w);
    assert_non_null(strstr(st, "{\"name\":\"$f31\",\"value\":0}"));
    assert_non_null(strstr(st, "{\"name\":\"$epc\",\"value\":0}"));
    web_free(w);
    w = load("lc3", ".ORIG x3000\nADD R1, R1, #1\nHALT\n.END\n");
    rows = web_memory(w, 0x3000, 1, 1);
    assert_non_null(strstr(rows, "\"unit\":1"));
    assert_non_null(strstr(rows, "\"line\":2"));
    web_free(w);
}

/* The LC-3: Step over a TRAP runs the OS's routine whole. */
static void lc3_step_over_a_trap(void **state)
{
    (void)state;
    web_machine *w = load("lc3", ".ORIG x3000\nLD R0, C\nOUT\nHALT\nC .FILL x41\n.END\n");
    assert_int_equal(web_step(w), WEB_STEPPED);
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x3001);
    assert_true(web_begin(w, DBG_CONTROL_NEXT));
    int slices;
    assert_int_equal(run_slices(w, 5, &slices), WEB_STEPPED);
    assert_true(slices > 1);
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x3002);
    assert_int_equal(web_output_length(w), 1);
    assert_memory_equal(web_output(w), "A", 1);
    web_free(w);
}

/* Several files, one a line, as mipssim takes them: a main and a function. */
static void mips_files_assembled_together(void **state)
{
    (void)state;
    char first[] = "/tmp/test_web_control_XXXXXX", second[] = "/tmp/test_web_control_XXXXXX";
    const char *texts[2] = {".text\nmain: jal show\nli $v0, 10\nsyscall\n",
                            ".globl show\n.text\nshow: li $a0, 7\nli $v0, 1\nsyscall\njr $ra\n"};
    char *paths[2] = {first, second};
    for (int i = 0; i < 2; i++) {
        int fd = mkstemp(paths[i]);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, texts[i], strlen(texts[i])), (ssize_t)strlen(texts[i]));
        close(fd);
    }
    char both[64];
    snprintf(both, sizeof both, "%s\n%s", first, second);
    web_machine *w = web_load("mips", both);
    unlink(first);
    unlink(second);
    assert_non_null(w);
    assert_int_equal(web_run(w, 1000, 0), WEB_EXITED);
    assert_int_equal(web_output_length(w), 1);
    assert_memory_equal(web_output(w), "7", 1);
    web_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(step_over_runs_the_call_whole),
        cmocka_unit_test(step_out_leaves_the_call),
        cmocka_unit_test(breakpoint_by_line_stops_continue),
        cmocka_unit_test(memory_rows_and_more_registers),
        cmocka_unit_test(mips_files_assembled_together),
        cmocka_unit_test(lc3_step_over_a_trap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
