/* MARS's dump formats, byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mips_dump.h"

/* Three words at 0x10010000; nothing after them. */
static bool read_three(void *ctx, uint32_t addr, uint32_t *word)
{
    const uint32_t *words = ctx;
    if (addr < 0x10010000 || addr >= 0x1001000c)
        return false;
    *word = words[(addr - 0x10010000) / 4];
    return true;
}

/* "Hell", "o\n\0\t", bytes 0x7F 0x80 0xFF ' ' (little-endian words). */
static const uint32_t words[3] = {0x6c6c6548, 0x09000a6f, 0x20ff807f};

static char *dump(mips_dump_format format, size_t *size, size_t *count)
{
    char *buf = NULL;
    FILE *out = open_memstream(&buf, size);
    *count = mips_dump_range(out, format, read_three, (void *)words, 0x10010000, 0x10010100);
    fclose(out);
    return buf;
}

static void test_hex_and_binary_text(void **state)
{
    (void)state;
    size_t size, count;
    char *text = dump(MIPS_DUMP_HEX_TEXT, &size, &count);
    assert_int_equal(count, 3); /* stops at the first word the memory lacks */
    assert_string_equal(text, "6c6c6548\n09000a6f\n20ff807f\n");
    free(text);
    text = dump(MIPS_DUMP_BINARY_TEXT, &size, &count);
    assert_memory_equal(text, "01101100011011000110010101001000\n", 33);
    assert_int_equal(size, 3 * 33);
    free(text);
}

static void test_binary(void **state)
{
    (void)state;
    size_t size, count;
    char *bytes = dump(MIPS_DUMP_BINARY, &size, &count);
    assert_int_equal(size, 12);
    assert_memory_equal(bytes, "Hello\n\0\t\x7f\x80\xff ", 12); /* memory order */
    free(bytes);
}

static void test_ascii_text(void **state)
{
    (void)state;
    size_t size, count;
    char *text = dump(MIPS_DUMP_ASCII_TEXT, &size, &count);
    /* Most significant byte first, three columns each, escapes for \0 \t
     * \n, "." for what does not print. */
    assert_string_equal(text, "  l  l  e  H\n"
                              " \\t \\0 \\n  o\n"
                              "     .  .  .\n");
    free(text);
}

static void test_names(void **state)
{
    (void)state;
    mips_dump_format f;
    assert_true(mips_dump_format_find("AsciiText", &f));
    assert_int_equal(f, MIPS_DUMP_ASCII_TEXT);
    assert_false(mips_dump_format_find("hextext", &f)); /* case-sensitive, as in MARS */
    assert_string_equal(mips_dump_format_name(MIPS_DUMP_BINARY), "Binary");
}

static void test_range_bounds(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t size;
    FILE *out = open_memstream(&buf, &size);
    /* first > last writes nothing; a range near 2^32 does not wrap. */
    assert_int_equal(mips_dump_range(out, MIPS_DUMP_HEX_TEXT, read_three, (void *)words,
                                     0x10010004, 0x10010000), 0);
    assert_int_equal(mips_dump_range(out, MIPS_DUMP_HEX_TEXT, read_three, (void *)words,
                                     0xfffffffc, 0xfffffffc), 0);
    assert_int_equal(mips_dump_range(out, MIPS_DUMP_HEX_TEXT, read_three, (void *)words,
                                     0x10010004, 0x10010004), 1);
    fclose(out);
    assert_string_equal(buf, "09000a6f\n");
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex_and_binary_text),
        cmocka_unit_test(test_binary),
        cmocka_unit_test(test_ascii_text),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_range_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
