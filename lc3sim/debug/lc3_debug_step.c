/* One step of the LC-3 debugger's target (one instruction; a TRAP runs
 * through the OS), with the undo record backstep replays: the machine's
 * words that changed and the memory words the step may have written. */
#include "lc3_debug_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console.h"
#include "dbg.h"
#include "lc3_check.h"
#include "lc3_isa.h"
#include "lc3_machine.h"

/* ------------------------------------------------------------------------
 * The undo record: the machine's state (lc3_machine_state, compared in
 * 16-bit units, so a field added to it is saved with no change here) and
 * the memory words the step may have written (its store, the
 * supervisor-stack pushes of a TRAP, interrupt or exception, the device
 * registers) that did change. */

typedef uint16_t state_unit;
enum { STATE_UNITS = sizeof(lc3_machine_state) / sizeof(state_unit), MEM_CANDIDATES = 10 };
_Static_assert(sizeof(lc3_machine_state) % sizeof(state_unit) == 0,
               "the state is a whole number of units");
_Static_assert(STATE_UNITS <= 256, "a unit's index fits in a byte");

typedef struct state_units {
    state_unit u[STATE_UNITS];
} state_units;

static void state_save(const lc3_machine *m, state_units *out)
{
    lc3_machine_state state;
    lc3_state_get(m, &state);
    memcpy(out->u, &state, sizeof state);
}

static void state_load(lc3_machine *m, const state_units *in)
{
    lc3_machine_state state;
    memcpy(&state, in->u, sizeof state);
    lc3_state_set(m, &state);
}

/* Kept small, as a million of them may be alive: after the header come
 * the old values of the changed state units, the memory words that
 * changed (address, old value), then the changed units' indices as bytes. */
typedef struct undo_record {
    size_t input_taken;   /* console bytes taken before the step */
    uint8_t unit_count, mem_count;
    uint16_t data[];
} undo_record;

static uint8_t *record_index(undo_record *r)
{
    return (uint8_t *)(r->data + r->unit_count + 2 * (size_t)r->mem_count);
}

static size_t record_bytes(unsigned units, unsigned mem)
{
    return sizeof(undo_record) + (units + 2 * mem) * sizeof(uint16_t) + units;
}

/* Addresses the step may write. */
static unsigned write_candidates(const lc3_machine *m, uint16_t *addrs)
{
    unsigned n = 0;
    uint16_t pc = lc3_pc(m), word = lc3_peek(m, pc);
    const lc3_insn_info *in = lc3_decode(word);
    if (in && (in->flags & LC3_STORE)) {
        /* The table's operands say where: PC-relative (ST, STI) or a base
         * register and an offset (STR); STI stores through the word there. */
        uint16_t at = lc3_operands[in->operands[1]].is_pc_relative
                          ? (uint16_t)(pc + 1 + lc3_operand_value(in, 1, word))
                          : (uint16_t)(lc3_reg(m, (unsigned)lc3_operand_value(in, 1, word)) +
                                       lc3_operand_value(in, 2, word));
        addrs[n++] = in == &lc3_insns[LC3_STI] ? lc3_peek(m, at) : at;
    }
    /* TRAP, interrupts and exceptions push PSR and PC on the supervisor
     * stack: R6 in supervisor mode, the saved SSP from user mode. */
    uint16_t stack = (lc3_psr(m) & LC3_PSR_USER) ? lc3_saved_ssp(m) : lc3_reg(m, 6);
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
    const uint16_t *mem = r->data + r->unit_count;
    for (unsigned i = r->mem_count; i > 0; i--)
        lc3_poke(d->m, mem[2 * (i - 1)], mem[2 * (i - 1) + 1]);
    state_units units;
    state_save(d->m, &units);
    for (unsigned i = 0; i < r->unit_count; i++)
        units.u[record_index(r)[i]] = r->data[i];
    state_load(d->m, &units);
    size_t taken = console_recorded(d->con);
    if (taken > r->input_taken)
        console_unread(d->con, taken - r->input_taken);
    free(r);
}

