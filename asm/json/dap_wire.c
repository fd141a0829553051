/* DAP's framing (dap_wire.h). */
#define _XOPEN_SOURCE 700
#include "dap_wire.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "grow.h"

void dap_reader_init(dap_reader *r, int fd)
{
    *r = (dap_reader){.fd = fd, .ended = fd < 0};
}

void dap_reader_free(dap_reader *r)
{
    free(r->buf);
    *r = (dap_reader){.fd = -1, .ended = true};
}

static bool reserve(dap_reader *r, size_t more)
{
    if (r->len + more <= r->size)
        return true;
    char *buf = grow_array(r->buf, &r->size, r->len + more, 1);
    if (!buf)
        return false;
    r->buf = buf;
    return true;
}

bool dap_reader_feed(dap_reader *r, const void *bytes, size_t len)
{
    if (!reserve(r, len))
        return false;
    memcpy(r->buf + r->len, bytes, len);
    r->len += len;
    return true;
}

bool dap_reader_fill(dap_reader *r, int timeout_ms)
{
    if (r->ended)
        return false;
    struct pollfd p = {.fd = r->fd, .events = POLLIN};
    int ready = poll(&p, 1, timeout_ms);
    if (ready < 0 && errno == EINTR)
        return true;
    if (ready <= 0)
        return ready == 0;
    if (!reserve(r, 65536)) {
        r->ended = true;
        return false;
    }
    ssize_t n = read(r->fd, r->buf + r->len, 65536);
    if (n > 0)
        r->len += (size_t)n;
    else if (n == 0 || (errno != EINTR && errno != EAGAIN))
        r->ended = true;
    return !r->ended;
}

static void drop(dap_reader *r, size_t n)
{
    memmove(r->buf, r->buf + n, r->len - n);
    r->len -= n;
}

/* The end of the header block at the start of buf (the index after its
 * blank line), 0 when it is not all there. */
static size_t header_end(const char *buf, size_t len)
{
    for (size_t i = 0; i + 3 < len; i++)
        if (buf[i] == '\r' && buf[i + 1] == '\n' && buf[i + 2] == '\r' && buf[i + 3] == '\n')
            return i + 4;
    return 0;
}

/* The Content-Length of a header block; false when it has none or a bad one. */
static bool content_length(const char *head, size_t len, size_t *out, char *why)
{
    bool found = false;
    size_t i = 0;
    while (i < len) {
        size_t end = i;
        while (end < len && head[end] != '\r')
            end++;
        static const char name[] = "Content-Length:";
        size_t n = sizeof name - 1;
        if (end - i > n && strncasecmp(head + i, name, n) == 0) {
            size_t k = i + n, value = 0, digits = 0;
            while (k < end && head[k] == ' ')
                k++;
            while (k < end && isdigit((unsigned char)head[k]) && value <= DAP_MAX_BODY) {
                value = value * 10 + (size_t)(head[k++] - '0');
                digits++;
            }
            while (k < end && head[k] == ' ')
                k++;
            if (digits == 0 || k != end || value > DAP_MAX_BODY) {
                snprintf(why, DAP_WHY_SIZE, "a bad Content-Length (a number up to %d)",
                         DAP_MAX_BODY);
                return false;
            }
            *out = value;
            found = true;
        }
        i = end + 2;
    }
    if (!found)
        snprintf(why, DAP_WHY_SIZE, "a header without Content-Length");
    return found;
}

/* Where a whole framed message is: false when not all there yet or bad
 * (*bad set, the bytes to drop in *total). */
static bool frame(const char *buf, size_t len, size_t *body, size_t *body_len, size_t *total,
                  bool *bad, char *why)
{
    *bad = false;
    size_t head = header_end(buf, len < DAP_MAX_HEADER ? len : DAP_MAX_HEADER);
    if (head == 0) {
        if (len >= DAP_MAX_HEADER) {
            *bad = true;
            *total = len; /* no header ends here: nothing of it can be used */
            snprintf(why, DAP_WHY_SIZE, "no header ends within %d bytes", DAP_MAX_HEADER);
        }
        return false;
    }
    size_t n;
    if (!content_length(buf, head - 2, &n, why)) {
        *bad = true;
        *total = head;
        return false;
    }
    if (len - head < n)
        return false;
    *body = head;
    *body_len = n;
    *total = head + n;
    return true;
}

static json_value *parse_body(const char *body, size_t len, char *why)
{
    char err[JSON_ERROR_SIZE];
    json_limits limits = {DAP_MAX_BODY, JSON_DEFAULT_DEPTH};
    json_value *v = json_parse(body, len, &limits, err);
    if (!v) {
        snprintf(why, DAP_WHY_SIZE, "bad JSON: %s", err);
        return NULL;
    }
    if (v->type != JSON_OBJECT) {
        snprintf(why, DAP_WHY_SIZE, "a message that is not a JSON object");
        json_free(v);
        return NULL;
    }
    return v;
}

dap_take dap_reader_take(dap_reader *r, json_value **msg, char *why)
{
    size_t body, body_len, total;
    bool bad;
    if (!frame(r->buf, r->len, &body, &body_len, &total, &bad, why)) {
        if (!bad)
            return DAP_TAKE_NONE;
        drop(r, total);
        return DAP_TAKE_BAD;
    }
    *msg = parse_body(r->buf + body, body_len, why);
    drop(r, total);
    return *msg ? DAP_TAKE_MESSAGE : DAP_TAKE_BAD;
}

bool dap_reader_pending(const dap_reader *r, const char *const *commands)
{
    size_t at = 0, body, body_len, total;
    bool bad;
    char why[DAP_WHY_SIZE];
    while (at < r->len) {
        bool whole = frame(r->buf + at, r->len - at, &body, &body_len, &total, &bad, why);
        if (!whole && !bad)
            return false;
        if (whole) {
            json_value *v = parse_body(r->buf + at + body, body_len, why);
            const char *command = json_get_string(v, "command");
            bool hit = false;
            for (size_t i = 0; command && commands[i]; i++)
                hit = hit || strcmp(command, commands[i]) == 0;
            json_free(v);
            if (hit)
                return true;
        }
        at += total;
    }
    return false;
}

void dap_write(FILE *out, const char *body, size_t len)
{
    fprintf(out, "Content-Length: %zu\r\n\r\n", len);
    fwrite(body, 1, len, out);
    fflush(out);
}
