/* The simulators on a pseudo-terminal: while a program waits for a key the
 * terminal is raw (a key acts at once); however the run ends (Ctrl-C,
 * SIGTERM or another signal, a runtime error of the program) the terminal's settings are
 * back to what they were. */
#define _XOPEN_SOURCE 700 /* posix_openpt and friends */

#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "pty_wait.h"

/* Reads a key (syscall 12) and echoes it, forever. */
static const char mips_echo[] = ".text\n"
                                "loop: li $v0, 12\n"
                                "      syscall\n"
                                "      move $a0, $v0\n"
                                "      li $v0, 11\n"
                                "      syscall\n"
                                "      j loop\n";

/* Reads a key, echoes it, then loads from address 0. */
static const char mips_fault[] = ".text\n"
                                 "      li $v0, 12\n"
                                 "      syscall\n"
                                 "      move $a0, $v0\n"
                                 "      li $v0, 11\n"
                                 "      syscall\n"
                                 "      lw $t0, 0($zero)\n";

static const char lc3_echo[] = "        .ORIG x3000\n"
                               "LOOP    GETC\n"
                               "        OUT\n"
                               "        BR LOOP\n"
                               "        .END\n";

typedef struct session {
    int master, probe;
    pid_t pid;
    char seen[8192];
    size_t len;
    struct termios before;
    char dir[32], path[64];
} session;

static void wait_for(session *s, const char *text)
{
    pty_wait_for(s->master, s->seen, sizeof s->seen, &s->len, text);
}

/* Starts SIMULATOR on program in a new session on a fresh pty. */
static void start(session *s, const char *simulator, const char *program)
{
    memset(s, 0, sizeof *s);
    strcpy(s->dir, "/tmp/termtest.XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    snprintf(s->path, sizeof s->path, "%s/p.asm", s->dir);
    FILE *f = fopen(s->path, "w");
    assert_non_null(f);
    fputs(program, f);
    fclose(f);
    s->master = posix_openpt(O_RDWR | O_NOCTTY);
    if (s->master < 0 || grantpt(s->master) != 0 || unlockpt(s->master) != 0)
        skip();
    const char *name = ptsname(s->master);
    s->probe = open(name, O_RDWR | O_NOCTTY);
    assert_true(s->probe >= 0);
    assert_int_equal(tcgetattr(s->probe, &s->before), 0);
    s->pid = fork();
    assert_true(s->pid >= 0);
    if (s->pid == 0) {
        /* A signal the test runner ignores would stay ignored in the child. */
        static const int used[] = {SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM};
        for (size_t i = 0; i < sizeof used / sizeof used[0]; i++)
            signal(used[i], SIG_DFL);
        setsid(); /* the pty becomes the controlling terminal: Ctrl-C is SIGINT */
        int slave = open(name, O_RDWR);
        dup2(slave, 0);
        dup2(slave, 1);
        dup2(slave, 2);
        execl(simulator, simulator, s->path, (char *)NULL);
        _exit(127);
    }
}

/* The program is waiting for a key: the terminal must be raw by now. */
static void expect_raw(session *s)
{
    for (int waited = 0; waited < 30000; waited += 20) {
        struct termios now;
        assert_int_equal(tcgetattr(s->probe, &now), 0);
        if (!(now.c_lflag & ICANON))
            return;
        nanosleep(&(struct timespec){.tv_nsec = 20 * 1000 * 1000}, NULL);
    }
    fail_msg("the terminal never left line mode");
}

/* Waits for the end: the exit status (128 + N: killed by signal N, after
 * restoring the terminal, as a shell reports it) and the terminal as it
 * was. */
static void finish(session *s, int want_status)
{
    int status;
    assert_int_equal(waitpid(s->pid, &status, 0), s->pid);
    if (want_status > 128) {
        assert_true(WIFSIGNALED(status));
        assert_int_equal(WTERMSIG(status), want_status - 128);
    } else {
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), want_status);
    }
    struct termios after;
    assert_int_equal(tcgetattr(s->probe, &after), 0);
    assert_int_equal(after.c_lflag, s->before.c_lflag);
    assert_int_equal(after.c_iflag, s->before.c_iflag);
    assert_int_equal(after.c_oflag, s->before.c_oflag);
    assert_memory_equal(after.c_cc, s->before.c_cc, sizeof after.c_cc);
    close(s->probe);
    close(s->master);
    unlink(s->path);
    rmdir(s->dir);
}

static void test_mips_ctrl_c(void **state)
{
    (void)state;
    session s;
    start(&s, MIPSSIM, mips_echo);
    expect_raw(&s);
    assert_int_equal(write(s.master, "q", 1), 1); /* one key, no Enter: echoed at once */
    wait_for(&s, "q");
    assert_int_equal(write(s.master, "\x03", 1), 1);
    finish(&s, 128 + SIGINT);
}

static void test_mips_sigterm(void **state)
{
    (void)state;
    session s;
    start(&s, MIPSSIM, mips_echo);
    expect_raw(&s);
    kill(s.pid, SIGTERM);
    finish(&s, 128 + SIGTERM);
}

static void test_mips_runtime_error(void **state)
{
    (void)state;
    session s;
    start(&s, MIPSSIM, mips_fault);
    expect_raw(&s);
    assert_int_equal(write(s.master, "z", 1), 1);
    wait_for(&s, "address out of range");
    finish(&s, 6);
}

static void test_lc3_ctrl_c_and_sigterm(void **state)
{
    (void)state;
    session s;
    start(&s, LC3SIM, lc3_echo);
    expect_raw(&s);
    assert_int_equal(write(s.master, "k", 1), 1);
    wait_for(&s, "k");
    assert_int_equal(write(s.master, "\x03", 1), 1);
    finish(&s, 128 + SIGINT);
    start(&s, LC3SIM, lc3_echo);
    expect_raw(&s);
    kill(s.pid, SIGTERM);
    finish(&s, 128 + SIGTERM);
}

/* The signals a limit, a timer or a user sends (issue 13.12): the terminal
 * is restored, and the process still dies of the signal. SIGPIPE is
 * ignored (a closed output shows as EPIPE): the run goes on, raw. */
static void test_other_signals(void **state)
{
    (void)state;
    static const int signals[] = {SIGXCPU, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM};
    static const char *const simulators[] = {MIPSSIM, LC3SIM};
    for (size_t k = 0; k < 2; k++) {
        for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
            session s;
            start(&s, simulators[k], k == 0 ? mips_echo : lc3_echo);
            expect_raw(&s);
            kill(s.pid, signals[i]);
            finish(&s, 128 + signals[i]);
        }
        session s;
        start(&s, simulators[k], k == 0 ? mips_echo : lc3_echo);
        expect_raw(&s);
        kill(s.pid, SIGPIPE);
        assert_int_equal(write(s.master, "p", 1), 1);
        wait_for(&s, "p");
        expect_raw(&s);
        kill(s.pid, SIGTERM);
        finish(&s, 128 + SIGTERM);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mips_ctrl_c),
        cmocka_unit_test(test_mips_sigterm),
        cmocka_unit_test(test_mips_runtime_error),
        cmocka_unit_test(test_lc3_ctrl_c_and_sigterm),
        cmocka_unit_test(test_other_signals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
