/* The console both simulators share (see console.h): raw terminal input that
 * is restored on every way out, input read in chunks, buffered output. */
#include "console.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "grow.h"

enum { CONSOLE_IN_SIZE = 4096, CONSOLE_OUT_SIZE = 4096 };

struct console {
    int in_fd;         /* -1: no input */
    int out_fd;        /* -1: output discarded */
    bool raw;          /* this console put in_fd's terminal in raw mode */
    bool line_early;   /* console_line_mode_now: line mode until the next line is read */
    bool out_is_tty;   /* flush after each '\n' so lines appear as written */
    bool in_ended;     /* read() saw the end (or an error): no more input */
    bool out_closed;   /* a write failed: output is dropped from now on */
    int out_error;     /* errno of that write */
    size_t in_pos;     /* next unread byte of in_buf */
    size_t in_len;     /* bytes in in_buf */
    size_t out_len;    /* bytes queued in out_buf */
    bool recording;    /* remember taken bytes in taken (console_record_input) */
    uint8_t *taken;    /* the bytes taken while recording, oldest first */
    size_t taken_len, taken_size;
    uint8_t *back;     /* bytes given back, taken before in_buf: a stack, next on top */
    size_t back_len, back_size;
    console_sink sink; /* console_set_sink: output goes there instead of out_fd */
    void *sink_ctx;
    uint8_t in_buf[CONSOLE_IN_SIZE];
    uint8_t out_buf[CONSOLE_OUT_SIZE];
};

/* Terminal state. The terminal's settings belong to the whole process, and
 * the signal handlers that must restore them can reach nothing but static
 * storage (they get no argument), so the settings to restore live here
 * rather than in struct console. Hence one console at a time holds the
 * terminal. */
static struct termios term_saved;  /* as the terminal was before raw mode */
static struct termios term_raw;    /* raw mode, to return to after a stop */
static struct termios term_line;   /* line mode for console_read_line */
static volatile sig_atomic_t term_fd = -1;    /* terminal we changed, or -1 */
static volatile sig_atomic_t term_is_raw = 0; /* raw (1) or line mode (0) now */
static bool term_atexit_registered;
static bool pipe_ignored; /* SIGPIPE set to SIG_IGN, a setting of the whole process too */

/* Signals after which the terminal must be restored: every one that can be
 * caught and ends the process by default (a CPU or file-size limit, a
 * timer, a closed pipe, a user signal), and SIGTSTP, which stops it (raw
 * mode returns on continuing). Not SIGTTIN or SIGTTOU: tcsetattr itself
 * raises those in a background process. */
static const int term_signals[] = {
    SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,   SIGSEGV, SIGABRT, SIGBUS,  SIGFPE,
    SIGILL,  SIGTRAP, SIGSYS,  SIGPIPE,   SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU,
    SIGXFSZ, SIGVTALRM, SIGPROF, SIGTSTP,
};
enum { TERM_SIGNAL_COUNT = sizeof term_signals / sizeof term_signals[0] };
static struct sigaction term_old_actions[TERM_SIGNAL_COUNT];
static bool term_caught[TERM_SIGNAL_COUNT]; /* false: was ignored, left alone */
static struct sigaction term_catch_action;
static struct sigaction term_default_action;

/* Runs in signal context: only async-signal-safe calls (tcsetattr,
 * sigaction, sigprocmask, raise). Restores the terminal, then lets the
 * signal take its default action, so the process ends (or stops) exactly as
 * it would have, and the shell sees the signal. */
static void term_on_signal(int sig)
{
    int saved_errno = errno;
    int fd = term_fd;
    if (fd >= 0)
        tcsetattr(fd, TCSANOW, &term_saved);

    sigaction(sig, &term_default_action, NULL);
    sigset_t just_this;
    sigemptyset(&just_this);
    sigaddset(&just_this, sig);
    sigprocmask(SIG_UNBLOCK, &just_this, NULL);
    raise(sig);

    /* Only a stop gets here, once the process is continued. */
    sigaction(sig, &term_catch_action, NULL);
    if (fd >= 0 && term_fd == fd && term_is_raw)
        tcsetattr(fd, TCSANOW, &term_raw);
    errno = saved_errno;
}

static void term_install_handlers(void)
{
    memset(&term_catch_action, 0, sizeof term_catch_action);
    term_catch_action.sa_handler = term_on_signal;
    term_catch_action.sa_flags = SA_RESTART;
    /* One handler at a time: a second signal waits until the first is done. */
    sigemptyset(&term_catch_action.sa_mask);
    for (size_t i = 0; i < TERM_SIGNAL_COUNT; i++)
        sigaddset(&term_catch_action.sa_mask, term_signals[i]);

    memset(&term_default_action, 0, sizeof term_default_action);
    term_default_action.sa_handler = SIG_DFL;
    sigemptyset(&term_default_action.sa_mask);

    for (size_t i = 0; i < TERM_SIGNAL_COUNT; i++) {
        struct sigaction old;
        term_caught[i] = false;
        if (sigaction(term_signals[i], NULL, &old) != 0)
            continue;
        /* An ignored signal (nohup, a background job) stays ignored. */
        if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN)
            continue;
        if (sigaction(term_signals[i], &term_catch_action, &term_old_actions[i]) == 0)
            term_caught[i] = true;
    }
}

