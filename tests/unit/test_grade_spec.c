/* The spec parser (asm/grade/spec/grade_spec.h) on valid specs, read back from
 * the model, and on malformed ones, each error with its line, column and
 * words. The machine is a made-up one (registers r0-r7, two syscalls), so
 * the parser is shown to know no ISA. */
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
#include "grade_spec_expr.h"
#include "spec_fixture.h"

static int toy_reg(const char *name, size_t len)
{
    if (len == 2 && name[0] == 'r' && name[1] >= '0' && name[1] <= '7')
        return name[1] - '0';
    return -1;
}

static int toy_syscall(const char *name, size_t len)
{
    if (len == 5 && !memcmp(name, "print", 5))
        return 1;
    if (len == 4 && !memcmp(name, "sbrk", 4))
        return 9;
    return -1;
}

static const grade_spec_isa toy = {
    .name = "toy", .reg = toy_reg, .syscall = toy_syscall, .arg_regs = 0x0f,
    .default_preserved = 0xf0, .return_regs = {0, -1},
};

/* Parses text as "dir/t.spec"; the messages in *messages (free them). */
static bool parse(const char *text, grade_spec *spec, char **messages)
{
    return spec_fixture_parse("dir/t.spec", text, &toy, spec, messages);
}

static void a_whole_spec(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    bool ok = parse("# a comment\n"
                    "title \"Lab 3 # not a comment\"\n"
                    "reference ref.asm\n"
                    "rules no-data no-main\n"
                    "preserve r4-r6 r7\n"
                    "\n"
                    "function count\n"
                    "    points 10\n"
                    "    cases 7\n"
                    "    arg r0 s = string 0..40 \"ab c\"\n"
                    "    arg r1 c = char letters\n"
                    "    arg r2 n = length s\n"
                    "    arg stack a = array 1..5 of half -3..0x7f writable\n"
                    "    require c != 'z'\n"
                    "    require length s >= 2\n"
                    "    compare r0 a mask 0x7f\n"
                    "    must-call strlen helper\n"
                    "    syscalls allow sbrk 11\n"
                    "    budget 100 + 20 per s   # grows\n"
                    "    case \"empty\"\n"
                    "        s = \"\"\n"
                    "        a = [1, -2, 'x']\n"
                    "        expect r0 = -1\n"
                    "    preserve r5\n"
                    "program game\n"
                    "\tpoints 5\n"
                    "\targs 42 \"two words\"\n"
                    "\tstdin \"A\\nB\\n\"\n"
                    "\tcompare output similar ignore case whitespace\n"
                    "\tbudget 5000\n",
                    &s, &messages);
    assert_string_equal(messages, "");
    assert_true(ok);
    assert_string_equal(s.title, "Lab 3 # not a comment");
    assert_string_equal(s.reference, "dir/ref.asm");
    assert_int_equal(s.rules, GRADE_RULE_NO_DATA | GRADE_RULE_NO_MAIN);
    assert_int_equal(s.preserved, 0xf0);
    assert_int_equal(s.function_count, 1);
    const grade_spec_function *fn = &s.functions[0];
    assert_string_equal(fn->name, "count");
    assert_true(fn->points == 10);
    assert_int_equal(fn->cases, 7);
    assert_int_equal(fn->arg_count, 4);
    assert_int_equal(fn->args[0].gen.kind, GRADE_GEN_STRING);
    assert_string_equal(fn->args[0].gen.set, "ab c");
    assert_int_equal(fn->args[0].gen.hi, 40);
    assert_int_equal(fn->args[1].gen.kind, GRADE_GEN_CHAR);
    assert_int_equal(strlen(fn->args[1].gen.set), 52);
    assert_int_equal(fn->args[2].gen.kind, GRADE_GEN_LENGTH);
    assert_int_equal(fn->args[2].gen.of, 0);
    assert_int_equal(fn->args[3].reg, -1);
    assert_int_equal(fn->args[3].gen.elem_size, 2);
    assert_int_equal(fn->args[3].gen.ehi, 0x7f);
    assert_true(fn->args[3].gen.writable);
    assert_int_equal(fn->require_count, 2);
    assert_int_equal(fn->requires[0].cond->op, GX_NE);
    assert_int_equal(fn->requires[0].cond->b->number, 'z');
    assert_int_equal(fn->requires[1].cond->a->op, GX_LENGTH);
    assert_int_equal(fn->compare_count, 2);
    assert_int_equal(fn->compares[1].kind, GRADE_CMP_MEMORY);
    assert_int_equal(fn->compares[1].mask, 0x7f);
    assert_int_equal(fn->must_call_count, 2);
    assert_string_equal(fn->must_call[1], "helper");
    assert_int_equal(fn->allowed_syscalls, (1u << 9) | (1u << 11));
    assert_int_equal(fn->budget_base, 100);
    assert_int_equal(fn->budget_per, 20);
    assert_int_equal(fn->budget_of, 0);
    assert_int_equal(fn->hand_count, 1);
    assert_string_equal(fn->hand[0].label, "empty");
    assert_true(fn->hand[0].given[0] && fn->hand[0].given[3] && !fn->hand[0].given[1]);
    assert_int_equal(fn->hand[0].set[0].text_len, 0);
    assert_int_equal(fn->hand[0].set[3].value_count, 3);
    assert_int_equal(fn->hand[0].set[3].values[2], 'x');
    assert_int_equal(fn->hand[0].expects[0].value, -1);
    assert_int_equal(fn->preserved, 1u << 5); /* the line after the case is the function's */
    assert_int_equal(s.program_count, 1);
    const grade_spec_program *pr = &s.programs[0];
    assert_int_equal(pr->arg_count, 2);
    assert_string_equal(pr->args[1], "two words");
    assert_int_equal(pr->stdin_len, 4);
    assert_memory_equal(pr->stdin_text, "A\nB\n", 4);
    assert_int_equal(pr->scoring, GRADE_OUTPUT_SIMILAR);
    assert_int_equal(pr->budget, 5000);
    assert_true(grade_spec_points(&s) == 15);
    free(messages);
    grade_spec_free(&s);
}

