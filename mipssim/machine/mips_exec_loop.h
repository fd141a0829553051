/* The interpreter's loop, included by mips_exec.c (mips_execute, the plain
 * loop), mips_exec_checked.c (mips_execute_checked, with --check's hook
 * before each instruction) and mips_exec_hooked.c (mips_execute_hooked,
 * with a host's). The includer defines:
 *   MIPS_EXEC_NAME        the function's name
 *   MIPS_EXEC_HOOK_STATE   declarations at the function's top
 *   MIPS_EXEC_NEW_PAGE(p)  the 4 KiB of code p (at pc) becomes the current one
 *   MIPS_EXEC_HOOK(i)      after a fetch from the current 4 KiB, word i, with pc
 *                          past the instruction and d its decoded form
 *   MIPS_EXEC_HOOK_ANY()   the same for code fetched from anywhere else
 * The plain loop defines them all as nothing, and so compiles to what it
 * was before the hooks. */
#include <stdint.h>

#include "mips_machine_impl.h"

#ifdef MIPS_MACHINE_SWITCH
#define INTERP_USE_SWITCH
#endif
#include "../../asm/runtime/interp.h"

INTERP_NO_CROSSJUMPING
mips_exec_end MIPS_EXEC_NAME(mips_machine *m, uint64_t budget, uint64_t *ran)
{
    MIPS_EXEC_HOOK_STATE
#if USE_COMPUTED_GOTO
#define MIPS_LABEL(name) [MIPS_H_##name] = &&L_##name,
    static const void *const interp_labels[MIPS_H_COUNT] = {MIPS_HANDLERS(MIPS_LABEL)};
#undef MIPS_LABEL
#endif
    uint32_t *const r = m->state.r;
    uint32_t *const *const pages = m->pages;
    const bool db = m->options.delayed_branching;
    const uint32_t link = db ? 4 : 0; /* jal links pc + 8 with delayed branching */
    uint32_t pc = m->state.pc;
    uint64_t left = budget;
    const mips_decoded *code = NULL; /* decoded forms of the 4 KiB holding pc ... */
    /* ... and its address. Odd while code is NULL, so that no aligned pc
     * passes FETCH's range check; a misaligned pc (at entry, or from a
     * register jump) sets it to pc + 1, so the slow fetch faults on it. */
    uint32_t code_base = pc & 3 ? pc + 1 : 1;
    mips_exec_end end = MIPS_END_BUDGET;
    mips_decoded d;
    uint32_t ea, off;
    int kind;
    uint32_t fault_addr = 0;
    int32_t fault_code = 0;
    uint32_t data_tag = 4; /* none yet: see DATA_HIT */
    uint32_t *data_page = NULL;

/* A taken branch or jump. With delayed branching the next instruction runs
 * first: mips_run runs it and then goes to the target. A taken branch inside
 * that slot keeps the first target and carries the slot over to the next
 * instruction, as MARS's DelayedBranch re-registers it. */
#define TAKE(target)                                                                     \
    do {                                                                                 \
        uint32_t t_ = (target);                                                          \
        if (UNLIKELY(db)) {                                                              \
            if (m->state.delay_pending) {                                                \
                m->state.delay_extend = true;                                            \
                NEXT();                                                                  \
            }                                                                            \
            m->state.delay_target = t_;                                                        \
            m->state.delay_pending = true;                                                     \
            end = MIPS_END_DELAY;                                                        \
            goto out;                                                                    \
        }                                                                                \
        pc = t_;                                                                         \
        NEXT();                                                                          \
    } while (0)
/* A jump to a register's value, which may be misaligned (see code_base). */
#define TAKE_REGISTER(target)                                                            \
    do {                                                                                 \
        uint32_t r_ = (target);                                                          \
        if (UNLIKELY(r_ & 3))                                                            \
            code_base = r_ + 1;                                                          \
        TAKE(r_);                                                                        \
    } while (0)
#define BRANCH(cond)                                                                     \
    do {                                                                                 \
        if (cond)                                                                        \
            TAKE(MIPS_D_IMM(d));                                                                 \
        NEXT();                                                                          \
    } while (0)
#define FAULT(k, addr, c)                                                                \
    do {                                                                                 \
        kind = (k);                                                                      \
        fault_addr = (addr);                                                             \
        fault_code = (c);                                                                \
        goto fault;                                                                      \
    } while (0)
/* Fast path: an allocated block and an aligned address; else mips_memory.c
 * decides (unallocated, text with smc, errors). A byte or half in the last
 * 3 bytes of either half of the address space (0x7ffffffd-f, 0xfffffffd-f)
 * goes there too: MARS's stack and MMIO end inside those pages. */
#define SUB_WORD_FAST(size, ea) ((size) == 4 || ((ea) | 0x80000000u) < 0xfffffffdu)
/* The last data page the fast path used, QEMU-softmmu style: its address
 * in data_tag (low 12 bits zero) and its words. One compare of ea masked
 * to the page and the access's alignment bits replaces the table load and
 * the null and alignment tests. While no page is remembered the tag is 4,
 * which no masked ea equals (bit 2 is always cleared; 1 would match a word
 * access to address 1). Pages only ever get added to the table during a
 * run, so a remembered one stays right; the pages that SUB_WORD_FAST sends
 * to mips_memory.c and the MMIO page (which mips_mmio_attach takes out of
 * the table) are never remembered. */
#define DATA_HIT(size, ea) LIKELY(((ea) & (~0xfffu | ((size) - 1))) == data_tag)
#define DATA_REMEMBER(ea, p)                                                             \
    do {                                                                                 \
        uint32_t n_ = (ea) >> MIPS_PAGE_BITS;                                            \
        if ((n_ | 0x80000u) != 0xfffffu && n_ != MIPS_MMIO_PAGE) {                       \
            data_tag = (ea) & ~0xfffu;                                                   \
            data_page = (p);                                                             \
        }                                                                                \
    } while (0)
/* The word holding ea in page p, a byte or half shifted down to bit 0. */
#define LOADED(p, size, ea)                                                              \
    ((p)[((ea) >> 2) & (MIPS_PAGE_WORDS - 1)] >> ((size) < 4 ? ((ea) & 3) * 8 : 0))
#define LOAD(size, expr)                                                                 \
    do {                                                                                 \
        ea = r[MIPS_D_B(d)] + MIPS_D_IMM(d);                                             \
        uint32_t w_;                                                                     \
        if (DATA_HIT(size, ea)) {                                                        \
            w_ = LOADED(data_page, size, ea);                                            \
        } else {                                                                         \
            uint32_t *p_ = pages[ea >> MIPS_PAGE_BITS];                                  \
            if (p_ != NULL && (ea & ((size) - 1)) == 0 && SUB_WORD_FAST(size, ea)) {     \
                DATA_REMEMBER(ea, p_);                                                   \
                w_ = LOADED(p_, size, ea);                                               \
            } else {                                                                     \
                m->exec_ran = budget - left;                                             \
                uint32_t slow_; /* not &w_, which would keep w_ on the stack */          \
                kind = mips_mem_load(m, ea, (size), &slow_);                             \
                if (kind >= 0)                                                           \
                    FAULT(kind, ea, 0);                                                  \
                w_ = slow_;                                                              \
            }                                                                            \
        }                                                                                \
        r[MIPS_D_A(d)] = (expr);                                                         \
        NEXT();                                                                          \
    } while (0)
#define STORE(size)                                                                      \
    do {                                                                                 \
        ea = r[MIPS_D_B(d)] + MIPS_D_IMM(d);                                             \
        uint32_t v_ = r[MIPS_D_A(d)];                                                    \
        uint32_t *p_;                                                                    \
        if (DATA_HIT(size, ea)) {                                                        \
            p_ = data_page;                                                              \
        } else {                                                                         \
            p_ = pages[ea >> MIPS_PAGE_BITS];                                            \
            if (p_ != NULL && (ea & ((size) - 1)) == 0 && SUB_WORD_FAST(size, ea)) {     \
                DATA_REMEMBER(ea, p_);                                                   \
            } else {                                                                     \
                m->exec_ran = budget - left;                                             \
                kind = mips_mem_store(m, ea, (size), v_);                                \
                if (kind >= 0)                                                           \
                    FAULT(kind, ea, 0);                                                  \
                DEVICE_CUT();                                                            \
                NEXT();                                                                  \
            }                                                                            \
        }                                                                                \
        uint32_t *w_ = &p_[(ea >> 2) & (MIPS_PAGE_WORDS - 1)];                           \
        if ((size) == 4) {                                                               \
            *w_ = v_;                                                                    \
        } else {                                                                         \
            unsigned s_ = (ea & 3) * 8;                                                  \
            uint32_t mask_ = ((size) == 2 ? 0xffffu : 0xffu) << s_;                      \
            *w_ = (*w_ & ~mask_) | ((v_ << s_) & mask_);                                 \
        }                                                                                \
        NEXT();                                                                          \
    } while (0)
/* A store that started the MMIO transmitter's delay (mips_mmio.c) ends
 * this run dev_left instructions later, so mips_run ends the delay on
 * time. Only slow stores get here: the hot path has no such test. */
#define DEVICE_CUT()                                                                     \
    do {                                                                                 \
        if (UNLIKELY(m->dev_cut)) {                                                      \
            m->dev_cut = false;                                                          \
            if (left > m->dev_left) {                                                    \
                budget -= left - m->dev_left;                                            \
                left = m->dev_left;                                                      \
            }                                                                            \
        }                                                                                \
    } while (0)
/* off is pc's offset in the cached 4 KiB; anything else (another block,
 * an unaligned pc) takes fetch_slow. */
#define FETCH()                                                                          \
    do {                                                                                 \
        if (UNLIKELY(left == 0))                                                         \
            goto out;                                                                    \
        left--;                                                                          \
        off = pc - code_base;                                                            \
        if (UNLIKELY((off & ~0xffcu) != 0))                                              \
            goto fetch_slow;                                                             \
        d = code[off >> 2];                                                              \
        pc += 4;                                                                         \
        MIPS_EXEC_HOOK(off >> 2);                                                        \
    } while (0)
#define CASE(name) INTERP_CASE(MIPS_H_, name)
#define DISPATCH() INTERP_DISPATCH(MIPS_D_H(d))
#define NEXT() INTERP_NEXT()
    INTERP_BEGIN(mips_handler, MIPS_D_H(d), MIPS_H_COUNT)

    CASE(NONE)
    {
        pc -= 4; /* not executed: MARS ends the run as syscall 10 */
        left++;
        end = MIPS_END_EXIT;
        goto out;
    }
    CASE(SLOW)
    {
        uint32_t target = 0;
        m->state.pc = pc;
        m->exec_ran = budget - left;
        kind = mips_exec_slow(m, MIPS_D_A(d), MIPS_D_IMM(d), pc - 4, &target, &fault_addr, &fault_code);
        if (LIKELY(kind == MIPS_SLOW_OK)) {
            DEVICE_CUT();
            NEXT();
        }
        if (kind == MIPS_SLOW_BRANCH)
            TAKE(target);
        if (kind == MIPS_SLOW_JUMP) {
            pc = target; /* eret to EPC, which may be misaligned */
            if (UNLIKELY(pc & 3))
                code_base = pc + 1;
            NEXT();
        }
        goto fault;
    }
    CASE(RESERVED)
    {
        FAULT(MIPS_ERR_RESERVED, MIPS_D_IMM(d), 0);
    }
    CASE(NOP)
    {
        NEXT();
    }
    CASE(SYSCALL)
    {
        m->state.last_pc = pc - 4;
        end = MIPS_END_SYSCALL;
        goto out;
    }
    CASE(ADD)
    {
        uint32_t x = r[MIPS_D_B(d)], y = r[MIPS_D_C(d)], s = x + y;
        if (UNLIKELY(((x ^ s) & (y ^ s)) >> 31))
            FAULT(MIPS_ERR_OVERFLOW, 0, 0);
        r[MIPS_D_A(d)] = s;
        NEXT();
    }
    CASE(ADDU)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] + r[MIPS_D_C(d)];
        NEXT();
    }
    CASE(SUB)
    {
        uint32_t x = r[MIPS_D_B(d)], y = r[MIPS_D_C(d)], s = x - y;
        if (UNLIKELY(((x ^ y) & (x ^ s)) >> 31))
            FAULT(MIPS_ERR_OVERFLOW, 0, 0);
        r[MIPS_D_A(d)] = s;
        NEXT();
    }
    CASE(SUBU)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] - r[MIPS_D_C(d)];
        NEXT();
    }
    CASE(AND)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] & r[MIPS_D_C(d)];
        NEXT();
    }
    CASE(OR)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] | r[MIPS_D_C(d)];
        NEXT();
    }
    CASE(XOR)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] ^ r[MIPS_D_C(d)];
        NEXT();
    }
    CASE(NOR)
    {
        r[MIPS_D_A(d)] = ~(r[MIPS_D_B(d)] | r[MIPS_D_C(d)]);
        NEXT();
    }
    CASE(SLT)
    {
        r[MIPS_D_A(d)] = (int32_t)r[MIPS_D_B(d)] < (int32_t)r[MIPS_D_C(d)];
        NEXT();
    }
    CASE(SLTU)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] < r[MIPS_D_C(d)];
        NEXT();
    }
    CASE(SLLV)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] << (r[MIPS_D_C(d)] & 31);
        NEXT();
    }
    CASE(SRLV)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] >> (r[MIPS_D_C(d)] & 31);
        NEXT();
    }
    CASE(SRAV)
    {
        uint32_t v = r[MIPS_D_B(d)], n = r[MIPS_D_C(d)] & 31;
        r[MIPS_D_A(d)] = (v >> n) | ((v >> 31) ? ~(0xffffffffu >> n) : 0);
        NEXT();
    }
    CASE(SLL)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] << MIPS_D_IMM(d);
        NEXT();
    }
    CASE(SRL)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] >> MIPS_D_IMM(d);
        NEXT();
    }
    CASE(SRA)
    {
        uint32_t v = r[MIPS_D_B(d)];
        r[MIPS_D_A(d)] = (v >> MIPS_D_IMM(d)) | ((v >> 31) ? ~(0xffffffffu >> MIPS_D_IMM(d)) : 0);
        NEXT();
    }
    CASE(ADDI)
    {
        uint32_t x = r[MIPS_D_B(d)], s = x + MIPS_D_IMM(d);
        if (UNLIKELY(((x ^ s) & (MIPS_D_IMM(d) ^ s)) >> 31))
            FAULT(MIPS_ERR_OVERFLOW, 0, 0);
        r[MIPS_D_A(d)] = s;
        NEXT();
    }
    CASE(ADDIU)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] + MIPS_D_IMM(d);
        NEXT();
    }
    CASE(SLTI)
    {
        r[MIPS_D_A(d)] = (int32_t)r[MIPS_D_B(d)] < (int32_t)MIPS_D_IMM(d);
        NEXT();
    }
    CASE(SLTIU)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] < MIPS_D_IMM(d);
        NEXT();
    }
    CASE(ANDI)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] & MIPS_D_IMM(d);
        NEXT();
    }
    CASE(ORI)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] | MIPS_D_IMM(d);
        NEXT();
    }
    CASE(XORI)
    {
        r[MIPS_D_A(d)] = r[MIPS_D_B(d)] ^ MIPS_D_IMM(d);
        NEXT();
    }
    CASE(LUI)
    {
        r[MIPS_D_A(d)] = MIPS_D_IMM(d);
        NEXT();
    }
    CASE(MULT)
    {
        int64_t p = (int64_t)(int32_t)r[MIPS_D_B(d)] * (int32_t)r[MIPS_D_C(d)];
        m->state.hi = (uint32_t)((uint64_t)p >> 32);
        m->state.lo = (uint32_t)p;
        NEXT();
    }
    CASE(MULTU)
    {
        uint64_t p = (uint64_t)r[MIPS_D_B(d)] * r[MIPS_D_C(d)];
        m->state.hi = (uint32_t)(p >> 32);
        m->state.lo = (uint32_t)p;
        NEXT();
    }
    CASE(MUL)
    {
        /* MARS also sets hi and lo, as SPIM does */
        int64_t p = (int64_t)(int32_t)r[MIPS_D_B(d)] * (int32_t)r[MIPS_D_C(d)];
        m->state.hi = (uint32_t)((uint64_t)p >> 32);
        m->state.lo = (uint32_t)p;
        r[MIPS_D_A(d)] = (uint32_t)p;
        NEXT();
    }
    CASE(DIV)
    {
        int32_t x = (int32_t)r[MIPS_D_B(d)], y = (int32_t)r[MIPS_D_C(d)];
        if (y == 0) /* MARS: no exception, hi and lo unchanged */
            NEXT();
        if (x == INT32_MIN && y == -1) { /* Java's int division wraps */
            m->state.lo = (uint32_t)x;
            m->state.hi = 0;
        } else {
            m->state.lo = (uint32_t)(x / y);
            m->state.hi = (uint32_t)(x % y);
        }
        NEXT();
    }
    CASE(DIVU)
    {
        uint32_t x = r[MIPS_D_B(d)], y = r[MIPS_D_C(d)];
        if (y == 0)
            NEXT();
        m->state.lo = x / y;
        m->state.hi = x % y;
        NEXT();
    }
    CASE(MFHI)
    {
        r[MIPS_D_A(d)] = m->state.hi;
        NEXT();
    }
    CASE(MFLO)
    {
        r[MIPS_D_A(d)] = m->state.lo;
        NEXT();
    }
    CASE(MTHI)
    {
        m->state.hi = r[MIPS_D_B(d)];
        NEXT();
    }
    CASE(MTLO)
    {
        m->state.lo = r[MIPS_D_B(d)];
        NEXT();
    }
    CASE(LW)
    {
        LOAD(4, w_);
    }
    CASE(LB)
    {
        LOAD(1, (uint32_t)(int32_t)(int8_t)(w_ & 0xff));
    }
    CASE(LBU)
    {
        LOAD(1, w_ & 0xff);
    }
    CASE(LH)
    {
        LOAD(2, (uint32_t)(int32_t)(int16_t)(w_ & 0xffff));
    }
    CASE(LHU)
    {
        LOAD(2, w_ & 0xffff);
    }
    CASE(SW)
    {
        STORE(4);
    }
    CASE(SB)
    {
        STORE(1);
    }
    CASE(SH)
    {
        STORE(2);
    }
    CASE(BEQ)
    {
        BRANCH(r[MIPS_D_A(d)] == r[MIPS_D_B(d)]);
    }
    CASE(BNE)
    {
        BRANCH(r[MIPS_D_A(d)] != r[MIPS_D_B(d)]);
    }
    CASE(BGEZ)
    {
        BRANCH((int32_t)r[MIPS_D_A(d)] >= 0);
    }
    CASE(BGTZ)
    {
        BRANCH((int32_t)r[MIPS_D_A(d)] > 0);
    }
    CASE(BLEZ)
    {
        BRANCH((int32_t)r[MIPS_D_A(d)] <= 0);
    }
    CASE(BLTZ)
    {
        BRANCH((int32_t)r[MIPS_D_A(d)] < 0);
    }
    CASE(BGEZAL)
    {
        if ((int32_t)r[MIPS_D_A(d)] >= 0) { /* MARS links only when it branches */
            r[MIPS_REG_RA] = pc + link;
            TAKE(MIPS_D_IMM(d));
        }
        NEXT();
    }
    CASE(BLTZAL)
    {
        if ((int32_t)r[MIPS_D_A(d)] < 0) {
            r[MIPS_REG_RA] = pc + link;
            TAKE(MIPS_D_IMM(d));
        }
        NEXT();
    }
    CASE(J)
    {
        TAKE(MIPS_D_IMM(d));
    }
    CASE(JAL)
    {
        r[MIPS_REG_RA] = pc + link;
        TAKE(MIPS_D_IMM(d));
    }
    CASE(JR)
    {
        TAKE_REGISTER(r[MIPS_D_A(d)]);
    }
    CASE(JALR)
    {
        /* MARS links first, then reads the target: jalr $t1,$t1 and jalr $ra
         * go to the link (docs/mips-simulator.md). */
        r[MIPS_D_A(d)] = pc + link;
        TAKE_REGISTER(r[MIPS_D_B(d)]);
    }
    INTERP_END