static void term_remove_handlers(void)
{
    for (size_t i = 0; i < TERM_SIGNAL_COUNT; i++) {
        if (term_caught[i])
            sigaction(term_signals[i], &term_old_actions[i], NULL);
        term_caught[i] = false;
    }
}

/* Puts the terminal back as it was; safe to call more than once. */
static void term_restore(void)
{
    int fd = term_fd;
    if (fd < 0)
        return;
    tcsetattr(fd, TCSANOW, &term_saved);
    term_fd = -1;
    term_is_raw = 0;
    term_remove_handlers();
}

/* For exit() from anywhere, e.g. an error path that skips console_close. */
static void term_restore_at_exit(void)
{
    term_restore();
}

/* Raw mode: no line editing and no echo, so each key reaches the program at
 * once; ISIG stays (Ctrl-C), and ICRNL (Enter gives '\n'); flow control off
 * so Ctrl-S and Ctrl-Q are keys too. */
static bool term_enter_raw(int fd)
{
    if (tcgetattr(fd, &term_saved) != 0)
        return false;
    term_raw = term_saved;
    term_raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ECHONL | IEXTEN);
    term_raw.c_iflag &= ~(tcflag_t)IXON;
    term_raw.c_cc[VMIN] = 1;
    term_raw.c_cc[VTIME] = 0;
    term_line = term_saved;
    term_line.c_lflag |= ICANON | ECHO;

    if (!term_atexit_registered && atexit(term_restore_at_exit) == 0)
        term_atexit_registered = true;
    /* Handlers first: from the moment the terminal changes, every way out
     * must find term_fd set. */
    term_install_handlers();
    term_fd = fd;
    term_is_raw = 1;
    if (tcsetattr(fd, TCSANOW, &term_raw) != 0) {
        term_fd = -1;
        term_is_raw = 0;
        term_remove_handlers();
        return false;
    }
    return true;
}

static void term_set_raw(bool raw)
{
    int fd = term_fd;
    if (fd < 0)
        return;
    term_is_raw = raw;
    tcsetattr(fd, TCSANOW, raw ? &term_raw : &term_line);
}

console *console_open(int in_fd, int out_fd)
{
    /* Its 8 KB of buffers are written before they are read: only the
     * fields before them are zeroed (a grader opens one per call). */
    console *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    memset(c, 0, offsetof(console, in_buf));
    c->in_fd = in_fd;
    c->out_fd = out_fd;
    c->in_ended = in_fd < 0;
    c->out_is_tty = out_fd >= 0 && isatty(out_fd);

    /* A reader that went away shows up as EPIPE from write(), handled there.
     * Once ignored, SIGPIPE stays so (term_install_handlers leaves an
     * ignored signal alone): one sigaction a process, not one a console. */
    if (!pipe_ignored) {
        struct sigaction ignore;
        memset(&ignore, 0, sizeof ignore);
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        pipe_ignored = sigaction(SIGPIPE, &ignore, NULL) == 0;
    }

    if (in_fd >= 0 && term_fd < 0 && isatty(in_fd))
        c->raw = term_enter_raw(in_fd);
    return c;
}

bool console_close(console *c)
{
    if (!c)
        return true;
    bool ok = console_flush(c);
    if (c->raw)
        term_restore();
    free(c->taken);
    free(c->back);
    free(c);
    return ok;
}

/* Waits up to timeout_ms for input and reads what has arrived, as much as
 * fits: a whole game's keystrokes may come in one write. */
static void console_fill(console *c, int timeout_ms)
{
    struct pollfd p = {.fd = c->in_fd, .events = POLLIN};
    for (;;) {
        int ready = poll(&p, 1, timeout_ms);
        if (ready > 0)
            break;
        if (ready == 0)
            return;
        if (errno == EINTR && timeout_ms < 0)
            continue;
        if (errno != EINTR && errno != EAGAIN)
            c->in_ended = true;
        return;
    }
    if (p.revents & POLLNVAL) {
        c->in_ended = true;
        return;
    }
    ssize_t n = read(c->in_fd, c->in_buf, sizeof c->in_buf);
    if (n > 0) {
        c->in_pos = 0;
        c->in_len = (size_t)n;
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
        c->in_ended = true;
    }
}

