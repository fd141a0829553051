/* What the DAP and the LSP test clients share (tests/dap/dap_client.c,
 * tests/lsp/lsp_client.c): the server run as a child on pipes, framed
 * messages sent and received, the script read a step a line and every
 * message printed on one line with the test folder's path as $DIR. */
#ifndef SCRIPT_CLIENT_H
#define SCRIPT_CLIENT_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "dap_wire.h"
#include "json.h"

typedef struct script_client {
    pid_t server;
    int to_server;
    dap_reader from_server;
    char root[PATH_MAX];    /* the real path printed as $DIR; "" for none */
    const char *hidden_key; /* a top-level key left out of printed messages, or NULL */
    int64_t next_id;        /* the next request's seq (DAP) or id (LSP) */
} script_client;

/* A script step: a JSON line, or what follows a command's word. */
typedef void script_step(script_client *c, const char *text);
/* A script line `WORD TEXT` (`raw TEXT` is client_run's own). */
typedef struct script_command {
    const char *word;
    script_step *run;
} script_command;
/* Whether msg ends a wait for goal. */
typedef bool script_goal(const json_value *msg, const void *goal);

void client_init(script_client *c);
/* Prints [client: what], kills the server and exits 1. */
_Noreturn void client_die(script_client *c, const char *what);
/* text with every occurrence of from replaced by to (malloc'd, NUL-ended). */
char *client_replace(script_client *c, const char *text, size_t len, const char *from,
                     const char *to, size_t *out_len);
void client_print_message(script_client *c, const char *arrow, const json_value *v);
void client_send_bytes(script_client *c, const char *bytes, size_t len);
/* body sent behind its Content-Length header. */
void client_send_framed(script_client *c, const char *body, size_t len);
/* w's message sent framed (w taken), and printed as `-> MESSAGE` when show. */
void client_send_written(script_client *c, json_writer *w, bool show);
/* The script's JSON object text sent after the members the open object w
 * has, and printed; dies when text is not an object. */
void client_send_object(script_client *c, json_writer *w, const char *text, size_t len);
/* TEXT sent as it is but for \r, \n, \\ and \xHH, and printed as `-> raw TEXT`. */
void client_send_raw(script_client *c, const char *text);
/* The next message from the server; NULL at its end. */
json_value *client_receive(script_client *c);
/* Prints messages until one is done for goal; dies if the server ends first. */
void client_until(script_client *c, script_goal *done, const void *goal);
/* Starts the server argv[0] with argv, runs every line of the script
 * (a JSON line through request, the others by commands, a list ended by a
 * null word), closes the server's stdin, prints what it still sends and
 * its exit status. 0, or 2 when the script cannot be read (said as tool's). */
int client_run(script_client *c, const char *tool, const char *script_path, char **argv,
               script_step *request, const script_command *commands);

#endif
