/* The debugger's command loop (dbg.h): reads commands, parses and
 * dispatches them to their families (execution in dbg_run.c, data in
 * dbg_data.c, points in dbg_points.c, display in dbg_show.c). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbg_impl.h"
#include "dbg_expr.h"

volatile sig_atomic_t dbg_interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    dbg_interrupted = 1;
}

char *dbg_strdup(const char *text)
{
    size_t len = strlen(text) + 1;
    char *copy = malloc(len);
    if (copy)
        memcpy(copy, text, len);
    return copy;
}

const char *dbg_skip_space(const char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    return p;
}

/* ------------------------------------------------------------------------
 * Commands */

/* A count argument: empty means 1. */
static bool parse_count(dbg_session *s, const char *args, uint64_t *count)
{
    args = dbg_skip_space(args);
    *count = 1;
    if (!*args)
        return true;
    uint32_t v;
    char err[DBG_ERROR_SIZE];
    if (!dbg_eval(s->t, args, &v, err)) {
        dbg_printf(s, "%s\n", err);
        return false;
    }
    *count = v;
    return true;
}

static void cmd_set(dbg_session *s, const char *args)
{
    args = dbg_skip_space(args);
    if (strncmp(args, "var ", 4) == 0)
        args = dbg_skip_space(args + 4);
    const char *eq = strchr(args, '=');
    if (!eq || eq == args) {
        dbg_printf(s, "Usage: set REG = VALUE, or set *ADDRESS = VALUE\n");
        return;
    }
    char left[256];
    size_t len = (size_t)(eq - args);
    if (len >= sizeof left)
        len = sizeof left - 1;
    memcpy(left, args, len);
    while (len > 0 && isspace((unsigned char)left[len - 1]))
        len--;
    left[len] = '\0';
    uint32_t value, addr;
    char err[DBG_ERROR_SIZE];
    if (!dbg_eval(s->t, eq + 1, &value, err)) {
        dbg_printf(s, "%s\n", err);
        return;
    }
    if (left[0] == '*') {
        if (!dbg_eval(s->t, left + 1, &addr, err)) {
            dbg_printf(s, "%s\n", err);
        } else if (!s->t->write(s->t->ctx, addr, s->t->word_bytes, value)) {
            dbg_printf(s, "Cannot write memory at ");
            dbg_print_addr(s, addr);
            dbg_printf(s, "\n");
        }
        dbg_watch_refresh(s);
        return;
    }
    int r = dbg_register(s->t, left);
    if (r < 0) {
        dbg_printf(s, "No register '%s'.\n", left);
        return;
    }
    s->t->set_reg(s->t->ctx, (unsigned)r, value);
}

/* check [LIST]: the simulator's checks, shown or set. */
static void cmd_check(dbg_session *s, const char *args)
{
    char message[DBG_MESSAGE_SIZE];
    args = dbg_skip_space(args);
    if (!s->t->checks) {
        dbg_printf(s, "This simulator has no checks.\n");
        return;
    }
    bool ok = s->t->checks(s->t->ctx, *args ? args : NULL, message);
    dbg_printf(s, ok ? "Checks: %s.\n" : "%s\n", message);
}

/* screenshot FILE: the display as it is now, as a PNG. */
static void cmd_screenshot(dbg_session *s, const char *args)
{
    char message[DBG_MESSAGE_SIZE];
    args = dbg_skip_space(args);
    if (!s->t->screenshot) {
        dbg_printf(s, "This program has no display (--bitmap, --video).\n");
        return;
    }
    if (!*args) {
        dbg_printf(s, "screenshot needs a FILE to write.\n");
        return;
    }
    if (s->t->screenshot(s->t->ctx, args, message))
        dbg_printf(s, "Wrote the display to %s.\n", args);
    else
        dbg_printf(s, "%s\n", message);
}