static void the_default_preserved_set(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    assert_true(parse("reference r.asm\nfunction f\n  points 1\n  arg r0 n = int 0..3\n"
                      "  compare r0\n", &s, &messages));
    assert_int_equal(s.functions[0].preserved, 0xf0);
    assert_int_equal(s.functions[0].cases, GRADE_SPEC_DEFAULT_CASES);
    assert_int_equal(s.functions[0].budget_base, GRADE_SPEC_DEFAULT_BUDGET);
    free(messages);
    grade_spec_free(&s);
}

/* The default seed is the spec's: its `seed N`, else a hash of the spec's
 * own bytes, the same on every parse. */
static void the_seed_is_the_specs(void **state)
{
    (void)state;
    grade_spec s, again, other;
    char *messages;
    const char *text = "reference r.asm\nfunction f\n  points 1\n  arg r0 n = int 0..3\n"
                       "  compare r0\n";
    assert_true(parse(text, &s, &messages));
    free(messages);
    assert_true(parse(text, &again, &messages));
    free(messages);
    assert_true(s.seed == again.seed);
    assert_true(parse("seed 4242\nreference r.asm\nfunction f\n  points 1\n"
                      "  arg r0 n = int 0..3\n  compare r0\n", &other, &messages));
    assert_true(other.seed == 4242);
    free(messages);
    grade_spec_free(&s);
    grade_spec_free(&again);
    grade_spec_free(&other);
}

