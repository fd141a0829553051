/* The debugger's target for the MIPS machine (mips_debug.h): registers by
 * MARS's names, memory without side effects, one instruction per step with
 * MARS's syscalls, and the undo record of each step for backstep. */
#define _XOPEN_SOURCE 700
#include "mips_debug.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbg.h"
#include "dbg_symbols.h"
#include "mips_isa.h"
#include "mips_machine_impl.h"
#include "mips_syscall_undo.h"

/* Register indices: $0-$31, then these, then $f0-$f31, then CP0's four. */
enum {
    REG_PC = 32, REG_HI, REG_LO, GENERAL_COUNT,
    REG_F0 = GENERAL_COUNT, REG_CP0 = REG_F0 + 32, REG_COUNT = REG_CP0 + 4,
    REG_SP = 29, REG_RA = 31, REG_A0 = 4,
};
static const unsigned cp0_regs[4] = {MIPS_CP0_BADVADDR, MIPS_CP0_STATUS, MIPS_CP0_CAUSE,
                                     MIPS_CP0_EPC};
static const char *const cp0_names[4] = {"$vaddr", "$status", "$cause", "$epc"};

typedef struct mips_dbg {
    const mips_program *prog;
    const mipssim_options *opt;
    uint32_t start;
    mips_machine *m;
    mips_syscalls *sys;
    console *con;
    dbg_symbols symbols;
    char names[REG_COUNT][10];
} mips_dbg;

/* ------------------------------------------------------------------------
 * The undo record: the machine's words that changed, the memory the
 * instruction stored over, and the syscall's own record. */

/* The machine's state besides memory, as words (mips_machine_impl.h). */
enum { CPU_WORDS = 32 + 3 + 16 + 32 + 8 };

static void cpu_save(const mips_machine *m, uint32_t *w)
{
    memcpy(w, m->r, 32 * 4);
    w[32] = m->hi, w[33] = m->lo, w[34] = m->pc;
    memcpy(w + 35, m->cp0, 16 * 4);
    memcpy(w + 51, m->f, 32 * 4);
    w[83] = m->cc;
    w[84] = m->heap_break;
    w[85] = (uint32_t)m->count;
    w[86] = (uint32_t)(m->count >> 32);
    w[87] = m->last_pc;
    w[88] = m->delay_target;
    w[89] = (uint32_t)m->delay_pending | (uint32_t)m->error_pending << 1;
    w[90] = 0;
}

static void cpu_load(mips_machine *m, const uint32_t *w)
{
    memcpy(m->r, w, 32 * 4);
    m->hi = w[32], m->lo = w[33], m->pc = w[34];
    memcpy(m->cp0, w + 35, 16 * 4);
    memcpy(m->f, w + 51, 32 * 4);
    m->cc = (uint8_t)w[83];
    m->heap_break = w[84];
    m->count = (uint64_t)w[86] << 32 | w[85];
    m->last_pc = w[87];
    m->delay_target = w[88];
    m->delay_pending = w[89] & 1;
    m->error_pending = (w[89] >> 1) & 1;
}

typedef struct stored_word {
    uint32_t addr, old;
} stored_word;

/* Kept small, as a million of them may be alive: after the header come
 * the old values of the changed words (word_count of them, the instruction
 * count excepted: it only grows by count_delta), the stored-over memory
 * words, then the changed words' indices as bytes. */
typedef struct undo_record {
    mips_syscall_undo *sys;
    mips_error *error;      /* the error state before, when the step changed it */
    uint8_t word_count;
    uint8_t mem_count;      /* sdc1 stores two words */
    uint8_t count_delta;
    uint32_t data[];
} undo_record;

static stored_word *record_mem(undo_record *r)
{
    return (stored_word *)(r->data + r->word_count);
}

static uint8_t *record_index(undo_record *r)
{
    return (uint8_t *)(record_mem(r) + r->mem_count);
}

