/* A spec's inputs beyond one generator each (asm/grade/spec): `set` and
 * `require` on an array's or a string's elements at a drawn position
 * (`let k = index a`), constant strings, arrays and string tables laid out
 * by the engine, and records. The machine is a made-up one (registers
 * r0-r7), as in test_grade_spec_draw.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grade_spec.h"
#include "grade_spec_draw.h"
#include "grade_spec_memory.h"
#include "grade_spec_words.h"
#include "spec_fixture.h"

static int toy_reg(const char *name, size_t len)
{
    if (len == 2 && name[0] == 'r' && name[1] >= '0' && name[1] <= '7')
        return name[1] - '0';
    return -1;
}

static const grade_spec_isa toy = {
    .name = "toy", .reg = toy_reg, .arg_regs = 0x0f, .default_preserved = 0xf0,
    .return_regs = {0, -1},
};

/* The same machine with memory of 16-bit words, one element in each. */
static const grade_spec_isa toy_words = {
    .name = "toy", .reg = toy_reg, .arg_regs = 0x0f, .default_preserved = 0xf0,
    .return_regs = {0, -1}, .word_elements = true,
};

static char spec_text[8192];

static grade_spec_function *parse_on(const grade_spec_isa *isa, const char *body,
                                     grade_spec *spec)
{
    snprintf(spec_text, sizeof spec_text,
             "reference r.asm\nfunction f\n    points 1\n    compare r0\n%s", body);
    spec_fixture_parse_ok("t.spec", spec_text, isa, spec);
    return &spec->functions[0];
}

/* The messages a spec whose function block is body gives (malloc'd). */
static char *errors_of(const char *body)
{
    grade_spec spec;
    char *messages = NULL;
    snprintf(spec_text, sizeof spec_text,
             "reference r.asm\nfunction f\n    points 1\n    compare r0\n%s", body);
    assert_false(spec_fixture_parse("t.spec", spec_text, &toy, &spec, &messages));
    grade_spec_free(&spec);
    return messages;
}

static uint32_t le(const uint8_t *b, int size)
{
    uint32_t w = 0;
    for (int k = size - 1; k >= 0; k--)
        w = w << 8 | b[k];
    return w;
}

/* `set a[k] = 2017` plants the value at the drawn position, and the
 * position is drawn over the whole array, its ends included. */
static void set_plants_at_a_drawn_index(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_on(&toy,
                                       "    arg r0 a = array 1..12 of half 1990..2025\n"
                                       "    arg r1 n = length a\n"
                                       "    let k = index a\n"
                                       "    set a[k] = 2017\n"
                                       "    set a[k + 1] = 1999\n", /* past the end: nothing */
                                       &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 7);
    int first = 0, last = 0;
    for (int d = 0; d < 300; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        uint32_t n = st.values[0].length, k = (uint32_t)st.lets[0];
        assert_true(k < n);
        assert_int_equal(st.values[1].word, n);
        assert_int_equal(le(st.values[0].bytes + 2 * k, 2), 2017);
        if (k + 1 < n)
            assert_int_equal(le(st.values[0].bytes + 2 * k + 2, 2), 1999);
        assert_int_equal(st.values[0].size, 2 * n); /* nothing written past it */
        first += k == 0, last += k == n - 1;
        grade_spec_state_free(&st);
    }
    assert_true(first > 30 && last > 30);
    grade_spec_free(&spec);
}

/* `require a[i] != 0` holds on every draw; a string's characters are
 * elements too, read 0..255; an element past the end reads 0. */
static void require_reads_elements(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_on(&toy,
                                       "    arg r0 a = array 4..4 of byte -1..1\n"
                                       "    arg r1 s = string 3..3 \"a\\xe9\"\n"
                                       "    let i = int 0..3\n"
                                       "    require a[i] != 0 and a[i + 4] == 0\n"
                                       "    require s[0] > 200 and s[3] == 0\n"
                                       "    set s[1] = 'Z'\n",
                                       &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 3);
    for (int d = 0; d < 100; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        int8_t v = (int8_t)st.values[0].bytes[st.lets[0]];
        assert_true(v == 1 || v == -1);
        assert_int_equal(st.values[1].bytes[0], 0xe9);
        assert_int_equal(st.values[1].bytes[1], 'Z');
        grade_spec_state_free(&st);
    }
    grade_spec_free(&spec);
}

