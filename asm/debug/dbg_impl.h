/* Private to the debugger core: the session and the calls between its
 * files (dbg_main.c: the command loop and execution; dbg_show.c and
 * dbg_data.c: what it prints; dbg_points.c: breakpoints, watchpoints and
 * displays). */
#ifndef DBG_IMPL_H
#define DBG_IMPL_H

#include <signal.h>
#include <stdarg.h>

#include "dbg.h"
#include "dbg_expr.h"
#include "dbg_journal.h"

/* The most units one x command prints (4 MiB of words on MIPS). */
enum { DBG_MAX_UNITS = 1 << 20 };

typedef enum dbg_point_kind { DBG_BREAK, DBG_WATCH } dbg_point_kind;

/* A breakpoint or watchpoint; they share one numbering, as in gdb. */
typedef struct dbg_point {
    int id;
    dbg_point_kind kind;
    bool enabled;
    bool temporary;       /* tbreak: deleted when hit */
    uint32_t addr;
    unsigned size;        /* watch: bytes (MIPS) or words (LC-3) watched */
    int cond_reg;         /* break ... if REG==VALUE: the register, or -1 */
    uint32_t cond_value;
    uint64_t hits;
    char *text;           /* the location or watched expression as typed */
    uint8_t old[8];       /* watch: the value last seen, as bytes */
} dbg_point;

typedef struct dbg_display {
    int id;
    char format;          /* 0 or one of x d c s */
    char *expr;
} dbg_display;

/* Why an execution command stopped. */
typedef enum dbg_stop_kind {
    DBG_STOPPED_STEP,     /* the step, next, finish or until completed */
    DBG_STOPPED_BREAK,
    DBG_STOPPED_WATCH,
    DBG_STOPPED_CHECK,    /* a check's finding, before its instruction */
    DBG_STOPPED_INTERRUPT,/* Ctrl-C */
    DBG_STOPPED_END,      /* the program ended, faulted or hit the limit */
    DBG_STOPPED_HISTORY,  /* backstep ran out of history */
} dbg_stop_kind;

typedef struct dbg_session {
    dbg_target *t;
    const dbg_options *opt;
    FILE *out;
    bool running;         /* false once the program ended (until restart or backstep) */
    char end_message[DBG_MESSAGE_SIZE];
    dbg_journal journal;
    dbg_frame *frames;    /* the call trace, outermost first */
    size_t frame_count, frame_size;
    dbg_point *points;
    size_t point_count, point_size;
    int next_point_id;
    dbg_display *displays;
    size_t display_count, display_size;
    int next_display_id;
    uint32_t last_regs[DBG_MAX_REGS]; /* at the last stop: changes are marked */
    int list_file;        /* list: where the next "list" continues (-1: at the pc) */
    int list_line;
    char last_command[512];
    bool quit;
} dbg_session;

/* The Ctrl-C flag: set by the SIGINT handler while the program runs. */
extern volatile sig_atomic_t dbg_interrupted;

/* Printing (dbg_show.c; values and memory in dbg_data.c). The program's
 * output is flushed first. */
void dbg_printf(dbg_session *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void dbg_print_hex(dbg_session *s, uint32_t addr);      /* 0x00400000, x3000 */
void dbg_print_addr(dbg_session *s, uint32_t addr);     /* 0x00400000 <main+4> */
int dbg_value_digits(const dbg_session *s);             /* hex digits of a word */
long long dbg_signed_value(const dbg_session *s, uint32_t v); /* as a signed word */
void dbg_print_location(dbg_session *s, uint32_t addr); /* file:line text, pseudo part */
void dbg_show_stop(dbg_session *s);                     /* changed registers, location, displays */
void dbg_remember_regs(dbg_session *s);
void dbg_cmd_print(dbg_session *s, char format, const char *args);
void dbg_cmd_x(dbg_session *s, const char *spec, const char *args);
void dbg_cmd_info(dbg_session *s, const char *args);
void dbg_cmd_list(dbg_session *s, const char *args);
void dbg_cmd_disassemble(dbg_session *s, const char *args);
void dbg_cmd_backtrace(dbg_session *s);
void dbg_cmd_frame(dbg_session *s);
void dbg_cmd_help(dbg_session *s, const char *args);
void dbg_show_displays(dbg_session *s);
/* Formats one value as print/F does into buf. */
void dbg_format_value(dbg_session *s, char format, uint32_t value, char *buf, size_t size);

/* Breakpoints, watchpoints, displays (dbg_points.c). */
void dbg_cmd_break(dbg_session *s, const char *args, bool temporary);
void dbg_cmd_watch(dbg_session *s, const char *args);
void dbg_cmd_delete(dbg_session *s, const char *args);
void dbg_cmd_enable(dbg_session *s, const char *args, bool enable);
void dbg_cmd_display(dbg_session *s, char format, const char *args);
void dbg_cmd_undisplay(dbg_session *s, const char *args);
void dbg_info_breakpoints(dbg_session *s);
/* The breakpoint that stops execution at the pc now, or NULL. */
dbg_point *dbg_break_here(dbg_session *s);
/* After a step: the first watchpoint whose value changed (reported, its
 * value updated), or NULL. `writer` is the address of the instruction. */
dbg_point *dbg_watch_check(dbg_session *s, uint32_t writer);
/* Re-reads every watched value (after restart, backstep, set). */
void dbg_watch_refresh(dbg_session *s);
void dbg_points_free(dbg_session *s);

/* Execution (dbg_run.c). */
typedef enum run_mode {
    RUN_CONTINUE, /* until a breakpoint */
    RUN_STEP,     /* one instruction */
    RUN_NEXT,     /* one instruction, calls run whole */
    RUN_FINISH,   /* until the frame at depth `depth` returns */
    RUN_UNTIL,    /* until pc == target or the current frame returns */
} run_mode;
/* Runs count times in mode (until target for RUN_UNTIL), then shows the stop. */
void dbg_execute(dbg_session *s, run_mode mode, uint32_t target, uint64_t count);
/* Undoes count instructions; over_calls: a call (with its callee) counts one. */
void dbg_backstep(dbg_session *s, uint64_t count, bool over_calls);
/* Back to the first instruction. */
void dbg_restart(dbg_session *s);

/* Text helpers. */
char *dbg_strdup(const char *text);
const char *dbg_skip_space(const char *p);

#endif
