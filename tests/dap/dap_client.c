/* A DAP client for the tests: runs the server as a child with its stdin
 * and stdout on pipes, sends a scripted session and prints a normalized
 * transcript (docs/dap.md, "Tests").
 *
 *   dap_client [-p DIR] SCRIPT -- SERVER [ARG...]
 *
 * SCRIPT has one step a line:
 *   {JSON}       a request (its seq and "type" added): sent, then every
 *                message read is printed until its response has come
 *   send {JSON}  a request sent without waiting for its response
 *   wait EVENT   messages printed until an event EVENT has come
 *   raw TEXT     TEXT sent as it is (\r, \n, \\ and \xHH unescaped)
 *   # ...        a comment (blank lines too)
 * At the end of the script the server's stdin is closed and what it still
 * sends is printed, then its exit status. Each message is printed on one
 * line (`-> ` sent, `<- ` received) without its seq, and every string
 * holding DIR (the real path of -p) has it replaced by $DIR. No step
 * waits more than 20 seconds. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dap_wire.h"
#include "json.h"

enum { WAIT_MS = 20000 };

static pid_t server;
static int to_server = -1;
static dap_reader from_server;
static char root[PATH_MAX];
static int64_t next_seq = 1;

static void die(const char *what)
{
    printf("[client: %s]\n", what);
    fflush(stdout);
    if (server > 0)
        kill(server, SIGKILL);
    exit(1);
}

/* A string with every occurrence of root replaced by $DIR. */
static void write_string(json_writer *w, const char *text, size_t len)
{
    size_t rl = strlen(root);
    if (rl == 0) {
        json_string_n(w, text, len);
        return;
    }
    char *out = malloc(len * 2 + 8);
    if (!out)
        die("out of memory");
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        if (i + rl <= len && memcmp(text + i, root, rl) == 0) {
            memcpy(out + o, "$DIR", 4);
            o += 4;
            i += rl;
        } else {
            out[o++] = text[i++];
        }
    }
    json_string_n(w, out, o);
    free(out);
}

/* Writes v again, without "seq" at the top, paths normalized. */
static void normalized(json_writer *w, const json_value *v, bool top)
{
    switch (v->type) {
    case JSON_STRING:
        write_string(w, v->string, v->length);
        break;
    case JSON_ARRAY:
        json_begin_array(w);
        for (size_t i = 0; i < v->count; i++)
            normalized(w, &v->items[i], false);
        json_end_array(w);
        break;
    case JSON_OBJECT:
        json_begin_object(w);
        for (size_t i = 0; i < v->count; i++) {
            if (top && strcmp(v->members[i].key, "seq") == 0)
                continue;
            json_key(w, v->members[i].key);
            normalized(w, &v->members[i].value, false);
        }
        json_end_object(w);
        break;
    default:
        json_value_write(w, v);
        break;
    }
}

static void print_message(const char *arrow, const json_value *v)
{
    json_writer w;
    json_writer_init(&w);
    normalized(&w, v, true);
    char *text = json_writer_take(&w, NULL);
    printf("%s %s\n", arrow, text ? text : "(unwritable)");
    fflush(stdout);
    free(text);
}