static void element_errors(void **state)
{
    (void)state;
    char *m = errors_of("    arg r0 n = int 0..9\n"
                        "    arg r1 p = struct x byte 0..9\n"
                        "    let k = index n\n"
                        "    set p[0] = 1\n"
                        "    require n[0] > 1\n");
    assert_non_null(strstr(m, "t.spec:7:19: error: 'index' names an array, string, string "
                              "table or records argument declared before it"));
    assert_non_null(strstr(m, "t.spec:8:9: error: p is not an array, a string or a grid"));
    assert_non_null(strstr(m, "t.spec:9:14: error: n is a number: only an array, a string or "
                              "a grid has elements"));
    free(m);
}

/* A string, an array and a string table written in the spec are the same
 * in every random case; the table's pointers point at its strings, which
 * the engine lays out after them, in bytes and in words. */
static void constants_in_every_case(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_on(&toy,
                                       "    arg r0 s = \"Hello\"\n"
                                       "    arg r1 t = array of half [1, -2, 300]\n"
                                       "    arg r2 names = strings [\"Ann\", \"\", \"Bob\"]\n"
                                       "    arg r3 n = length names\n",
                                       &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 11);
    for (int d = 0; d < 3; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        assert_int_equal(st.values[0].size, 6);
        assert_memory_equal(st.values[0].bytes, "Hello", 6);
        assert_int_equal(st.values[1].length, 3);
        assert_int_equal((int16_t)le(st.values[1].bytes + 2, 2), -2);
        assert_int_equal(le(st.values[1].bytes + 4, 2), 300);
        assert_int_equal(st.values[3].word, 3);
        grade_spec_layout(fn, &st, 0x1000, 64);
        uint32_t table = st.values[2].word;
        assert_int_equal(table, 0x1000 + 8 + 64 + 8 + 64);
        assert_int_equal(le(st.values[2].bytes, 4), table + 12);
        assert_int_equal(le(st.values[2].bytes + 4, 4), table + 16);
        assert_int_equal(le(st.values[2].bytes + 8, 4), table + 17);
        assert_string_equal((const char *)st.values[2].bytes + 17, "Bob");
        char text[512];
        grade_spec_describe(fn, &st, text, sizeof text);
        assert_string_equal(text, "s=\"Hello\" t=[1, -2, 300] names=[\"Ann\", \"\", \"Bob\"] n=3");
        grade_spec_state_free(&st);
    }
    grade_spec_free(&spec);
}

static void string_tables_in_words(void **state)
{
    (void)state;
    grade_spec spec;
    grade_spec_function *fn = parse_on(&toy_words,
                                       "    arg r0 names = strings [\"Ann\", \"\", \"Bob\"]\n"
                                       "    case \"two\"\n"
                                       "        names = [\"xy\", \"z\"]\n",
                                       &spec);
    grade_rng rng;
    grade_rng_seed(&rng, 1);
    grade_spec_state st;
    assert_true(grade_spec_draw(fn, &rng, &st));
    grade_spec_layout_words(fn, &st, 0x4000, 16);
    uint16_t w[16];
    assert_int_equal(grade_spec_words(&fn->args[0].gen, &st.values[0], w), 3 + 9);
    assert_int_equal(w[0], 0x4003);
    assert_int_equal(w[1], 0x4007);
    assert_int_equal(w[2], 0x4008);
    assert_int_equal(w[3], 'A');
    assert_int_equal(w[6], 0);
    assert_int_equal(w[8], 'B');
    grade_spec_state_free(&st);
    grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
    grade_spec_layout_words(fn, &st, 0x4000, 16);
    assert_int_equal(grade_spec_words(&fn->args[0].gen, &st.values[0], w), 2 + 5);
    assert_int_equal(w[0], 0x4002);
    assert_int_equal(w[1], 0x4005);
    assert_int_equal(w[5], 'z');
    grade_spec_state_free(&st);
    grade_spec_free(&spec);
}

