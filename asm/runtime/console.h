/* The console both simulators share: connects a simulated machine to the
 * user's terminal, or to files and pipes, with exact bytes both ways.
 *
 * On a terminal, input is raw (every key reaches the program at once, not
 * echoed; Ctrl-C still interrupts and Enter still gives '\n') and the
 * terminal is restored on every way out: console_close, exit, and the
 * signals that end or stop the process. From a file or pipe, bytes arrive
 * exactly as written, however many come at once.
 *
 * Output is buffered and flushed before the console waits for input, when
 * the buffer fills, at console_flush and console_close, and after each '\n'
 * when it goes to a terminal. A reader that went away (EPIPE) closes the
 * output quietly instead of killing the process with SIGPIPE. */
#ifndef ASM_CONSOLE_H
#define ASM_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What console_read_byte returns besides a byte (0-255). */
enum {
    CONSOLE_NONE = -1, /* nothing has arrived within the timeout */
    CONSOLE_EOF = -2,  /* input has ended (or could not be read) */
};

/* Timeout for console_read_byte that waits until a byte or the end comes. */
enum { CONSOLE_FOREVER = -1 };

typedef struct console console;

/* Opens a console reading in_fd and writing out_fd (either may be -1: no
 * input, or output discarded). If in_fd is a terminal and no other console
 * holds the terminal, puts it in raw mode and installs the handlers that
 * restore it. Ignores SIGPIPE for the whole process. NULL when out of memory. */
console *console_open(int in_fd, int out_fd);

/* Flushes the output, restores the terminal and frees the console. Returns
 * false when some output could not be written. NULL is accepted. */
bool console_close(console *c);

/* Takes the next input byte (0-255); CONSOLE_NONE if none arrives within
 * timeout_ms milliseconds (0: do not wait; CONSOLE_FOREVER: wait for one);
 * CONSOLE_EOF once input has ended. Flushes the output before waiting. */
int console_read_byte(console *c, int timeout_ms);

/* Reads one line, as a line-reading system call does: up to size - 1 bytes,
 * stopping after a '\n' (which is kept) or at the end of input; the text is
 * NUL-terminated. On a terminal the line is typed in the terminal's usual
 * line mode (echoed, with erase and kill) and raw mode returns afterwards.
 * Returns the bytes stored, or -1 when input ended before any byte. */
long console_read_line(console *c, char *buf, size_t size);

/* Puts a terminal in line mode now, until console_read_line has read the
 * next line: a prompt printed after it cannot race the user's first keys
 * (typed before the switch they would arrive raw, without echo). */
void console_line_mode_now(console *c);

/* Queues one output byte. Does nothing once the output is closed. */
void console_put(console *c, uint8_t byte);
/* Queues len bytes. */
void console_write(console *c, const void *bytes, size_t len);

/* Writes out what is queued. Returns false when the output is closed. */
bool console_flush(console *c);

/* Input history, for a debugger's backstep. While recording is on, every
 * byte console_read_byte takes is remembered (turning it off keeps what
 * was remembered); console_unread puts the last count remembered bytes
 * back in front of the input, to be taken again in the same order. Returns
 * false (and changes nothing) when fewer were remembered, or out of memory. */
void console_record_input(console *c, bool on);
size_t console_recorded(const console *c);
bool console_unread(console *c, size_t count);

/* Output to a function instead of out_fd (a debug adapter turns it into
 * protocol messages): each flush hands it the queued bytes. NULL: out_fd
 * again. */
typedef void (*console_sink)(void *ctx, const uint8_t *bytes, size_t len);
void console_set_sink(console *c, console_sink sink, void *ctx);

/* Appends bytes to the input of a console opened without an input
 * descriptor (a debug adapter's console typing for the program): they are
 * taken after any given back by console_unread; once all are taken, input
 * is at its end again. False when out of memory. */
bool console_feed(console *c, const void *bytes, size_t len);

/* Input bytes waiting to be taken: fed, given back, or read ahead from
 * in_fd. A host that feeds input (the web page) asks before a read that
 * would otherwise find the end. */
size_t console_pending(const console *c);

/* True when input comes from a terminal this console put in raw mode. */
bool console_is_terminal(const console *c);

/* True once writing failed: the reader went away (EPIPE) or another error. */
bool console_output_closed(const console *c);
/* The errno of the failed write (EPIPE for a reader that went away), or 0. */
int console_output_error(const console *c);

#endif
