/* MARS 4.5's Keyboard and Display MMIO Simulator as a device of the
 * machine (docs/devices.md has each fact and where MARS has it). Its
 * registers are words of the MMIO page, as in MARS, where the tool watches
 * the memory: a load from the receiver data clears the receiver's ready
 * bit, a store to the transmitter data while the transmitter is ready
 * starts its delay, and the delay ends a number of instruction fetches
 * later. The device's 4 KiB never enters the page table, so only accesses
 * to it leave the interpreter's fast path; its delay ends at a chunk
 * boundary that mips_run cuts for it (mips_mmio_before). */
#include <stdlib.h>

#include "mips_machine_impl.h"

enum {
    RCV_CTRL, RCV_DATA, TX_CTRL, TX_DATA,
    STATUS_IE = 1, /* Status: interrupts enabled; EXL is bit 1 */
};

void mips_mmio_attach(mips_machine *m, uint32_t delay, mips_mmio_sink sink, void *ctx)
{
    if (!m->mmio_page) {
        uint32_t **slot = &m->pages[MIPS_MMIO_PAGE];
        m->mmio_page = mips_block_alloc(m, MIPS_PAGE_WORDS * sizeof(uint32_t));
        if (!m->mmio_page)
            abort(); /* as the memory does: nothing sensible to run on */
        if (*slot) /* words stored before: the device's page takes them */
            for (unsigned i = 4; i < MIPS_PAGE_WORDS; i++)
                m->mmio_page[i] = (*slot)[i];
        if (*slot)
            for (unsigned i = 0; i < 4; i++)
                m->state.mmio.reg[i] = (*slot)[i];
        *slot = NULL;
    }
    m->state.mmio.attached = 1;
    m->state.mmio.tx_delay = delay ? delay : 1;
    m->state.mmio.reg[TX_CTRL] |= 1; /* Connect: addAsObserver sets the ready bit */
    m->mmio_sink = sink;
    m->mmio_ctx = ctx;
}

bool mips_mmio_attached(const mips_machine *m)
{
    return m->state.mmio.attached != 0;
}

/* MARS raises a device's interrupt when the control word, ready bit set,
 * has another bit (the interrupt enable, bit 1) and Status has IE set and
 * EXL clear; the simulator takes it before the next instruction. */
static void maybe_interrupt(mips_machine *m, uint32_t control, uint32_t cause)
{
    uint32_t status = m->state.cp0[MIPS_CP0_STATUS];
    if (control != 1 && !(status & MIPS_STATUS_EXL) && (status & STATUS_IE))
        m->state.mmio.irq = cause;
}

void mips_mmio_key(mips_machine *m, uint8_t key)
{
    mips_mmio_state *d = &m->state.mmio;
    d->reg[RCV_CTRL] |= 1;
    d->reg[RCV_DATA] = key;
    maybe_interrupt(m, d->reg[RCV_CTRL], 0x100);
}

static uint64_t now(const mips_machine *m)
{
    return m->exec_base + m->exec_ran;
}

int mips_mmio_load(mips_machine *m, uint32_t addr, unsigned size, uint32_t *value)
{
    mips_mmio_state *d = &m->state.mmio;
    uint32_t word = d->reg[(addr - MIPS_MMIO_BASE) / 4];
    unsigned shift = (addr & 3) * 8;
    *value = size == 4 ? word : (word >> shift) & (size == 2 ? 0xffffu : 0xffu);
    /* The tool matches the access's address, whatever its size. */
    if (addr == MIPS_MMIO_BASE + 4)
        d->reg[RCV_CTRL] &= 2;
    return -1;
}

int mips_mmio_store(mips_machine *m, uint32_t addr, unsigned size, uint32_t value)
{
    mips_mmio_state *d = &m->state.mmio;
    uint32_t *w = &d->reg[(addr - MIPS_MMIO_BASE) / 4];
    if (size == 4) {
        *w = value;
    } else {
        unsigned shift = (addr & 3) * 8;
        uint32_t mask = (size == 2 ? 0xffffu : 0xffu) << shift;
        *w = (*w & ~mask) | ((value << shift) & mask);
    }
    /* A store while the transmitter is not ready is ignored: "serves 'em
     * right for not checking". */
    if (addr == MIPS_MMIO_BASE + 12 && (d->reg[TX_CTRL] & 1)) {
        d->reg[TX_CTRL] &= 2;
        d->tx_word = size == 4 ? value : value & (size == 2 ? 0xffffu : 0xffu);
        d->tx_busy = 1;
        /* The store's own fetch is past; the delay-th fetch after it sets
         * the ready bit before that instruction runs. */
        d->tx_ready_at = now(m) + d->tx_delay - 1;
        m->dev_left = d->tx_delay - 1;
        m->dev_cut = true;
    }
    return -1;
}

bool mips_mmio_before(mips_machine *m, uint64_t *steps, mips_stop *stop)
{
    mips_mmio_state *d = &m->state.mmio;
    if (d->tx_busy && m->state.count >= d->tx_ready_at) {
        d->tx_busy = 0;
        if (m->mmio_sink)
            m->mmio_sink(m->mmio_ctx, d->tx_word);
        d->reg[TX_CTRL] |= 1;
        maybe_interrupt(m, d->reg[TX_CTRL], 0x200);
    }
    if (d->irq && !m->state.delay_pending) {
        mips_error_kind kind = d->irq == 0x100 ? MIPS_ERR_INTERRUPT_KEYBOARD
                                               : MIPS_ERR_INTERRUPT_DISPLAY;
        uint32_t pc = m->state.pc;
        d->irq = 0;
        if (!mips_exception(m, kind, pc, 0, 0, &pc)) {
            *stop = MIPS_STOP_ERROR;
            return false;
        }
        m->state.pc = pc;
    }
    if (d->tx_busy && d->tx_ready_at - m->state.count < *steps)
        *steps = d->tx_ready_at - m->state.count;
    return true;
}