static size_t record_bytes(unsigned words, unsigned mem)
{
    return sizeof(undo_record) + words * 4 + mem * sizeof(stored_word) + words;
}

enum { COUNT_LOW = 85, COUNT_HIGH = 86 };

/* The words the instruction at pc will store to (none for other kinds). */
static unsigned store_targets(const mips_machine *m, uint32_t pc, uint32_t *addrs)
{
    uint32_t word;
    if (!mips_peek(m, pc, &word))
        return 0;
    mips_roles r = mips_roles_of(word);
    if (!(r.roles & MIPS_STORE))
        return 0;
    uint32_t addr = (m->r[r.base] + (uint32_t)r.offset) & ~3u;
    addrs[0] = addr;
    addrs[1] = addr + 4;
    return MIPS_ROLE_BYTES(r.roles) == 8 ? 2 : 1;
}

static void record_free(void *ctx, void *record)
{
    (void)ctx;
    undo_record *r = record;
    if (!r)
        return;
    mips_syscall_undo_free(r->sys);
    free(r->error);
    free(r);
}

static void record_undo(void *ctx, void *record)
{
    mips_dbg *d = ctx;
    undo_record *r = record;
    if (!r)
        return;
    if (r->sys) {
        mips_syscall_undo_restore(d->sys, d->m, r->sys);
        r->sys = NULL;
    }
    for (unsigned i = r->mem_count; i > 0; i--)
        mips_poke(d->m, record_mem(r)[i - 1].addr, record_mem(r)[i - 1].old);
    uint32_t w[CPU_WORDS];
    cpu_save(d->m, w);
    for (unsigned i = 0; i < r->word_count; i++)
        w[record_index(r)[i]] = r->data[i];
    cpu_load(d->m, w);
    d->m->count -= r->count_delta;
    if (r->error)
        d->m->error = *r->error;
    record_free(ctx, r);
}

/* ------------------------------------------------------------------------
 * Stepping */

static void runtime_message(mips_dbg *d, char *message)
{
    const mips_error *e = mips_error_of(d->m);
    const mips_origin *o = mips_program_origin(d->prog, e->pc);
    if (o && o->file < d->prog->file_count)
        snprintf(message, DBG_MESSAGE_SIZE, "%s:%u: runtime error at 0x%08x: %s",
                 d->prog->files[o->file]->path, o->line, e->pc, e->message);
    else
        snprintf(message, DBG_MESSAGE_SIZE, "runtime error at 0x%08x: %s", e->pc, e->message);
}

static dbg_step_result syscall_result(mips_dbg *d, char *message)
{
    uint32_t service = mips_reg(d->m, 2);
    switch (mips_syscall(d->sys, d->m)) {
    case MIPS_SYSCALL_CONTINUE:
        return DBG_STEP_OK;
    case MIPS_SYSCALL_RAISED:
        /* With no handler the error is pending: report it now. */
        if (d->m->error_pending && mips_run(d->m, 0) == MIPS_STOP_ERROR) {
            runtime_message(d, message);
            return DBG_STEP_FAULT;
        }
        return DBG_STEP_OK;
    case MIPS_SYSCALL_EXIT:
        snprintf(message, DBG_MESSAGE_SIZE, "program exited with status %d",
                 mips_syscall_exit_status(d->sys));
        return DBG_STEP_EXITED;
    case MIPS_SYSCALL_INPUT_ENDED:
        snprintf(message, DBG_MESSAGE_SIZE,
                 "input ended while the program waits for it (syscall %" PRIu32 ")", service);
        return DBG_STEP_INPUT_ENDED;
    case MIPS_SYSCALL_OUTPUT_CAP:
        snprintf(message, DBG_MESSAGE_SIZE, "the program's output reached the cap (--max-output)");
        return DBG_STEP_OUTPUT;
    }
    return DBG_STEP_OK;
}