typedef enum cmd_id {
    CMD_RUN, CMD_RESTART, CMD_CONTINUE, CMD_STEP, CMD_NEXT, CMD_FINISH, CMD_UNTIL,
    CMD_BACKSTEP, CMD_REVERSE_NEXT, CMD_BREAK, CMD_TBREAK, CMD_DELETE, CMD_DISABLE, CMD_ENABLE, CMD_WATCH,
    CMD_PRINT, CMD_X, CMD_INFO, CMD_BACKTRACE, CMD_LIST, CMD_DISASSEMBLE, CMD_DISPLAY,
    CMD_UNDISPLAY, CMD_SET, CMD_CHECK, CMD_SCREENSHOT, CMD_HELP, CMD_QUIT,
} cmd_id;

static const struct {
    const char *name;
    cmd_id id;
} commands[] = {
    {"run", CMD_RUN}, {"r", CMD_RUN}, {"restart", CMD_RESTART},
    {"continue", CMD_CONTINUE}, {"c", CMD_CONTINUE},
    {"step", CMD_STEP}, {"s", CMD_STEP}, {"stepi", CMD_STEP}, {"si", CMD_STEP},
    {"next", CMD_NEXT}, {"n", CMD_NEXT}, {"nexti", CMD_NEXT}, {"ni", CMD_NEXT},
    {"finish", CMD_FINISH}, {"fin", CMD_FINISH}, {"until", CMD_UNTIL}, {"u", CMD_UNTIL},
    {"advance", CMD_UNTIL},
    {"backstep", CMD_BACKSTEP}, {"bs", CMD_BACKSTEP}, {"reverse-step", CMD_BACKSTEP},
    {"rs", CMD_BACKSTEP}, {"reverse-stepi", CMD_BACKSTEP}, {"rsi", CMD_BACKSTEP},
    {"reverse-next", CMD_REVERSE_NEXT}, {"rn", CMD_REVERSE_NEXT},
    {"reverse-nexti", CMD_REVERSE_NEXT}, {"rni", CMD_REVERSE_NEXT},
    {"break", CMD_BREAK}, {"b", CMD_BREAK}, {"tbreak", CMD_TBREAK},
    {"delete", CMD_DELETE}, {"d", CMD_DELETE}, {"disable", CMD_DISABLE},
    {"enable", CMD_ENABLE}, {"watch", CMD_WATCH}, {"print", CMD_PRINT}, {"p", CMD_PRINT},
    {"x", CMD_X}, {"info", CMD_INFO}, {"i", CMD_INFO}, {"backtrace", CMD_BACKTRACE},
    {"bt", CMD_BACKTRACE}, {"where", CMD_BACKTRACE}, {"list", CMD_LIST}, {"l", CMD_LIST},
    {"disassemble", CMD_DISASSEMBLE}, {"display", CMD_DISPLAY},
    {"undisplay", CMD_UNDISPLAY}, {"set", CMD_SET}, {"check", CMD_CHECK},
    {"screenshot", CMD_SCREENSHOT},
    {"help", CMD_HELP}, {"h", CMD_HELP},
    {"quit", CMD_QUIT}, {"q", CMD_QUIT},
};

