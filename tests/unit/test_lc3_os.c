/* Tests of the embedded LC-3 operating system, run on the real machine with a
 * scripted keyboard and a recorded display: each TRAP routine, HALT, an
 * undefined trap and each exception, with every register preserved. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <setjmp.h>
#include <stdarg.h>
#include <cmocka.h>

#include "lc3_machine.h"
#include "lc3_os.h"

#define BANNER "\n\n--- Halting the LC-3 ---\n\n"

/* Keys come from a string, then input ends; the display is recorded. */
typedef struct fake_io {
    const char *keys;
    size_t key_count;
    size_t keys_taken;
    char out[4096];
    size_t out_len;
} fake_io;

static int fake_poll_key(void *ctx, bool may_wait)
{
    (void)may_wait;
    fake_io *f = ctx;
    if (f->keys_taken < f->key_count)
        return (uint8_t)f->keys[f->keys_taken++];
    return LC3_KEY_EOF;
}

static void fake_put_char(void *ctx, uint8_t byte)
{
    fake_io *f = ctx;
    if (f->out_len + 1 < sizeof f->out)
        f->out[f->out_len++] = (char)byte;
    f->out[f->out_len] = '\0';
}

typedef struct os_test {
    fake_io fake;
    lc3_io io;
    lc3_machine *m;
} os_test;

static int os_setup(void **state)
{
    static os_test t;
    memset(&t, 0, sizeof t);
    t.io = (lc3_io){.ctx = &t.fake, .poll_key = fake_poll_key, .put_char = fake_put_char};
    t.m = lc3_new(&t.io);
    if (!t.m)
        return -1;
    lc3_os_load(t.m);
    *state = &t;
    return 0;
}

static int os_teardown(void **state)
{
    os_test *t = *state;
    lc3_free(t->m);
    return 0;
}

/* Register values a program might leave anywhere; R6 too, since a trap
 * from user mode runs on the supervisor stack whatever R6 holds. */
static const uint16_t junk[8] = {0x8001, 0x7FFF, 0xFFFF, 0x0000, 0x1234, 0xFE00, 0x0000, 0xBEEF};

/* Loads user code at x3000 with the given keys, and the junk registers
 * (R0 as given: it is what most traps take). */
static void start(os_test *t, const uint16_t *code, size_t count, const char *keys,
                  uint16_t r0)
{
    lc3_load(t->m, 0x3000, code, count);
    t->fake.keys = keys;
    t->fake.key_count = strlen(keys);
    lc3_start_user(t->m, 0x3000);
    for (unsigned r = 0; r < 8; r++)
        lc3_set_reg(t->m, r, junk[r]);
    lc3_set_reg(t->m, 0, r0);
}

/* Steps until the user program is back in user mode at `pc`. */
static void run_to_user(os_test *t, uint16_t pc)
{
    for (int i = 0; i < 100000; i++) {
        if (lc3_pc(t->m) == pc && (lc3_psr(t->m) & LC3_PSR_USER))
            return;
        lc3_stop stop = lc3_run(t->m, 1);
        if (stop != LC3_STOP_LIMIT)
            fail_msg("machine stopped (%d) before returning to x%04X; output \"%s\"", stop,
                     pc, t->fake.out);
    }
    fail_msg("never returned to x%04X", pc);
}

/* Every register but R0 as start() set it, and the supervisor stack as
 * it was before the trap. */
static void assert_preserved(const os_test *t)
{
    for (unsigned r = 1; r < 8; r++)
        if (lc3_reg(t->m, r) != junk[r])
            fail_msg("R%u is x%04X, was x%04X", r, lc3_reg(t->m, r), junk[r]);
    assert_int_equal(lc3_saved_ssp(t->m), LC3_SUPERVISOR_STACK);
}

/* Runs to the end and expects it to halt with exactly this output. */
static void assert_halts_with(os_test *t, const char *expected)
{
    lc3_stop stop = lc3_run(t->m, 100000);
    assert_int_equal(stop, LC3_STOP_HALTED);
    assert_string_equal(t->fake.out, expected);
    assert_int_equal(lc3_peek(t->m, LC3_MCR) & 0x8000, 0);
}

enum {
    HALT = 0xF025,
};

