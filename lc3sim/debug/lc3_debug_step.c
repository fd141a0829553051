/* One step of the LC-3 debugger's target (one instruction; a TRAP runs
 * through the OS), with the undo record backstep replays: the machine's
 * words that changed and the memory words the step may have written. */
#include "lc3_debug_impl.h"

#include <stdio.h>
#include <stdlib.h>

#include "console.h"
#include "dbg.h"
#include "lc3_check.h"
#include "lc3_isa.h"
#include "lc3_machine_impl.h"

/* ------------------------------------------------------------------------
 * The undo record: the machine's words that changed and the memory words
 * the step may have written (its store, the supervisor-stack pushes of a
 * TRAP, interrupt or exception, the device registers) that did change. */

enum { CPU_WORDS = 8 + 4 + 2 + 4 + 1, MEM_CANDIDATES = 10 };

static void cpu_save(const lc3_machine *m, uint32_t *w)
{
    for (int i = 0; i < 8; i++)
        w[i] = m->reg[i];
    w[8] = m->pc, w[9] = m->psr, w[10] = m->saved_ssp, w[11] = m->saved_usp;
    w[12] = m->eof_stop, w[13] = m->eof_reads;
    w[14] = (uint32_t)m->count, w[15] = (uint32_t)(m->count >> 32);
    w[16] = (uint32_t)m->next_poll, w[17] = (uint32_t)(m->next_poll >> 32);
    w[18] = 0;
}

static void cpu_load(lc3_machine *m, const uint32_t *w)
{
    for (int i = 0; i < 8; i++)
        m->reg[i] = (uint16_t)w[i];
    m->pc = (uint16_t)w[8], m->psr = (uint16_t)w[9];
    m->saved_ssp = (uint16_t)w[10], m->saved_usp = (uint16_t)w[11];
    m->eof_stop = w[12] != 0, m->eof_reads = w[13];
    m->count = (uint64_t)w[15] << 32 | w[14];
    m->next_poll = (uint64_t)w[17] << 32 | w[16];
}

/* Kept small, as a million of them may be alive: after the header come
 * the old values of the changed words (the instruction count excepted: it
 * grows by one), the memory words that changed (address and old value),
 * then the changed words' indices as bytes. */
typedef struct undo_record {
    size_t input_taken;   /* console bytes taken before the step */
    uint8_t word_count, mem_count, count_delta;
    uint32_t data[];
} undo_record;

static uint8_t *record_index(undo_record *r)
{
    return (uint8_t *)(r->data + r->word_count + r->mem_count);
}

static size_t record_bytes(unsigned words, unsigned mem)
{
    return sizeof(undo_record) + (words + mem) * 4 + words;
}

enum { COUNT_LOW = 14, COUNT_HIGH = 15 };

/* Addresses the step may write. */
static unsigned write_candidates(const lc3_machine *m, uint16_t *addrs)
{
    unsigned n = 0;
    uint16_t pc = m->pc, word = m->mem[pc];
    unsigned op = word >> 12;
    if (op == 0x3) /* ST */
        addrs[n++] = (uint16_t)(pc + 1 + lc3_sext(word & 0x1ff, 9));
    else if (op == 0xB) /* STI */
        addrs[n++] = m->mem[(uint16_t)(pc + 1 + lc3_sext(word & 0x1ff, 9))];
    else if (op == 0x7) /* STR */
        addrs[n++] = (uint16_t)(m->reg[(word >> 6) & 7] + lc3_sext(word & 0x3f, 6));
    /* TRAP, interrupts and exceptions push PSR and PC on the supervisor
     * stack: R6 in supervisor mode, the saved SSP from user mode. */
    uint16_t stack = (m->psr & LC3_PSR_USER) ? m->saved_ssp : m->reg[6];
    addrs[n++] = (uint16_t)(stack - 1);
    addrs[n++] = (uint16_t)(stack - 2);
    static const uint16_t devices[] = {LC3_KBSR, LC3_KBDR, LC3_DSR, LC3_DDR, LC3_MCR};
    for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++)
        addrs[n++] = devices[i];
    return n;
}

void lc3_dbg_record_free(void *ctx, void *record)
{
    (void)ctx;
    free(record);
}

void lc3_dbg_record_undo(void *ctx, void *record)
{
    lc3_dbg *d = ctx;
    undo_record *r = record;
    if (!r)
        return;
    const uint32_t *mem = r->data + r->word_count;
    for (unsigned i = r->mem_count; i > 0; i--)
        lc3_poke(d->m, (uint16_t)(mem[i - 1] >> 16), (uint16_t)mem[i - 1]);
    uint32_t w[CPU_WORDS];
    cpu_save(d->m, w);
    for (unsigned i = 0; i < r->word_count; i++)
        w[record_index(r)[i]] = r->data[i];
    cpu_load(d->m, w);
    d->m->count -= r->count_delta;
    size_t taken = console_recorded(d->con);
    if (taken > r->input_taken)
        console_unread(d->con, taken - r->input_taken);
    free(r);
}