static void constant_errors(void **state)
{
    (void)state;
    char *m = errors_of("    arg r0 a = strings [1]\n"
                        "    arg r1 b = array of word 1, 2\n"
                        "    arg r2 c = strings [\"a\" \"b\"]\n"
                        "    arg r3 d = \"x\"\n"
                        "    case \"one\"\n"
                        "        d = [\"x\"]\n");
    assert_non_null(strstr(m, "t.spec:5:25: error: expected a string in quotes"));
    assert_non_null(strstr(m, "t.spec:6:30: error: expected the elements in brackets"));
    assert_non_null(strstr(m, "t.spec:7:29: error: expected ',' or ']' in the list of strings"));
    assert_non_null(strstr(m, "t.spec:10:13: error: d takes a string in quotes here"));
    free(m);
}

static const char cars_spec[] =
    "reference r.asm\n"
    "record car\n"
    "    field year half 1990..2025\n"
    "    field features bits byte 0x0f\n"
    "    field name string 1..8 lower\n"
    "    field price word 100..900\n"
    "    field owner pointer into people\n"
    "function f\n"
    "    points 1\n"
    "    compare r0\n"
    "    arg r0 people = strings [\"Ann\", \"Bob\", \"Cy\"]\n"
    "    arg r1 cars = array 2..5 of car\n"
    "    arg r2 n = length cars\n"
    "    let k = index cars\n"
    "    set cars[k].year = 2017\n"
    "    require cars[0].price > 100 and cars[k].features < 16\n"
    "    case \"two\"\n"
    "        cars = [[2001, 3, \"ab\", 500, people[2]], [1999, 0, \"\", 100, people]]\n";

/* A record type's layout: MIPS aligns each field to its size and the
 * record to its largest; its strings follow the records and its pointers
 * point at them and into the other input, once laid out. */
static void records_in_bytes(void **state)
{
    (void)state;
    grade_spec spec;
    spec_fixture_parse_ok("t.spec", cars_spec, &toy, &spec);
    const grade_spec_record *r = spec.records[0];
    assert_int_equal(r->size, 16);
    assert_int_equal(r->fields[2].offset, 4);
    assert_int_equal(r->fields[4].offset, 12);
    grade_spec_function *fn = &spec.functions[0];
    grade_rng rng;
    grade_rng_seed(&rng, 5);
    for (int d = 0; d < 50; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        uint32_t n = st.values[1].length, k = (uint32_t)st.lets[0];
        assert_int_equal(st.values[2].word, n);
        assert_true(n >= 2 && n <= 5 && k < n);
        grade_spec_layout(fn, &st, 0x1000, 64);
        const uint8_t *b = st.values[1].bytes;
        uint32_t base = st.values[1].word, people = st.values[0].word;
        assert_int_equal(le(b + 16 * k, 2), 2017);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t name = le(b + 16 * i + 4, 4), owner = le(b + 16 * i + 12, 4);
            assert_true(le(b + 16 * i + 2, 1) < 16);
            assert_true(le(b + 16 * i + 8, 4) >= 100 && le(b + 16 * i + 8, 4) <= 900);
            assert_true(name >= base + 16 * n && name < base + st.values[1].size);
            size_t len = strlen((const char *)b + (name - base));
            assert_true(len >= 1 && len <= 8);
            assert_true(owner == people || owner == people + 4 || owner == people + 8);
        }
        grade_spec_state_free(&st);
    }
    grade_spec_state st;
    grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
    grade_spec_layout(fn, &st, 0x1000, 64);
    assert_int_equal(st.values[2].word, 2);
    char text[1400];
    grade_spec_describe(fn, &st, text, sizeof text);
    assert_non_null(strstr(text, "cars=[{year=2001, features=0x3, name=\"ab\", price=500, "
                                 "owner=&people[2]}, {year=1999, features=0x0, name=\"\", "
                                 "price=100, owner=&people[0]}] n=2"));
    grade_spec_state_free(&st);
    grade_spec_free(&spec);
}