static void test_image_layout(void **state)
{
    (void)state;
    assert_int_equal(lc3_os_origin, 0x0000);
    assert_true(lc3_os_length > 0x0200 && lc3_os_length < 0x3000);
    uint16_t bad_trap = lc3_os_image[0x00];
    for (unsigned v = 0; v < 0x100; v++) {
        if (v >= 0x20 && v <= 0x25)
            assert_int_not_equal(lc3_os_image[v], bad_trap);
        else
            assert_int_equal(lc3_os_image[v], bad_trap);
        assert_true(lc3_os_image[v] >= 0x0200);
        assert_true(lc3_os_image[0x100 + v] >= 0x0200);
    }
}

static void test_getc_no_echo(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {0xF020, HALT};
    start(t, code, 2, "Qz", 0x5555);
    run_to_user(t, 0x3001);
    assert_int_equal(lc3_reg(t->m, 0), 'Q');
    assert_string_equal(t->fake.out, "");
    assert_preserved(t);
    assert_halts_with(t, BANNER);
    assert_int_equal(t->fake.keys_taken, 1);
}

static void test_out_prints_low_byte(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {0xF021, 0xF021, HALT};
    start(t, code, 3, "", 0x7F41); /* 'A' under a high byte to ignore */
    run_to_user(t, 0x3001);
    assert_int_equal(lc3_reg(t->m, 0), 0x7F41);
    assert_preserved(t);
    run_to_user(t, 0x3002);
    assert_halts_with(t, "AA" BANNER);
}

static void test_puts(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {0xF022, HALT, 'H', 'i', '!', '\n', 0x0000, 'X'};
    start(t, code, 8, "", 0x3002);
    run_to_user(t, 0x3001);
    assert_int_equal(lc3_reg(t->m, 0), 0x3002);
    assert_preserved(t);
    assert_halts_with(t, "Hi!\n" BANNER);
}

static void test_puts_empty(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {0xF022, HALT, 0x0000};
    start(t, code, 3, "", 0x3002);
    run_to_user(t, 0x3001);
    assert_string_equal(t->fake.out, "");
    assert_preserved(t);
}

static void test_in_prompt_echo_newline(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {0xF023, HALT};
    start(t, code, 2, "z", 0x0000);
    run_to_user(t, 0x3001);
    assert_int_equal(lc3_reg(t->m, 0), 'z');
    assert_string_equal(t->fake.out, "\nInput a character> z\n");
    assert_preserved(t);
    assert_halts_with(t, "\nInput a character> z\n" BANNER);
}

static void test_putsp_even(void **state)
{
    os_test *t = *state;
    /* "abcd": two characters per word, the low byte first. */
    const uint16_t code[] = {0xF024, HALT, 0x6261, 0x6463, 0x0000};
    start(t, code, 5, "", 0x3002);
    run_to_user(t, 0x3001);
    assert_int_equal(lc3_reg(t->m, 0), 0x3002);
    assert_preserved(t);
    assert_halts_with(t, "abcd" BANNER);
}

static void test_putsp_odd(void **state)
{
    os_test *t = *state;
    /* "abc": the high byte x00 of the last word ends it; what follows is
     * not printed. */
    const uint16_t code[] = {0xF024, HALT, 0x6261, 0x0063, 0x6665, 0x0000};
    start(t, code, 6, "", 0x3002);
    run_to_user(t, 0x3001);
    assert_preserved(t);
    assert_halts_with(t, "abc" BANNER);
}

static void test_putsp_low_nul_ends(void **state)
{
    os_test *t = *state;
    /* A low byte x00 ends the string even under a high byte, as lc3tools'
     * PUTSP has it: x6100 prints nothing, not NUL, 'a' and what follows. */
    const uint16_t code[] = {0xF024, HALT, 0x6100, 0x6362, 0x0000};
    start(t, code, 5, "", 0x3002);
    run_to_user(t, 0x3001);
    assert_preserved(t);
    assert_int_equal(t->fake.out_len, 0);
    assert_halts_with(t, BANNER);
}

