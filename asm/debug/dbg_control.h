/* The debugger core's execution for a host that has a front of its own
 * (the web page, web/): step, next (Step over), finish (Step out) and
 * continue toward a breakpoint, run in slices of a bounded number of
 * instructions, with the core's call trace, backstep journal and
 * breakpoints; and the core's backtrace. The command line (dbg.h) and the
 * DAP server (dap.h) drive the same functions. */
#ifndef DBG_CONTROL_H
#define DBG_CONTROL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dbg.h"

typedef struct dbg_control dbg_control;

typedef enum dbg_control_mode {
    DBG_CONTROL_STEP,     /* stepi */
    DBG_CONTROL_NEXT,     /* nexti: a call runs whole */
    DBG_CONTROL_FINISH,   /* until the current call returns */
    DBG_CONTROL_CONTINUE, /* until a breakpoint or the end */
} dbg_control_mode;

/* Why a slice stopped. */
typedef enum dbg_control_why {
    DBG_CONTROL_DONE,     /* the command begun is complete */
    DBG_CONTROL_SLICE,    /* the slice's instructions ran (or before_step said
                             stop); the command goes on with the next slice */
    DBG_CONTROL_BREAK,    /* at a breakpoint */
    DBG_CONTROL_CHECK,    /* a check's finding, before its instruction */
    DBG_CONTROL_SIGNAL,   /* an exception a handler will take, before it */
    DBG_CONTROL_END,      /* the program ended, faulted or waits for input (end) */
} dbg_control_why;

typedef struct dbg_control_stop {
    dbg_control_why why;
    dbg_step_result end;             /* DBG_CONTROL_END: what the last step said */
    char message[DBG_MESSAGE_SIZE];  /* END, SIGNAL: why */
} dbg_control_stop;

/* Control of t, with the debugger's default backstep history; NULL when
 * out of memory. t must outlive it. */
dbg_control *dbg_control_new(dbg_target *t);
void dbg_control_free(dbg_control *c);

/* Begins an execution command from where the program is now: a next at a
 * call runs until it returns, a finish until the current call returns.
 * False for a finish outside any call the trace recorded. */
bool dbg_control_begin(dbg_control *c, dbg_control_mode mode);

/* Runs the command begun for at most max_steps instructions. before_step,
 * when not NULL, is asked before each: true stops the slice there (a host
 * that waits for input the program would read). */
dbg_control_stop dbg_control_run(dbg_control *c, uint64_t max_steps,
                                 bool (*before_step)(void *ctx), void *ctx);

/* Undoes the newest instruction; false when the history is empty. */
bool dbg_control_backstep(dbg_control *c);
/* The instructions the history holds. */
uint64_t dbg_control_history(const dbg_control *c);
/* The machine ran without the core (a host's full-speed run): the history
 * and the call trace no longer hold and are dropped. */
void dbg_control_forget(dbg_control *c);

/* A breakpoint at addr: its number, or 0 with the reason in err
 * (DBG_MESSAGE_SIZE bytes). Deleting: false when there is no such one. */
int dbg_control_break(dbg_control *c, uint32_t addr, char *err);
bool dbg_control_delete(dbg_control *c, int id);
/* A breakpoint at the pc now (the commands always leave the pc first): a
 * host's first run after a load stops there before anything runs. */
bool dbg_control_at_break(dbg_control *c);

/* The backtrace command's text, written to out. */
void dbg_control_backtrace(dbg_control *c, FILE *out);

#endif