/* Every error of the file, each at its place, in the assembler's frame. */
static void every_error_at_its_place(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    bool ok = parse("titel \"x\"\n"
                    "function f\n"
                    "    arg r9 n = int 0..3\n"
                    "    arg r0 s = strng 0..4\n"
                    "    arg r1 k = int 5..1\n"
                    "    compare q\n"
                    "    syscalls allow fly\n"
                    "    case empty\n"
                    "  stdin \"open\n",
                    &s, &messages);
    assert_false(ok);
    assert_string_equal(messages,
        "dir/t.spec:1:1: error: 'titel' is not a key of a spec (title, reference, rules, "
        "include, preserve, seed, record, function, program)\n"
        "    1 | titel \"x\"\n"
        "      | ^~~~~\n"
        "dir/t.spec:3:9: error: expected where the argument goes: an argument register of "
        "the toy or 'stack'\n"
        "    3 |     arg r9 n = int 0..3\n"
        "      |         ^~\n"
        "dir/t.spec:4:16: error: 'strng' is not a generator (int, char, string, array, "
        "buffer, struct, file, file-name, length, grid, strings, \"TEXT\", or a record type)\n"
        "    4 |     arg r0 s = strng 0..4\n"
        "      |                ^~~~~\n"
        "dir/t.spec:5:20: error: the range 5..1 is empty: its low end is above its high end\n"
        "    5 |     arg r1 k = int 5..1\n"
        "      |                    ^~~~\n"
        "dir/t.spec:6:13: error: expected what to compare: a register, a string, array, "
        "buffer, struct or file argument, output or files\n"
        "    6 |     compare q\n"
        "      |             ^\n"
        "dir/t.spec:7:20: error: 'fly' is not a toy syscall\n"
        "    7 |     syscalls allow fly\n"
        "      |                    ^~~\n"
        "dir/t.spec:8:10: error: expected the case's name in quotes\n"
        "    8 |     case empty\n"
        "      |          ^~~~~\n"
        "dir/t.spec:9:9: error: the string has no closing \"\n"
        "    9 |   stdin \"open\n"
        "      |         ^~~~~\n"
        "dir/t.spec:1:1: error: the spec names no reference solution (reference PATH)\n"
        "    1 | titel \"x\"\n"
        "      | ^\n"
        "dir/t.spec:2:1: error: function f has no points (points N)\n"
        "    2 | function f\n"
        "      | ^~~~~~~~\n");
    free(messages);
    grade_spec_free(&s);
}

/* A player beside a map: lets, set steps, preconditions on fields and
 * cells, callees by case; every draw meets them. */
static void expressions_on_a_case(void **state)
{
    (void)state;
    grade_spec s;
    char *messages;
    bool ok = parse("reference r.asm\n"
                    "function f\n"
                    "  points 1\n"
                    "  arg r0 map = grid 1..4 by 1..4 cells \".#\" bit 0x80 50 writable\n"
                    "  arg r1 p = struct row byte 0..3, col byte 0..3, health byte -2..10, "
                    "byte 0..255\n"
                    "  arg r2 d = char \"UDLRx\"\n"
                    "  let tr = p.row + (d == 'D') - (d == 'U')\n"
                    "  let tc = p.col + (d=='R')-(d=='L')\n"
                    "  let k = char \"mB\"\n"
                    "  arg r3 far = tr + 100\n"
                    "  require p.row < map.rows and p.1 < map.cols\n"
                    "  set map[p.row][p.col] = '@'\n"
                    "  set map[tr][tc] = k when d in \"UDLR\"\n"
                    "  require not map[tr][tc] & 0x80 == 0x80\n"
                    "  compare r0 map\n"
                    "  must-call get_cell\n"
                    "  must-call set_cell when map changed or after p.health <= 0\n",
                    &s, &messages);
    assert_string_equal(messages, "");
    assert_true(ok);
    const grade_spec_function *fn = &s.functions[0];
    assert_int_equal(fn->let_count, 3);
    assert_int_equal(fn->set_count, 2);
    assert_int_equal(fn->args[3].gen.kind, GRADE_GEN_EXPR);
    assert_string_equal(fn->args[1].gen.fields[1].name, "col");
    grade_rng rng;
    grade_rng_seed(&rng, 7);
    int targets_on = 0;
    for (int i = 0; i < 200; i++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        const uint8_t *m = st.values[0].bytes, *pl = st.values[1].bytes;
        assert_true(pl[0] < m[0] && pl[1] < m[1]);
        int32_t d = (int32_t)st.values[2].word;
        int32_t tr = pl[0] + (d == 'D') - (d == 'U'), tc = pl[1] + (d == 'R') - (d == 'L');
        bool on = tr >= 0 && tc >= 0 && tr < m[0] && tc < m[1];
        uint8_t want = d == 'x' || !on ? '@' : (uint8_t)st.lets[2];
        if (on)
            assert_int_equal(m[2 + tr * m[1] + tc], want);
        targets_on += on && d != 'x';
        if (!on)
            assert_int_equal(m[2 + pl[0] * m[1] + pl[1]], '@');
        assert_int_equal((int32_t)st.values[3].word, tr + 100);
        /* Before the call only the callee without a condition; after it,
         * the other when the map changed or the health is 0 or less. */
        assert_string_equal(fn->must_call[0], "get_cell");
        assert_int_equal(grade_spec_callee_needed(fn, 0, &st, NULL), 1);
        assert_int_equal(grade_spec_callee_needed(fn, 1, &st, NULL), -1);
        uint8_t map_after[64], player_after[4];
        memcpy(map_after, m, st.values[0].size);
        memcpy(player_after, pl, 4);
        uint8_t *after[GRADE_SPEC_ARGS_MAX] = {map_after, player_after};
        assert_int_equal(grade_spec_callee_needed(fn, 1, &st, after), (int8_t)pl[2] <= 0);
        player_after[2] = (uint8_t)-1; /* a signed field: -1, not 255 */
        assert_int_equal(grade_spec_callee_needed(fn, 1, &st, after), 1);
        player_after[2] = 5;
        map_after[2] ^= 1;
        assert_int_equal(grade_spec_callee_needed(fn, 1, &st, after), 1);
        assert_string_equal(fn->must_call[1], "set_cell");
        grade_spec_state_free(&st);
    }
    assert_true(targets_on > 50);
    free(messages);
    grade_spec_free(&s);
}

