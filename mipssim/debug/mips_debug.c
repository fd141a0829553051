/* The debugger's target for the MIPS machine (mips_debug.h): registers by
 * MARS's names, memory without side effects, and the session; stepping and
 * undo are in mips_debug_step.c, code, symbols and source in
 * mips_debug_code.c. */
#define _XOPEN_SOURCE 700
#include "mips_debug_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mips_isa.h"
#include "pixscreen.h"

static const unsigned cp0_regs[4] = {MIPS_CP0_BADVADDR, MIPS_CP0_STATUS, MIPS_CP0_CAUSE,
                                     MIPS_CP0_EPC};
static const char *const cp0_names[4] = {"$vaddr", "$status", "$cause", "$epc"};

/* ------------------------------------------------------------------------
 * Registers and memory */

static const char *reg_name(void *ctx, unsigned r)
{
    return ((mips_dbg *)ctx)->names[r];
}

static int reg_lookup(void *ctx, const char *name)
{
    mips_dbg *d = ctx;
    for (unsigned r = 0; r < REG_COUNT; r++)
        if (strcmp(d->names[r], name) == 0)
            return (int)r;
    if (strcmp(name, "$pc") == 0 || strcmp(name, "PC") == 0)
        return REG_PC;
    if (strcmp(name, "$hi") == 0)
        return REG_HI;
    if (strcmp(name, "$lo") == 0)
        return REG_LO;
    bool is_number, is_float;
    int r = mips_register(name, strlen(name), &is_number, &is_float);
    if (r < 0)
        return -1;
    return is_float ? REG_F0 + r : r;
}

static uint32_t get_reg(void *ctx, unsigned r)
{
    mips_dbg *d = ctx;
    if (r < 32)
        return mips_reg(d->m, r);
    if (r == REG_PC)
        return mips_pc(d->m);
    if (r == REG_HI)
        return mips_hi(d->m);
    if (r == REG_LO)
        return mips_lo(d->m);
    if (r < REG_CP0)
        return mips_fpr(d->m, r - REG_F0);
    return mips_cp0(d->m, cp0_regs[r - REG_CP0]);
}

static void set_reg(void *ctx, unsigned r, uint32_t value)
{
    mips_dbg *d = ctx;
    if (r < 32)
        mips_set_reg(d->m, r, value);
    else if (r == REG_PC)
        mips_set_pc(d->m, value);
    else if (r == REG_HI)
        mips_set_hi_lo(d->m, value, mips_lo(d->m));
    else if (r == REG_LO)
        mips_set_hi_lo(d->m, mips_hi(d->m), value);
    else if (r < REG_CP0)
        mips_set_fpr(d->m, r - REG_F0, value);
    else
        mips_set_cp0(d->m, cp0_regs[r - REG_CP0], value);
}

static uint32_t target_pc(void *ctx)
{
    return mips_pc(((mips_dbg *)ctx)->m);
}

/* Addresses where memory exists though no word was ever written there
 * (they read as zero, as in MARS). */
static bool writable_region(uint32_t addr)
{
    return (addr >= MIPS_EXTERN_BASE && addr < MIPS_DATA_END) ||
           (addr >= 0x7fc00000u && addr < 0x80000000u) ||
           (addr >= MIPS_KDATA_BASE && addr < MIPS_KDATA_BASE + 0x400000u);
}

static bool target_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value)
{
    mips_dbg *d = ctx;
    uint32_t word;
    if (addr % size != 0)
        return false;
    if (!mips_peek(d->m, addr & ~3u, &word) && !writable_region(addr))
        return false;
    unsigned shift = 8 * (addr % 4);
    *value = size == 4 ? word : (word >> shift) & (size == 2 ? 0xffffu : 0xffu);
    return true;
}

static bool target_write(void *ctx, uint32_t addr, unsigned size, uint32_t value)
{
    mips_dbg *d = ctx;
    uint32_t word;
    if (addr % size != 0)
        return false;
    if (!mips_peek(d->m, addr & ~3u, &word) && !writable_region(addr))
        return false;
    unsigned shift = 8 * (addr % 4);
    uint32_t mask = size == 4 ? 0xffffffffu : (size == 2 ? 0xffffu : 0xffu) << shift;
    word = (word & ~mask) | ((value << shift) & mask);
    mips_poke(d->m, addr & ~3u, word);
    return true;
}

static uint64_t instruction_count(void *ctx)
{
    return mips_instruction_count(((mips_dbg *)ctx)->m);
}

/* ------------------------------------------------------------------------
 * The session */

static void name_registers(mips_dbg *d)
{
    for (unsigned r = 0; r < 32; r++)
        snprintf(d->names[r], sizeof d->names[r], "$%s", mips_register_name(r));
    snprintf(d->names[REG_PC], sizeof d->names[0], "pc");
    snprintf(d->names[REG_HI], sizeof d->names[0], "hi");
    snprintf(d->names[REG_LO], sizeof d->names[0], "lo");
    for (unsigned f = 0; f < 32; f++)
        snprintf(d->names[REG_F0 + f], sizeof d->names[0], "$f%u", f);
    for (unsigned c = 0; c < 4; c++)
        snprintf(d->names[REG_CP0 + c], sizeof d->names[0], "%s", cp0_names[c]);
}

