/* The LC-3's spec machine (lc3sim/grade/spec_lc3*.c): its names in the
 * parser, a case's structures as one element per 16-bit word
 * (grade_spec_words.h), and a whole grading by a spec on files written
 * here: the reference full, a copy that loses R7 losing its points. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "grade_spec.h"
#include "grade_spec_draw.h"
#include "grade_spec_words.h"
#include "spec_lc3.h"
#include "spec_fixture.h"

/* Parses text with the LC-3's names; the messages in *messages (free them). */
static bool parse(const char *text, grade_spec *spec, char **messages)
{
    return spec_fixture_parse("t.spec", text, &spec_lc3_isa, spec, messages);
}

static void the_names(void **state)
{
    (void)state;
    assert_int_equal(spec_lc3_isa.reg("R0", 2), 0);
    assert_int_equal(spec_lc3_isa.reg("r7", 2), 7);
    assert_int_equal(spec_lc3_isa.reg("R8", 2), -1);
    assert_int_equal(spec_lc3_isa.reg("$a0", 3), -1);
    assert_int_equal(spec_lc3_isa.syscall("GETC", 4), 0x20);
    assert_int_equal(spec_lc3_isa.syscall("putsp", 5), 0x24);
    assert_int_equal(spec_lc3_isa.syscall("HALT", 4), 0x25);
    assert_int_equal(spec_lc3_isa.syscall("sbrk", 4), -1);
    assert_int_equal(spec_lc3_isa.default_preserved, 0x7E); /* R1-R5, R6 */
}

/* Every element in a word: a word array's values signed, a byte field
 * sign-extended from a signed range, a string's characters and its 0. */
static void one_element_per_word(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    bool ok = parse("reference r.asm\n"
                    "function F\n"
                    "  points 1\n"
                    "  arg R0 a = array 3..3 of word -1..-1\n"
                    "  arg R1 p = struct byte -3..-3, half 700..700, byte 200..200\n"
                    "  arg R2 s = string 2..2 \"A\"\n"
                    "  arg stack n = length a\n"
                    "  compare R0\n",
                    &s, &messages);
    assert_string_equal(messages, "");
    assert_true(ok);
    free(messages);
    const grade_spec_function *fn = &s.functions[0];
    assert_int_equal(fn->args[0].gen.elem_size, 2); /* `word` is the LC-3's: 16 bits */
    grade_rng rng;
    grade_rng_seed(&rng, 5);
    grade_spec_state st;
    assert_true(grade_spec_draw(fn, &rng, &st));
    uint16_t w[8];
    assert_int_equal(grade_spec_words(&fn->args[0].gen, &st.values[0], w), 3);
    assert_int_equal(w[0], 0xFFFF);
    assert_int_equal(w[2], 0xFFFF);
    assert_int_equal(grade_spec_words(&fn->args[1].gen, &st.values[1], w), 3);
    assert_int_equal(w[0], 0xFFFD);
    assert_int_equal(w[1], 700);
    assert_int_equal(w[2], 200);
    assert_int_equal(grade_spec_words(&fn->args[2].gen, &st.values[2], w), 3);
    assert_int_equal(w[0], 'A');
    assert_int_equal(w[1], 'A');
    assert_int_equal(w[2], 0);
    /* addresses count words: 3 for a, the gap, 3 for p, the gap */
    grade_spec_layout_words(fn, &st, 0x4000, 16);
    assert_int_equal(st.values[0].word, 0x4000);
    assert_int_equal(st.values[1].word, 0x4000 + 3 + 16);
    assert_int_equal(st.values[2].word, 0x4000 + 6 + 32);
    assert_int_equal(st.values[3].word, 3);
    grade_spec_state_free(&st);
    grade_spec_free(&s);
}