static dbg_step_result target_step(void *ctx, void **undo, size_t *undo_size, char *message)
{
    mips_dbg *d = ctx;
    mips_machine *m = d->m;
    uint32_t before[CPU_WORDS];
    mips_error error_before = m->error;
    uint32_t addrs[2];
    stored_word mem[2];
    unsigned mem_count = 0;
    bool recording = undo != NULL;
    uint32_t word;
    bool is_syscall = mips_peek(m, m->pc, &word) && (mips_roles_of(word).roles & MIPS_SYSCALL);
    mips_syscall_undo *sys = NULL;
    if (recording) {
        cpu_save(m, before);
        mem_count = store_targets(m, m->pc, addrs);
        for (unsigned i = 0; i < mem_count; i++) {
            mem[i].addr = addrs[i];
            mips_peek(m, addrs[i], &mem[i].old);
        }
        if (is_syscall)
            sys = mips_syscall_undo_save(d->sys, m);
    }
    dbg_step_result result = DBG_STEP_OK;
    switch (mips_run(m, 1)) {
    case MIPS_STOP_LIMIT:
        break;
    case MIPS_STOP_EXIT:
        snprintf(message, DBG_MESSAGE_SIZE,
                 "program ran off the end of its code and ended (status 0)");
        result = DBG_STEP_EXITED;
        break;
    case MIPS_STOP_ERROR:
        runtime_message(d, message);
        result = DBG_STEP_FAULT;
        break;
    case MIPS_STOP_SYSCALL:
        result = syscall_result(d, message);
        break;
    }
    if (!recording)
        return result;
    uint32_t after[CPU_WORDS];
    cpu_save(m, after);
    /* The instruction count is kept as its growth, not as two words. */
    uint8_t count_delta = (uint8_t)(mips_instruction_count(m) - ((uint64_t)before[COUNT_HIGH] << 32 | before[COUNT_LOW]));
    after[COUNT_LOW] = before[COUNT_LOW];
    after[COUNT_HIGH] = before[COUNT_HIGH];
    unsigned changed = 0;
    for (unsigned i = 0; i < CPU_WORDS; i++)
        changed += before[i] != after[i];
    undo_record *r = calloc(1, record_bytes(changed, mem_count));
    if (!r) {
        mips_syscall_undo_free(sys);
        *undo = NULL;
        return result;
    }
    r->word_count = (uint8_t)changed;
    r->mem_count = (uint8_t)mem_count;
    r->count_delta = count_delta;
    for (unsigned i = 0, k = 0; i < CPU_WORDS; i++)
        if (before[i] != after[i]) {
            record_index(r)[k] = (uint8_t)i;
            r->data[k++] = before[i];
        }
    memcpy(record_mem(r), mem, mem_count * sizeof *mem);
    r->sys = sys;
    if (memcmp(&error_before, &m->error, sizeof error_before) != 0) {
        r->error = malloc(sizeof *r->error);
        if (r->error)
            *r->error = error_before;
    }
    *undo = r;
    *undo_size = record_bytes(changed, mem_count) + mips_syscall_undo_size(sys);
    return result;
}

/* ------------------------------------------------------------------------
 * The machine, built and rebuilt */

static bool build(mips_dbg *d)
{
    mips_machine_options mo = {.self_modifying_code = d->opt->self_modifying,
                               .delayed_branching = d->opt->delayed_branching};
    d->m = mips_machine_new(&mo);
    if (!d->m || !mips_machine_load(d->m, d->prog, d->start)) {
        fprintf(stderr, "mipssim: %s\n", d->m ? "the program does not fit in memory" : "out of memory");
        return false;
    }
    if (!mipssim_store_args(d->m, d->opt->args, d->opt->arg_count)) {
        fprintf(stderr, "mipssim: the program arguments do not fit in the stack\n");
        return false;
    }
    mips_syscall_options so = mips_syscall_default_options();
    so.root = d->opt->fs_root;
    so.output_cap = d->opt->max_output;
    d->sys = mips_syscalls_new(d->con, &so);
    if (!d->sys) {
        fprintf(stderr, "mipssim: out of memory\n");
        return false;
    }
    return true;
}

