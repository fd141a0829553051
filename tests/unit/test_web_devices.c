/* The web page's devices (web/wasm_devices.c) natively: MARS's MMIO
 * keyboard takes a key once the last was read and its display's words come
 * out; the Bitmap Display's units and the LC-3's video are the memory the
 * program stored. */
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

static web_machine *load(const char *isa, const char *text)
{
    char path[64];
    web_machine *w = web_fixture_load(isa, text, "test_web_devices", path);
    unlink(path);
    return w;
}

/* Echoes each key plus one on the display until 'q'. */
static const char *echo_program =
    "        .text\n"
    "main:   lui $s0, 0xffff\n"
    "wait:   lw $t0, 0($s0)\n"
    "        andi $t0, $t0, 1\n"
    "        beq $t0, $zero, wait\n"
    "        lw $t1, 4($s0)\n"
    "        li $t2, 'q'\n"
    "        beq $t1, $t2, done\n"
    "        addi $t1, $t1, 1\n"
    "ready:  lw $t0, 8($s0)\n"
    "        andi $t0, $t0, 1\n"
    "        beq $t0, $zero, ready\n"
    "        sw $t1, 12($s0)\n"
    "        j wait\n"
    "done:   li $v0, 10\n"
    "        syscall\n";

static void mmio_keys_and_display(void **state)
{
    (void)state;
    web_machine *w = load("mips", echo_program);
    assert_true(web_mmio(w, 0));
    assert_true(web_mmio_key(w, 'a'));
    assert_false(web_mmio_key(w, 'b')); /* 'a' not read yet */
    assert_int_equal(web_run(w, 1000, 0), 0);
    assert_true(web_mmio_key(w, 'b'));
    assert_int_equal(web_run(w, 1000, 0), 0);
    assert_true(web_mmio_key(w, 'q'));
    assert_int_equal(web_run(w, 1000, 0), WEB_EXITED);
    assert_string_equal(web_mmio_take(w), "[98,99]");
    assert_string_equal(web_mmio_take(w), "[]");
    web_free(w);
    /* Not attached: no key reaches the program. */
    w = load("mips", echo_program);
    assert_false(web_mmio_key(w, 'a'));
    web_free(w);
}

static void bitmap_and_video(void **state)
{
    (void)state;
    web_machine *w = load("mips", ".text\nli $t0, 0x00ff8000\nlui $t1, 0x1001\n"
                                  "sw $t0, 12($t1)\nli $v0, 10\nsyscall\n");
    assert_int_equal(web_run(w, 100, 0), WEB_EXITED);
    assert_int_equal(web_screen_shape(w, "16x8,unit=4"), 4 << 16 | 2);
    assert_int_equal(web_screen_shape(w, "16x8,unit=3"), 0);
    assert_null(web_screen(w, "16x8,unit=3"));
    const uint32_t *units = web_screen(w, "16x8,unit=4");
    assert_non_null(units);
    assert_int_equal(units[3], 0x00ff8000);
    assert_int_equal(units[2], 0);
    web_free(w);
    w = load("lc3", ".ORIG x3000\nLD R1, P\nLD R2, C\nSTR R2, R1, #0\nHALT\n"
                    "P .FILL xC081\nC .FILL x7C00\n.END\n");
    assert_int_equal(web_run(w, 100000, 0), WEB_EXITED);
    assert_int_equal(web_screen_shape(w, ""), 128 << 16 | 124);
    units = web_screen(w, "");
    assert_int_equal(units[128 + 1], 0xff0000);
    assert_false(web_mmio(w, 0));
    web_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mmio_keys_and_display),
        cmocka_unit_test(bitmap_and_video),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