/* On a machine of words every field is a word, pointers too. */
static void records_in_words(void **state)
{
    (void)state;
    grade_spec spec;
    spec_fixture_parse_ok("t.spec", cars_spec, &toy_words, &spec);
    grade_spec_function *fn = &spec.functions[0];
    grade_rng rng;
    grade_rng_seed(&rng, 5);
    grade_spec_state st;
    grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
    grade_spec_layout_words(fn, &st, 0x4000, 16);
    uint16_t w[64];
    uint32_t people = st.values[0].word, base = st.values[1].word;
    assert_int_equal(people, 0x4000);
    assert_int_equal(base, 0x4000 + 3 + 11 + 16); /* the table: 3 pointers, 11 characters */
    assert_int_equal(grade_spec_words(&fn->args[1].gen, &st.values[1], w), 2 * 5 + 3 + 1);
    assert_int_equal(w[0], 2001);
    assert_int_equal(w[1], 3);
    assert_int_equal(w[2], base + 10);     /* "ab" after the two records */
    assert_int_equal(w[3], 500);
    assert_int_equal(w[4], people + 2);    /* people[2]: the third pointer */
    assert_int_equal(w[7], base + 13);     /* "" after "ab" and its NUL */
    assert_int_equal(w[9], people);
    assert_int_equal(w[10], 'a');
    grade_spec_state_free(&st);
    grade_spec_free(&spec);
}

static void record_errors(void **state)
{
    (void)state;
    grade_spec spec;
    char *m = NULL;
    assert_false(spec_fixture_parse("t.spec",
                                    "reference r.asm\n"
                                    "record car\n"
                                    "    field year short 1..2\n"
                                    "    field who pointer into people\n"
                                    "    size 3\n"
                                    "function f\n"
                                    "    points 1\n"
                                    "    compare r0\n"
                                    "    arg r0 bad = array 1..3 of car\n"
                                    "    arg r1 people = strings [\"a\"]\n"
                                    "    arg r2 cars = car\n"
                                    "    require cars.who > 0\n"
                                    "    case \"x\"\n"
                                    "        cars = [0x10004000]\n",
                                    &toy, &spec, &m));
    assert_non_null(strstr(m, "t.spec:3:16: error: expected a field's generator"));
    assert_non_null(strstr(m, "t.spec:5:5: error: a record type's lines are 'field NAME "
                              "GENERATOR'"));
    assert_non_null(strstr(m, "t.spec:9:32: error: the field who of car points into people: "
                              "that must be"));
    assert_non_null(strstr(m, "t.spec:12:18: error: the field who of car is an address"));
    assert_non_null(strstr(m, "t.spec:14:17: error: the field who points into people: give "
                              "people or people[INDEX], never an address"));
    free(m);
    grade_spec_free(&spec);
}

/* A record that points into another input of records (docs' person and
 * car): each pointer is the address of one of the cars, drawn, or the one
 * a case names. */
static void pointers_between_records(void **state)
{
    (void)state;
    grade_spec spec;
    spec_fixture_parse_ok("t.spec",
                          "reference r.asm\n"
                          "record car\n"
                          "    field year half 1990..2025\n"
                          "    field name string 0..4 \"ab\"\n"
                          "record person\n"
                          "    field age byte 0..99\n"
                          "    field best pointer into cars\n"
                          "    field home pointer to cars\n"
                          "function f\n"
                          "    points 1\n"
                          "    compare r0\n"
                          "    arg r0 cars = array 1..6 of car\n"
                          "    arg r1 people = array 1..5 of person\n"
                          "    arg r2 one = pointer into cars\n"
                          "    arg r3 all = pointer to people\n"
                          "    case \"two people\"\n"
                          "        cars = [[2001, \"a\"], [2002, \"\"], [2003, \"b\"], [2004, \"\"]]\n"
                          "        people = [[30, cars[2], cars], [41, cars, cars]]\n"
                          "        one = cars[3]\n",
                          &toy, &spec);
    grade_spec_function *fn = &spec.functions[0];
    assert_int_equal(spec.records[1]->size, 12);
    grade_rng rng;
    grade_rng_seed(&rng, 9);
    int seen[6] = {0};
    for (int d = 0; d < 100; d++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        grade_spec_layout(fn, &st, 0x2000, 32);
        uint32_t cars = st.values[0].word, n = st.values[0].length;
        for (uint32_t i = 0; i < st.values[1].length; i++) {
            uint32_t best = le(st.values[1].bytes + 12 * i + 4, 4);
            assert_int_equal(le(st.values[1].bytes + 12 * i + 8, 4), cars);
            assert_true(best >= cars && best < cars + 8 * n && (best - cars) % 8 == 0);
            seen[(best - cars) / 8]++;
        }
        uint32_t one = st.values[2].word;
        assert_true(one >= cars && one < cars + 8 * n && (one - cars) % 8 == 0);
        assert_int_equal(st.values[3].word, st.values[1].word);
        grade_spec_state_free(&st);
    }
    for (int i = 0; i < 6; i++)
        assert_true(seen[i] > 0);
    grade_spec_state st;
    grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
    grade_spec_layout(fn, &st, 0x2000, 32);
    assert_int_equal(le(st.values[1].bytes + 4, 4), st.values[0].word + 16);
    assert_int_equal(le(st.values[1].bytes + 16, 4), st.values[0].word);
    char text[1400];
    grade_spec_describe(fn, &st, text, sizeof text);
    assert_non_null(strstr(text, "people=[{age=30, best=&cars[2], home=&cars[0]}, {age=41, "
                                 "best=&cars[0], home=&cars[0]}] one=&cars[3] all=&people[0]"));
    assert_int_equal(st.values[2].word, st.values[0].word + 24);
    assert_int_equal(st.past_end, 0);
    grade_spec_state_free(&st);
    grade_spec_free(&spec);
}