/* Malformed lines one at a time: each is refused, none crashes. */
static void malformed_lines(void **state)
{
    (void)state;
    static const char *const bodies[] = {
        "  arg r0 n int 0..3\n", "  arg r0 n = int 0..\n", "  arg r0 n = int 0..3 extra\n",
        "  arg r0 r1 = int 0..3\n", "  arg r0 n = int 1..2\n  arg r0 m = int 1..2\n",
        "  arg r0 s = string 0..99999 letters\n", "  arg r0 s = buffer 1..4\n",
        "  arg r0 a = array 1..3 word 0..1\n", "  arg r0 n = length q\n",
        "  require n < 3\n", "  budget 10 + 3 per\n", "  budget 0\n", "  cases -1\n",
        "  points lots\n", "  case \"x\"\n    n = 3\n", "  arg r0 s = string 0..3 \"\"\n",
        "  arg r0 n = char \"ab\\q\"\n", "  arg r0 n = int 010..12\n", "  compare n mask 300\n",
        "  arg r0 n = struct byte 0..3, word\n", "  arg r0 n = file no/such/file\n",
        "  must-call \"x\"\n", "  expect r0 = 1\n", "  arg r0 n = int 0..1\n  case \"k\"\n"
        "    n = \"text\"\n    expect r0 = 'ab'\n", "  ! x\n", "  arg r0 a = array 0..2 of "
        "byte 0..300\n",
        "  arg r0 n = int 0..3\n  require n <\n", "  arg r0 n = int 0..3\n  require (n < 2\n",
        "  arg r0 n = int 0..3\n  require after n > 0\n", "  let and = int 0..1\n",
        "  arg r0 p = struct a byte 0..1, a byte 0..1\n  require p.b > 0\n",
        "  arg r0 g = grid 2 by 2 cells \".\"\n  set g.rows = 3\n",
        "  arg r0 g = grid 2 by 2 cells \".\"\n  require g changed\n",
        "  arg r0 g = grid 2 by 2 cells \".\"\n  must-call h when g[0] == 1\n",
        "  arg r0 n = int 0..3\n  set n = 2\n", "  must-call when 1\n",
        "  arg r0 n = int 0..3\n  require n in abc\n", "  let k = 1 +\n",
        "  arg r0 n = int 0..3\n  require n.x > 0\n",
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "reference r.asm\nfunction f\n  points 1\n  compare r0\n%s",
                 bodies[i]);
        grade_spec s;
        char *messages;
        bool ok = parse(text, &s, &messages);
        if (ok)
            fail_msg("accepted: %s", bodies[i]);
        assert_non_null(strstr(messages, "dir/t.spec:"));
        assert_non_null(strstr(messages, ": error: "));
        free(messages);
        grade_spec_free(&s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_whole_spec),
        cmocka_unit_test(the_default_preserved_set),
        cmocka_unit_test(the_seed_is_the_specs),
        cmocka_unit_test(every_error_at_its_place),
        cmocka_unit_test(expressions_on_a_case),
        cmocka_unit_test(malformed_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