fetch_slow:
    /* Another 4 KiB of code, code outside .text (smc), or no code at all. */
    if (pc % 4 == 0) {
        const mips_text_page *page = mips_text_page_of(m, pc);
        if (page) {
            code = page->dec;
            code_base = pc & ~0xfffu;
            MIPS_EXEC_NEW_PAGE(page);
            d = code[(pc >> 2) & (MIPS_PAGE_WORDS - 1)];
            pc += 4;
            MIPS_EXEC_HOOK(((pc - 4) >> 2) & (MIPS_PAGE_WORDS - 1));
            DISPATCH();
        }
        if ((pc >= MIPS_TEXT_BASE && pc < MIPS_TEXT_LIMIT) ||
            (pc >= MIPS_KTEXT_BASE && pc < MIPS_KTEXT_LIMIT)) {
            d = MIPS_H_NONE; /* no instruction here */
            pc += 4;
            MIPS_EXEC_HOOK_ANY();
            DISPATCH();
        }
        uint32_t word;
        /* MARS with smc fetches any readable word as an instruction. */
        if (m->options.self_modifying_code && mips_mem_load(m, pc, 4, &word) < 0) {
            d = mips_decode_word(m, word, pc);
            pc += 4;
            MIPS_EXEC_HOOK_ANY();
            DISPATCH();
        }
    }
    left++; /* no instruction ran */
    {
        uint32_t handler = pc; /* not &pc: a local whose address is taken lives on the stack */
        mips_exception(m, MIPS_ERR_BAD_PC, pc, pc, 0, &handler); /* EPC the bad pc; no handler */
        pc = handler;
    }
    end = MIPS_END_ERROR;
    goto out;

fault:
    /* An exception raised by the instruction at pc - 4. */
    m->state.last_pc = pc - 4;
    {
        uint32_t handler = pc; /* as above: pc stays in a register */
        bool handled = mips_exception(m, (mips_error_kind)kind, pc - 4, fault_addr, fault_code,
                                      &handler);
        pc = handler;
        if (handled)
            NEXT();
    }
    end = MIPS_END_ERROR;

out:
    m->state.pc = pc;
    *ran = budget - left;
    return end;
#undef TAKE
#undef TAKE_REGISTER
#undef BRANCH
#undef FAULT
#undef LOAD
#undef STORE
#undef SUB_WORD_FAST
#undef DATA_HIT
#undef DATA_REMEMBER
#undef LOADED
#undef FETCH
#undef DEVICE_CUT
#undef CASE
#undef DISPATCH
#undef NEXT
}