static void dispatch(dbg_session *s, cmd_id id, char format, const char *spec, const char *args)
{
    uint64_t count;
    uint32_t addr;
    char err[DBG_ERROR_SIZE];
    switch (id) {
    case CMD_RUN:
        dbg_restart(s);
        dbg_execute(s, RUN_CONTINUE, 0, 1);
        break;
    case CMD_RESTART:
        dbg_restart(s);
        dbg_printf(s, "Restarted.\n");
        dbg_show_stop(s);
        break;
    case CMD_CONTINUE:
        if (parse_count(s, args, &count)) {
            /* continue N: ignore the breakpoint here N-1 more times. */
            dbg_point *b = dbg_break_here(s);
            if (b && count > 1)
                dbg_printf(s, "Will ignore next %llu crossings of breakpoint %d.\n",
                           (unsigned long long)(count - 1), b->id);
            dbg_execute(s, RUN_CONTINUE, 0, count);
        }
        break;
    case CMD_STEP:
        if (parse_count(s, args, &count))
            dbg_execute(s, RUN_STEP, 0, count);
        break;
    case CMD_NEXT:
        if (parse_count(s, args, &count))
            dbg_execute(s, RUN_NEXT, 0, count);
        break;
    case CMD_FINISH:
        if (s->frame_count == 0) {
            dbg_printf(s, "\"finish\" not meaningful in the outermost frame.\n");
        } else {
            dbg_printf(s, "Run till exit from ");
            dbg_print_addr(s, s->frames[s->frame_count - 1].callee);
            dbg_printf(s, "\n");
            dbg_execute(s, RUN_FINISH, 0, 1);
        }
        break;
    case CMD_UNTIL:
        if (!*dbg_skip_space(args))
            dbg_execute(s, RUN_NEXT, 0, 1);
        else if (!dbg_location(s->t, args, &addr, err))
            dbg_printf(s, "%s\n", err);
        else
            dbg_execute(s, RUN_UNTIL, addr, 1);
        break;
    case CMD_BACKSTEP:
    case CMD_REVERSE_NEXT:
        if (parse_count(s, args, &count))
            dbg_backstep(s, count, id == CMD_REVERSE_NEXT);
        break;
    case CMD_BREAK:
    case CMD_TBREAK:
        dbg_cmd_break(s, args, id == CMD_TBREAK);
        break;
    case CMD_DELETE:
        dbg_cmd_delete(s, args);
        break;
    case CMD_DISABLE:
    case CMD_ENABLE:
        dbg_cmd_enable(s, args, id == CMD_ENABLE);
        break;
    case CMD_WATCH:
        dbg_cmd_watch(s, args);
        break;
    case CMD_PRINT:
        dbg_cmd_print(s, format, args);
        break;
    case CMD_X:
        dbg_cmd_x(s, spec, args);
        break;
    case CMD_INFO:
        dbg_cmd_info(s, args);
        break;
    case CMD_BACKTRACE:
        dbg_cmd_backtrace(s);
        break;
    case CMD_LIST:
        dbg_cmd_list(s, args);
        break;
    case CMD_DISASSEMBLE:
        dbg_cmd_disassemble(s, args);
        break;
    case CMD_DISPLAY:
        dbg_cmd_display(s, format, args);
        break;
    case CMD_UNDISPLAY:
        dbg_cmd_undisplay(s, args);
        break;
    case CMD_SET:
        cmd_set(s, args);
        break;
    case CMD_CHECK:
        cmd_check(s, args);
        break;
    case CMD_SCREENSHOT:
        cmd_screenshot(s, args);
        break;
    case CMD_HELP:
        dbg_cmd_help(s, args);
        break;
    case CMD_QUIT:
        s->quit = true;
        break;
    }
}

/* Runs one command line: "NAME[/FMT] ARGS". */
void dbg_run_command(dbg_session *s, const char *line)
{
    line = dbg_skip_space(line);
    if (!*line || *line == '#')
        return;
    char name[32];
    size_t len = strcspn(line, " \t\r\n\v\f/");
    if (len >= sizeof name) {
        dbg_printf(s, "Undefined command: \"%.*s\".  Try \"help\".\n", (int)len, line);
        return;
    }
    memcpy(name, line, len);
    name[len] = '\0';
    const char *rest = line + len;
    char spec[16] = "";
    if (*rest == '/') {
        rest++;
        size_t n = strcspn(rest, " \t\r\n\v\f");
        if (n >= sizeof spec) { /* never cut: its tail would be read as the arguments */
            dbg_printf(s, "Invalid format \"/%.*s\": at most %d letters and digits.\n", (int)n,
                       rest, (int)sizeof spec - 1);
            return;
        }
        memcpy(spec, rest, n);
        spec[n] = '\0';
        rest += n;
    }
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
        if (strcmp(commands[c].name, name) == 0) {
            char format = 0;
            for (const char *f = spec; *f; f++)
                if (strchr("xdcsu", *f))
                    format = *f;
            dispatch(s, commands[c].id, format, spec, dbg_skip_space(rest));
            return;
        }
    dbg_printf(s, "Undefined command: \"%s\".  Try \"help\".\n", name);
}

/* ------------------------------------------------------------------------
 * The session */

typedef enum line_read { LINE_OK, LINE_TOO_LONG, LINE_END } line_read;

/* Reads one command line into buf. A longer line than buf holds is read to
 * its end and dropped (LINE_TOO_LONG): its tail must never run as a
 * command of its own. */
