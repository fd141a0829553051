/* DAP's framing: messages as `Content-Length: N` headers, a blank line and
 * N bytes of JSON, read from a descriptor with read(2) into a buffer of
 * our own (stdio's buffering would hide pending bytes from poll). LSP
 * frames its messages the same way: the language server (asm/lsp) uses
 * this reader and writer too. */
#ifndef DAP_WIRE_H
#define DAP_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "json.h"

/* A header block longer than this, or a body longer than DAP_MAX_BODY, is
 * dropped. */
enum { DAP_MAX_HEADER = 1024, DAP_MAX_BODY = 4 << 20, DAP_WHY_SIZE = 160 };

typedef struct dap_reader {
    int fd;           /* -1: only what was fed */
    char *buf;
    size_t len, size;
    bool ended;       /* the descriptor reached its end (or failed) */
} dap_reader;

typedef enum dap_take {
    DAP_TAKE_NONE,    /* no whole message yet */
    DAP_TAKE_MESSAGE, /* *msg is a JSON object */
    DAP_TAKE_BAD,     /* bytes dropped: bad framing or JSON, the reason in why */
} dap_take;

void dap_reader_init(dap_reader *r, int fd);
void dap_reader_free(dap_reader *r);
/* Adds bytes as if read; false when out of memory. */
bool dap_reader_feed(dap_reader *r, const void *bytes, size_t len);
/* Reads what arrives within timeout_ms (-1: until something does, 0: what
 * is there now). False once input has ended. */
bool dap_reader_fill(dap_reader *r, int timeout_ms);
/* Takes the first whole message out of the buffer. */
dap_take dap_reader_take(dap_reader *r, json_value **msg, char *why);
/* True when a whole message in the buffer (left there) is a request for
 * one of the commands (a NULL-terminated list). */
bool dap_reader_pending(const dap_reader *r, const char *const *commands);

/* Writes one message (the body's JSON) with its header, and flushes. */
void dap_write(FILE *out, const char *body, size_t len);

#endif
