/* lc3_call on small subroutines: strlen, multiply and a recursive factorial
 * with R6 as its stack return what they should with nothing to report;
 * broken twins are each caught by the check they break (a preserved
 * register clobbered, R6 unbalanced, a write past the buffer, no return, an
 * access violation, R7 lost), and so are TRAPs where none are allowed. The
 * TRAPs' own bookkeeping (the supervisor stack) is measured and never
 * reported. Random registers replay from the seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lc3_call.h"
#include "lc3_os.h"

/* One source assembled as "t.asm"; fails the test when it does not assemble. */
static lc3_call_program program_of(const char *text)
{
    lc3_call_program p;
    char *messages = NULL;
    if (!lc3_call_assemble_text("t.asm", text, &p, &messages))
        fail_msg("assembly failed:\n%s", messages ? messages : "(no messages)");
    free(messages);
    return p;
}

/* Calls s on p with the stream of seed; the result is the caller's to free. */
static lc3_call_result call(const lc3_call_program *p, const lc3_call_spec *s, uint64_t seed)
{
    grade_rng rng;
    grade_rng_seed(&rng, seed);
    lc3_call_result r;
    lc3_call_run(&p->program, s, &rng, &r);
    return r;
}

/* src with its only occurrence of old replaced by new: a broken twin. */
static char *twin(const char *src, const char *old, const char *new)
{
    const char *at = strstr(src, old);
    assert_non_null(at);
    assert_null(strstr(at + 1, old));
    size_t head = (size_t)(at - src), len = strlen(src) - strlen(old) + strlen(new);
    char *out = malloc(len + 1);
    assert_non_null(out);
    memcpy(out, src, head);
    strcpy(out + head, new);
    strcat(out, at + strlen(old));
    return out;
}

/* The program of a broken twin. */
static lc3_call_program twin_of(const char *src, const char *old, const char *new)
{
    char *text = twin(src, old, new);
    lc3_call_program p = program_of(text);
    free(text);
    return p;
}

/* Fails with every finding when r has any. */
static void assert_clean(const lc3_call_result *r)
{
    for (size_t i = 0; i < r->problems.count; i++)
        print_message("finding: %s\n", r->problems.items[i].text);
    assert_int_equal(r->problems.count, 0);
}

/* Whether some finding contains text (each is printed when none does). */
static bool has_finding(const lc3_call_result *r, const char *text)
{
    for (size_t i = 0; i < r->problems.count; i++)
        if (strstr(r->problems.items[i].text, text))
            return true;
    for (size_t i = 0; i < r->problems.count; i++)
        print_message("finding: %s\n", r->problems.items[i].text);
    return false;
}

/* STRLEN: R0 = the address of a zero-ended string in, its length out. It
 * keeps R1 and R2 in save words, the book's way. */
static const char strlen_src[] =
    "        .ORIG x3000\n"
    "STRLEN  ST R1, SAVE1\n"
    "        ST R2, SAVE2\n"
    "        AND R2, R2, #0\n"
    "NEXT    LDR R1, R0, #0\n"
    "        BRz DONE\n"
    "        ADD R2, R2, #1\n"
    "        ADD R0, R0, #1\n"
    "        BRnzp NEXT\n"
    "DONE    ADD R0, R2, #0\n"
    "        LD R1, SAVE1\n"
    "        LD R2, SAVE2\n"
    "        RET\n"
    "SAVE1   .BLKW 1\n"
    "SAVE2   .BLKW 1\n"
    "        .END\n";

static const uint16_t hello[] = {'h', 'e', 'l', 'l', 'o', 0};

static lc3_call_spec strlen_spec(const lc3_call_region *string)
{
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "strlen"; /* labels in any case, as lc3as reads them */
    s.given = LC3_CALL_REG(0);
    s.regs[0] = string->address;
    s.regions = string;
    s.region_count = 1;
    return s;
}

