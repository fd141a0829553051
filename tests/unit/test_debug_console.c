/* Tests of the console's input history, which the debugger's backstep
 * uses to give consumed input back: recording, pausing, unreading in
 * order, across refills and after the end of input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "console.h"

/* A console reading the bytes of text from a pipe that then ends. */
static console *console_of(const char *text, int *read_end)
{
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    size_t len = strlen(text);
    assert_int_equal(write(fds[1], text, len), (ssize_t)len);
    close(fds[1]);
    *read_end = fds[0];
    console *c = console_open(fds[0], -1);
    assert_non_null(c);
    return c;
}

static void test_unread_gives_bytes_back_in_order(void **state)
{
    (void)state;
    int fd;
    console *c = console_of("abcdef", &fd);
    assert_int_equal(console_read_byte(c, 1000), 'a'); /* before recording: not kept */
    console_record_input(c, true);
    assert_int_equal(console_read_byte(c, 1000), 'b');
    assert_int_equal(console_read_byte(c, 1000), 'c');
    assert_int_equal(console_read_byte(c, 1000), 'd');
    assert_int_equal(console_recorded(c), 3);
    assert_true(console_unread(c, 2));
    assert_int_equal(console_recorded(c), 1);
    assert_int_equal(console_read_byte(c, 1000), 'c');
    assert_int_equal(console_read_byte(c, 1000), 'd');
    assert_int_equal(console_read_byte(c, 1000), 'e');
    assert_false(console_unread(c, 5)); /* only four were recorded */
    assert_true(console_unread(c, 4));
    assert_int_equal(console_read_byte(c, 1000), 'b');
    console_close(c);
    close(fd);
}

static void test_paused_recording_keeps_history(void **state)
{
    (void)state;
    int fd;
    console *c = console_of("xyz", &fd);
    console_record_input(c, true);
    assert_int_equal(console_read_byte(c, 1000), 'x');
    console_record_input(c, false); /* e.g. the debugger reading a command */
    assert_int_equal(console_read_byte(c, 1000), 'y');
    console_record_input(c, true);
    assert_int_equal(console_recorded(c), 1);
    assert_true(console_unread(c, 1));
    assert_int_equal(console_read_byte(c, 1000), 'x');
    assert_int_equal(console_read_byte(c, 1000), 'z');
    console_close(c);
    close(fd);
}

/* After the end of input, given-back bytes still come, then the end. */
static void test_unread_after_the_end(void **state)
{
    (void)state;
    int fd;
    console *c = console_of("q\n", &fd);
    console_record_input(c, true);
    char line[8];
    assert_int_equal(console_read_line(c, line, sizeof line), 2);
    assert_int_equal(console_read_byte(c, 1000), CONSOLE_EOF);
    assert_true(console_unread(c, 2));
    assert_int_equal(console_read_line(c, line, sizeof line), 2);
    assert_string_equal(line, "q\n");
    assert_int_equal(console_read_byte(c, 1000), CONSOLE_EOF);
    console_close(c);
    close(fd);
}

/* More than one read chunk of input, all given back and taken again. */
static void test_unread_across_refills(void **state)
{
    (void)state;
    enum { N = 10000 };
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    static char sent[N];
    for (size_t i = 0; i < N; i++)
        sent[i] = (char)('a' + i % 26);
    assert_int_equal(write(fds[1], sent, N), N);
    close(fds[1]);
    console *c = console_open(fds[0], -1);
    console_record_input(c, true);
    for (size_t i = 0; i < N; i++)
        assert_int_equal(console_read_byte(c, 1000), (uint8_t)sent[i]);
    assert_true(console_unread(c, N));
    for (size_t i = 0; i < N; i++)
        assert_int_equal(console_read_byte(c, 1000), (uint8_t)sent[i]);
    assert_int_equal(console_read_byte(c, 1000), CONSOLE_EOF);
    console_close(c);
    close(fds[0]);
}

static uint8_t sunk[64];
static size_t sunk_len;

static void sink(void *ctx, const uint8_t *bytes, size_t len)
{
    (void)ctx;
    memcpy(sunk + sunk_len, bytes, len);
    sunk_len += len;
}

static void test_feed_and_sink(void **state)
{
    (void)state;
    console *c = console_open(-1, -1);
    assert_non_null(c);
    assert_int_equal(console_read_byte(c, 0), CONSOLE_EOF);
    console_record_input(c, true);
    assert_true(console_feed(c, "ab", 2));
    assert_true(console_feed(c, "c", 1));
    assert_int_equal(console_read_byte(c, 0), 'a');
    assert_int_equal(console_read_byte(c, 0), 'b');
    assert_true(console_unread(c, 1)); /* b back, before c */
    assert_int_equal(console_read_byte(c, 0), 'b');
    assert_int_equal(console_read_byte(c, 0), 'c');
    assert_int_equal(console_read_byte(c, 0), CONSOLE_EOF);
    console_set_sink(c, sink, NULL);
    console_write(c, "out", 3);
    assert_int_equal(sunk_len, 0); /* queued until a flush */
    assert_true(console_flush(c));
    assert_int_equal(sunk_len, 3);
    assert_memory_equal(sunk, "out", 3);
    console_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unread_gives_bytes_back_in_order),
        cmocka_unit_test(test_paused_recording_keeps_history),
        cmocka_unit_test(test_unread_after_the_end),
        cmocka_unit_test(test_unread_across_refills),
        cmocka_unit_test(test_feed_and_sink),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
