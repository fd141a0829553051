/* The MMIO keyboard and display (mips_mmio.c) against MARS 4.5's
 * KeyboardAndDisplaySimulator as its source reads (docs/devices.md): the
 * ready bits, the transmitter's delay counted in fetches, a store while the
 * transmitter is busy, key overrun, the interrupts and their Cause and EPC,
 * and the state a snapshot holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mips_asm_fixture.h"
#include "mips_machine.h"

typedef struct fixture {
    result asm_result;
    mips_machine *m;
    uint32_t shown[16]; /* the words the transmitter showed */
    uint64_t shown_at[16]; /* the instruction count at each */
    int count;
} fixture;

static void sink(void *ctx, uint32_t word)
{
    fixture *f = ctx;
    if (f->count < 16) {
        f->shown_at[f->count] = mips_instruction_count(f->m);
        f->shown[f->count++] = word;
    }
}

/* Assembles src, loads it, attaches the device with delay. */
static void load(fixture *f, const char *src, uint32_t delay)
{
    memset(f, 0, sizeof *f);
    mips_asm_options options = mips_asm_default_options();
    f->asm_result = assemble_files(&src, 1, &options);
    assert_assembled(f->asm_result);
    f->m = mips_machine_new(NULL);
    assert_non_null(f->m);
    assert_true(mips_machine_load(f->m, &f->asm_result.prog, MIPS_TEXT_BASE));
    mips_mmio_attach(f->m, delay, sink, f);
}

static void done(fixture *f)
{
    mips_machine_free(f->m);
    release(&f->asm_result);
}

static uint32_t mmio_word(fixture *f, uint32_t addr)
{
    uint32_t v = 0;
    assert_true(mips_load(f->m, addr, 4, &v, NULL));
    return v;
}

/* MARS's default delay is 5: the 1st to 4th instructions after the store
 * see the ready bit clear, the 5th (whose fetch ends the delay) sees it set;
 * the character is shown then, not at the store. */
static const char *const poll_src = "li $t0, 0xffff0000\n"
                                    "li $t1, 'A'\n"
                                    "sw $t1, 12($t0)\n"
                                    "lw $s0, 8($t0)\n"
                                    "lw $s1, 8($t0)\n"
                                    "lw $s2, 8($t0)\n"
                                    "lw $s3, 8($t0)\n"
                                    "lw $s4, 8($t0)\n"
                                    "lw $s5, 8($t0)\n";

static void transmitter_delay(void **state)
{
    (void)state;
    fixture f;
    load(&f, poll_src, 5);
    assert_int_equal(mmio_word(&f, 0xffff0008), 1); /* connected: ready */
    assert_int_equal(mips_run(f.m, 1000), MIPS_STOP_EXIT);
    uint32_t want[6] = {0, 0, 0, 0, 1, 1};
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(mips_reg(f.m, 16 + i), want[i]);
    assert_int_equal(f.count, 1);
    assert_int_equal(f.shown[0], 'A');
    assert_int_equal(f.shown_at[0], 4 + 4); /* li is 2 words: the store is the 4th */
    done(&f);
}

/* The delay ends at its count even when the run is cut in single steps. */
static void transmitter_delay_stepped(void **state)
{
    (void)state;
    fixture f;
    load(&f, poll_src, 5);
    mips_stop s;
    while ((s = mips_run(f.m, 1)) == MIPS_STOP_LIMIT)
        ;
    assert_int_equal(s, MIPS_STOP_EXIT);
    uint32_t want[6] = {0, 0, 0, 0, 1, 1};
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(mips_reg(f.m, 16 + i), want[i]);
    assert_int_equal(f.shown_at[0], 8);
    done(&f);
}

/* Delay 1: the next instruction's fetch ends it. */
static void transmitter_delay_one(void **state)
{
    (void)state;
    fixture f;
    load(&f, poll_src, 1);
    assert_int_equal(mips_run(f.m, 1000), MIPS_STOP_EXIT);
    assert_int_equal(mips_reg(f.m, 16), 1);
    done(&f);
}

/* A store while the transmitter is busy changes the data word but shows
 * nothing; a byte store starts the transmitter too; the whole word is
 * handed on (the cursor's x and y ride in its upper bits). */
