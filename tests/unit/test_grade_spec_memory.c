/* A spec's memory tolerances and made files (asm/grade/spec/grade_spec_memory.h,
 * grade_spec_draw.h): a bits-of buffer sized by its grid, a visited array
 * compared with any-bit-order and dont-care (each tolerance admits exactly
 * what it names and nothing more), and a grid file's text. The machine is
 * a made-up one: none of this knows an ISA. */
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
#include "spec_fixture.h"

static int toy_reg(const char *name, size_t len)
{
    if (len == 2 && name[0] == 'r' && name[1] >= '0' && name[1] <= '7')
        return name[1] - '0';
    return -1;
}

static int toy_syscall(const char *name, size_t len)
{
    return len == 4 && !memcmp(name, "open", 4) ? 13 : -1;
}

static const grade_spec_isa toy = {
    .name = "toy", .reg = toy_reg, .syscall = toy_syscall, .arg_regs = 0x0f,
    .default_preserved = 0xf0, .return_regs = {0, -1},
};

static void parse(const char *text, grade_spec *spec)
{
    spec_fixture_parse_ok("dir/t.spec", text, &toy, spec);
}

static const char *const flood_spec =
    "reference ref.asm\n"
    "function fill\n"
    "    points 1\n"
    "    arg r0 map = grid 3..3 by 5..5 cells \".\" writable\n"
    "    arg r1 row = int 0..2\n"
    "    arg r2 col = int 0..4\n"
    "    arg r3 seen = buffer bits-of map zero\n"
    "    compare seen%s\n"
    "    syscalls require open\n"
    "    case \"a bigger map\"\n"
    "        map = [4, 5, 46, 46, 46, 46, 46, 46, 46, 46, 46, 46, 46, 46, 46, 46, 46, 46, 46, "
    "46, 46, 46]\n"
    "        row = 1\n"
    "        col = 2\n";

/* How many problems comparing got with want gives for the spec's first
 * case state (3 x 5 map, the start (1, 2)) with the tolerances given. */
static size_t problems(const char *tolerances, const uint8_t *got, const uint8_t *want,
                       int32_t row)
{
    char text[2048];
    snprintf(text, sizeof text, flood_spec, tolerances);
    grade_spec s;
    parse(text, &s);
    const grade_spec_function *fn = &s.functions[0];
    grade_rng rng;
    grade_rng_seed(&rng, 7);
    grade_spec_state st;
    assert_true(grade_spec_draw(fn, &rng, &st));
    st.values[1].word = (uint32_t)row;
    st.values[2].word = 2;
    assert_int_equal(st.values[3].size, 2); /* 15 cells: 2 bytes */
    assert_int_equal(st.values[3].bytes[0] | st.values[3].bytes[1], 0);
    grade_findings found = {0};
    grade_spec_compare_memory(fn, &fn->compares[0], &st, got, want, &found);
    size_t n = found.count;
    grade_findings_free(&found);
    grade_spec_state_free(&st);
    grade_spec_free(&s);
    return n;
}

static void bit_order_and_the_start_bit(void **state)
{
    (void)state;
    /* cell (1, 2) is bit 7: byte 0, bit 7 (least significant first) */
    const uint8_t want[2] = {0x03, 0x41};
    const uint8_t same[2] = {0x03, 0x41}, reversed[2] = {0xc0, 0x82};
    const uint8_t start_set[2] = {0x83, 0x41}, reversed_start[2] = {0xc1, 0x82};
    const uint8_t other[2] = {0x07, 0x41}, mixed[2] = {0x03, 0x82};
    assert_int_equal(problems("", same, want, 1), 0);
    assert_int_not_equal(problems("", reversed, want, 1), 0);
    assert_int_equal(problems(" any-bit-order", reversed, want, 1), 0);
    assert_int_not_equal(problems(" any-bit-order", mixed, want, 1), 0);
    assert_int_not_equal(problems("", start_set, want, 1), 0);
    assert_int_equal(problems(" dont-care map row col", start_set, want, 1), 0);
    assert_int_not_equal(problems(" dont-care map row col", other, want, 1), 0);
    /* the start off the map: every bit counts */
    assert_int_not_equal(problems(" dont-care map row col", start_set, want, 3), 0);
    assert_int_equal(problems(" any-bit-order dont-care map row col", reversed_start, want, 1), 0);
    assert_int_not_equal(problems(" any-bit-order", reversed_start, want, 1), 0);
}

static void bits_of_follows_a_hand_written_grid(void **state)
{
    (void)state;
    char text[2048];
    snprintf(text, sizeof text, flood_spec, "");
    grade_spec s;
    parse(text, &s);
    const grade_spec_function *fn = &s.functions[0];
    assert_true((fn->required_syscalls >> 13 & 1) && (fn->allowed_syscalls >> 13 & 1));
    grade_rng rng;
    grade_rng_seed(&rng, 1);
    grade_spec_state st;
    grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
    assert_int_equal(st.values[0].size, 22);
    assert_int_equal(st.values[3].size, 3); /* 20 cells */
    grade_spec_state_free(&st);
    grade_spec_free(&s);
}

static void a_grid_file_and_a_missing_one(void **state)
{
    (void)state;
    grade_spec s;
    parse("reference ref.asm\n"
          "function load\n"
          "    points 1\n"
          "    arg r0 name = file-name grid-file 2..12 by 1..30 cells \".#\" one '@' then 5..5\n"
          "    compare r0\n"
          "    case \"none\"\n"
          "        name = missing \"gone.txt\"\n", &s);
    const grade_spec_function *fn = &s.functions[0];
    grade_rng rng;
    grade_rng_seed(&rng, 3);
    for (int k = 0; k < 20; k++) {
        grade_spec_state st;
        assert_true(grade_spec_draw(fn, &rng, &st));
        const grade_spec_value *v = &st.values[0];
        assert_string_equal((const char *)v->bytes, "grid.txt");
        assert_non_null(v->file);
        int rows, cols, n = 0;
        assert_int_equal(sscanf(v->file, "%2d\n%2d\n%n", &rows, &cols, &n), 2);
        assert_int_equal(n, 6);
        assert_true(rows >= 2 && rows <= 12 && cols >= 1 && cols <= 30);
        assert_int_equal(v->file_len, (uint32_t)(6 + rows * (cols + 1) + 3));
        assert_int_equal(v->length, v->file_len);
        int heroes = 0;
        for (int r = 0; r < rows; r++) {
            const char *line = v->file + 6 + r * (cols + 1);
            assert_int_equal(line[cols], '\n');
            for (int c = 0; c < cols; c++) {
                assert_non_null(strchr(".#@", line[c]));
                heroes += line[c] == '@';
            }
        }
        assert_int_equal(heroes, 1);
        assert_memory_equal(v->file + v->file_len - 3, "05\n", 3);
        grade_spec_state_free(&st);
    }
    grade_spec_state st;
    grade_spec_draw_case(fn, &fn->hand[0], &rng, &st);
    assert_string_equal((const char *)st.values[0].bytes, "gone.txt");
    assert_null(st.values[0].file);
    assert_int_equal(st.values[0].length, 0);
    grade_spec_state_free(&st);
    grade_spec_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bit_order_and_the_start_bit),
        cmocka_unit_test(bits_of_follows_a_hand_written_grid),
        cmocka_unit_test(a_grid_file_and_a_missing_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
