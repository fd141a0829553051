/* Tests of the shared console: pipes and files byte for byte, output
 * buffering and closed pipes, and raw mode on a pseudo-terminal, restored on
 * close, at exit and after each signal that ends or stops the process. */
#define _XOPEN_SOURCE 700 /* posix_openpt and friends, for the terminal tests */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <setjmp.h>
#include <cmocka.h>

#include "console.h"

/* ------------------------------------------------------------------------
 * Pipes and files */

/* Bytes an input stream must carry unchanged: every value, CR and LF,
 * NUL and 0xFF included. */
static void fill_pattern(uint8_t *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = (uint8_t)(i * 7 + i / 256);
}

/* Everything written in one go arrives, in order, then the end; the end
 * stays reported. More than one read chunk, so refills are exercised. */
static void test_pipe_one_chunk_all_arrives(void **state)
{
    (void)state;
    enum { N = 10000 };
    static uint8_t sent[N];
    fill_pattern(sent, N);
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    assert_int_equal(write(fds[1], sent, N), N);
    close(fds[1]);

    console *c = console_open(fds[0], -1);
    assert_non_null(c);
    assert_false(console_is_terminal(c));
    for (size_t i = 0; i < N; i++)
        assert_int_equal(console_read_byte(c, 1000), sent[i]);
    assert_int_equal(console_read_byte(c, 0), CONSOLE_EOF);
    assert_int_equal(console_read_byte(c, 1000), CONSOLE_EOF);
    assert_true(console_close(c));
    close(fds[0]);
}

/* Nothing yet is not the end: the reader is told so, with or without
 * waiting, and a byte sent later still arrives. */
static void test_pipe_none_yet(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    console *c = console_open(fds[0], -1);
    assert_int_equal(console_read_byte(c, 0), CONSOLE_NONE);
    assert_int_equal(console_read_byte(c, 20), CONSOLE_NONE);
    assert_int_equal(write(fds[1], "k", 1), 1);
    assert_int_equal(console_read_byte(c, 1000), 'k');
    assert_int_equal(console_read_byte(c, 0), CONSOLE_NONE);
    close(fds[1]);
    assert_int_equal(console_read_byte(c, 1000), CONSOLE_EOF);
    console_close(c);
    close(fds[0]);
}

static void test_regular_file_and_no_input(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs("B2\n", f);
    fflush(f);
    rewind(f);
    console *c = console_open(fileno(f), -1);
    assert_int_equal(console_read_byte(c, 0), 'B');
    assert_int_equal(console_read_byte(c, 0), '2');
    assert_int_equal(console_read_byte(c, 0), '\n');
    assert_int_equal(console_read_byte(c, 0), CONSOLE_EOF);
    console_close(c);
    fclose(f);

    c = console_open(-1, -1);
    assert_int_equal(console_read_byte(c, 0), CONSOLE_EOF);
    console_put(c, 'x'); /* discarded, not an error */
    assert_true(console_flush(c));
    assert_false(console_output_closed(c));
    console_close(c);
}

static void test_read_line(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    const char text[] = "abc\ndefghij";
    assert_int_equal(write(fds[1], text, strlen(text)), (ssize_t)strlen(text));
    close(fds[1]);
    console *c = console_open(fds[0], -1);
    char line[5];
    assert_int_equal(console_read_line(c, line, sizeof line), 4);
    assert_string_equal(line, "abc\n");
    assert_int_equal(console_read_line(c, line, sizeof line), 4); /* full: no '\n' */
    assert_string_equal(line, "defg");
    assert_int_equal(console_read_line(c, line, sizeof line), 3); /* the end */
    assert_string_equal(line, "hij");
    assert_int_equal(console_read_line(c, line, sizeof line), -1);
    assert_string_equal(line, "");
    console_close(c);
    close(fds[0]);
}

/* Bytes readable on fd right now (it must not block). */
static size_t drain(int fd, uint8_t *buf, size_t size)
{
    size_t got = 0;
    struct pollfd p = {.fd = fd, .events = POLLIN};
    while (got < size && poll(&p, 1, 0) == 1) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    return got;
}

/* To a pipe, output waits for a flush, a full buffer, a wait for input or
 * the close; then every byte comes out as written. */
