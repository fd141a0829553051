/* The LC-3 machine: state and its accessors, devices, exceptions and
 * interrupts, and lc3_run, which drives the interpreter in lc3_exec.c
 * (or lc3_exec_checked.c, with a checked record set). */
#include "lc3_machine.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lc3_machine_impl.h"

/* The machine is its state and these, none of them state: mem (memory,
 * device registers included: lc3_peek, lc3_poke), dec (decoded code, made
 * again from mem), ignore_privilege, stop_at_halt, stop_at_exception,
 * stop_armed and stop_pc (options a host sets), io (the host), checked (the
 * checker's record, the checker's own). A member added after checked fails
 * here, so whoever adds one decides whether it is state. */
_Static_assert(sizeof(struct lc3_machine) ==
                   offsetof(struct lc3_machine, checked) + sizeof(lc3_checked_record *),
               "a member after checked: state (lc3_machine_state) or listed above");

void lc3_state_get(const lc3_machine *m, lc3_machine_state *out)
{
    memcpy(out, &m->state, sizeof *out);
}

void lc3_state_set(lc3_machine *m, const lc3_machine_state *state)
{
    memcpy(&m->state, state, sizeof *state);
}

/* Without a host: no input ever arrives, output goes nowhere. */
static int no_key(void *ctx, bool may_wait)
{
    (void)ctx;
    (void)may_wait;
    return LC3_KEY_EOF;
}

static void no_output(void *ctx, uint8_t byte)
{
    (void)ctx;
    (void)byte;
}

lc3_machine *lc3_new(const lc3_io *io)
{
    lc3_machine *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (io)
        m->io = *io;
    if (!m->io.poll_key)
        m->io.poll_key = no_key;
    if (!m->io.put_char)
        m->io.put_char = no_output;
    /* calloc made every entry LC3_H_DECODE; device space is never cached. */
    for (uint32_t a = LC3_DEVICE_BASE; a <= 0xFFFF; a++)
        m->dec[a] = LC3_H_DEVFETCH;
    m->dec[0x10000] = LC3_H_WRAP;
    m->mem[LC3_DSR] = LC3_DSR_READY;
    m->mem[LC3_MCR] = LC3_MCR_CLOCK;
    m->state.pc = 0x0200;
    m->state.psr = LC3_PSR_Z;
    m->state.saved_ssp = LC3_SUPERVISOR_STACK;
    m->state.saved_usp = LC3_USER_STACK;
    return m;
}

void lc3_free(lc3_machine *m)
{
    free(m);
}

/* Device registers are not memory: a word loaded there reaches neither the
 * device nor a later read (lc3tools writes it through to the device, so a
 * word at xFE06 prints; the book loads memory only). */
void lc3_load(lc3_machine *m, uint16_t origin, const uint16_t *words, size_t count)
{
    uint16_t addr = origin;
    for (size_t i = 0; i < count; i++, addr++) {
        if (addr >= LC3_DEVICE_BASE)
            continue;
        m->mem[addr] = words[i];
        lc3_invalidate(m, addr);
    }
}

void lc3_start_user(lc3_machine *m, uint16_t pc)
{
    m->state.pc = pc;
    m->state.psr = LC3_PSR_USER | LC3_PSR_Z;
    m->state.reg[6] = LC3_USER_STACK;
    m->state.saved_ssp = LC3_SUPERVISOR_STACK;
    m->mem[LC3_MCR] |= LC3_MCR_CLOCK;
}

void lc3_start(lc3_machine *m, uint16_t pc)
{
    if (pc >= LC3_SYSTEM_END && pc < LC3_DEVICE_BASE) {
        lc3_start_user(m, pc);
        return;
    }
    m->state.pc = pc;
    m->state.psr = LC3_PSR_Z;
    m->state.reg[6] = LC3_SUPERVISOR_STACK;
    m->state.saved_usp = LC3_USER_STACK;
    m->mem[LC3_MCR] |= LC3_MCR_CLOCK;
}

void lc3_set_ignore_privilege(lc3_machine *m, bool ignore)
{
    m->ignore_privilege = ignore;
}

void lc3_set_stop_at_halt(lc3_machine *m, bool on)
{
    m->stop_at_halt = on;
}

void lc3_set_stop_at_exception(lc3_machine *m, bool on)
{
    m->stop_at_exception = on;
}

