/* The debugger's target for the LC-3 machine (lc3_debug.h): R0-R7, PC,
 * PSR and the saved stack pointers, word-addressed memory without device
 * side effects, and the session; one step and its undo record for
 * backstep are in lc3_debug_step.c, code, symbols and source in
 * lc3_debug_code.c. */
#define _XOPEN_SOURCE 700
#include "lc3_debug_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "console.h"
#include "dbg.h"
#include "dbg_symbols.h"
#include "lc3_check.h"
#include "lc3_load.h"
#include "lc3_machine.h"
#include "lc3_session.h"
#include "lc3_video.h"
#include "pixscreen.h"

static const char *const reg_names[REG_COUNT] = {"R0", "R1", "R2", "R3", "R4", "R5", "R6",
                                                 "R7", "PC", "PSR", "USP", "SSP"};

/* How long a program polling the keyboard may block before it runs on. */
enum { KEY_WAIT_MS = 10 };

/* ------------------------------------------------------------------------
 * The machine, built and rebuilt */

static int poll_key(void *ctx, bool may_wait)
{
    lc3_dbg *d = ctx;
    int byte = console_read_byte(d->con, may_wait ? KEY_WAIT_MS : 0);
    if (byte >= 0)
        return byte;
    return byte == CONSOLE_EOF ? LC3_KEY_EOF : LC3_KEY_NONE;
}

static void put_char(void *ctx, uint8_t byte)
{
    lc3_dbg *d = ctx;
    console_put(d->con, byte);
}

static void flush_console(void *ctx)
{
    lc3_dbg *d = ctx;
    if (d->con)
        console_flush(d->con);
}

static bool target_checks(void *ctx, const char *spec, char *message)
{
    lc3_dbg *d = ctx;
    if (spec) {
        unsigned set;
        char why[DBG_MESSAGE_SIZE];
        if (!check_parse(spec, lc3_check_names, LC3_CHECK_NAME_COUNT, LC3_CHECK_COUNT, &set,
                         why, sizeof why)) {
            snprintf(message, DBG_MESSAGE_SIZE, "%s", why);
            return false;
        }
        d->check_set = set;
        if (!lc3_session_set_checks(d->s, set)) {
            snprintf(message, DBG_MESSAGE_SIZE, "out of memory");
            return false;
        }
    }
    check_format(d->check_set, lc3_check_names, LC3_CHECK_NAME_COUNT, message,
                 DBG_MESSAGE_SIZE);
    return true;
}

/* A fresh machine from the session, with the check command's setting. */
static bool build(lc3_dbg *d)
{
    bool ok = lc3_session_start(d->s) && lc3_session_set_checks(d->s, d->check_set);
    d->m = lc3_session_machine(d->s);
    d->signal_shown = false;
    if (!ok)
        fprintf(stderr, "lc3sim: out of memory\n");
    return ok;
}

static void target_restart(void *ctx)
{
    lc3_dbg *d = ctx;
    /* Input from a file starts over; a terminal's keys are gone. */
    if (!console_is_terminal(d->con))
        console_unread(d->con, console_recorded(d->con));
    if (!build(d))
        exit(1);
}

/* ------------------------------------------------------------------------
 * Registers and memory */

static const char *reg_name(void *ctx, unsigned r)
{
    (void)ctx;
    return reg_names[r];
}

static int reg_lookup(void *ctx, const char *name)
{
    (void)ctx;
    if (name[0] == '$')
        name++;
    for (unsigned r = 0; r < REG_COUNT; r++)
        if (strcasecmp(reg_names[r], name) == 0)
            return (int)r;
    return -1;
}

static uint32_t get_reg(void *ctx, unsigned r)
{
    lc3_dbg *d = ctx;
    if (r < 8)
        return lc3_reg(d->m, r);
    switch (r) {
    case REG_PC:
        return lc3_pc(d->m);
    case REG_PSR:
        return lc3_psr(d->m);
    case REG_USP:
        return lc3_saved_usp(d->m);
    default:
        return lc3_saved_ssp(d->m);
    }
}

static void set_reg(void *ctx, unsigned r, uint32_t value)
{
    lc3_dbg *d = ctx;
    uint16_t v = (uint16_t)value;
    if (r < 8)
        lc3_set_reg(d->m, r, v);
    else if (r == REG_PC)
        lc3_set_pc(d->m, v);
    else if (r == REG_PSR)
        lc3_set_psr(d->m, v);
    else {
        lc3_machine_state state;
        lc3_state_get(d->m, &state);
        if (r == REG_USP)
            state.saved_usp = v;
        else
            state.saved_ssp = v;
        lc3_state_set(d->m, &state);
    }
}

static uint32_t target_pc(void *ctx)
{
    return lc3_pc(((lc3_dbg *)ctx)->m);
}

static bool target_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value)
{
    lc3_dbg *d = ctx;
    (void)size;
    if (addr > 0xffff)
        return false;
    *value = lc3_peek(d->m, (uint16_t)addr);
    return true;
}

static bool target_write(void *ctx, uint32_t addr, unsigned size, uint32_t value)
{
    lc3_dbg *d = ctx;
    (void)size;
    if (addr > 0xffff)
        return false;
    lc3_poke(d->m, (uint16_t)addr, (uint16_t)value);
    return true;
}

static uint64_t instruction_count(void *ctx)
{
    return lc3_instruction_count(((lc3_dbg *)ctx)->m);
}

/* ------------------------------------------------------------------------
 * The session */

