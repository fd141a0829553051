/* The web page's breakpoints (the debugger core's, web_break_line) and
 * checks (web/wasm_api.h), natively: a run at full speed and a recorded
 * one stop before a breakpoint's line and leave it when resumed, a line
 * with no code puts it on the next code, a program's entry holds one on a
 * fresh load for Run and Continue, a Step or Step over is not held by
 * one, and the checks turn on by name. */
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

typedef struct loaded {
    web_machine *w;
    char path[64];
} loaded;

/* A program in a file of its own, loaded; breakpoints name the file. */
static loaded load(const char *isa, const char *text)
{
    loaded l;
    l.w = web_fixture_load(isa, text, "test_web_break", l.path);
    return l;
}

static void unload(loaded *l)
{
    web_free(l->w);
    unlink(l->path);
}

static bool json_ok(const char *text)
{
    char err[128];
    json_value *v = json_parse(text, strlen(text), NULL, err);
    assert_non_null(v);
    bool ok = json_get_bool(v, "ok", false);
    json_free(v);
    return ok;
}

/* Three times round a loop whose body is line 5. */
static const char *mips_loop =
    "        .text\n"
    "main:   li $t0, 3\n"
    "\n"
    "loop:\n"
    "        addi $t0, $t0, -1\n"
    "        bnez $t0, loop\n"
    "        li $v0, 10\n"
    "        syscall\n";

static void mips_run_stops_at_each_pass(int record)
{
    loaded l = load("mips", mips_loop);
    int id = web_break_line(l.w, l.path, 3); /* no code on 3: the next */
    assert_int_not_equal(id, 0);
    for (int pass = 0; pass < 3; pass++) {
        assert_int_equal(web_run(l.w, 1000, record), WEB_BREAK);
        assert_int_equal(web_fixture_state_int(l.w, "line"), 5);
    }
    assert_int_equal(web_break_delete(l.w, id), 1);
    assert_int_equal(web_break_delete(l.w, id), 0); /* gone */
    assert_int_equal(web_run(l.w, 1000, record), WEB_EXITED);
    unload(&l);
}

static void mips_full_speed_run(void **state)
{
    (void)state;
    mips_run_stops_at_each_pass(0);
}

static void mips_recorded_run(void **state)
{
    (void)state;
    mips_run_stops_at_each_pass(1);
}

static void entry_and_step(void **state)
{
    (void)state;
    loaded l = load("mips", mips_loop);
    int entry = web_break_line(l.w, l.path, 2);
    assert_int_not_equal(entry, 0);
    assert_int_equal(web_break_line(l.w, "nowhere.asm", 2), 0);
    assert_int_equal(web_break_line(l.w, l.path, 99), 0); /* past the code */
    assert_int_equal(web_run(l.w, 1000, 0), WEB_BREAK); /* the entry, before it runs */
    assert_int_equal(web_fixture_state_int(l.w, "instructions"), 0);
    assert_int_equal(web_fixture_state_int(l.w, "line"), 2);
    int body = web_break_line(l.w, l.path, 5);
    assert_int_not_equal(body, 0);
    /* A single step is not held by a breakpoint: it leaves the entry's,
     * arrives at line 5's (saying so, as the debugger's stepi does), and
     * leaves that one too. */
    assert_int_equal(web_step(l.w), WEB_BREAK);
    assert_int_equal(web_fixture_state_int(l.w, "line"), 5);
    assert_int_equal(web_step(l.w), WEB_STEPPED);
    assert_int_equal(web_fixture_state_int(l.w, "line"), 6);
    assert_int_equal(web_break_delete(l.w, entry), 1);
    assert_int_equal(web_break_delete(l.w, body), 1);
    assert_int_equal(web_run(l.w, 1000, 0), WEB_EXITED);
    unload(&l);
}

/* Step over from a fresh load leaves the entry's breakpoint, as Step does. */
static void step_over_leaves_the_entry(void **state)
{
    (void)state;
    loaded l = load("mips", mips_loop);
    assert_int_not_equal(web_break_line(l.w, l.path, 2), 0);
    assert_true(web_begin(l.w, 1)); /* Step over */
    assert_int_equal(web_run(l.w, 1000, 1), WEB_STEPPED);
    assert_int_equal(web_fixture_state_int(l.w, "line"), 5);
    unload(&l);
}

static void lc3_breakpoint(void **state)
{
    (void)state;
    loaded l = load("lc3", "        .ORIG x3000\n"
                           "        AND R0, R0, #0\n"
                           "        ADD R0, R0, #2\n"
                           "        HALT\n"
                           "        .END\n");
    assert_int_not_equal(web_break_line(l.w, l.path, 3), 0);
    assert_int_equal(web_run(l.w, 100000, 0), WEB_BREAK);
    assert_int_equal(web_fixture_state_int(l.w, "line"), 3);
    assert_int_equal(web_fixture_state_int(l.w, "pc"), 0x3001);
    assert_int_equal(web_run(l.w, 100000, 0), WEB_EXITED);
    unload(&l);
}

static void checks_by_name(void **state)
{
    (void)state;
    loaded l = load("mips", mips_loop);
    assert_true(json_ok(web_checks(l.w, "all")));
    assert_false(json_ok(web_checks(l.w, "no-such-check")));
    unload(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mips_full_speed_run),
        cmocka_unit_test(mips_recorded_run),
        cmocka_unit_test(entry_and_step),
        cmocka_unit_test(step_over_leaves_the_entry),
        cmocka_unit_test(lc3_breakpoint),
        cmocka_unit_test(checks_by_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