/* A records argument that differs is told field by field, then by its
 * strings' bytes, in bytes and in words. */
static void records_compared_by_field(void **state)
{
    (void)state;
    for (int on_words = 0; on_words < 2; on_words++) {
        grade_spec spec;
        spec_fixture_parse_ok("t.spec", cars_spec, on_words ? &toy_words : &toy, &spec);
        grade_spec_function *fn = &spec.functions[0];
        grade_rng rng;
        grade_rng_seed(&rng, 5);
        grade_spec_state st;
        grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
        const grade_spec_value *v = &st.values[1];
        uint8_t want[256], got[256];
        uint32_t n = v->size;
        if (on_words) {
            uint16_t w[128];
            n = 2 * grade_spec_words(&fn->args[1].gen, v, w);
            for (uint32_t i = 0; i < n / 2; i++)
                want[2 * i] = (uint8_t)w[i], want[2 * i + 1] = (uint8_t)(w[i] >> 8);
        } else {
            memcpy(want, v->bytes, n);
        }
        memcpy(got, want, n);
        uint32_t year1 = on_words ? 2 * 5 : 16, string = on_words ? 2 * 11 : 33;
        got[year1] = (uint8_t)(2018 & 0xff), got[year1 + 1] = (uint8_t)(2018 >> 8);
        got[string] = 'X'; /* "ab" becomes "aX" */
        grade_spec_compare c = {.kind = GRADE_CMP_MEMORY, .arg = 1, .mask = 0xff};
        grade_findings found = {0};
        grade_spec_compare_records(fn, &c, &st, got, want, on_words, on_words ? "x" : "0x",
                                   &found);
        assert_int_equal(found.count, 2);
        assert_string_equal(found.items[0].text, "cars[1].year is 2018, expected 1999");
        assert_string_equal(found.items[1].text,
                            on_words ? "a string or array of cars (word 11) is x0058, "
                                       "expected x0062"
                                     : "a string or array of cars (byte 33) is 0x58, expected "
                                       "0x62");
        grade_findings_free(&found);
        grade_spec_state_free(&st);
        grade_spec_free(&spec);
    }
}

static const char array_field_spec[] =
    "reference r.asm\n"
    "record team\n"
    "    field name \"abc\"\n"
    "    field scores array of half [1, -2, 300]\n"
    "function f\n"
    "    points 1\n"
    "    compare r0\n"
    "    arg r0 teams = array 2..2 of team\n"
    "    case \"its own\"\n"
    "        teams = [[\"x\", [7]], [\"yz\", []]]\n";

/* A constant array as a record's field: the address of its elements, laid
 * out after the records (aligned to its elements on MIPS), one per word on
 * the LC-3; a case gives its own as a list. */
