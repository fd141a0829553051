/* A language-server client for the tests, as tests/dap/dap_client.c is
 * for DAP: runs the server as a child on pipes, sends a scripted session
 * and prints a normalized transcript (docs/language-server.md, "Tests").
 *
 *   lsp_client -p DIR SCRIPT -- SERVER [ARG...]
 *
 * SCRIPT has one step a line; $DIR in it stands for the real path of DIR:
 *   {JSON}         a request (jsonrpc and the next id added): sent, then
 *                  every message read is printed until its response came
 *   notify {JSON}  a notification (jsonrpc added), sent without waiting
 *   open FILE      textDocument/didOpen of DIR/FILE with its text from disk
 *   wait METHOD    messages printed until a notification METHOD came
 *   raw TEXT       TEXT sent as it is (\r, \n, \\ and \xHH unescaped)
 *   # ...          a comment (blank lines too)
 * At the end the server's stdin is closed, what it still sends is printed,
 * then its exit status. Each message is printed on one line (`-> ` sent,
 * `<- ` received), every string holding DIR with it replaced by $DIR. No
 * step waits more than 20 seconds. */
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
static int64_t next_id = 1;

static void die(const char *what)
{
    printf("[client: %s]\n", what);
    fflush(stdout);
    if (server > 0)
        kill(server, SIGKILL);
    exit(1);
}

/* text with every occurrence of from replaced by to (malloc'd). */
static char *replace(const char *text, size_t len, const char *from, const char *to,
                     size_t *out_len)
{
    size_t fl = strlen(from), tl = strlen(to);
    char *out = malloc(len * (tl > fl ? tl : 1) + len + 8);
    if (!out)
        die("out of memory");
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        if (fl && i + fl <= len && memcmp(text + i, from, fl) == 0) {
            memcpy(out + o, to, tl);
            o += tl;
            i += fl;
        } else {
            out[o++] = text[i++];
        }
    }
    out[o] = '\0';
    *out_len = o;
    return out;
}

static void normalized(json_writer *w, const json_value *v)
{
    size_t len;
    char *text;
    switch (v->type) {
    case JSON_STRING:
        text = replace(v->string, v->length, root, "$DIR", &len);
        json_string_n(w, text, len);
        free(text);
        break;
    case JSON_ARRAY:
        json_begin_array(w);
        for (size_t i = 0; i < v->count; i++)
            normalized(w, &v->items[i]);
        json_end_array(w);
        break;
    case JSON_OBJECT:
        json_begin_object(w);
        for (size_t i = 0; i < v->count; i++) {
            json_key(w, v->members[i].key);
            normalized(w, &v->members[i].value);
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
    normalized(&w, v);
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

static void send_framed(const char *body, size_t len)
{
    char head[64];
    int n = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", len);
    send_bytes(head, (size_t)n);
    send_bytes(body, len);
}

/* Sends the script's JSON with jsonrpc (and an id when id > 0) added. */
static void send_message(const char *line, int64_t id, bool show)
{
    size_t len;
    char *text = replace(line, strlen(line), "$DIR", root, &len);
    char err[JSON_ERROR_SIZE];
    json_value *v = json_parse(text, len, NULL, err);
    free(text);
    if (!v || v->type != JSON_OBJECT)
        die("a script line that is not a JSON object");
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_string(&w, "jsonrpc", "2.0");
    if (id > 0)
        json_key_int(&w, "id", id);
    for (size_t i = 0; i < v->count; i++) {
        json_key(&w, v->members[i].key);
        json_value_write(&w, &v->members[i].value);
    }
    json_end_object(&w);
    char *body = json_writer_take(&w, &len);
    send_framed(body, len);
    if (show) {
        json_value *sent = json_parse(body, len, NULL, NULL);
        print_message("->", sent);
        json_free(sent);
    }
    free(body);
    json_free(v);
}

static void send_open(const char *file)
{
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/%s", root, file);
    FILE *in = fopen(path, "rb");
    if (!in)
        die("cannot read a file to open");
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_string(&w, "jsonrpc", "2.0");
    json_key_string(&w, "method", "textDocument/didOpen");
    json_key(&w, "params");
    json_begin_object(&w);
    json_key(&w, "textDocument");
    json_begin_object(&w);
    char uri[PATH_MAX + 300];
    snprintf(uri, sizeof uri, "file://%s", path);
    json_key_string(&w, "uri", uri);
    json_key_string(&w, "languageId", "asm");
    json_key_int(&w, "version", 1);
    json_key(&w, "text");
    json_string_n(&w, text, n);
    json_end_object(&w);
    json_end_object(&w);
    json_end_object(&w);
    size_t len;
    char *body = json_writer_take(&w, &len);
    send_framed(body, len);
    free(body);
    printf("-> open %s\n", file);
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
        if (poll(&p, 1, WAIT_MS) == 0)
            die("no message within 20 seconds");
        dap_reader_fill(&from_server, 0);
    }
}

/* Prints messages until the response to id, or the notification method. */
static void until(int64_t id, const char *method)
{
    for (;;) {
        json_value *msg = receive();
        if (!msg)
            die("the server ended first");
        print_message("<-", msg);
        const char *m = json_get_string(msg, "method");
        int64_t got = -1;
        bool done = method ? m && strcmp(m, method) == 0
                           : !m && json_get_int(msg, "id", &got) && got == id;
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
    if (argc < 6 || strcmp(argv[1], "-p") != 0 || strcmp(argv[4], "--") != 0 ||
        !realpath(argv[2], root)) {
        fprintf(stderr, "usage: lsp_client -p DIR SCRIPT -- SERVER [ARG...]\n");
        return 2;
    }
    FILE *script = fopen(argv[3], "r");
    if (!script) {
        fprintf(stderr, "lsp_client: cannot read %s\n", argv[3]);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    start_server(argv + 5);
    char *line = NULL;
    size_t size = 0;
    ssize_t len;
    while ((len = getline(&line, &size, script)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0 || line[0] == '#')
            continue;
        if (line[0] == '{') {
            int64_t id = next_id++;
            send_message(line, id, true);
            until(id, NULL);
        } else if (strncmp(line, "notify ", 7) == 0) {
            send_message(line + 7, 0, true);
        } else if (strncmp(line, "open ", 5) == 0) {
            send_open(line + 5);
        } else if (strncmp(line, "wait ", 5) == 0) {
            until(0, line + 5);
        } else if (strncmp(line, "raw ", 4) == 0) {
            send_raw(line + 4);
        } else {
            die("a script line the client does not know");
        }
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