static void send_bytes(const char *bytes, size_t len)
{
    while (len > 0) {
        ssize_t n = write(to_server, bytes, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            die("the server stopped reading");
        bytes += n;
        len -= (size_t)n;
    }
}

/* Sends a request: the script's JSON with seq and type added. */
static int64_t send_request(const char *text)
{
    char err[JSON_ERROR_SIZE];
    json_value *v = json_parse(text, strlen(text), NULL, err);
    if (!v || v->type != JSON_OBJECT)
        die("a script line that is not a JSON object");
    int64_t seq = next_seq++;
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_int(&w, "seq", seq);
    json_key_string(&w, "type", "request");
    for (size_t i = 0; i < v->count; i++) {
        json_key(&w, v->members[i].key);
        json_value_write(&w, &v->members[i].value);
    }
    json_end_object(&w);
    size_t len;
    char *body = json_writer_take(&w, &len);
    char head[64];
    int n = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", len);
    send_bytes(head, (size_t)n);
    send_bytes(body, len);
    json_value *sent = json_parse(body, len, NULL, NULL);
    print_message("->", sent);
    json_free(sent);
    free(body);
    json_free(v);
    return seq;
}

/* The next message from the server; NULL at its end. */
static json_value *receive(void)
{
    for (;;) {
        json_value *msg;
        char why[DAP_WHY_SIZE];
        dap_take got = dap_reader_take(&from_server, &msg, why);
        if (got == DAP_TAKE_MESSAGE)
            return msg;
        if (got == DAP_TAKE_BAD) {
            printf("[client: a bad message from the server: %s]\n", why);
            continue;
        }
        if (from_server.ended)
            return NULL;
        struct pollfd p = {.fd = from_server.fd, .events = POLLIN};
        int ready = poll(&p, 1, WAIT_MS);
        if (ready == 0)
            die("no message within 20 seconds");
        dap_reader_fill(&from_server, 0);
    }
}

/* Prints messages until one matches: a response to seq, or an event named event. */
static void until(int64_t seq, const char *event)
{
    for (;;) {
        json_value *msg = receive();
        if (!msg)
            die("the server ended first");
        print_message("<-", msg);
        const char *type = json_get_string(msg, "type");
        int64_t request_seq = -1;
        json_get_int(msg, "request_seq", &request_seq);
        bool done = type && ((event && strcmp(type, "event") == 0 &&
                              strcmp(json_get_string(msg, "event") ? json_get_string(msg, "event") : "", event) == 0) ||
                             (!event && strcmp(type, "response") == 0 && request_seq == seq));
        json_free(msg);
        if (done)
            return;
    }
}

static void send_raw(const char *text)
{
    char *out = malloc(strlen(text) + 1);
    size_t o = 0;
    if (!out)
        die("out of memory");
    for (const char *p = text; *p; p++) {
        if (*p != '\\' || !p[1]) {
            out[o++] = *p;
            continue;
        }
        p++;
        if (*p == 'r')
            out[o++] = '\r';
        else if (*p == 'n')
            out[o++] = '\n';
        else if (*p == 'x' && p[1] && p[2]) {
            char hex[3] = {p[1], p[2], 0};
            out[o++] = (char)strtol(hex, NULL, 16);
            p += 2;
        } else
            out[o++] = *p;
    }
    printf("-> raw %s\n", text);
    send_bytes(out, o);
    free(out);
}

static void start_server(char **argv)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0)
        die("no pipes");
    server = fork();
    if (server < 0)
        die("cannot fork");
    if (server == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_server = in[1];
    dap_reader_init(&from_server, out[0]);
}

int main(int argc, char **argv)
{
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "-p") == 0) {
        if (!realpath(argv[i + 1], root))
            root[0] = '\0';
        i += 2;
    }
    if (i + 2 >= argc || strcmp(argv[i + 1], "--") != 0) {
        fprintf(stderr, "usage: dap_client [-p DIR] SCRIPT -- SERVER [ARG...]\n");
        return 2;
    }
    FILE *script = fopen(argv[i], "r");
    if (!script) {
        fprintf(stderr, "dap_client: cannot read %s\n", argv[i]);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    start_server(argv + i + 2);
    char *line = NULL;
    size_t size = 0;
    ssize_t len;
    while ((len = getline(&line, &size, script)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0 || line[0] == '#')
            continue;
        if (line[0] == '{')
            until(send_request(line), NULL);
        else if (strncmp(line, "send ", 5) == 0)
            send_request(line + 5);
        else if (strncmp(line, "wait ", 5) == 0)
            until(0, line + 5);
        else if (strncmp(line, "raw ", 4) == 0)
            send_raw(line + 4);
        else
            die("a script line the client does not know");
    }
    free(line);
    fclose(script);
    close(to_server);
    json_value *msg;
    while ((msg = receive())) {
        print_message("<-", msg);
        json_free(msg);
    }
    int status;
    if (waitpid(server, &status, 0) < 0)
        die("lost the server");
    if (WIFEXITED(status))
        printf("[server exited with status %d]\n", WEXITSTATUS(status));
    else
        printf("[server killed by signal %d]\n", WTERMSIG(status));
    dap_reader_free(&from_server);
    return 0;
}
