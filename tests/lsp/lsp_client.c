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
#include <stdlib.h>
#include <string.h>

#include "script_client.h"

/* Sends the script's JSON with jsonrpc (and an id when id > 0) added,
 * $DIR in it standing for the folder. */
static void send_message(script_client *c, const char *line, int64_t id)
{
    size_t len;
    char *text = client_replace(c, line, strlen(line), "$DIR", c->root, &len);
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_string(&w, "jsonrpc", "2.0");
    if (id > 0)
        json_key_int(&w, "id", id);
    client_send_object(c, &w, text, len);
    free(text);
}

static void send_open(script_client *c, const char *file)
{
    char path[PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/%s", c->root, file);
    FILE *in = fopen(path, "rb");
    if (!in)
        client_die(c, "cannot read a file to open");
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
    client_send_written(c, &w, false);
    printf("-> open %s\n", file);
}

/* Whether msg is the response to the request *id. */
static bool is_response(const json_value *msg, const void *id)
{
    int64_t got = -1;
    return !json_get_string(msg, "method") && json_get_int(msg, "id", &got) &&
           got == *(const int64_t *)id;
}

/* Whether msg is a notification of method. */
static bool is_notification(const json_value *msg, const void *method)
{
    const char *m = json_get_string(msg, "method");
    return m && strcmp(m, method) == 0;
}

/* A request, then the messages until its response. */
static void request(script_client *c, const char *text)
{
    int64_t id = c->next_id++;
    send_message(c, text, id);
    client_until(c, is_response, &id);
}

static void notify(script_client *c, const char *text)
{
    send_message(c, text, 0);
}

static void wait_notification(script_client *c, const char *method)
{
    client_until(c, is_notification, method);
}

int main(int argc, char **argv)
{
    script_client client;
    client_init(&client);
    if (argc < 6 || strcmp(argv[1], "-p") != 0 || strcmp(argv[4], "--") != 0 ||
        !realpath(argv[2], client.root)) {
        fprintf(stderr, "usage: lsp_client -p DIR SCRIPT -- SERVER [ARG...]\n");
        return 2;
    }
    static const script_command commands[] = {
        {"notify", notify}, {"open", send_open}, {"wait", wait_notification}, {NULL, NULL}};
    return client_run(&client, "lsp_client", argv[3], argv + 5, request, commands);
}
