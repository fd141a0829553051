/* lc3sim -d on a pseudo-terminal, as a student uses it: the prompt, keys
 * reaching the running program raw, Ctrl-C stopping the program (not the
 * debugger), and the terminal's settings restored at the end. */
#define _XOPEN_SOURCE 700 /* posix_openpt and friends */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
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

/* An echo loop: every key is printed back, forever. */
static const char program[] = "        .ORIG x3000\n"
                              "LOOP    GETC\n"
                              "        OUT\n"
                              "        BR LOOP\n"
                              "        .END\n";

typedef struct session {
    int master;
    pid_t pid;
    char seen[16384];
    size_t len;
} session;

static void wait_for(session *s, const char *text)
{
    pty_wait_for(s->master, s->seen, sizeof s->seen, &s->len, text);
}

static void type(session *s, const char *keys)
{
    assert_int_equal(write(s->master, keys, strlen(keys)), (ssize_t)strlen(keys));
}

static void test_ctrl_c_stops_the_program_not_the_debugger(void **state)
{
    (void)state;
    char dir[] = "/tmp/dbgterm.XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/echo.asm", dir);
    FILE *f = fopen(path, "w");
    fputs(program, f);
    fclose(f);

    session s = {.master = posix_openpt(O_RDWR | O_NOCTTY)};
    if (s.master < 0 || grantpt(s.master) != 0 || unlockpt(s.master) != 0)
        skip();
    const char *name = ptsname(s.master);
    int probe = open(name, O_RDWR | O_NOCTTY);
    struct termios before;
    assert_int_equal(tcgetattr(probe, &before), 0);

    s.pid = fork();
    assert_true(s.pid >= 0);
    if (s.pid == 0) {
        /* The child's own session, the pty its controlling terminal, so
         * Ctrl-C reaches it as SIGINT. */
        setsid();
        int slave = open(name, O_RDWR);
        dup2(slave, 0);
        dup2(slave, 1);
        dup2(slave, 2);
        execl(LC3SIM, LC3SIM, "-d", path, (char *)NULL);
        _exit(127);
    }
    wait_for(&s, "(ldb) ");
    type(&s, "continue\n");
    wait_for(&s, "continue");
    /* Time for the debugger to hand the terminal to the program. */
    nanosleep(&(struct timespec){.tv_nsec = 300 * 1000 * 1000}, NULL);
    type(&s, "k");                 /* a key for the program: echoed by OUT */
    wait_for(&s, "\nk");
    nanosleep(&(struct timespec){.tv_nsec = 100 * 1000 * 1000}, NULL); /* it runs on */
    type(&s, "\x03");              /* Ctrl-C */
    wait_for(&s, "Program interrupted.");
    wait_for(&s, "(ldb) ");
    type(&s, "p/c *xFE02\n");      /* KBDR: the key the program took */
    wait_for(&s, "= 107 'k'");
    type(&s, "quit\n");
    int status;
    assert_int_equal(waitpid(s.pid, &status, 0), s.pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);

    struct termios after;
    assert_int_equal(tcgetattr(probe, &after), 0);
    assert_int_equal(after.c_lflag, before.c_lflag);
    assert_int_equal(after.c_iflag, before.c_iflag);
    close(probe);
    close(s.master);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ctrl_c_stops_the_program_not_the_debugger),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