static void test_putsp_high_bits(void **state)
{
    os_test *t = *state;
    /* Bytes with bit 7 set survive the shift: xFF x80, then "~". */
    const uint16_t code[] = {0xF024, HALT, 0x80FF, 0x007E};
    start(t, code, 4, "", 0x3002);
    run_to_user(t, 0x3001);
    assert_preserved(t);
    assert_memory_equal(t->fake.out, "\xFF\x80~", 3);
    assert_int_equal(t->fake.out_len, 3);
}

static void test_halt_banner_and_registers(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {HALT};
    start(t, code, 1, "", 0x0000);
    assert_halts_with(t, BANNER);
    /* Left as the program had them, but R0 (the MCR value), R1 (the mask
     * that cleared MCR[15]), as lc3tools' HALT leaves them, and R6 (the
     * supervisor stack, inside the routine). */
    assert_int_equal(lc3_reg(t->m, 0), 0x0000);
    assert_int_equal(lc3_reg(t->m, 1), 0x7FFF);
    for (unsigned r = 2; r < 8; r++)
        if (r != 6)
            assert_int_equal(lc3_reg(t->m, r), junk[r]);
    /* Started again, it stops again without printing anything more. */
    lc3_poke(t->m, LC3_MCR, 0x8000);
    assert_int_equal(lc3_run(t->m, 100000), LC3_STOP_HALTED);
    assert_string_equal(t->fake.out, BANNER);
}

static void test_undefined_traps(void **state)
{
    os_test *t = *state;
    const uint16_t vectors[] = {0x00, 0x1F, 0x26, 0xFF};
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        os_teardown(state);
        os_setup(state);
        t = *state;
        const uint16_t code[] = {(uint16_t)(0xF000 | vectors[i]), HALT};
        start(t, code, 2, "", 0x0000);
        assert_halts_with(t, "\n\n--- Undefined trap executed ---\n\n" BANNER);
    }
}

static void test_privilege_violation(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {0x8000, HALT}; /* RTI in user mode */
    start(t, code, 2, "", 0x0000);
    assert_halts_with(t, "\n\n--- Privilege violation ---\n\n" BANNER);
}

static void test_illegal_opcode(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {0xD000, HALT};
    start(t, code, 2, "", 0x0000);
    assert_halts_with(t, "\n\n--- Illegal opcode ---\n\n" BANNER);
}

/* LDI R0 through a pointer the user may read, to an address it may not. */
static void access_violation_at(void **state, uint16_t addr)
{
    os_test *t = *state;
    const uint16_t code[] = {0xA001, HALT, addr}; /* LDI R0, x3002 */
    start(t, code, 3, "", 0x0000);
    /* lc3tools' text: no space before the closing dashes. */
    assert_halts_with(t, "\n\n--- Access violation---\n\n" BANNER);
}

static void test_access_violation_system(void **state)
{
    access_violation_at(state, 0x0000);
}

static void test_access_violation_device(void **state)
{
    access_violation_at(state, LC3_KBSR);
}

/* A program with the device registers opened to it reads the keyboard
 * itself, and the OS still prints. */
static void test_ignore_privilege(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {
        0xA003, /* LDI R0, KBSR pointer: polls */
        0xA003, /* LDI R0, KBDR pointer */
        0xF021, /* OUT */
        HALT,
        LC3_KBSR,
        LC3_KBDR,
    };
    start(t, code, 6, "k", 0x0000);
    lc3_set_ignore_privilege(t->m, true);
    assert_halts_with(t, "k" BANNER);
}

/* An interrupt whose vector leads nowhere meaningful: the keyboard's entry
 * pointed at the handler every unused entry has, then a key with
 * interrupts enabled. As in lc3tools, that handler returns at once and
 * says nothing; the key stays unread, so it interrupts again and again. */
static void test_unexpected_interrupt(void **state)
{
    os_test *t = *state;
    const uint16_t code[] = {
        0x2202, /* LD R1, x3003 */
        0xB202, /* STI R1, [x3004]: KBSR[14] := 1 */
        0x0FFF, /* BRnzp itself, until the interrupt */
        0x4000,
        LC3_KBSR,
    };
    start(t, code, 5, "k", 0x0000);
    lc3_set_ignore_privilege(t->m, true);
    lc3_poke(t->m, 0x0100 + LC3_VEC_KEYBOARD, lc3_os_image[0x0103]);
    assert_int_equal(lc3_run(t->m, 100000), LC3_STOP_LIMIT);
    assert_string_equal(t->fake.out, "");
    assert_int_equal(t->fake.keys_taken, 1);
}