static void what_the_lc3_has_not(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    bool ok = parse("reference r.asm\n"
                    "rules no-include\n"
                    "function F\n"
                    "  points 1\n"
                    "  arg R6 x = int 0..1\n"
                    "  compare R0\n"
                    "  stdin \"ab\"\n"
                    "program P\n"
                    "  points 1\n"
                    "  args 1\n"
                    "  randomize\n",
                    &s, &messages);
    assert_false(ok);
    assert_non_null(strstr(messages, "t.spec:2:7: error: the LC-3 has no rule 'no-include'"));
    assert_non_null(strstr(messages, "t.spec:5:7: error: expected where the argument goes: an "
                                     "argument register of the LC-3 or 'stack'"));
    assert_non_null(strstr(messages, "t.spec:10:3: error: a program of the LC-3 takes no "
                                     "arguments"));
    assert_null(strstr(messages, "t.spec:7:")); /* a function's keys are the LC-3's */
    assert_null(strstr(messages, "t.spec:11:")); /* and so is the randomized machine */
    assert_string_equal(s.functions[0].stdin_text, "ab");
    assert_true(s.programs[0].randomize);
    free(messages);
    grade_spec_free(&s);
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static const char reference[] =
    "        .ORIG x3000\n"
    "; TWICE: R0 = 2 x R0, by a call to ADD_SELF\n"
    "TWICE   ST R7, SAVE7\n"
    "        JSR ADD_SELF\n"
    "        LD R7, SAVE7\n"
    "        RET\n"
    "ADD_SELF ADD R0, R0, R0\n"
    "        RET\n"
    "SAVE7   .BLKW 1\n"
    "        .END\n";

static double grade(const char *dir, const char *submission, uint64_t seed, char error[2048])
{
    char spec_path[512], sub_path[512];
    snprintf(spec_path, sizeof spec_path, "%s/t.spec", dir);
    snprintf(sub_path, sizeof sub_path, "%s/%s", dir, submission);
    grade_spec s;
    diag_sink sink;
    diag_init(&sink, stderr);
    assert_true(grade_spec_load(spec_path, &spec_lc3_isa, &sink, &s));
    diag_free(&sink);
    spec_lc3_options o = {.spec = &s, .seed = seed};
    grade_spec_report r;
    spec_lc3_grade(sub_path, &o, &r);
    memcpy(error, r.error, sizeof r.error);
    double score = r.score;
    assert_true(r.max_score == 4);
    grade_spec_report_free(&r);
    grade_spec_free(&s);
    return score;
}

static void a_whole_grading(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_spec_lc3.XXXXXX";
    assert_non_null(mkdtemp(dir));
    write_file(dir, "ref.asm", reference);
    write_file(dir, "t.spec", "reference ref.asm\n"
                              "function TWICE\n"
                              "  points 4\n"
                              "  cases 7\n"
                              "  arg R0 x = int -100..100\n"
                              "  compare R0\n"
                              "  must-call ADD_SELF\n"
                              "  budget 10\n"
                              "  case \"three\"\n"
                              "    x = 3\n"
                              "    expect R0 = 6\n");
    char error[2048];
    assert_true(grade(dir, "ref.asm", 1, error) == 4);
    assert_string_equal(error, "");
    /* R7 not saved: the RET goes back into TWICE, every case lost */
    char *lost = strdup(reference);
    assert_non_null(lost);
    memcpy(strstr(lost, "ST R7, SAVE7"), "ADD R1,R1,#0", 12);
    write_file(dir, "lost.asm", lost);
    assert_true(grade(dir, "lost.asm", 1, error) == 0);
    /* the answer inline, no call: the callee's points lost */
    write_file(dir, "inline.asm", "        .ORIG x3000\nTWICE ADD R0, R0, R0\n        RET\n"
                                  "ADD_SELF RET\n        .END\n");
    assert_true(grade(dir, "inline.asm", 1, error) == 0);
    /* a reference over its own budget: the spec is wrong, nothing graded */
    write_file(dir, "t.spec", "reference lost.asm\nfunction TWICE\n  points 4\n"
                              "  arg R0 x = int 0..1\n  compare R0\n  budget 10\n");
    assert_true(grade(dir, "ref.asm", 1, error) == 0);
    assert_non_null(strstr(error, "the spec is wrong: the reference solution fails TWICE"));
    free(lost);
    const char *names[] = {"ref.asm", "lost.asm", "inline.asm", "t.spec"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_names),
        cmocka_unit_test(one_element_per_word),
        cmocka_unit_test(what_the_lc3_has_not),
        cmocka_unit_test(a_whole_grading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