static void transmitter_busy_store_ignored(void **state)
{
    (void)state;
    fixture f;
    load(&f,
         "li $t0, 0xffff0000\n"
         "li $t1, 'A'\n"
         "sw $t1, 12($t0)\n"
         "li $t1, 'B'\n"
         "sw $t1, 12($t0)\n"
         "lw $s0, 12($t0)\n"
         "nop\nnop\nnop\nnop\nnop\n"
         "li $t1, 'C'\n"
         "sb $t1, 12($t0)\n"
         "nop\nnop\nnop\nnop\nnop\n"
         "li $t1, 0x00302007\n"
         "sw $t1, 12($t0)\n"
         "nop\nnop\nnop\nnop\nnop\n",
         5);
    assert_int_equal(mips_run(f.m, 1000), MIPS_STOP_EXIT);
    assert_int_equal(mips_reg(f.m, 16), 'B');
    assert_int_equal(f.count, 3);
    assert_int_equal(f.shown[0], 'A');
    assert_int_equal(f.shown[1], 'C');
    assert_int_equal(f.shown[2], 0x00302007);
    done(&f);
}

/* A key sets the data and the ready bit; loading the data clears the ready
 * bit (only it: bit 1 stays); a second key before the read overwrites the
 * first (overrun); loading again gives the old key. */
static void receiver_protocol(void **state)
{
    (void)state;
    fixture f;
    load(&f,
         "li $t0, 0xffff0000\n"
         "li $t1, 2\n"
         "loop: lw $s0, 0($t0)\n"
         "andi $s0, $s0, 1\n"
         "beqz $s0, loop\n"
         "lw $s1, 0($t0)\n"
         "lw $s2, 4($t0)\n"
         "lw $s3, 0($t0)\n"
         "lw $s4, 4($t0)\n",
         5);
    assert_int_equal(mips_run(f.m, 50), MIPS_STOP_LIMIT);
    assert_int_equal(mmio_word(&f, 0xffff0000), 0);
    mips_mmio_key(f.m, 'a');
    mips_mmio_key(f.m, 'b'); /* before the program read 'a' */
    assert_int_equal(mips_run(f.m, 1000), MIPS_STOP_EXIT);
    assert_int_equal(mips_reg(f.m, 17), 1);
    assert_int_equal(mips_reg(f.m, 18), 'b');
    assert_int_equal(mips_reg(f.m, 19), 0);
    assert_int_equal(mips_reg(f.m, 20), 'b');
    done(&f);
}

/* A byte load at the data address clears the ready bit too; one at
 * another byte of the word does not (MARS matches the address). */
static void receiver_byte_loads(void **state)
{
    (void)state;
    fixture f;
    load(&f,
         "li $t0, 0xffff0000\n"
         "lbu $s0, 5($t0)\n"
         "lw $s1, 0($t0)\n"
         "lbu $s2, 4($t0)\n"
         "lw $s3, 0($t0)\n",
         5);
    mips_mmio_key(f.m, 'z');
    assert_int_equal(mips_run(f.m, 1000), MIPS_STOP_EXIT);
    assert_int_equal(mips_reg(f.m, 16), 0);
    assert_int_equal(mips_reg(f.m, 17), 1);
    assert_int_equal(mips_reg(f.m, 18), 'z');
    assert_int_equal(mips_reg(f.m, 19), 0);
    done(&f);
}

static const char *const handler_src = ".ktext 0x80000180\n"
                                       "mfc0 $s1, $13\n"
                                       "mfc0 $s2, $14\n"
                                       "lw $s0, 4($t0)\n"
                                       "hang: j hang\n";

/* With the receiver's interrupt enable (bit 1) and Status IE set and EXL
 * clear, a key interrupts before the next instruction: Cause bit 8, code
 * 0, EPC that instruction, Status.EXL set. */
static void keyboard_interrupt(void **state)
{
    (void)state;
    fixture f;
    char src[512];
    snprintf(src, sizeof src,
             ".text\n"
             "li $t0, 0xffff0000\n"
             "li $t1, 2\n"
             "sw $t1, 0($t0)\n"
             "spin: j spin\n%s",
             handler_src);
    load(&f, src, 5);
    assert_int_equal(mips_run(f.m, 100), MIPS_STOP_LIMIT);
    uint32_t spin = label(&f.asm_result, 0, "spin");
    assert_int_equal(mips_pc(f.m), spin);
    mips_mmio_key(f.m, 'k');
    assert_int_equal(mips_run(f.m, 100), MIPS_STOP_LIMIT);
    assert_int_equal(mips_reg(f.m, 16), 'k');
    assert_int_equal(mips_reg(f.m, 17), 0x100);
    assert_int_equal(mips_reg(f.m, 18), spin);
    assert_true(mips_cp0(f.m, MIPS_CP0_STATUS) & 2);
    assert_int_equal(mmio_word(&f, 0xffff0000), 2);
    /* EXL set: the next key raises nothing. */
    mips_mmio_key(f.m, 'l');
    assert_int_equal(mips_run(f.m, 100), MIPS_STOP_LIMIT);
    assert_int_equal(mips_reg(f.m, 16), 'k');
    done(&f);
}

