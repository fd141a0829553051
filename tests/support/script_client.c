/* The DAP and LSP test clients' common part (script_client.h). */
#define _XOPEN_SOURCE 700
#include "script_client.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { WAIT_MS = 20000 };

void client_init(script_client *c)
{
    memset(c, 0, sizeof *c);
    c->to_server = -1;
    c->next_id = 1;
}

_Noreturn void client_die(script_client *c, const char *what)
{
    printf("[client: %s]\n", what);
    fflush(stdout);
    if (c->server > 0)
        kill(c->server, SIGKILL);
    exit(1);
}

char *client_replace(script_client *c, const char *text, size_t len, const char *from,
                     const char *to, size_t *out_len)
{
    size_t fl = strlen(from), tl = strlen(to);
    char *out = malloc(len * (tl > fl ? tl : 1) + len + 8);
    if (!out)
        client_die(c, "out of memory");
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

/* Writes v again, strings with root as $DIR, the hidden key left out at the top. */
static void normalized(script_client *c, json_writer *w, const json_value *v, bool top)
{
    size_t len;
    char *text;
    switch (v->type) {
    case JSON_STRING:
        text = client_replace(c, v->string, v->length, c->root, "$DIR", &len);
        json_string_n(w, text, len);
        free(text);
        break;
    case JSON_ARRAY:
        json_begin_array(w);
        for (size_t i = 0; i < v->count; i++)
            normalized(c, w, &v->items[i], false);
        json_end_array(w);
        break;
    case JSON_OBJECT:
        json_begin_object(w);
        for (size_t i = 0; i < v->count; i++) {
            if (top && c->hidden_key && strcmp(v->members[i].key, c->hidden_key) == 0)
                continue;
            json_key(w, v->members[i].key);
            normalized(c, w, &v->members[i].value, false);
        }
        json_end_object(w);
        break;
    default:
        json_value_write(w, v);
        break;
    }
}

void client_print_message(script_client *c, const char *arrow, const json_value *v)
{
    json_writer w;
    json_writer_init(&w);
    normalized(c, &w, v, true);
    char *text = json_writer_take(&w, NULL);
    printf("%s %s\n", arrow, text ? text : "(unwritable)");
    fflush(stdout);
    free(text);
}

void client_send_bytes(script_client *c, const char *bytes, size_t len)
{
    while (len > 0) {
        ssize_t n = write(c->to_server, bytes, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            client_die(c, "the server stopped reading");
        bytes += n;
        len -= (size_t)n;
    }
}

void client_send_framed(script_client *c, const char *body, size_t len)
{
    char head[64];
    int n = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", len);
    client_send_bytes(c, head, (size_t)n);
    client_send_bytes(c, body, len);
}

void client_send_written(script_client *c, json_writer *w, bool show)
{
    size_t len;
    char *body = json_writer_take(w, &len);
    client_send_framed(c, body, len);
    if (show) {
        json_value *sent = json_parse(body, len, NULL, NULL);
        client_print_message(c, "->", sent);
        json_free(sent);
    }
    free(body);
}

void client_send_object(script_client *c, json_writer *w, const char *text, size_t len)
{
    char err[JSON_ERROR_SIZE];
    json_value *v = json_parse(text, len, NULL, err);
    if (!v || v->type != JSON_OBJECT)
        client_die(c, "a script line that is not a JSON object");
    for (size_t i = 0; i < v->count; i++) {
        json_key(w, v->members[i].key);
        json_value_write(w, &v->members[i].value);
    }
    json_end_object(w);
    client_send_written(c, w, true);
    json_free(v);
}

void client_send_raw(script_client *c, const char *text)
{
    char *out = malloc(strlen(text) + 1);
    size_t o = 0;
    if (!out)
        client_die(c, "out of memory");
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
    client_send_bytes(c, out, o);
    free(out);
}

json_value *client_receive(script_client *c)
{
    for (;;) {
        json_value *msg;
        char why[DAP_WHY_SIZE];
        dap_take got = dap_reader_take(&c->from_server, &msg, why);
        if (got == DAP_TAKE_MESSAGE)
            return msg;
        if (got == DAP_TAKE_BAD) {
            printf("[client: a bad message from the server: %s]\n", why);
            continue;
        }
        if (c->from_server.ended)
            return NULL;
        struct pollfd p = {.fd = c->from_server.fd, .events = POLLIN};
        if (poll(&p, 1, WAIT_MS) == 0)
            client_die(c, "no message within 20 seconds");
        dap_reader_fill(&c->from_server, 0);
    }
}

void client_until(script_client *c, script_goal *done, const void *goal)
{
    for (;;) {
        json_value *msg = client_receive(c);
        if (!msg)
            client_die(c, "the server ended first");
        client_print_message(c, "<-", msg);
        bool reached = done(msg, goal);
        json_free(msg);
        if (reached)
            return;
    }
}

static void start_server(script_client *c, char **argv)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0)
        client_die(c, "no pipes");
    c->server = fork();
    if (c->server < 0)
        client_die(c, "cannot fork");
    if (c->server == 0) {
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
    c->to_server = in[1];
    dap_reader_init(&c->from_server, out[0]);
}

/* Runs one line of the script. */
static void run_step(script_client *c, const char *line, script_step *request,
                     const script_command *commands)
{
    if (line[0] == '{') {
        request(c, line);
        return;
    }
    if (strncmp(line, "raw ", 4) == 0) {
        client_send_raw(c, line + 4);
        return;
    }
    for (const script_command *k = commands; k->word; k++) {
        size_t n = strlen(k->word);
        if (strncmp(line, k->word, n) == 0 && line[n] == ' ') {
            k->run(c, line + n + 1);
            return;
        }
    }
    client_die(c, "a script line the client does not know");
}

int client_run(script_client *c, const char *tool, const char *script_path, char **argv,
               script_step *request, const script_command *commands)
{
    FILE *script = fopen(script_path, "r");
    if (!script) {
        fprintf(stderr, "%s: cannot read %s\n", tool, script_path);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    start_server(c, argv);
    char *line = NULL;
    size_t size = 0;
    ssize_t len;
    while ((len = getline(&line, &size, script)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0 || line[0] == '#')
            continue;
        run_step(c, line, request, commands);
    }
    free(line);
    fclose(script);
    close(c->to_server);
    json_value *msg;
    while ((msg = client_receive(c))) {
        client_print_message(c, "<-", msg);
        json_free(msg);
    }
    int status;
    if (waitpid(c->server, &status, 0) < 0)
        client_die(c, "lost the server");
    if (WIFEXITED(status))
        printf("[server exited with status %d]\n", WEXITSTATUS(status));
    else
        printf("[server killed by signal %d]\n", WTERMSIG(status));
    dap_reader_free(&c->from_server);
    return 0;
}