static void array_fields(void **state)
{
    (void)state;
    grade_spec spec;
    spec_fixture_parse_ok("t.spec", array_field_spec, &toy, &spec);
    grade_spec_function *fn = &spec.functions[0];
    grade_rng rng;
    grade_rng_seed(&rng, 1);
    grade_spec_state st;
    assert_true(grade_spec_draw(fn, &rng, &st));
    grade_spec_layout(fn, &st, 0x1000, 64);
    const uint8_t *b = st.values[0].bytes;
    /* two records of 8 bytes, then each one's "abc\0" and its array in turn */
    assert_int_equal(le(b, 4), 0x1000 + 16);
    assert_int_equal(le(b + 4, 4), 0x1000 + 20);
    assert_int_equal((int16_t)le(b + 20 + 2, 2), -2);
    assert_int_equal(le(b + 8, 4), 0x1000 + 26);
    assert_int_equal(le(b + 12, 4), 0x1000 + 30);
    char text[1400];
    grade_spec_describe(fn, &st, text, sizeof text);
    assert_non_null(strstr(text, "{name=\"abc\", scores=[1, -2, 300]}"));
    grade_spec_state_free(&st);
    grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
    grade_spec_layout(fn, &st, 0x1000, 64);
    b = st.values[0].bytes;
    /* "x\0" at 16, 7 at 18 (aligned: 18), "yz\0" at 20, the empty array at 24 */
    assert_int_equal(le(b + 4, 4), 0x1000 + 18);
    assert_int_equal(le(b + 18, 2), 7);
    assert_int_equal(le(b + 12, 4), 0x1000 + 24);
    grade_spec_describe(fn, &st, text, sizeof text);
    assert_non_null(strstr(text, "teams=[{name=\"x\", scores=[7]}, {name=\"yz\", scores=[]}]"));
    grade_spec_state_free(&st);
    grade_spec_free(&spec);

    spec_fixture_parse_ok("t.spec", array_field_spec, &toy_words, &spec);
    fn = &spec.functions[0];
    assert_true(grade_spec_draw(fn, &rng, &st));
    grade_spec_layout_words(fn, &st, 0x4000, 16);
    uint16_t w[64];
    assert_int_equal(grade_spec_words(&fn->args[0].gen, &st.values[0], w), 4 + 8 + 6);
    assert_int_equal(w[0], 0x4004);
    assert_int_equal(w[1], 0x4004 + 4);
    assert_int_equal(w[9], 0xfffe);
    assert_int_equal(w[3], 0x4004 + 4 + 3 + 4);
    grade_spec_state_free(&st);
    grade_spec_free(&spec);
}

/* A case that names an element past the end of what it points into is
 * the spec's error, for a record's pointer and for a pointer argument. */
static void pointing_past_the_end(void **state)
{
    (void)state;
    grade_spec spec;
    spec_fixture_parse_ok("t.spec",
                          "reference r.asm\n"
                          "record link\n"
                          "    field to pointer into names\n"
                          "function f\n"
                          "    points 1\n"
                          "    compare r0\n"
                          "    arg r0 names = strings [\"a\", \"b\"]\n"
                          "    arg r1 links = array 1..3 of link\n"
                          "    arg r2 one = pointer into names\n"
                          "    case \"a link past the end\"\n"
                          "        links = [[names[2]]]\n"
                          "    case \"a pointer past the end\"\n"
                          "        one = names[5]\n"
                          "    case \"the last\"\n"
                          "        links = [[names[1]]]\n"
                          "        one = names[1]\n",
                          &toy, &spec);
    grade_spec_function *fn = &spec.functions[0];
    grade_rng rng;
    grade_rng_seed(&rng, 2);
    int want[] = {1, 1, 0};
    for (int k = 0; k < 3; k++) {
        grade_spec_state st;
        grade_spec_draw_case(fn, &fn->hand[k], &rng, &st);
        assert_int_equal(st.past_end, want[k]);
        grade_spec_state_free(&st);
    }
    grade_spec_free(&spec);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(set_plants_at_a_drawn_index),
        cmocka_unit_test(require_reads_elements),
        cmocka_unit_test(element_errors),
        cmocka_unit_test(constants_in_every_case),
        cmocka_unit_test(string_tables_in_words),
        cmocka_unit_test(constant_errors),
        cmocka_unit_test(records_in_bytes),
        cmocka_unit_test(records_in_words),
        cmocka_unit_test(record_errors),
        cmocka_unit_test(pointers_between_records),
        cmocka_unit_test(records_compared_by_field),
        cmocka_unit_test(array_fields),
        cmocka_unit_test(pointing_past_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