static line_read read_line(dbg_session *s, FILE *in, bool from_console, char *buf, size_t size)
{
    bool ended = false, too_long = false;
    for (bool first = true;; first = false) {
        char *into = first ? buf : buf + size / 2; /* the tail of a long line is scratch */
        size_t room = first ? size : size - size / 2;
        size_t n;
        if (from_console) {
            console_record_input(s->t->con, false);
            long got = console_read_line(s->t->con, into, room);
            console_record_input(s->t->con, true);
            ended = got < 0;
            n = got < 0 ? 0 : (size_t)got;
        } else {
            ended = !fgets(into, (int)room, in);
            n = ended ? 0 : strlen(into);
        }
        if (ended && first)
            return LINE_END;
        if (ended || n + 1 < room || (n > 0 && into[n - 1] == '\n'))
            break;
        too_long = true; /* room full without a newline: more of the line follows */
    }
    if (too_long)
        return LINE_TOO_LONG;
    buf[strcspn(buf, "\r\n")] = '\0';
    return LINE_OK;
}

/* Runs the commands of one source until quit or its end. */
static void run_commands(dbg_session *s, FILE *in, bool interactive, bool from_console)
{
    char line[512];
    while (!s->quit) {
        if (interactive) {
            if (from_console)
                console_line_mode_now(s->t->con);
            dbg_printf(s, "(ldb) ");
            fflush(s->out);
        }
        line_read got = read_line(s, in, from_console, line, sizeof line);
        if (got == LINE_END)
            break;
        if (got == LINE_TOO_LONG) {
            dbg_printf(s, "%sCommand line longer than %d bytes: ignored.\n",
                       interactive ? "" : "(ldb) ...\n", (int)sizeof line - 1);
            continue;
        }
        if (!interactive)
            dbg_printf(s, "(ldb) %s\n", line);
        const char *cmd = line;
        if (!*dbg_skip_space(line))
            cmd = s->last_command;
        else
            snprintf(s->last_command, sizeof s->last_command, "%s", line);
        dbg_run_command(s, cmd);
        fflush(s->out);
    }
    if (interactive && !s->quit)
        dbg_printf(s, "\n");
}

bool dbg_session_init(dbg_session *s, dbg_target *t, const dbg_options *options)
{
    *s = (dbg_session){.t = t, .opt = options, .out = options->out, .running = true,
                       .next_point_id = 1, .next_display_id = 1, .list_file = -1};
    size_t steps = options->journal_steps ? options->journal_steps : DBG_JOURNAL_STEPS;
    return dbg_journal_init(&s->journal, steps, t->undo_free, t->ctx);
}

void dbg_session_free(dbg_session *s)
{
    dbg_journal_free(&s->journal);
    dbg_points_free(s);
    free(s->frames);
}

int dbg_main(dbg_target *t, const dbg_options *options)
{
    dbg_session s;
    if (!dbg_session_init(&s, t, options)) {
        fprintf(stderr, "debugger: out of memory\n");
        return 1;
    }
    /* Ctrl-C stops the program, never the debugger (SA_RESTART: a command
     * being read goes on being read). */
    struct sigaction catch_int = {.sa_handler = on_sigint, .sa_flags = SA_RESTART}, old_int;
    sigemptyset(&catch_int.sa_mask);
    sigaction(SIGINT, &catch_int, &old_int);
    console_record_input(t->con, true);
    dbg_remember_regs(&s);
    dbg_printf(&s, "Debugging the %s program; \"help\" lists the commands.\n", t->name);
    dbg_show_stop(&s);
    if (options->script) {
        FILE *script = fopen(options->script, "r");
        if (!script) {
            dbg_printf(&s, "Cannot read the command file %s.\n", options->script);
        } else {
            run_commands(&s, script, false, false);
            fclose(script);
        }
    }
    bool from_console = options->interactive && t->con && console_is_terminal(t->con);
    if (!s.quit)
        run_commands(&s, options->commands, options->interactive, from_console);
    if (t->con)
        console_flush(t->con);
    sigaction(SIGINT, &old_int, NULL);
    dbg_session_free(&s);
    return 0;
}
