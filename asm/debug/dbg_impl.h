/* Private to the debugger core: the session and the calls between its
 * files (dbg_main.c: the command loop and execution; dbg_show.c and
 * dbg_data.c: what it prints; dbg_points.c: breakpoints, watchpoints and
 * displays). */
#ifndef DBG_IMPL_H
#define DBG_IMPL_H

#include <signal.h>
#include <stdarg.h>

#include "dbg.h"
#include "dbg_journal.h"

/* The most units one x command prints (4 MiB of words on MIPS). */
enum { DBG_MAX_UNITS = 1 << 20 };

typedef enum dbg_point_kind { DBG_BREAK, DBG_WATCH } dbg_point_kind;

/* When a breakpoint's hits make it stop: always, at the Nth hit only, from
 * the Nth on, after the Nth, or at every Nth. */
typedef enum dbg_hit_op { DBG_HIT_ANY, DBG_HIT_EQ, DBG_HIT_GE, DBG_HIT_GT, DBG_HIT_EVERY } dbg_hit_op;

/* A breakpoint or watchpoint; they share one numbering, as in gdb. */
typedef struct dbg_point {
    int id;
    dbg_point_kind kind;
    bool enabled;
    bool temporary;       /* tbreak: deleted when hit */
    uint32_t addr;
    unsigned size;        /* watch: bytes (MIPS) or words (LC-3) watched */
    char *cond;           /* break ... if EXPR: the condition's text (dbg_condition), or NULL */
    dbg_hit_op hit_op;    /* a hit count condition (the DAP's hitCondition) */
    uint64_t hit_count;
    uint64_t hits;        /* times reached with its condition true */
    int owner;            /* who made it: 0 the command line; the DAP server's groups */
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
    DBG_STOPPED_SIGNAL,   /* an exception, before its instruction (message) */
    DBG_STOPPED_INTERRUPT,/* Ctrl-C */
    DBG_STOPPED_END,      /* the program ended, faulted or hit the limit */
    DBG_STOPPED_HISTORY,  /* backstep ran out of history */
} dbg_stop_kind;

/* Why a run stopped, as a result: the command line prints it
 * (dbg_report_stop), the DAP server sends it as events. */
typedef struct dbg_stop {
    dbg_stop_kind kind;
    bool quiet;               /* a breakpoint continue N passes: nothing to say */
    int point_id;             /* BREAK, WATCH (or a watch seen as the program ended): 0 none */
    int point_owner;
    bool temporary;           /* a tbreak, deleted now */
    bool watched;             /* a watchpoint's value changed in the last step */
    uint32_t writer;          /* watched: the instruction that wrote */
    char old_value[64], new_value[64], watch_text[128];
    dbg_step_result end;      /* END: how the program ended (DBG_STEP_OK: the limit) */
    char message[DBG_MESSAGE_SIZE]; /* END: the end message; SIGNAL: the exception */
} dbg_stop;

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
    /* Asked every DBG_POLL_STEPS steps of a run: true stops it as an
     * interrupt (the DAP server's pause). NULL: only Ctrl-C. */
    bool (*poll)(void *ctx);
    void *poll_ctx;
    uint64_t poll_every;  /* steps between polls; 0: DBG_POLL_STEPS */
} dbg_session;

enum { DBG_POLL_STEPS = 10000 };

/* A session on t (the journal, the numbering); false when out of memory. */
bool dbg_session_init(dbg_session *s, dbg_target *t, const dbg_options *options);
void dbg_session_free(dbg_session *s);
/* Runs one command line, as typed at the prompt. */
void dbg_run_command(dbg_session *s, const char *line);

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
/* The breakpoint at the pc now whose condition holds, or NULL. */
dbg_point *dbg_break_here(dbg_session *s);
/* Counts a hit of p; true when its hit condition says to stop. */
bool dbg_break_hit(dbg_point *p);
/* After a step: the first watchpoint whose value changed (its value
 * updated, the change in stop), or NULL. `writer` is the address of the
 * instruction. */
dbg_point *dbg_watch_check(dbg_session *s, uint32_t writer, dbg_stop *stop);
/* New points, said nothing about: NULL with the reason in err
 * (DBG_ERROR_SIZE). cond: a condition's text or NULL; text: what the
 * point shows in info breakpoints. */
dbg_point *dbg_add_break(dbg_session *s, uint32_t addr, bool temporary, const char *cond,
                         const char *text, char *err);
dbg_point *dbg_add_watch(dbg_session *s, uint32_t addr, unsigned size, const char *text,
                         char *err);
/* A hit condition's text ("3", "==3", ">=3", ">3", "%3") into p. */
bool dbg_set_hit_condition(dbg_point *p, const char *text, char *err);
dbg_point *dbg_find_point(dbg_session *s, int id);
bool dbg_delete_point(dbg_session *s, int id);
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
/* Where an execution command stops, fixed when it begins, so that a host
 * running it in slices (dbg_control.h) goes on toward the same stop. */
typedef struct dbg_goal {
    run_mode mode;
    uint32_t target;      /* RUN_UNTIL */
    size_t depth;         /* the call depth it began at */
    bool stepping_over;   /* RUN_NEXT began at a call */
} dbg_goal;
dbg_goal dbg_goal_begin(dbg_session *s, run_mode mode, uint32_t target);
/* Runs toward g until it is reached or something stops the run. */
dbg_stop dbg_run_toward(dbg_session *s, const dbg_goal *g, bool quiet);
/* Runs count times in mode (until target for RUN_UNTIL), then shows the stop. */
void dbg_execute(dbg_session *s, run_mode mode, uint32_t target, uint64_t count);
/* Runs once in mode, printing nothing: why it stopped. quiet: a breakpoint
 * stops it quietly (continue N passing one). */
dbg_stop dbg_run(dbg_session *s, run_mode mode, uint32_t target, bool quiet);
/* What the command line says about a stop (not the location: dbg_show_stop). */
void dbg_report_stop(dbg_session *s, const dbg_stop *stop);
/* Undoes count instructions; over_calls: a call (with its callee) counts one. */
void dbg_backstep(dbg_session *s, uint64_t count, bool over_calls);
/* The same, printing nothing: the instructions undone. */
uint64_t dbg_backstep_quiet(dbg_session *s, uint64_t count, bool over_calls);
/* Undoes instructions until a breakpoint's address (its condition true),
 * a watched value changing back, the history's start or a poll. */
dbg_stop dbg_reverse_continue(dbg_session *s);
/* Back to the first instruction. */
void dbg_restart(dbg_session *s);

/* Text helpers. */
char *dbg_strdup(const char *text);
const char *dbg_skip_space(const char *p);

#endif
