/* The MIPS debugger target's stepping (mips_debug_impl.h): one instruction
 * by the session's run loop (mips_session.h), the undo record of each step for backstep, and the
 * machine built and rebuilt for restart. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mips_debug_impl.h"
#include "mips_isa.h"
#include "mips_syscall_undo.h"

/* ------------------------------------------------------------------------
 * The undo record: the machine's words that changed, the memory the
 * instruction stored over, and the syscall's own record. */

/* The machine's state besides memory (mips_machine_state), as words: an
 * undo record keeps the words a step changed. */
enum { CPU_WORDS = sizeof(mips_machine_state) / 4 };
_Static_assert(sizeof(mips_machine_state) % 4 == 0, "the state is whole words");
_Static_assert(CPU_WORDS <= 256, "a word's index fits in a byte");

typedef union cpu_words {
    mips_machine_state state;
    uint32_t w[CPU_WORDS];
} cpu_words;

static void cpu_save(const mips_machine *m, uint32_t *w)
{
    cpu_words u;
    mips_state_get(m, &u.state);
    memcpy(w, u.w, sizeof u.w);
}

static void cpu_load(mips_machine *m, const uint32_t *w)
{
    cpu_words u;
    memcpy(u.w, w, sizeof u.w);
    mips_state_set(m, &u.state);
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

/* The instruction count's words (little-endian hosts: low first). */
enum {
    COUNT_LOW = offsetof(mips_machine_state, count) / 4,
    COUNT_HIGH = COUNT_LOW + 1,
};

static uint64_t count_of(const uint32_t *w)
{
    uint64_t count;
    memcpy(&count, w + COUNT_LOW, sizeof count);
    return count;
}

/* The words the instruction at pc will store to (none for other kinds). */
static unsigned store_targets(const mips_machine *m, uint32_t pc, uint32_t *addrs)
{
    uint32_t word;
    if (!mips_peek(m, pc, &word))
        return 0;
    mips_roles r = mips_roles_of(word);
    if (!(r.roles & MIPS_STORE))
        return 0;
    uint32_t addr = (mips_reg(m, r.base) + (uint32_t)r.offset) & ~3u;
    addrs[0] = addr;
    addrs[1] = addr + 4;
    return MIPS_ROLE_BYTES(r.roles) == 8 ? 2 : 1;
}

void mips_dbg_record_free(void *ctx, void *record)
{
    (void)ctx;
    undo_record *r = record;
    if (!r)
        return;
    mips_syscall_undo_free(r->sys);
    free(r);
}

void mips_dbg_record_undo(void *ctx, void *record)
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
    uint64_t count = count_of(w) - r->count_delta;
    memcpy(w + COUNT_LOW, &count, sizeof count);
    cpu_load(d->m, w);
    mips_dbg_record_free(ctx, r);
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

dbg_step_result mips_dbg_step(void *ctx, void **undo, size_t *undo_size, char *message)
{
    mips_dbg *d = ctx;
    mips_machine *m = d->m;
    uint32_t before[CPU_WORDS];
    uint32_t addrs[2];
    stored_word mem[2];
    unsigned mem_count = 0;
    bool recording = undo != NULL;
    uint32_t word;
    bool is_syscall = mips_peek(m, mips_pc(m), &word) && (mips_roles_of(word).roles & MIPS_SYSCALL);
    mips_syscall_undo *sys = NULL;
    if (recording) {
        cpu_save(m, before);
        mem_count = store_targets(m, mips_pc(m), addrs);
        for (unsigned i = 0; i < mem_count; i++) {
            mem[i].addr = addrs[i];
            mips_peek(m, addrs[i], &mem[i].old);
        }
        if (is_syscall)
            sys = mips_syscall_undo_save(d->sys, m);
    }
    dbg_step_result result = DBG_STEP_OK;
    mips_run_result run = mips_session_run(d->session, 1);
    switch (run.end) {
    case MIPS_RUN_CHECK:
        mips_syscall_undo_free(sys); /* nothing ran */
        if (recording)
            *undo = NULL;
        snprintf(message, DBG_MESSAGE_SIZE, "a check's finding");
        return DBG_STEP_CHECK;
    case MIPS_RUN_LIMIT:
    case MIPS_RUN_OUTPUT_FAILED: /* the debugger's own output says so */
    case MIPS_RUN_REFUSED:       /* no hook here */
    case MIPS_RUN_STOPPED:
        break;
    case MIPS_RUN_EXITED:
        if (run.fell_off)
            snprintf(message, DBG_MESSAGE_SIZE,
                     "program ran off the end of its code and ended (status 0)");
        else
            snprintf(message, DBG_MESSAGE_SIZE, "program exited with status %d",
                     run.exit_status);
        result = DBG_STEP_EXITED;
        break;
    case MIPS_RUN_ERROR:
        runtime_message(d, message);
        result = DBG_STEP_FAULT;
        break;
    case MIPS_RUN_INPUT_ENDED:
        snprintf(message, DBG_MESSAGE_SIZE,
                 "input ended while the program waits for it (syscall %" PRIu32 ")",
                 run.service);
        result = DBG_STEP_INPUT_ENDED;
        break;
    case MIPS_RUN_OUTPUT_CAP:
        snprintf(message, DBG_MESSAGE_SIZE, "the program's output reached the cap (--max-output)");
        result = DBG_STEP_OUTPUT;
        break;
    }
    /* The machine's pc is past the faulting instruction (MARS's is too);
     * the debugger stops at the fault, as gdb does at a signal. */
    if (result == DBG_STEP_FAULT)
        mips_set_pc(m, mips_error_of(m)->pc);
    if (!recording)
        return result;
    uint32_t after[CPU_WORDS];
    cpu_save(m, after);
    /* The instruction count is kept as its growth, not as two words. */
    uint8_t count_delta = (uint8_t)(count_of(after) - count_of(before));
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
    *undo = r;
    *undo_size = record_bytes(changed, mem_count) + mips_syscall_undo_size(sys);
    return result;
}

/* ------------------------------------------------------------------------
 * The machine, built and rebuilt */

/* A checker for d->check_set on d->m, taking its state now as the start;
 * none when no check is on. Every finding stops, as a breakpoint does. */
static bool attach_checker(mips_dbg *d)
{
    mips_check_attach(d->m, NULL, NULL);
    mips_session_set_checker(d->session, NULL);
    mips_checker_free(d->checker);
    d->checker = NULL;
    if ((d->check_set & ((1u << MIPS_CHECK_COUNT) - 1)) == 0)
        return true;
    d->sayer = (mips_check_sayer){d->prog, d->con, stdout, true};
    d->checker = mips_checker_new(d->check_set, mips_check_say, &d->sayer);
    mips_session_set_checker(d->session, d->checker);
    return d->checker && mips_check_attach(d->m, d->checker, d->prog);
}

bool mips_dbg_checks(void *ctx, const char *spec, char *message)
{
    mips_dbg *d = ctx;
    if (spec) {
        unsigned set;
        char why[DBG_MESSAGE_SIZE];
        if (!check_parse(spec, mips_check_names, MIPS_CHECK_NAME_COUNT, MIPS_CHECK_COUNT, &set,
                         why, sizeof why)) {
            snprintf(message, DBG_MESSAGE_SIZE, "%s", why);
            return false;
        }
        /* Changed mid-run, the checks start from the machine as it is. */
        bool had = d->checker != NULL;
        d->check_set = set;
        if (had && (set & ((1u << MIPS_CHECK_COUNT) - 1)))
            mips_check_set(d->checker, set);
        else if (!attach_checker(d)) {
            snprintf(message, DBG_MESSAGE_SIZE, "out of memory");
            return false;
        }
    }
    check_format(d->check_set & ((1u << MIPS_CHECK_NAME_COUNT) - 1), mips_check_names,
                 MIPS_CHECK_NAME_COUNT, message, DBG_MESSAGE_SIZE);
    return true;
}

bool mips_dbg_build(mips_dbg *d)
{
    d->session = mips_session_new(&d->config->session);
    d->m = d->session ? mips_session_machine(d->session) : NULL;
    if (!d->m || !mips_session_load_program(d->session, d->prog, d->start)) {
        fprintf(stderr, "mipssim: %s\n", d->m ? "the program does not fit in memory" : "out of memory");
        return false;
    }
    if (!mips_session_store_args(d->session, d->config->args, d->config->arg_count)) {
        fprintf(stderr, "mipssim: the program arguments do not fit in the stack\n");
        return false;
    }
    bool opened = mips_session_open(d->session, d->con);
    d->sys = mips_session_syscalls(d->session);
    if (!opened || !attach_checker(d)) {
        fprintf(stderr, "mipssim: out of memory\n");
        return false;
    }
    return true;
}

void mips_dbg_unbuild(mips_dbg *d)
{
    mips_checker_free(d->checker);
    d->checker = NULL;
    mips_session_free(d->session);
    d->session = NULL;
    d->sys = NULL;
    d->m = NULL;
}

void mips_dbg_restart(void *ctx)
{
    mips_dbg *d = ctx;
    mips_dbg_unbuild(d);
    /* Input from a file starts over; a terminal's keys are gone. */
    if (!console_is_terminal(d->con))
        console_unread(d->con, console_recorded(d->con));
    if (!mips_dbg_build(d))
        exit(d->config->failure_status);
}