static void unbuild(mips_dbg *d)
{
    mips_syscalls_free(d->sys);
    mips_machine_free(d->m);
    d->sys = NULL;
    d->m = NULL;
}

static void target_restart(void *ctx)
{
    mips_dbg *d = ctx;
    unbuild(d);
    /* Input from a file starts over; a terminal's keys are gone. */
    if (!console_is_terminal(d->con))
        console_unread(d->con, console_recorded(d->con));
    if (!build(d))
        exit(MIPSSIM_EXIT_ASSEMBLY);
}

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
 * Code: kinds of instruction, disassembly, symbols, source */

static dbg_insn_kind classify(void *ctx, uint32_t addr, uint32_t *return_addr)
{
    mips_dbg *d = ctx;
    uint32_t word;
    *return_addr = addr + (d->opt->delayed_branching ? 8 : 4);
    if (!mips_peek(d->m, addr, &word))
        return DBG_INSN_OTHER;
    unsigned roles = mips_roles_of(word).roles;
    if (roles & MIPS_LINKS)
        return DBG_INSN_CALL; /* jal, jalr, bltzal, bgezal: next steps over them */
    if (roles & MIPS_RETURN)
        return DBG_INSN_RETURN; /* jr $ra */
    return DBG_INSN_OTHER;
}

static int disasm(void *ctx, uint32_t addr, char *buf, size_t size)
{
    mips_dbg *d = ctx;
    uint32_t word;
    if (!mips_peek(d->m, addr, &word)) {
        snprintf(buf, size, "(no instruction)");
        return -1;
    }
    return mips_program_disasm(d->prog, addr, word, buf, size);
}

static uint32_t next_addr(void *ctx, uint32_t addr)
{
    (void)ctx;
    return addr + 4;
}

static bool in_text(uint32_t addr)
{
    return (addr >= MIPS_TEXT_BASE && addr < MIPS_EXTERN_BASE) ||
           (addr >= MIPS_KTEXT_BASE && addr < MIPS_KDATA_BASE);
}

/* A label names addresses of its own kind: a text label in a text segment,
 * a data label in a data segment (a label of one kind placed in the other's
 * segment names nothing). */
enum { GROUP_DATA, GROUP_TEXT, GROUP_NONE };

static bool add_symbols(mips_dbg *d, const symtab *table)
{
    for (size_t i = 0; i < table->capacity; i++) {
        const symbol *s = &table->slots[i];
        if (!s->name)
            continue;
        bool text = (s->flags & MIPS_SYM_TEXT) != 0;
        unsigned group = text != in_text((uint32_t)s->value) ? GROUP_NONE
                         : text                                 ? GROUP_TEXT
                                                                : GROUP_DATA;
        if (!dbg_symbols_add(&d->symbols, s->name, (uint32_t)s->value, group))
            return false;
    }
    return true;
}

static bool symbol_value(void *ctx, const char *name, uint32_t *addr)
{
    mips_dbg *d = ctx;
    const symbol *s = symtab_find(&d->prog->globals, name, strlen(name));
    for (int f = 0; !s && f < d->opt->file_count; f++)
        s = symtab_find(&d->prog->locals[f], name, strlen(name));
    if (s)
        *addr = (uint32_t)s->value;
    return s != NULL;
}

static const char *symbol_at(void *ctx, uint32_t addr, uint32_t *offset)
{
    mips_dbg *d = ctx;
    bool text = in_text(addr);
    if (!text && !(addr >= MIPS_EXTERN_BASE && addr < MIPS_HEAP_BASE) &&
        !(addr >= MIPS_KDATA_BASE && addr < MIPS_KDATA_BASE + 0x400000u))
        return NULL;
    return dbg_symbols_nearest(&d->symbols, addr, 0, text ? GROUP_TEXT : GROUP_DATA, offset);
}

static bool symbol_nth(void *ctx, size_t i, const char **name, uint32_t *addr)
{
    return dbg_symbols_nth(&((mips_dbg *)ctx)->symbols, i, name, addr);
}