mips_debug_config mips_debug_default_config(void)
{
    mips_debug_config c = {0};
    c.session = mips_session_default_config();
    c.usage_status = 2;
    c.failure_status = 1;
    return c;
}

/* The Bitmap Display as it is now (memory, so a backstep restores it). */
static bool target_screenshot(void *ctx, const char *path, char *message)
{
    mips_dbg *d = ctx;
    const mips_bitmap *b = &d->config->display;
    pixscreen ps;
    if (!pixscreen_init(&ps, b->width / b->unit_w, b->height / b->unit_h, b->unit_w, b->unit_h,
                        NULL)) {
        snprintf(message, DBG_MESSAGE_SIZE, "Out of memory.");
        return false;
    }
    mips_bitmap_read(d->m, b, ps.now);
    bool ok = pixscreen_write_png(&ps, path);
    if (!ok)
        snprintf(message, DBG_MESSAGE_SIZE, "Cannot write %s: %s.", path, strerror(errno));
    pixscreen_free(&ps);
    return ok;
}

bool mips_debug_open(mips_dbg *d, dbg_target *t, const mips_program *prog,
                     const mips_debug_config *config, uint32_t start, console *con)
{
    *d = (mips_dbg){.prog = prog, .config = config, .start = start, .con = con,
                    .check_set = config->check_set};
    name_registers(d);
    bool ok = mips_dbg_add_symbols(d, &prog->globals);
    for (int f = 0; ok && f < config->source_count; f++)
        ok = mips_dbg_add_symbols(d, &prog->locals[f]);
    if (ok)
        dbg_symbols_sort(&d->symbols);
    if (!ok || !mips_dbg_build(d))
        return false;
    *t = (dbg_target){
        .ctx = d, .name = "MIPS", .addr_digits = 8, .hex_prefix = "0x", .word_bytes = 4,
        .byte_addressed = true, .sp_reg = MIPS_REG_SP, .pc_reg = REG_PC,
        .arg_regs = {MIPS_REG_A0, MIPS_REG_A1, MIPS_REG_A2, MIPS_REG_A3},
        .reg_count = REG_COUNT, .general_count = GENERAL_COUNT,
        .reg_name = reg_name, .reg_lookup = reg_lookup, .get_reg = get_reg, .set_reg = set_reg,
        .pc = target_pc, .read = target_read, .write = target_write, .step = mips_dbg_step,
        .undo = mips_dbg_record_undo, .undo_free = mips_dbg_record_free,
        .restart = mips_dbg_restart, .instruction_count = instruction_count,
        .classify = mips_dbg_classify, .disasm = mips_dbg_disasm,
        .next_addr = mips_dbg_next_addr, .symbol_value = mips_dbg_symbol_value,
        .symbol_at = mips_dbg_symbol_at, .symbol_nth = mips_dbg_symbol_nth,
        .files = prog->files, .file_count = prog->file_count,
        .source_of = mips_dbg_source_of, .line_addr = mips_dbg_line_addr,
        .checks = mips_dbg_checks, .con = con,
        .screenshot = config->bitmap ? target_screenshot : NULL,
    };
    return true;
}

void mips_debug_close(mips_dbg *d)
{
    mips_dbg_unbuild(d);
    dbg_symbols_free(&d->symbols);
}

struct mips_debuggee {
    mips_dbg d;
    dbg_target t;
    mips_debug_config config; /* the target keeps a pointer to it */
};

mips_debuggee *mips_debuggee_new(const mips_program *prog, const mips_debug_config *config,
                                 uint32_t start, console *con)
{
    mips_debuggee *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->config = *config;
    if (!mips_debug_open(&e->d, &e->t, prog, &e->config, start, con)) {
        mips_debuggee_free(e);
        return NULL;
    }
    return e;
}

dbg_target *mips_debuggee_target(mips_debuggee *d)
{
    return &d->t;
}

mips_session *mips_debuggee_session(mips_debuggee *d)
{
    return d->d.session;
}

void mips_debuggee_free(mips_debuggee *d)
{
    if (!d)
        return;
    mips_debug_close(&d->d);
    free(d);
}

int mips_debug_main(const mips_program *prog, const mips_debug_config *config, uint32_t start)
{
    int input_fd = -1;
    bool interactive = isatty(STDIN_FILENO);
    if (config->input_path) {
        input_fd = open(config->input_path, O_RDONLY);
        if (input_fd < 0) {
            fprintf(stderr, "mipssim: cannot read the input file %s\n", config->input_path);
            return config->usage_status;
        }
    } else if (interactive) {
        input_fd = STDIN_FILENO; /* the program and the prompt share the terminal */
    }
    int status = config->failure_status;
    console *con = console_open(input_fd, STDOUT_FILENO);
    mips_dbg d = {0};
    dbg_target t;
    if (con && mips_debug_open(&d, &t, prog, config, start, con)) {
        dbg_options o = {.script = config->script, .commands = stdin, .interactive = interactive,
                         .out = stdout, .limit = config->limit};
        status = dbg_main(&t, &o);
    }
    mips_debug_close(&d);
    console_close(con);
    if (input_fd >= 0 && input_fd != STDIN_FILENO)
        close(input_fd);
    return status;
}
