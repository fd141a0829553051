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
#include <stdlib.h>
#include <string.h>

#include "script_client.h"

/* Sends a request: the script's JSON with seq and type added. */
static int64_t send_request(script_client *c, const char *text)
{
    int64_t seq = c->next_id++;
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_int(&w, "seq", seq);
    json_key_string(&w, "type", "request");
    client_send_object(c, &w, text, strlen(text));
    return seq;
}

/* Whether msg is the response to the request *seq. */
static bool is_response(const json_value *msg, const void *seq)
{
    const char *type = json_get_string(msg, "type");
    int64_t request_seq = -1;
    json_get_int(msg, "request_seq", &request_seq);
    return type && strcmp(type, "response") == 0 && request_seq == *(const int64_t *)seq;
}

/* Whether msg is the event named event. */
static bool is_event(const json_value *msg, const void *event)
{
    const char *type = json_get_string(msg, "type");
    const char *name = json_get_string(msg, "event");
    return type && strcmp(type, "event") == 0 && strcmp(name ? name : "", event) == 0;
}

/* A request, then the messages until its response. */
static void request(script_client *c, const char *text)
{
    int64_t seq = send_request(c, text);
    client_until(c, is_response, &seq);
}

static void send_only(script_client *c, const char *text)
{
    send_request(c, text);
}

static void wait_event(script_client *c, const char *event)
{
    client_until(c, is_event, event);
}

int main(int argc, char **argv)
{
    script_client client;
    client_init(&client);
    client.hidden_key = "seq";
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "-p") == 0) {
        if (!realpath(argv[i + 1], client.root))
            client.root[0] = '\0';
        i += 2;
    }
    if (i + 2 >= argc || strcmp(argv[i + 1], "--") != 0) {
        fprintf(stderr, "usage: dap_client [-p DIR] SCRIPT -- SERVER [ARG...]\n");
        return 2;
    }
    static const script_command commands[] = {{"send", send_only}, {"wait", wait_event}, {NULL, NULL}};
    return client_run(&client, "dap_client", argv[i], argv + i + 2, request, commands);
}