/* Remembers a byte taken while recording (dropped when out of memory). */
static int console_taken(console *c, uint8_t byte)
{
    if (!c->recording)
        return byte;
    if (c->taken_len == c->taken_size) {
        uint8_t *taken = grow_array(c->taken, &c->taken_size, c->taken_len + 1, 1);
        if (!taken)
            return byte;
        c->taken = taken;
    }
    c->taken[c->taken_len++] = byte;
    return byte;
}

int console_read_byte(console *c, int timeout_ms)
{
    if (c->back_len > 0)
        return console_taken(c, c->back[--c->back_len]);
    if (c->in_pos == c->in_len && !c->in_ended) {
        /* The program may be waiting on a prompt it has just written. */
        console_flush(c);
        console_fill(c, timeout_ms < 0 ? -1 : timeout_ms);
    }
    if (c->in_pos < c->in_len)
        return console_taken(c, c->in_buf[c->in_pos++]);
    return c->in_ended ? CONSOLE_EOF : CONSOLE_NONE;
}

void console_record_input(console *c, bool on)
{
    if (c)
        c->recording = on;
}

size_t console_recorded(const console *c)
{
    return c->taken_len;
}

bool console_unread(console *c, size_t count)
{
    if (count > c->taken_len)
        return false;
    if (c->back_len + count > c->back_size) {
        uint8_t *back = grow_array(c->back, &c->back_size, c->back_len + count, 1);
        if (!back)
            return false;
        c->back = back;
    }
    /* The oldest of them must come out first: it goes on top, last. */
    for (size_t i = 0; i < count; i++)
        c->back[c->back_len++] = c->taken[--c->taken_len];
    return true;
}

void console_line_mode_now(console *c)
{
    if (c->raw && !c->line_early) {
        console_flush(c);
        term_set_raw(false);
        c->line_early = true;
    }
}

long console_read_line(console *c, char *buf, size_t size)
{
    if (size == 0)
        return 0;
    bool line_mode = c->raw;
    if (line_mode && !c->line_early) {
        console_flush(c);
        term_set_raw(false);
    }
    c->line_early = false;
    size_t len = 0;
    int byte = 0;
    while (len + 1 < size) {
        byte = console_read_byte(c, CONSOLE_FOREVER);
        if (byte == CONSOLE_NONE)
            continue;
        if (byte == CONSOLE_EOF)
            break;
        buf[len++] = (char)byte;
        if (byte == '\n')
            break;
    }
    if (line_mode)
        term_set_raw(true);
    buf[len] = '\0';
    return len == 0 && byte == CONSOLE_EOF ? -1 : (long)len;
}

bool console_flush(console *c)
{
    if (c->sink) {
        if (c->out_len > 0)
            c->sink(c->sink_ctx, c->out_buf, c->out_len);
        c->out_len = 0;
        return true;
    }
    size_t done = 0;
    while (done < c->out_len && !c->out_closed) {
        ssize_t n = write(c->out_fd, c->out_buf + done, c->out_len - done);
        if (n > 0) {
            done += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            /* A non-blocking descriptor we inherited: wait until it drains. */
            struct pollfd p = {.fd = c->out_fd, .events = POLLOUT};
            poll(&p, 1, -1);
        } else {
            c->out_closed = true;
            c->out_error = n < 0 ? errno : EIO;
        }
    }
    c->out_len = 0;
    return !c->out_closed;
}

void console_put(console *c, uint8_t byte)
{
    if (c->out_closed || (c->out_fd < 0 && !c->sink))
        return;
    c->out_buf[c->out_len++] = byte;
    if (c->out_len == sizeof c->out_buf || (byte == '\n' && c->out_is_tty))
        console_flush(c);
}

void console_write(console *c, const void *bytes, size_t len)
{
    const uint8_t *p = bytes;
    for (size_t i = 0; i < len; i++)
        console_put(c, p[i]);
}

void console_set_sink(console *c, console_sink sink, void *ctx)
{
    console_flush(c);
    c->sink = sink;
    c->sink_ctx = ctx;
}

size_t console_pending(const console *c)
{
    return c->back_len + (c->in_len - c->in_pos);
}

bool console_feed(console *c, const void *bytes, size_t len)
{
    if (c->back_len + len > c->back_size) {
        uint8_t *back = grow_array(c->back, &c->back_size, c->back_len + len, 1);
        if (!back)
            return false;
        c->back = back;
    }
    /* The given-back stack is taken from its top: new input goes under it,
     * last byte deepest. */
    memmove(c->back + len, c->back, c->back_len);
    const uint8_t *p = bytes;
    for (size_t i = 0; i < len; i++)
        c->back[len - 1 - i] = p[i];
    c->back_len += len;
    return true;
}

bool console_is_terminal(const console *c)
{
    return c->raw;
}

bool console_output_closed(const console *c)
{
    return c->out_closed;
}

int console_output_error(const console *c)
{
    return c->out_error;
}
