/* What the pseudo-terminal tests share: reading what the program under
 * test writes until a text appears. Include after <cmocka.h>. */
#ifndef PTY_WAIT_H
#define PTY_WAIT_H

#include <poll.h>
#include <string.h>
#include <unistd.h>

/* Appends what master delivers to seen (*len bytes so far, NUL-terminated)
 * until text appears, failing the test after 30 s: a loaded machine running
 * the sanitizers can be slow, a broken program never says it. */
static void pty_wait_for(int master, char *seen, size_t size, size_t *len, const char *text)
{
    for (int waited = 0; waited < 30000; waited += 20) {
        seen[*len] = '\0';
        if (strstr(seen, text))
            return;
        struct pollfd p = {.fd = master, .events = POLLIN};
        if (poll(&p, 1, 20) > 0) {
            ssize_t n = read(master, seen + *len, size - 1 - *len);
            if (n > 0)
                *len += (size_t)n;
        }
    }
    fail_msg("never saw '%s' in:\n%s", text, seen);
}

#endif