/* Instructions from x3000 to the halt, as lc3tools' simulator counts them
 * ("Executed N instructions") for the same program with the same key:
 * each program is one TRAP (and LEA R0 first where it takes a string),
 * then HALT. The counts are lc3tools' bytes, measured; the OS matches them
 * so that instruction limits mean the same in both. */
typedef struct count_case {
    const char *what;
    uint16_t code[6];
    size_t count;
    uint64_t lc3tools;
} count_case;

enum { LEA_R0_2 = 0xE002 }; /* LEA R0, x3003: the data after TRAP, HALT */

static const count_case count_cases[] = {
    {"HALT", {HALT}, 1, 383},
    {"OUT", {0xF021, HALT}, 2, 392},
    {"GETC, a key waiting", {0xF020, HALT}, 2, 388},
    {"IN, a key waiting", {0xF023, HALT}, 2, 688},
    {"PUTS \"\"", {LEA_R0_2, 0xF022, HALT, 0x0000}, 4, 397},
    {"PUTS \"abc\"", {LEA_R0_2, 0xF022, HALT, 'a', 'b', 'c'}, 6, 436},
    {"PUTSP x0000", {LEA_R0_2, 0xF024, HALT, 0x0000}, 4, 407},
    {"PUTSP x6100", {LEA_R0_2, 0xF024, HALT, 0x6100}, 4, 407},
    {"PUTSP x0061", {LEA_R0_2, 0xF024, HALT, 0x0061}, 4, 468},
    {"PUTSP x6261 x0000", {LEA_R0_2, 0xF024, HALT, 0x6261, 0x0000}, 5, 486},
    {"PUTSP xFF61 x0000", {LEA_R0_2, 0xF024, HALT, 0xFF61, 0x0000}, 5, 491},
    {"PUTSP x0161 x0000", {LEA_R0_2, 0xF024, HALT, 0x0161, 0x0000}, 5, 484},
    {"access violation", {0xA001, HALT, 0x0000}, 3, 749},
    {"illegal opcode", {0xD000, HALT}, 2, 736},
    {"privilege violation", {0x8000, HALT}, 2, 801},
    {"undefined trap", {0xF026, HALT}, 2, 853},
};

static void test_counts_match_lc3tools(void **state)
{
    for (size_t i = 0; i < sizeof count_cases / sizeof count_cases[0]; i++) {
        const count_case *c = &count_cases[i];
        os_teardown(state);
        os_setup(state);
        os_test *t = *state;
        start(t, c->code, c->count, "x", 0x0000);
        if (lc3_run(t->m, 100000) != LC3_STOP_HALTED)
            fail_msg("%s: did not halt", c->what);
        if (lc3_instruction_count(t->m) != c->lc3tools)
            fail_msg("%s: %llu instructions, lc3tools takes %llu", c->what,
                     (unsigned long long)lc3_instruction_count(t->m),
                     (unsigned long long)c->lc3tools);
    }
}

#define OS_TEST(fn) cmocka_unit_test_setup_teardown(fn, os_setup, os_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_image_layout),
        OS_TEST(test_getc_no_echo),
        OS_TEST(test_out_prints_low_byte),
        OS_TEST(test_puts),
        OS_TEST(test_puts_empty),
        OS_TEST(test_in_prompt_echo_newline),
        OS_TEST(test_putsp_even),
        OS_TEST(test_putsp_odd),
        OS_TEST(test_putsp_low_nul_ends),
        OS_TEST(test_putsp_high_bits),
        OS_TEST(test_halt_banner_and_registers),
        OS_TEST(test_undefined_traps),
        OS_TEST(test_privilege_violation),
        OS_TEST(test_illegal_opcode),
        OS_TEST(test_access_violation_system),
        OS_TEST(test_access_violation_device),
        OS_TEST(test_ignore_privilege),
        OS_TEST(test_unexpected_interrupt),
        OS_TEST(test_counts_match_lc3tools),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