void lc3_set_stop_pc(lc3_machine *m, bool armed, uint16_t pc)
{
    if (m->stop_armed)
        lc3_invalidate(m, m->stop_pc);
    m->stop_armed = armed && pc < LC3_DEVICE_BASE;
    m->stop_pc = pc;
    if (m->stop_armed)
        lc3_invalidate(m, pc); /* uncached: DECODE stops there */
}

uint64_t lc3_exception_count(const lc3_machine *m)
{
    return m->state.exceptions;
}

lc3_exception_info lc3_last_exception(const lc3_machine *m)
{
    return m->state.last_exception;
}

const char *lc3_exception_name(unsigned vector)
{
    switch (vector) {
    case LC3_VEC_PRIVILEGE:
        return "a privilege violation (RTI in user mode)";
    case LC3_VEC_ILLEGAL:
        return "an illegal opcode";
    default:
        return "an access violation (user mode touched system space or a device)";
    }
}

uint16_t lc3_reg(const lc3_machine *m, unsigned r)
{
    return m->state.reg[r & 7];
}

void lc3_set_reg(lc3_machine *m, unsigned r, uint16_t value)
{
    m->state.reg[r & 7] = value;
}

uint16_t lc3_pc(const lc3_machine *m)
{
    return m->state.pc;
}

void lc3_set_pc(lc3_machine *m, uint16_t pc)
{
    m->state.pc = pc;
}

uint16_t lc3_psr(const lc3_machine *m)
{
    return m->state.psr;
}

void lc3_set_psr(lc3_machine *m, uint16_t psr)
{
    m->state.psr = psr;
}

uint16_t lc3_saved_ssp(const lc3_machine *m)
{
    return m->state.saved_ssp;
}

uint16_t lc3_saved_usp(const lc3_machine *m)
{
    return m->state.saved_usp;
}

uint16_t lc3_peek(const lc3_machine *m, uint16_t addr)
{
    return addr == LC3_PSR ? m->state.psr : m->mem[addr];
}

/* Device addresses with no register behind them (and write-only DDR) read
 * 0, as in lc3tools. */
static bool device_holds(uint16_t addr)
{
    return addr == LC3_KBSR || addr == LC3_KBDR || addr == LC3_DSR || addr == LC3_PSR ||
           addr == LC3_MCR;
}

void lc3_poke(lc3_machine *m, uint16_t addr, uint16_t value)
{
    if (addr >= LC3_DEVICE_BASE && !device_holds(addr))
        return;
    if (addr == LC3_PSR)
        m->state.psr = value;
    m->mem[addr] = value;
    lc3_invalidate(m, addr);
}

uint64_t lc3_instruction_count(const lc3_machine *m)
{
    return m->state.count;
}

/* ---- Devices ------------------------------------------------------------ */

/* Asks the host for a key; a key sets KBSR[15]. Only the program's own KBSR
 * reads (may_wait) count towards giving up on exhausted input. */
static void poll_keyboard(lc3_machine *m, bool may_wait)
{
    int key = m->io.poll_key(m->io.ctx, may_wait);
    if (key >= 0) {
        m->mem[LC3_KBDR] = (uint16_t)(key & 0xFF);
        m->mem[LC3_KBSR] |= LC3_KBSR_READY;
        m->state.key_interrupted = false;
        m->state.eof_reads = 0;
    } else if (key == LC3_KEY_EOF && may_wait) {
        if (m->state.eof_reads < LC3_EOF_READS)
            m->state.eof_reads++;
        if (m->state.eof_reads >= LC3_EOF_READS)
            m->state.eof_stop = true;
    }
}

static uint16_t device_read(lc3_machine *m, uint16_t addr)
{
    switch (addr) {
    case LC3_KBSR:
        if (!(m->mem[LC3_KBSR] & LC3_KBSR_READY))
            poll_keyboard(m, true);
        return m->mem[LC3_KBSR];
    case LC3_KBDR:
        /* A key typed already is there without a KBSR read first, as in
         * lc3tools, which polls the keyboard between instructions. */
        if (!(m->mem[LC3_KBSR] & LC3_KBSR_READY))
            poll_keyboard(m, false);
        m->mem[LC3_KBSR] &= (uint16_t)~LC3_KBSR_READY;
        return m->mem[LC3_KBDR];
    case LC3_DSR:
        return m->mem[LC3_DSR] | LC3_DSR_READY;
    case LC3_PSR: /* its condition codes are current: the interpreter synced them */
        return m->state.psr;
    case LC3_MCR:
        return m->mem[LC3_MCR];
    default: /* DDR is write-only; nothing else is mapped */
        return 0;
    }
}