static void test_output_buffered_and_exact(void **state)
{
    (void)state;
    int out[2], in[2];
    assert_int_equal(pipe(out), 0);
    assert_int_equal(pipe(in), 0);
    console *c = console_open(in[0], out[1]);
    static uint8_t buf[20000];

    console_write(c, "Hello\n", 6); /* a pipe is not a terminal: no flush */
    assert_int_equal(drain(out[0], buf, sizeof buf), 0);
    assert_true(console_flush(c));
    assert_int_equal(drain(out[0], buf, sizeof buf), 6);
    assert_memory_equal(buf, "Hello\n", 6);

    /* A prompt shows before the program waits for the answer. */
    console_write(c, "Move? ", 6);
    assert_int_equal(console_read_byte(c, 0), CONSOLE_NONE);
    assert_int_equal(drain(out[0], buf, sizeof buf), 6);
    assert_memory_equal(buf, "Move? ", 6);

    /* A full buffer goes out by itself. */
    static uint8_t sent[10000];
    fill_pattern(sent, sizeof sent);
    console_write(c, sent, sizeof sent);
    size_t early = drain(out[0], buf, sizeof buf);
    assert_true(early > 0 && early < sizeof sent);
    assert_true(console_close(c));
    size_t rest = drain(out[0], buf + early, sizeof buf - early);
    assert_int_equal(early + rest, sizeof sent);
    assert_memory_equal(buf, sent, sizeof sent);
    close(out[0]);
    close(out[1]);
    close(in[0]);
    close(in[1]);
}

/* A reader that went away closes the output: no SIGPIPE, no more writes,
 * and the reason is kept. */
static void test_output_to_closed_pipe(void **state)
{
    (void)state;
    int out[2];
    assert_int_equal(pipe(out), 0);
    close(out[0]);
    console *c = console_open(-1, out[1]);
    console_write(c, "lost\n", 5);
    assert_false(console_flush(c));
    assert_true(console_output_closed(c));
    assert_int_equal(console_output_error(c), EPIPE);
    console_put(c, 'x');
    assert_false(console_close(c));
    close(out[1]);
}

/* ------------------------------------------------------------------------
 * A pseudo-terminal */

typedef struct pty {
    int master;
    int slave;
} pty;

/* Opens a pseudo-terminal pair; false where the system has none. */
static bool pty_open(pty *p)
{
    p->master = posix_openpt(O_RDWR | O_NOCTTY);
    if (p->master < 0)
        return false;
    const char *name = NULL;
    if (grantpt(p->master) != 0 || unlockpt(p->master) != 0 || !(name = ptsname(p->master))) {
        close(p->master);
        return false;
    }
    p->slave = open(name, O_RDWR | O_NOCTTY);
    if (p->slave < 0) {
        close(p->master);
        return false;
    }
    return true;
}

static void pty_close(pty *p)
{
    close(p->slave);
    close(p->master);
}

/* A system without pseudo-terminals skips the terminal tests. */
static int pty_setup(void **state)
{
    static pty p;
    *state = pty_open(&p) ? &p : NULL;
    return 0;
}

static int pty_teardown(void **state)
{
    if (*state)
        pty_close(*state);
    return 0;
}

static pty *pty_or_skip(void **state)
{
    if (!*state)
        skip();
    return *state;
}

static bool is_raw(int fd)
{
    struct termios t;
    if (tcgetattr(fd, &t) != 0)
        return false;
    return !(t.c_lflag & (ICANON | ECHO)) && (t.c_lflag & ISIG) && (t.c_iflag & ICRNL);
}

static void assert_same_settings(int fd, const struct termios *before)
{
    struct termios now;
    assert_int_equal(tcgetattr(fd, &now), 0);
    assert_int_equal(now.c_lflag, before->c_lflag);
    assert_int_equal(now.c_iflag, before->c_iflag);
    assert_int_equal(now.c_oflag, before->c_oflag);
}

/* Keys arrive one by one without Enter, Enter gives '\n', and closing the
 * console puts the terminal back. */