static void test_strlen(void **state)
{
    (void)state;
    lc3_call_program p = program_of(strlen_src);
    lc3_call_region string = {0x4000, hello, 6, false, "the string"};
    lc3_call_spec s = strlen_spec(&string);
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_int_equal(r.regs[0], 5);
    assert_int_equal(r.pc, LC3_CALL_DEFAULT_SENTINEL);
    assert_int_equal(r.regs[7], LC3_CALL_DEFAULT_SENTINEL);
    assert_int_equal(r.traps, 0);
    assert_int_equal(r.instructions, 3 + 5 * 5 + 2 + 4); /* 3 in, 5 a letter, 2 at the end, 4 out */
    assert_clean(&r);
    lc3_call_result_free(&r);

    /* The save words are the program's own: a convention that forbids
     * writing them names them, with old and new values. */
    s.convention.program_writable = false;
    r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_true(has_finding(&r, "wrote x300C (the program itself, line 14)"));
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

/* The twin that uses R2 without saving it. */
static void test_strlen_clobbering_r2(void **state)
{
    (void)state;
    char *saving_r1 = twin(strlen_src, "ST R2, SAVE2", "ADD R0, R0, #0");
    lc3_call_program p = twin_of(saving_r1, "LD R2, SAVE2", "ADD R0, R0, #0");
    free(saving_r1);
    lc3_call_region string = {0x4000, hello, 6, false, "the string"};
    lc3_call_spec s = strlen_spec(&string);
    s.given |= LC3_CALL_REG(2);
    s.regs[2] = 0x1234;
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_int_equal(r.regs[0], 5);
    assert_int_equal(r.problems.count, 1);
    assert_true(has_finding(&r, "R2 changed: x1234 -> x0005"));
    lc3_call_result_free(&r);

    /* An assignment where R2 is an output lets it change. */
    s.convention.preserved &= (uint8_t)~LC3_CALL_REG(2);
    r = call(&p, &s, 1);
    assert_clean(&r);
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

/* MULTIPLY: R0 = R1 * R2 (R2 >= 0), R3 pushed on the R6 stack. */
static const char multiply_src[] =
    "        .ORIG x3000\n"
    "MULTIPLY ADD R6, R6, #-1\n"
    "        STR R3, R6, #0\n"
    "        AND R0, R0, #0\n"
    "        ADD R3, R2, #0\n"
    "        BRz M_DONE\n"
    "M_LOOP  ADD R0, R0, R1\n"
    "        ADD R3, R3, #-1\n"
    "        BRp M_LOOP\n"
    "M_DONE  LDR R3, R6, #0\n"
    "        ADD R6, R6, #1\n"
    "        RET\n"
    "        .END\n";

static lc3_call_spec multiply_spec(uint16_t a, uint16_t b)
{
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "MULTIPLY";
    s.given = LC3_CALL_REG(1) | LC3_CALL_REG(2);
    s.regs[1] = a;
    s.regs[2] = b;
    return s;
}

static void test_multiply(void **state)
{
    (void)state;
    lc3_call_program p = program_of(multiply_src);
    const uint16_t cases[][3] = {{6, 7, 42}, {0xFFFD, 5, 0xFFF1}, {9, 0, 0}, {300, 100, 30000}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lc3_call_spec s = multiply_spec(cases[i][0], cases[i][1]);
        lc3_call_result r = call(&p, &s, i);
        assert_int_equal(r.status, LC3_CALL_RETURNED);
        assert_int_equal(r.regs[0], cases[i][2]);
        assert_int_equal(r.regs[6], LC3_CALL_DEFAULT_STACK);
        assert_clean(&r);
        lc3_call_result_free(&r);
    }
    lc3_call_program_free(&p);
}

/* The twin that forgets to pop R3. */
static void test_multiply_unbalanced_stack(void **state)
{
    (void)state;
    lc3_call_program p = twin_of(multiply_src, "ADD R6, R6, #1", "ADD R6, R6, #0");
    lc3_call_spec s = multiply_spec(6, 7);
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_int_equal(r.regs[0], 42);
    assert_int_equal(r.problems.count, 1);
    assert_true(has_finding(&r, "R6 not balanced: xFE00 -> xFDFF (1 word pushed and never "
                               "popped)"));
    lc3_call_result_free(&r);

    /* A stack given by the test is the one checked. */
    s.given |= LC3_CALL_REG(6);
    s.regs[6] = 0x8000;
    r = call(&p, &s, 1);
    assert_true(has_finding(&r, "R6 not balanced: x8000 -> x7FFF"));
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

/* FACT: R0 = n in, n! out; recursive, R7, R1 and R2 on the R6 stack. */
static const char fact_src[] =
    "        .ORIG x3000\n"
    "FACT    ADD R6, R6, #-3\n"
    "        STR R7, R6, #0\n"
    "        STR R1, R6, #1\n"
    "        STR R2, R6, #2\n"
    "        ADD R1, R0, #0\n"
    "        ADD R0, R0, #-1\n"
    "        BRp F_REC\n"
    "        AND R0, R0, #0\n"
    "        ADD R0, R0, #1\n"
    "        BRnzp F_DONE\n"
    "F_REC   JSR FACT\n"
    "        ADD R2, R0, #0\n"
    "        AND R0, R0, #0\n"
    "F_MUL   ADD R0, R0, R2\n"
    "        ADD R1, R1, #-1\n"
    "        BRp F_MUL\n"
    "F_DONE  LDR R2, R6, #2\n"
    "        LDR R1, R6, #1\n"
    "        LDR R7, R6, #0\n"
    "        ADD R6, R6, #3\n"
    "        RET\n"
    "        .END\n";

static void test_recursive_factorial(void **state)
{
    (void)state;
    lc3_call_program p = program_of(fact_src);
    const uint16_t n[] = {0, 1, 5, 7, 8}, f[] = {1, 1, 120, 5040, 40320};
    for (size_t i = 0; i < sizeof n / sizeof n[0]; i++) {
        lc3_call_spec s = lc3_call_default_spec();
        s.label = "FACT";
        s.given = LC3_CALL_REG(0);
        s.regs[0] = n[i];
        lc3_call_result r = call(&p, &s, 100 + i);
        assert_int_equal(r.status, LC3_CALL_RETURNED);
        assert_int_equal(r.regs[0], f[i]);
        assert_clean(&r);
        /* Its frames are below the entry R6: FACT(n) pushed n frames of 3. */
        /* The deepest frame (FACT(1)'s, n below the entry R6) holds the R1
         * of FACT(2): 2. */
        if (n[i] > 1)
            assert_int_equal(lc3_peek(r.machine, LC3_CALL_DEFAULT_STACK - 3 * n[i] + 1), 2);
        lc3_call_result_free(&r);
    }
    lc3_call_program_free(&p);
}

/* The twin that never restores R7: after FACT(1), every RET goes back into
 * FACT(2), popping frames until R6 reaches device space. */
static void test_factorial_losing_r7(void **state)
{
    (void)state;
    lc3_call_program p = twin_of(fact_src, "LDR R7, R6, #0", "ADD R0, R0, #0");
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "FACT";
    s.given = LC3_CALL_REG(0);
    s.regs[0] = 3;
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_EXCEPTION);
    assert_int_equal(r.exception.vector, LC3_VEC_ACCESS);
    assert_int_equal(r.stray_return_pc, 0x3014);
    assert_int_equal(r.stray_return_to, 0x300B);
    assert_true(has_finding(&r, "its RET at line 22 (x3014) went to x300B, not to its caller "
                               "(x01FF): R7 was overwritten"));
    lc3_call_result_free(&r);

    /* Where R7 is lost in a loop, the budget ends it, and the RET is named. */
    lc3_call_program_free(&p);
    p = program_of("        .ORIG x3000\n"
                   "OUTER   JSR INNER\n"
                   "        RET\n"
                   "INNER   RET\n"
                   "        .END\n");
    s.label = "OUTER";
    s.budget = 999;
    r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_BUDGET);
    assert_int_equal(r.instructions, 999);
    assert_true(has_finding(&r, "did not return within 999 instructions"));
    assert_true(has_finding(&r, "its RET at line 3 (x3001) went to x3001"));
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

/* FILL: R2 words at R1 set to R0; the twin's loop runs once more. */
static const char fill_src[] =
    "        .ORIG x3000\n"
    "FILL    ADD R2, R2, #0\n"
    "        BRz F_END\n"
    "F_LOOP  STR R0, R1, #0\n"
    "        ADD R1, R1, #1\n"
    "        ADD R2, R2, #-1\n"
    "        BRp F_LOOP\n"
    "F_END   RET\n"
    "        .END\n";

static void test_write_past_the_buffer(void **state)
{
    (void)state;
    lc3_call_program p = program_of(fill_src);
    lc3_call_region buffer = {0x5000, NULL, 4, true, "the buffer"};
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "FILL";
    s.given = LC3_CALL_REG(0) | LC3_CALL_REG(1) | LC3_CALL_REG(2);
    s.regs[0] = 0x00AA;
    s.regs[1] = 0x5000;
    s.regs[2] = 4;
    s.regions = &buffer;
    s.region_count = 1;
    s.convention.preserved = 0x01; /* it moves R1 and R2: only R0 is kept here */
    lc3_call_result r = call(&p, &s, 7);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_clean(&r);
    for (uint16_t k = 0; k < 4; k++)
        assert_int_equal(lc3_peek(r.machine, (uint16_t)(0x5000 + k)), 0x00AA);
    uint16_t after = lc3_peek(r.machine, 0x5004);
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);

    p = twin_of(fill_src, "BRp F_LOOP", "BRzp F_LOOP");
    r = call(&p, &s, 7); /* the same seed: the same noise past the buffer */
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    char expected[80];
    snprintf(expected, sizeof expected, "wrote x5004 (1 word past the end of the buffer): "
             "x%04X -> x00AA", after);
    assert_int_equal(r.problems.count, 1);
    assert_true(has_finding(&r, expected));
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

static void test_never_returns(void **state)
{
    (void)state;
    lc3_call_program p = program_of("        .ORIG x3000\n"
                                    "SPIN    ADD R0, R0, #1\n"
                                    "        BRnzp SPIN\n"
                                    "        .END\n");
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "SPIN";
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_BUDGET);
    assert_int_equal(r.instructions, LC3_CALL_DEFAULT_BUDGET);
    assert_int_equal(r.problems.count, 1);
    assert_true(has_finding(&r, "did not return within 100000 instructions (stopped at line "));
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

/* Reading KBSR from user mode: an access violation with its line; with
 * privilege ignored, the same code returns. */
static void test_access_violation(void **state)
{
    (void)state;
    lc3_call_program p = program_of("        .ORIG x3000\n"
                                    "READY   ADD R1, R1, #0\n"
                                    "        LDI R0, KBSR\n"
                                    "        RET\n"
                                    "KBSR    .FILL xFE00\n"
                                    "        .END\n");
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "READY";
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_EXCEPTION);
    assert_int_equal(r.exception.vector, LC3_VEC_ACCESS);
    assert_int_equal(r.exception.pc, 0x3001);
    assert_int_equal(r.exception_line, 3);
    assert_true(has_finding(&r, "raised an access violation (user mode touched system space "
                               "or a device) at line 3 (x3001)"));
    lc3_call_result_free(&r);

    s.ignore_privilege = true;
    r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_int_equal(r.regs[0], 0); /* no key waiting */
    assert_clean(&r);
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

/* Every TRAP of the OS, in one subroutine that keeps its registers. */
static const char io_src[] =
    "        .ORIG x3000\n"
    "IO      ST R0, KEEP0\n"
    "        LEA R0, TEXT\n"
    "        PUTS\n"
    "        LEA R0, PACKED\n"
    "        PUTSP\n"
    "        GETC\n"
    "        OUT\n"
    "        IN\n"
    "        LD R0, KEEP0\n"
    "        RET\n"
    "KEEP0   .BLKW 1\n"
    "TEXT    .STRINGZ \"hi \"\n"
    "PACKED  .FILL x6B6F\n"
    "        .FILL x0000\n"
    "        .END\n";

static lc3_call_spec io_spec(void)
{
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "IO";
    s.keys = "xy";
    s.key_count = 2;
    s.convention.preserved = 0x3F; /* R0 too: it restores it */
    return s;
}

/* What a TRAP changes is the OS's: the supervisor stack below the saved
 * SSP, inside LC3_CALL_OS_STACK, and nothing else in system space. */
static void test_traps_change_only_the_supervisor_stack(void **state)
{
    (void)state;
    lc3_call_program p = program_of(io_src);
    lc3_call_spec s = io_spec();
    lc3_machine *fresh = lc3_new(NULL);
    lc3_os_load(fresh);
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_int_equal(r.traps, 5);
    assert_memory_equal(r.output, "hi okx", 6); /* then IN's prompt and its echo */
    assert_non_null(strchr(r.output + 6, 'y'));
    size_t changed = 0;
    for (uint32_t a = 0; a < LC3_USER_START; a++)
        if (lc3_peek(r.machine, (uint16_t)a) != lc3_peek(fresh, (uint16_t)a)) {
            assert_true(a < LC3_SUPERVISOR_STACK &&
                        LC3_SUPERVISOR_STACK - a <= LC3_CALL_OS_STACK);
            changed++;
        }
    assert_true(changed >= 2); /* PSR and PC at least */
    assert_clean(&r);
    lc3_call_result_free(&r);

    /* With privilege off the OS's words are compared too, and still clean. */
    s.ignore_privilege = true;
    r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_clean(&r);
    lc3_call_result_free(&r);
    lc3_free(fresh);
    lc3_call_program_free(&p);
}

static void test_traps_not_allowed(void **state)
{
    (void)state;
    lc3_call_program p = program_of(io_src);
    lc3_call_spec s = io_spec();
    s.convention.traps_allowed = false;
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_int_equal(r.problems.count, 1);
    assert_true(has_finding(&r, "ran TRAP x22 at line 4 (x3002) (5 TRAPs in all): the "
                               "subroutine may make no TRAP"));
    lc3_call_result_free(&r);

    /* Its keys run out: it waits at the second read. */
    s.key_count = 1;
    r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_INPUT_ENDED);
    assert_true(has_finding(&r, "waited at line 9 (x3007) for a key that never came (it read "
                               "all 1 keys"));
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

static void test_halt(void **state)
{
    (void)state;
    lc3_call_program p = program_of("        .ORIG x3000\n"
                                    "QUIT    ADD R0, R0, #0\n"
                                    "        HALT\n"
                                    "        .END\n");
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "QUIT";
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_HALTED);
    assert_int_equal(r.pc, 0x3001);
    assert_int_equal(r.traps, 0);
    assert_int_equal(r.output_len, 0); /* the OS's banner never printed */
    assert_true(has_finding(&r, "halted the machine at line 3 (x3001) instead of returning"));
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

/* R0-R5 not given are random, the same for the same seed; R6 is the stack,
 * R7 the sentinel; user memory outside the program is noise too. */
static void test_random_registers_replay(void **state)
{
    (void)state;
    lc3_call_program p = program_of(multiply_src);
    lc3_call_spec s = multiply_spec(2, 3);
    lc3_call_result a = call(&p, &s, 42), b = call(&p, &s, 42), c = call(&p, &s, 43);
    assert_memory_equal(a.entry, b.entry, sizeof a.entry);
    assert_memory_not_equal(a.entry, c.entry, sizeof a.entry);
    assert_int_equal(a.entry[1], 2);
    assert_int_equal(a.entry[2], 3);
    assert_int_equal(a.entry[6], LC3_CALL_DEFAULT_STACK);
    assert_int_equal(a.entry[7], LC3_CALL_DEFAULT_SENTINEL);
    assert_int_equal(lc3_peek(a.machine, 0x7000), lc3_peek(b.machine, 0x7000));
    assert_int_not_equal(lc3_peek(a.machine, 0x7000), lc3_peek(c.machine, 0x7000));
    assert_int_equal(lc3_peek(a.machine, 0x3000), 0x1DBF); /* the program on the noise */
    lc3_call_result_free(&a);
    lc3_call_result_free(&b);
    lc3_call_result_free(&c);

    s.random_memory = false;
    a = call(&p, &s, 42);
    assert_int_equal(lc3_peek(a.machine, 0x7000), 0);
    lc3_call_result_free(&a);
    lc3_call_program_free(&p);
}

static void test_not_called(void **state)
{
    (void)state;
    lc3_call_program p = program_of(multiply_src);
    lc3_call_spec s = lc3_call_default_spec();
    s.label = "DIVIDE";
    lc3_call_result r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_NOT_CALLED);
    assert_null(r.machine);
    assert_true(has_finding(&r, "has no subroutine DIVIDE"));
    lc3_call_result_free(&r);

    s.label = NULL;
    s.address = 0x3000;
    s.sentinel = 0x3004; /* inside the program */
    r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_NOT_CALLED);
    assert_true(has_finding(&r, "the return address x3004 is in the program"));
    lc3_call_result_free(&r);

    /* By address, with another sentinel in user space. */
    s.sentinel = 0x6000;
    r = call(&p, &s, 1);
    assert_int_equal(r.status, LC3_CALL_RETURNED);
    assert_int_equal(r.pc, 0x6000);
    lc3_call_result_free(&r);
    lc3_call_program_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strlen),
        cmocka_unit_test(test_strlen_clobbering_r2),
        cmocka_unit_test(test_multiply),
        cmocka_unit_test(test_multiply_unbalanced_stack),
        cmocka_unit_test(test_recursive_factorial),
        cmocka_unit_test(test_factorial_losing_r7),
        cmocka_unit_test(test_write_past_the_buffer),
        cmocka_unit_test(test_never_returns),
        cmocka_unit_test(test_access_violation),
        cmocka_unit_test(test_traps_change_only_the_supervisor_stack),
        cmocka_unit_test(test_traps_not_allowed),
        cmocka_unit_test(test_halt),
        cmocka_unit_test(test_random_registers_replay),
        cmocka_unit_test(test_not_called),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