static bool source_of(void *ctx, uint32_t addr, dbg_source *out)
{
    mips_dbg *d = ctx;
    const mips_origin *o = mips_program_origin(d->prog, addr);
    if (!o || o->file >= d->prog->file_count)
        return false;
    *out = (dbg_source){.file = o->file, .line = (int)o->line, .part = o->part, .parts = o->parts};
    return true;
}

static bool line_addr(void *ctx, size_t file, int line, uint32_t *addr)
{
    mips_dbg *d = ctx;
    int best_line = 0;
    static const int ids[2] = {MIPS_SEG_TEXT, MIPS_SEG_KTEXT};
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < 2; i++) {
            const mips_segment *seg = &d->prog->segments[ids[i]];
            const mips_origin *origins = i == 0 ? d->prog->text_origin : d->prog->ktext_origin;
            for (uint32_t k = 0; origins && k < seg->size / 4; k++) {
                const mips_origin *o = &origins[k];
                if (!o->parts || o->file != file || (int)o->line < line)
                    continue;
                if (pass == 0 && (best_line == 0 || (int)o->line < best_line))
                    best_line = (int)o->line;
                if (pass == 1 && (int)o->line == best_line && o->part == 0) {
                    *addr = seg->base + 4 * k;
                    return true;
                }
            }
        }
    return false;
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

int mips_debug_main(const mips_program *prog, const mipssim_options *opt, uint32_t start)
{
    mips_dbg d = {.prog = prog, .opt = opt, .start = start};
    int input_fd = -1;
    bool interactive = isatty(STDIN_FILENO);
    if (opt->input_path) {
        input_fd = open(opt->input_path, O_RDONLY);
        if (input_fd < 0) {
            fprintf(stderr, "mipssim: cannot read the input file %s\n", opt->input_path);
            return MIPSSIM_EXIT_USAGE;
        }
    } else if (interactive) {
        input_fd = STDIN_FILENO; /* the program and the prompt share the terminal */
    }
    name_registers(&d);
    int status = MIPSSIM_EXIT_ASSEMBLY;
    d.con = console_open(input_fd, STDOUT_FILENO);
    bool ok = d.con && add_symbols(&d, &prog->globals);
    for (int f = 0; ok && f < opt->file_count; f++)
        ok = add_symbols(&d, &prog->locals[f]);
    if (ok)
        dbg_symbols_sort(&d.symbols);
    if (ok && build(&d)) {
        dbg_target t = {
            .ctx = &d, .name = "MIPS", .addr_digits = 8, .hex_prefix = "0x", .word_bytes = 4,
            .byte_addressed = true, .sp_reg = REG_SP, .pc_reg = REG_PC,
            .arg_regs = {REG_A0, REG_A0 + 1, REG_A0 + 2, REG_A0 + 3},
            .reg_count = REG_COUNT, .general_count = GENERAL_COUNT,
            .reg_name = reg_name, .reg_lookup = reg_lookup, .get_reg = get_reg, .set_reg = set_reg,
            .pc = target_pc, .read = target_read, .write = target_write, .step = target_step,
            .undo = record_undo, .undo_free = record_free, .restart = target_restart,
            .instruction_count = instruction_count, .classify = classify, .disasm = disasm,
            .next_addr = next_addr, .symbol_value = symbol_value, .symbol_at = symbol_at,
            .symbol_nth = symbol_nth, .files = prog->files, .file_count = prog->file_count,
            .source_of = source_of, .line_addr = line_addr, .con = d.con,
        };
        dbg_options o = {.script = opt->debug_script, .commands = stdin, .interactive = interactive,
                         .out = stdout, .limit = opt->limit};
        status = dbg_main(&t, &o);
    }
    unbuild(&d);
    console_close(d.con);
    if (input_fd >= 0 && input_fd != STDIN_FILENO)
        close(input_fd);
    dbg_symbols_free(&d.symbols);
    return status;
}