static void test_terminal_raw_then_restored(void **state)
{
    pty *p = pty_or_skip(state);
    struct termios before;
    assert_int_equal(tcgetattr(p->slave, &before), 0);
    assert_true(before.c_lflag & ICANON);

    console *c = console_open(p->slave, -1);
    assert_true(console_is_terminal(c));
    assert_true(is_raw(p->slave));
    /* A second console does not take the terminal from the first. */
    console *second = console_open(p->slave, -1);
    assert_false(console_is_terminal(second));
    console_close(second);
    assert_true(is_raw(p->slave));

    assert_int_equal(write(p->master, "a", 1), 1);
    assert_int_equal(console_read_byte(c, 1000), 'a');
    assert_int_equal(write(p->master, "\r", 1), 1);
    assert_int_equal(console_read_byte(c, 1000), '\n');
    assert_int_equal(write(p->master, "\x04", 1), 1); /* Ctrl-D is a key too */
    assert_int_equal(console_read_byte(c, 1000), 4);
    uint8_t echo[16];
    assert_int_equal(drain(p->master, echo, sizeof echo), 0); /* nothing echoed */

    /* A line is typed in line mode, with echo; raw mode returns after it. */
    assert_int_equal(write(p->master, "hi\r", 3), 3);
    char line[16];
    assert_int_equal(console_read_line(c, line, sizeof line), 3);
    assert_string_equal(line, "hi\n");
    assert_true(is_raw(p->slave));

    console_close(c);
    assert_same_settings(p->slave, &before);
}

/* The terminal comes back in a child that ends by each signal, or by exit()
 * without closing the console; the child dies of the signal itself. */
static void test_terminal_restored_on_signals(void **state)
{
    pty *p = pty_or_skip(state);
    struct termios before;
    assert_int_equal(tcgetattr(p->slave, &before), 0);
    const int signals[] = {0, SIGINT, SIGTERM, SIGHUP, SIGQUIT,
                           SIGSEGV, SIGABRT, SIGBUS, SIGFPE};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        int sig = signals[i];
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            struct rlimit no_core = {0, 0};
            setrlimit(RLIMIT_CORE, &no_core);
            /* Left open on purpose; static so LeakSanitizer, which runs
             * at exit() in this child, sees it as still reachable. */
            static console *c;
            c = console_open(p->slave, -1);
            if (!console_is_terminal(c) || !is_raw(p->slave))
                _exit(10);
            if (sig == 0)
                exit(0); /* atexit restores */
            raise(sig);
            _exit(11);
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (sig == 0) {
            assert_true(WIFEXITED(status));
            assert_int_equal(WEXITSTATUS(status), 0);
        } else {
            if (!WIFSIGNALED(status))
                fail_msg("signal %d: child exited with %d", sig, WEXITSTATUS(status));
            assert_int_equal(WTERMSIG(status), sig);
        }
        assert_same_settings(p->slave, &before);
    }
}

/* Ctrl-Z: the terminal is restored while the process is stopped and raw
 * again once it continues. */
static void test_terminal_stop_and_continue(void **state)
{
    pty *p = pty_or_skip(state);
    struct termios before;
    assert_int_equal(tcgetattr(p->slave, &before), 0);
    int report[2];
    assert_int_equal(pipe(report), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* A group of its own that its parent is outside of: not orphaned,
         * so the stop signal is not discarded. */
        setpgid(0, 0);
        close(report[0]);
        console *c = console_open(p->slave, -1);
        raise(SIGTSTP);
        char raw_again = is_raw(p->slave) ? 'r' : 'c';
        if (write(report[1], &raw_again, 1) != 1)
            _exit(12);
        console_close(c);
        _exit(0);
    }
    close(report[1]);
    int status;
    assert_int_equal(waitpid(pid, &status, WUNTRACED), pid);
    assert_true(WIFSTOPPED(status));
    assert_same_settings(p->slave, &before);
    kill(pid, SIGCONT);
    char raw_again = 0;
    assert_int_equal(read(report[0], &raw_again, 1), 1);
    assert_int_equal(raw_again, 'r');
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    assert_same_settings(p->slave, &before);
    close(report[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pipe_one_chunk_all_arrives),
        cmocka_unit_test(test_pipe_none_yet),
        cmocka_unit_test(test_regular_file_and_no_input),
        cmocka_unit_test(test_read_line),
        cmocka_unit_test(test_output_buffered_and_exact),
        cmocka_unit_test(test_output_to_closed_pipe),
        cmocka_unit_test_setup_teardown(test_terminal_raw_then_restored, pty_setup,
                                        pty_teardown),
        cmocka_unit_test_setup_teardown(test_terminal_restored_on_signals, pty_setup,
                                        pty_teardown),
        cmocka_unit_test_setup_teardown(test_terminal_stop_and_continue, pty_setup,
                                        pty_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
