/* Why a run or a step of the web page's machine stopped: what the calls of
 * wasm_api.h return, and what the page shows (app.js's STATUS, in this
 * order). */
#ifndef WEB_STATUS_H
#define WEB_STATUS_H

typedef enum web_status {
    WEB_RUNNING,      /* the steps asked for ran; the program goes on */
    WEB_EXITED,       /* it ended (MIPS exit, LC-3 HALT) */
    WEB_FAULT,        /* a runtime error with no handler */
    WEB_WAITING,      /* it reads the console and nothing has been typed yet */
    WEB_INPUT_ENDED,  /* it reads the console after the input was closed */
    WEB_STOPPED,      /* anything else the machine stops for (output cap, a check) */
    WEB_NOT_LOADED,   /* the program did not assemble */
    WEB_BREAK,        /* a run reached a breakpoint (web_break_line) */
    WEB_STEPPED,      /* a Step, Step over or Step out is complete */
} web_status;

#endif
