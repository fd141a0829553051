/* The web page's C API (web/wasm_api.h), natively, so the sanitizer builds
 * check it: a read that waits for typed input and goes on, the end of
 * input, recorded steps undone back to the start, the LC-3's keys, a
 * runtime error, and a syntax error's line and column. */
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

#include "web_fixture.h"

/* A program in a file of its own, loaded; the file is gone afterwards. */
static web_machine *load(const char *isa, const char *text)
{
    char path[64];
    web_machine *w = web_fixture_load(isa, text, "test_web_api", path);
    unlink(path);
    return w;
}

static void assert_output(web_machine *w, const char *want)
{
    assert_int_equal(web_output_length(w), strlen(want));
    assert_memory_equal(web_output(w), want, strlen(want));
    web_output_clear(w);
}

static const char *read_int_program =
    "        .text\n"
    "        li $v0, 5\n"
    "        syscall\n"
    "        addi $a0, $v0, 1\n"
    "        li $v0, 1\n"
    "        syscall\n"
    "        li $v0, 5\n"
    "        syscall\n"
    "        li $v0, 10\n"
    "        syscall\n";

static void mips_waits_for_typed_input(void **state)
{
    (void)state;
    web_machine *w = load("mips", read_int_program);
    assert_int_equal(web_run(w, 1000, 0), WEB_WAITING);
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x00400004); /* stopped at the syscall */
    assert_int_equal(web_fixture_state_int(w, "instructions"), 1); /* which has not run */
    assert_int_equal(web_run(w, 1000, 0), WEB_WAITING);    /* nothing typed: still there */
    assert_true(web_feed(w, "41\n", 3));
    assert_int_equal(web_run(w, 1000, 0), WEB_WAITING);    /* the second read */
    assert_output(w, "42");
    web_close_input(w);
    assert_int_equal(web_run(w, 1000, 0), WEB_INPUT_ENDED);
    web_free(w);
}

static void recorded_steps_go_back_to_the_start(void **state)
{
    (void)state;
    web_machine *w = load("mips", read_int_program);
    assert_true(web_feed(w, "1\n2\n", 4));
    assert_int_equal(web_run(w, 1000, 1), WEB_EXITED);
    assert_output(w, "2");
    int64_t steps = web_fixture_state_int(w, "instructions");
    assert_int_equal(web_fixture_state_int(w, "backsteps"), steps);
    int back = 0;
    while (web_step_back(w))
        back++;
    assert_int_equal(back, steps);
    assert_int_equal(web_fixture_state_int(w, "instructions"), 0);
    assert_int_equal(web_fixture_state_int(w, "pc"), 0x00400000);
    /* The reads gave their bytes back: the same run again. */
    assert_int_equal(web_run(w, 1000, 1), WEB_EXITED);
    assert_output(w, "2");
    web_free(w);
}

static void lc3_keys(void **state)
{
    (void)state;
    web_machine *w = load("lc3", ".ORIG x3000\nGETC\nOUT\nOUT\nHALT\n.END\n");
    assert_int_equal(web_run(w, 100000, 0), WEB_WAITING);
    assert_true(web_feed(w, "k", 1));
    assert_int_equal(web_run(w, 100000, 0), WEB_EXITED);
    assert_output(w, "kk\n\n--- Halting the LC-3 ---\n\n");
    web_free(w);
}

static void mips_runtime_error(void **state)
{
    (void)state;
    web_machine *w = load("mips", ".text\nlw $t0, 1($zero)\n");
    assert_int_equal(web_run(w, 1000, 0), WEB_FAULT);
    assert_non_null(strstr(web_state(w), "runtime error at 0x00400000"));
    assert_int_equal(web_run(w, 1000, 0), WEB_FAULT); /* it stays ended */
    web_free(w);
}

static void syntax_error_line_and_column(void **state)
{
    (void)state;
    web_machine *w = load("lc3", ".ORIG x3000\n  ADD R1, R1, #40\n.END\n");
    const char *text = web_diagnostics(w);
    char err[128];
    json_value *v = json_parse(text, strlen(text), NULL, err);
    assert_non_null(v);
    assert_false(json_get_bool(v, "ok", true));
    const json_value *list = json_get_array(v, "diagnostics");
    assert_non_null(list);
    assert_int_equal(list->count, 1);
    int64_t line = 0, column = 0;
    assert_true(json_get_int(&list->items[0], "line", &line));
    assert_true(json_get_int(&list->items[0], "column", &column));
    assert_int_equal(line, 2);
    assert_int_equal(column, 15);
    assert_string_equal(json_get_string(&list->items[0], "severity"), "error");
    json_free(v);
    assert_int_equal(web_run(w, 10, 0), WEB_NOT_LOADED);
    assert_int_equal(web_step_back(w), 0);
    web_free(w);
    /* MIPS the same, MARS's message at its place. */
    w = load("mips", "main: addi $t0, $t0\n");
    assert_non_null(strstr(web_diagnostics(w), "\"line\":1,\"column\":7,\"severity\":\"error\""));
    assert_int_equal(web_step(w), WEB_NOT_LOADED);
    web_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mips_waits_for_typed_input),
        cmocka_unit_test(recorded_steps_go_back_to_the_start),
        cmocka_unit_test(lc3_keys),
        cmocka_unit_test(mips_runtime_error),
        cmocka_unit_test(syntax_error_line_and_column),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