static void device_write(lc3_machine *m, uint16_t addr, uint16_t value)
{
    switch (addr) {
    case LC3_KBSR: /* only IE is the program's to set */
        m->mem[LC3_KBSR] = (uint16_t)((m->mem[LC3_KBSR] & LC3_KBSR_READY) | (value & LC3_KBSR_IE));
        break;
    case LC3_KBDR: /* read-only */
        break;
    case LC3_DSR: /* keeps bit 14 (interrupt enable; no display interrupt is
                     raised), as lc3tools does; bit 15 is always ready here */
        m->mem[LC3_DSR] = (uint16_t)(LC3_DSR_READY | (value & LC3_KBSR_IE));
        break;
    case LC3_DDR: { /* write-only: kept nowhere */
        uint8_t byte = (uint8_t)(value & 0xFF);
        /* lc3tools' display starts a new line for CR as for LF; so does
         * ours, for every host (a raw terminal then shows CR LF, not a
         * return over the line). */
        m->io.put_char(m->io.ctx, byte == '\r' ? '\n' : byte);
        break;
    }
    case LC3_PSR:
        /* No stack switch, as in lc3tools, whose one saved stack pointer
         * then stands for the other mode's: so does ours. */
        if ((m->state.psr ^ value) & LC3_PSR_USER) {
            if (value & LC3_PSR_USER)
                m->state.saved_ssp = m->state.saved_usp;
            else
                m->state.saved_usp = m->state.saved_ssp;
        }
        m->state.psr = value;
        break;
    case LC3_MCR: /* lc3_run sees a cleared clock bit after the instruction */
        m->mem[addr] = value;
        break;
    default: /* nothing is mapped there: the write goes nowhere */
        break;
    }
}

static bool user_strict(const lc3_machine *m)
{
    return (m->state.psr & LC3_PSR_USER) && !m->ignore_privilege;
}

static bool user_space(uint16_t addr)
{
    return addr >= LC3_SYSTEM_END && addr < LC3_DEVICE_BASE;
}

bool lc3_read(lc3_machine *m, uint16_t addr, uint16_t *value)
{
    if (user_strict(m) && !user_space(addr))
        return false;
    *value = addr >= LC3_DEVICE_BASE ? device_read(m, addr) : m->mem[addr];
    return true;
}

bool lc3_write(lc3_machine *m, uint16_t addr, uint16_t value)
{
    if (user_strict(m) && !user_space(addr))
        return false;
    if (addr >= LC3_DEVICE_BASE) {
        device_write(m, addr, value);
    } else {
        m->mem[addr] = value;
        m->dec[addr] = LC3_H_DECODE;
    }
    return true;
}

/* ---- Exceptions, TRAP, interrupts, RTI ---------------------------------- */

/* Called in supervisor mode only, so the access cannot fault. */
static void push(lc3_machine *m, uint16_t value)
{
    m->state.reg[6]--;
    (void)lc3_write(m, m->state.reg[6], value);
}

static uint16_t pop(lc3_machine *m)
{
    uint16_t value = 0;
    (void)lc3_read(m, m->state.reg[6], &value);
    m->state.reg[6]++;
    return value;
}

/* The entry sequence TRAP, exceptions and interrupts share: switch to the
 * supervisor stack, push PSR and the return PC, enter supervisor mode (with
 * the given priority, or the current one if negative). Returns the handler
 * address from the vector table. */
static uint16_t enter_supervisor(lc3_machine *m, uint16_t return_pc, uint16_t vector_addr,
                                 int priority)
{
    uint16_t old = m->state.psr;
    if (old & LC3_PSR_USER) {
        m->state.saved_usp = m->state.reg[6];
        m->state.reg[6] = m->state.saved_ssp;
    }
    uint16_t psr = (uint16_t)(old & ~LC3_PSR_USER);
    if (priority >= 0)
        psr = (uint16_t)((psr & ~LC3_PSR_PRIORITY) | ((unsigned)priority << 8));
    m->state.psr = psr;
    push(m, old);
    push(m, return_pc);
    return m->mem[vector_addr]; /* the vector tables are plain memory */
}

uint16_t lc3_trap(lc3_machine *m, uint16_t return_pc, unsigned vect8)
{
    return enter_supervisor(m, return_pc, (uint16_t)(LC3_TRAP_TABLE + vect8), -1);
}