/* Without the enable bit, no interrupt; without a handler, the run ends
 * with MARS's "External Interrupt" at the instruction not run. */
static void keyboard_interrupt_needs_enable_and_handler(void **state)
{
    (void)state;
    fixture f;
    load(&f, "spin: j spin\n", 5);
    assert_int_equal(mips_run(f.m, 10), MIPS_STOP_LIMIT);
    mips_mmio_key(f.m, 'k');
    assert_int_equal(mips_run(f.m, 10), MIPS_STOP_LIMIT);
    done(&f);
    load(&f, "li $t0, 0xffff0000\nli $t1, 2\nsw $t1, 0($t0)\nspin: j spin\n", 5);
    assert_int_equal(mips_run(f.m, 10), MIPS_STOP_LIMIT);
    mips_mmio_key(f.m, 'k');
    assert_int_equal(mips_run(f.m, 10), MIPS_STOP_ERROR);
    const mips_error *e = mips_error_of(f.m);
    assert_int_equal(e->kind, MIPS_ERR_INTERRUPT_KEYBOARD);
    assert_string_equal(e->message, "External Interrupt");
    assert_int_equal(e->pc, label(&f.asm_result, 0, "spin"));
    done(&f);
}

/* The transmitter's interrupt comes when its delay ends, before the
 * delay-th instruction after the store: Cause bit 9. */
static void display_interrupt(void **state)
{
    (void)state;
    fixture f;
    char src[512];
    snprintf(src, sizeof src,
             ".text\n"
             "li $t0, 0xffff0000\n"
             "li $t1, 3\n"
             "sw $t1, 8($t0)\n"
             "sw $t1, 12($t0)\n"
             "nop\nnop\nnop\nnop\n"
             "fifth: nop\nnop\n%s",
             handler_src);
    load(&f, src, 5);
    assert_int_equal(mips_run(f.m, 100), MIPS_STOP_LIMIT);
    assert_int_equal(mips_reg(f.m, 17), 0x200);
    assert_int_equal(mips_reg(f.m, 18), label(&f.asm_result, 0, "fifth"));
    assert_int_equal(f.count, 1);
    assert_int_equal(mmio_word(&f, 0xffff0008), 3);
    done(&f);
}

/* Snapshot and restore carry the device's registers and its delay. */
static void snapshot_holds_device(void **state)
{
    (void)state;
    fixture f;
    load(&f, poll_src, 5);
    assert_int_equal(mips_run(f.m, 5), MIPS_STOP_LIMIT); /* the store ran */
    mips_machine_state snap;
    mips_state_get(f.m, &snap);
    assert_int_equal(mips_run(f.m, 1000), MIPS_STOP_EXIT);
    assert_int_equal(f.count, 1);
    mips_state_set(f.m, &snap);
    assert_int_equal(mmio_word(&f, 0xffff0008), 0);
    assert_int_equal(mips_run(f.m, 1000), MIPS_STOP_EXIT);
    assert_int_equal(f.count, 2);
    assert_int_equal(f.shown_at[1], 8);
    done(&f);
}

/* Other words of the MMIO page stay memory; the device reads them for a
 * bitmap display at 0xffff0000. */
static void rest_of_page_is_memory(void **state)
{
    (void)state;
    fixture f;
    load(&f, "li $t0, 0xffff0000\nli $t1, 0x00ff0000\nsw $t1, 16($t0)\nlw $s0, 16($t0)\n", 5);
    assert_int_equal(mips_run(f.m, 1000), MIPS_STOP_EXIT);
    assert_int_equal(mips_reg(f.m, 16), 0x00ff0000);
    assert_int_equal(mips_display_word(f.m, 0xffff0010), 0x00ff0000);
    assert_int_equal(mips_display_word(f.m, 0xffff0008), 1);
    done(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(transmitter_delay),
        cmocka_unit_test(transmitter_delay_stepped),
        cmocka_unit_test(transmitter_delay_one),
        cmocka_unit_test(transmitter_busy_store_ignored),
        cmocka_unit_test(receiver_protocol),
        cmocka_unit_test(receiver_byte_loads),
        cmocka_unit_test(keyboard_interrupt),
        cmocka_unit_test(keyboard_interrupt_needs_enable_and_handler),
        cmocka_unit_test(display_interrupt),
        cmocka_unit_test(snapshot_holds_device),
        cmocka_unit_test(rest_of_page_is_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
