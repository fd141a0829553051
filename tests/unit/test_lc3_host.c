/* The host a graded LC-3 run meets (lc3sim/grade/lc3_host.h): keys typed in
 * order, then end of input or "no key yet" as set; output kept up to the
 * cap, the rest counted; and the source line of an address (lc3_asm.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lc3_asm.h"
#include "lc3_host.h"

static void keys_then_the_setting(void **state)
{
    (void)state;
    const int after[] = {LC3_KEY_EOF, LC3_KEY_NONE};
    for (size_t i = 0; i < 2; i++) {
        lc3_host h;
        assert_true(lc3_host_init(&h, "a\xff", 2, after[i], 4));
        lc3_io io = lc3_host_io(&h);
        assert_int_equal(io.poll_key(io.ctx, false), 'a');
        assert_int_equal(io.poll_key(io.ctx, true), 0xFF); /* a byte, never negative */
        assert_int_equal(io.poll_key(io.ctx, true), after[i]);
        assert_int_equal(io.poll_key(io.ctx, false), after[i]);
        assert_int_equal(h.keys_read, 2);
        free(lc3_host_finish(&h));
    }
}

static void no_keys(void **state)
{
    (void)state;
    lc3_host h;
    assert_true(lc3_host_init(&h, NULL, 5, LC3_KEY_EOF, 1)); /* no buffer: no keys */
    lc3_io io = lc3_host_io(&h);
    assert_int_equal(io.poll_key(io.ctx, true), LC3_KEY_EOF);
    assert_int_equal(h.keys_read, 0);
    free(lc3_host_finish(&h));
}

static void output_capped_and_counted(void **state)
{
    (void)state;
    lc3_host h;
    assert_true(lc3_host_init(&h, NULL, 0, LC3_KEY_NONE, 3));
    lc3_io io = lc3_host_io(&h);
    const char *text = "Nim!!";
    for (const char *c = text; *c; c++)
        io.put_char(io.ctx, (uint8_t)*c);
    assert_int_equal(h.len, 3);
    assert_int_equal(h.dropped, 2);
    char *out = lc3_host_finish(&h);
    assert_string_equal(out, "Nim");
    assert_null(h.out);
    free(out);
}

static void source_line_of_an_address(void **state)
{
    (void)state;
    const char *text = ".ORIG x3000\nADD R0, R0, #1\nHALT\n.END\n"
                       ".ORIG x4000\n.FILL 7\n.END\n";
    source_file *src = source_from_memory("t.asm", text, strlen(text));
    assert_non_null(src);
    diag_sink sink;
    diag_init(&sink, stderr);
    lc3_program prog;
    assert_true(lc3_assemble(src, &sink, &prog));
    assert_int_equal(lc3_program_line(&prog, 0x3000), 2);
    assert_int_equal(lc3_program_line(&prog, 0x3001), 3);
    assert_int_equal(lc3_program_line(&prog, 0x4000), 6);
    assert_int_equal(lc3_program_line(&prog, 0x3002), 0); /* no block */
    size_t offset = 9;
    assert_null(lc3_program_block_at(&prog, 0x2FFF, &offset));
    const lc3_block *b = lc3_program_block_at(&prog, 0x4000, &offset);
    assert_non_null(b);
    assert_int_equal(b->origin, 0x4000);
    assert_int_equal(offset, 0);
    lc3_program_free(&prog);
    diag_free(&sink);
    source_free(src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_then_the_setting),
        cmocka_unit_test(no_keys),
        cmocka_unit_test(output_capped_and_counted),
        cmocka_unit_test(source_line_of_an_address),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