uint16_t lc3_exception(lc3_machine *m, uint16_t return_pc, unsigned vector)
{
    m->state.exceptions++;
    m->state.last_exception = (lc3_exception_info){vector, (uint16_t)(return_pc - 1)};
    if (m->stop_at_exception) { /* lc3_run returns before the next instruction */
        m->state.at_exception = true;
        return (uint16_t)(return_pc - 1);
    }
    return enter_supervisor(m, return_pc, (uint16_t)(LC3_INT_TABLE + vector), -1);
}

uint16_t lc3_rti(lc3_machine *m, uint16_t return_pc)
{
    if (m->state.psr & LC3_PSR_USER)
        return lc3_exception(m, return_pc, LC3_VEC_PRIVILEGE);
    uint16_t pc = pop(m);
    uint16_t psr = pop(m);
    m->state.psr = psr;
    if (psr & LC3_PSR_USER) {
        m->state.saved_ssp = m->state.reg[6];
        m->state.reg[6] = m->state.saved_usp;
    }
    return pc;
}

static bool interrupt_pending(const lc3_machine *m)
{
    const uint16_t both = LC3_KBSR_READY | LC3_KBSR_IE;
    unsigned priority = (m->state.psr & LC3_PSR_PRIORITY) >> 8;
    return (m->mem[LC3_KBSR] & both) == both && !m->state.key_interrupted &&
           LC3_KEYBOARD_PRIORITY > priority;
}

/* ---- Running ------------------------------------------------------------ */

/* Steps: each instruction, TRAP included, counts one, and so does each
 * attempt that raised an exception (privilege, illegal opcode, ACV on data
 * or on the fetch); entering the keyboard interrupt counts none. While the
 * clock is off (MCR[15] clear) nothing runs: HALTED at once, until
 * lc3_start_user or lc3_poke sets it again. */
void lc3_set_checked(lc3_machine *m, lc3_checked_record *record)
{
    m->checked = record;
    m->state.check_stop = false;
}

lc3_stop lc3_run(lc3_machine *m, uint64_t max_steps)
{
    uint64_t left = max_steps;
    for (;;) {
        if (m->state.at_exception) {
            m->state.at_exception = false;
            return LC3_STOP_EXCEPTION;
        }
        if (!(m->mem[LC3_MCR] & LC3_MCR_CLOCK))
            return LC3_STOP_HALTED;
        if (m->state.eof_stop) {
            m->state.eof_stop = false;
            return LC3_STOP_INPUT_EOF;
        }
        if (left == 0)
            return LC3_STOP_LIMIT;

        /* Interrupt-driven input: poll between chunks, never per step. */
        bool ie = (m->mem[LC3_KBSR] & LC3_KBSR_IE) != 0;
        if (ie && !(m->mem[LC3_KBSR] & LC3_KBSR_READY) && m->state.count >= m->state.next_poll) {
            poll_keyboard(m, false);
            m->state.next_poll = m->state.count + LC3_POLL_INTERVAL;
        }
        if (interrupt_pending(m)) {
            m->state.pc = enter_supervisor(m, m->state.pc, LC3_INT_TABLE + LC3_VEC_KEYBOARD,
                                           LC3_KEYBOARD_PRIORITY);
            m->state.key_interrupted = true;
        }
        if (m->stop_armed && m->state.pc == m->stop_pc)
            return LC3_STOP_AT_PC;

        /* The interpreter only checks fetches on jumps into system space and
         * leaves the fault to be raised here, where the mode is settled.
         * The faulting attempt counts as a step, as every exception does. */
        if (user_strict(m) && !user_space(m->state.pc)) {
            m->state.pc = lc3_exception(m, (uint16_t)(m->state.pc + 1), LC3_VEC_ACCESS);
            left--;
            m->state.count++;
            continue;
        }

        uint64_t chunk = left;
        if (ie && chunk > LC3_POLL_INTERVAL)
            chunk = LC3_POLL_INTERVAL;
        uint64_t done = m->checked ? lc3_execute_checked(m, chunk) : lc3_execute(m, chunk);
        left -= done;
        m->state.count += done;
        if (m->state.at_halt) {
            m->state.at_halt = false;
            return LC3_STOP_AT_HALT;
        }
        if (m->state.check_stop) {
            m->state.check_stop = false;
            return LC3_STOP_CHECK;
        }
    }
}