lc3_dbg *lc3_debug_load(const lc3_debug_options *opt, FILE *errors)
{
    lc3_dbg *d = calloc(1, sizeof *d);
    if (!d) {
        fprintf(errors, "lc3sim: out of memory\n");
        return NULL;
    }
    d->opt = opt;
    d->check_set = opt->check_set;
    /* Findings go to stdout, with the debugger's own text, and stop a step
     * as a breakpoint does; an exception is taken back by the step itself
     * (lc3_debug_step.c), so the session does not stop at it. */
    lc3_session_config config = {
        .io = {.ctx = d, .poll_key = poll_key, .put_char = put_char},
        .tool = "lc3sim",
        .errors = errors,
        .os_path = opt->os_path,
        .has_pc = opt->has_pc,
        .pc = opt->pc,
        .ignore_privilege = opt->ignore_privilege,
        .stop_at_finding = true,
        .check_set = opt->check_set,
        .check_saved = opt->check_saved,
        .check_out = stdout,
        .check_flush = flush_console,
        .check_flush_ctx = d,
    };
    d->s = lc3_session_new(&config);
    if (!d->s) {
        fprintf(errors, "lc3sim: out of memory\n");
        free(d);
        return NULL;
    }
    if (!lc3_session_load_file(d->s, opt->program)) {
        lc3_debug_free(d);
        return NULL;
    }
    d->prog = lc3_session_program(d->s);
    d->m = lc3_session_machine(d->s);
    return d;
}

/* PennSim's display as it is now (memory, so a backstep restores it). */
static bool target_screenshot(void *ctx, const char *path, char *message)
{
    lc3_dbg *d = ctx;
    pixscreen ps;
    if (!pixscreen_init(&ps, LC3_VIDEO_WIDTH, LC3_VIDEO_HEIGHT, 1, 1, NULL)) {
        snprintf(message, DBG_MESSAGE_SIZE, "Out of memory.");
        return false;
    }
    lc3_video_read(d->m, ps.now);
    bool ok = pixscreen_write_png(&ps, path);
    if (!ok)
        snprintf(message, DBG_MESSAGE_SIZE, "Cannot write %s: %s.", path, strerror(errno));
    pixscreen_free(&ps);
    return ok;
}

dbg_target *lc3_debug_target(lc3_dbg *d, console *con)
{
    d->con = con;
    if (!d->con || !lc3_dbg_collect_symbols(d))
        return NULL;
    d->files[0] = d->prog->source;
    d->t = (dbg_target){
        .ctx = d, .name = "LC-3", .addr_digits = 4, .hex_prefix = "x", .word_bytes = 2,
        .byte_addressed = false, .sp_reg = 6, .pc_reg = REG_PC, .arg_regs = {-1, -1, -1, -1},
        .reg_count = REG_COUNT, .general_count = GENERAL_COUNT,
        .reg_name = reg_name, .reg_lookup = reg_lookup, .get_reg = get_reg, .set_reg = set_reg,
        .pc = target_pc, .read = target_read, .write = target_write, .step = lc3_dbg_step,
        .undo = lc3_dbg_record_undo, .undo_free = lc3_dbg_record_free, .restart = target_restart,
        .instruction_count = instruction_count, .classify = lc3_dbg_classify,
        .disasm = lc3_dbg_disasm, .next_addr = lc3_dbg_next_addr,
        .symbol_value = lc3_dbg_symbol_value, .symbol_at = lc3_dbg_symbol_at,
        .symbol_nth = lc3_dbg_symbol_nth, .files = d->files, .file_count = d->prog->source ? 1 : 0,
        .source_of = lc3_dbg_source_of, .line_addr = lc3_dbg_line_addr, .checks = target_checks,
        .con = d->con, .screenshot = d->opt->video ? target_screenshot : NULL,
    };
    return &d->t;
}

bool lc3_debug_is_data(const lc3_dbg *d, uint32_t addr)
{
    dbg_source src;
    size_t len;
    const char *text = lc3_dbg_source_of((void *)d, addr, &src)
                           ? source_line(d->prog->source, src.line, &len) : NULL;
    if (!text)
        return false;
    /* The line that made the word: a directive that reserves data. */
    static const char *const directives[] = {".fill", ".blkw", ".stringz"};
    for (size_t i = 0; i < len && text[i] != ';'; i++)
        for (size_t k = 0; k < 3; k++) {
            size_t n = strlen(directives[k]);
            if (i + n <= len && strncasecmp(text + i, directives[k], n) == 0)
                return true;
        }
    return false;
}

lc3_session *lc3_debug_session(lc3_dbg *d)
{
    return d->s;
}

void lc3_debug_free(lc3_dbg *d)
{
    if (!d)
        return;
    dbg_symbols_free(&d->symbols);
    lc3_session_free(d->s);
    free(d);
}

int lc3_debug_main(const lc3_debug_options *opt)
{
    lc3_dbg *d = lc3_debug_load(opt, stderr);
    if (!d)
        return 1;
    int status = 1;
    bool interactive = isatty(STDIN_FILENO);
    int input_fd = interactive ? STDIN_FILENO : -1;
    console *con = NULL;
    if (opt->input_path && (input_fd = open(opt->input_path, O_RDONLY)) < 0) {
        fprintf(stderr, "lc3sim: cannot read the input file %s\n", opt->input_path);
    } else {
        con = console_open(input_fd, STDOUT_FILENO);
        dbg_target *t = lc3_debug_target(d, con);
        if (t) {
            dbg_options o = {.script = opt->script, .commands = stdin, .interactive = interactive,
                             .out = stdout, .limit = opt->limit};
            status = dbg_main(t, &o);
            /* As lc3sim without -d: an exception is the program's failure,
             * even when the OS's handler then halted. */
            if (status == 0 && (d->faulted || lc3_exception_count(d->m) > 0))
                status = LC3_DEBUG_EXIT_EXCEPTION;
        }
    }
    if (input_fd > STDIN_FILENO)
        close(input_fd);
    lc3_debug_free(d);
    console_close(con);
    return status;
}