/* Puts the machine back as it was before a step that raised an exception,
 * so the debugger stops at the faulting instruction (as gdb stops at a
 * signal) rather than inside the OS's handler. */
static void take_back(lc3_dbg *d, const uint32_t *before, const uint16_t *addrs,
                      const uint16_t *old, unsigned candidates, uint64_t exceptions,
                      lc3_exception_info last, size_t taken)
{
    lc3_machine *m = d->m;
    for (unsigned i = candidates; i > 0; i--)
        lc3_poke(m, addrs[i - 1], old[i - 1]);
    cpu_load(m, before);
    m->exceptions = exceptions;
    m->last_exception = last;
    size_t now = console_recorded(d->con);
    if (now > taken)
        console_unread(d->con, now - taken);
}

/* What the step raised, "an illegal opcode": the stop shows where. */
static void signal_message(const lc3_dbg *d, char *message)
{
    snprintf(message, DBG_MESSAGE_SIZE, "%s", lc3_exception_name(lc3_last_exception(d->m).vector));
}

dbg_step_result lc3_dbg_step(void *ctx, void **undo, size_t *undo_size, char *message)
{
    lc3_dbg *d = ctx;
    lc3_machine *m = d->m;
    uint32_t before[CPU_WORDS];
    uint16_t addrs[MEM_CANDIDATES], old[MEM_CANDIDATES];
    unsigned candidates = 0;
    size_t taken = console_recorded(d->con);
    /* Saved on every step, not only for undo: an exception takes it back. */
    cpu_save(m, before);
    candidates = write_candidates(m, addrs);
    for (unsigned i = 0; i < candidates; i++)
        old[i] = m->mem[addrs[i]];
    uint64_t exceptions = m->exceptions;
    lc3_exception_info last = m->last_exception;
    bool deliver = d->signal_shown && d->signal_pc == m->pc;
    d->signal_shown = false;
    /* A finding stops before the instruction, as a breakpoint; stepped
     * again, the checker finds nothing new and it runs. */
    if (d->checker && lc3_check_before(d->checker, m)) {
        if (undo)
            *undo = NULL;
        snprintf(message, DBG_MESSAGE_SIZE, "a check's finding");
        return DBG_STEP_CHECK;
    }
    dbg_step_result result = DBG_STEP_OK;
    uint16_t pc = m->pc;
    lc3_stop stop = lc3_run(m, 1);
    if (m->exceptions > exceptions && !deliver) {
        signal_message(d, message);
        take_back(d, before, addrs, old, candidates, exceptions, last, taken);
        d->signal_shown = true;
        d->signal_pc = pc;
        d->faulted = true;
        if (undo)
            *undo = NULL;
        return DBG_STEP_SIGNAL;
    }
    if (d->checker)
        lc3_check_after(d->checker, m);
    switch (stop) {
    case LC3_STOP_LIMIT:
        break;
    case LC3_STOP_HALTED:
        snprintf(message, DBG_MESSAGE_SIZE, "program halted");
        result = DBG_STEP_EXITED;
        break;
    case LC3_STOP_INPUT_EOF:
        snprintf(message, DBG_MESSAGE_SIZE, "input ended while the program waits for a key");
        result = DBG_STEP_INPUT_ENDED;
        break;
    case LC3_STOP_AT_HALT: /* the debugger arms none of these stops, nor sets a checked record */
    case LC3_STOP_AT_PC:
    case LC3_STOP_CHECK:
    case LC3_STOP_EXCEPTION:
        break;
    }
    if (result == DBG_STEP_OK && console_output_closed(d->con)) {
        snprintf(message, DBG_MESSAGE_SIZE, "the program's output could not be written");
        result = DBG_STEP_OUTPUT;
    }
    if (!undo)
        return result;
    uint32_t after[CPU_WORDS];
    cpu_save(m, after);
    uint8_t count_delta = (uint8_t)(m->count - ((uint64_t)before[COUNT_HIGH] << 32 | before[COUNT_LOW]));
    after[COUNT_LOW] = before[COUNT_LOW];
    after[COUNT_HIGH] = before[COUNT_HIGH];
    unsigned words = 0, mem = 0;
    for (unsigned i = 0; i < CPU_WORDS; i++)
        words += before[i] != after[i];
    for (unsigned i = 0; i < candidates; i++)
        mem += m->mem[addrs[i]] != old[i];
    undo_record *r = calloc(1, record_bytes(words, mem));
    *undo = r;
    if (!r)
        return result;
    r->word_count = (uint8_t)words;
    r->mem_count = (uint8_t)mem;
    r->count_delta = count_delta;
    for (unsigned i = 0, k = 0; i < CPU_WORDS; i++)
        if (before[i] != after[i]) {
            record_index(r)[k] = (uint8_t)i;
            r->data[k++] = before[i];
        }
    for (unsigned i = 0, k = 0; i < candidates; i++)
        if (m->mem[addrs[i]] != old[i])
            r->data[words + k++] = (uint32_t)addrs[i] << 16 | old[i];
    r->input_taken = taken;
    *undo_size = record_bytes(words, mem);
    return result;
}