/* Puts the machine back as it was before a step that raised an exception,
 * so the debugger stops at the faulting instruction (as gdb stops at a
 * signal) rather than inside the OS's handler. */
static void take_back(lc3_dbg *d, const state_units *before, const uint16_t *addrs,
                      const uint16_t *old, unsigned candidates, size_t taken)
{
    for (unsigned i = candidates; i > 0; i--)
        lc3_poke(d->m, addrs[i - 1], old[i - 1]);
    state_load(d->m, before);
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
    state_units before;
    uint16_t addrs[MEM_CANDIDATES], old[MEM_CANDIDATES];
    size_t taken = console_recorded(d->con);
    /* Saved on every step, not only for undo: an exception takes it back. */
    state_save(m, &before);
    unsigned candidates = write_candidates(m, addrs);
    for (unsigned i = 0; i < candidates; i++)
        old[i] = lc3_peek(m, addrs[i]);
    uint64_t exceptions = lc3_exception_count(m);
    uint16_t pc = lc3_pc(m);
    bool deliver = d->signal_shown && d->signal_pc == pc;
    d->signal_shown = false;
    /* A finding stops before the instruction, as a breakpoint (the session
     * stops at findings); stepped again, the checker finds nothing new and
     * it runs. */
    dbg_step_result result = DBG_STEP_OK;
    lc3_run_result run = lc3_session_run(d->s, 1);
    if (run.stop == LC3_RUN_FINDING) {
        if (undo)
            *undo = NULL;
        snprintf(message, DBG_MESSAGE_SIZE, "a check's finding");
        return DBG_STEP_CHECK;
    }
    if (lc3_exception_count(m) > exceptions && !deliver) {
        signal_message(d, message);
        take_back(d, &before, addrs, old, candidates, taken);
        d->signal_shown = true;
        d->signal_pc = pc;
        d->faulted = true;
        if (undo)
            *undo = NULL;
        return DBG_STEP_SIGNAL;
    }
    switch (run.stop) {
    case LC3_RUN_LIMIT:
        break;
    case LC3_RUN_HALTED:
        snprintf(message, DBG_MESSAGE_SIZE, "program halted");
        result = DBG_STEP_EXITED;
        break;
    case LC3_RUN_INPUT_EOF:
        snprintf(message, DBG_MESSAGE_SIZE, "input ended while the program waits for a key");
        result = DBG_STEP_INPUT_ENDED;
        break;
    case LC3_RUN_FINDING:   /* returned above */
    case LC3_RUN_EXCEPTION: /* the debugger arms none of these stops, nor sets a hook */
    case LC3_RUN_HOOK:
    case LC3_RUN_AT_HALT:
    case LC3_RUN_AT_PC:
        break;
    }
    if (result == DBG_STEP_OK && console_output_closed(d->con)) {
        snprintf(message, DBG_MESSAGE_SIZE, "the program's output could not be written");
        result = DBG_STEP_OUTPUT;
    }
    if (!undo)
        return result;
    state_units after;
    state_save(m, &after);
    unsigned units = 0, mem = 0;
    for (unsigned i = 0; i < STATE_UNITS; i++)
        units += before.u[i] != after.u[i];
    for (unsigned i = 0; i < candidates; i++)
        mem += lc3_peek(m, addrs[i]) != old[i];
    undo_record *r = calloc(1, record_bytes(units, mem));
    *undo = r;
    if (!r)
        return result;
    r->unit_count = (uint8_t)units;
    r->mem_count = (uint8_t)mem;
    for (unsigned i = 0, k = 0; i < STATE_UNITS; i++)
        if (before.u[i] != after.u[i]) {
            record_index(r)[k] = (uint8_t)i;
            r->data[k++] = before.u[i];
        }
    for (unsigned i = 0, k = 0; i < candidates; i++)
        if (lc3_peek(m, addrs[i]) != old[i]) {
            r->data[units + 2 * k] = addrs[i];
            r->data[units + 2 * k + 1] = old[i];
            k++;
        }
    r->input_taken = taken;
    *undo_size = record_bytes(units, mem);
    return result;
}
