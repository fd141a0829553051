/* The interpreter's loop, included by mips_exec.c (mips_execute, the plain
 * loop), mips_exec_checked.c (mips_execute_checked, with --check's hook
 * before each instruction) and mips_exec_hooked.c (mips_execute_hooked,
 * with a host's). The includer defines:
 *   MIPS_EXEC_NAME        the function's name
 *   MIPS_EXEC_HOOK_STATE   declarations at the function's top
 *   MIPS_EXEC_NEW_PAGE(p)  the 4 KiB of code p (at pc) becomes the current one
 *   MIPS_EXEC_HOOK(h)      as handler h (a constant) starts, before it runs
 *                          d (pc past it); code may be single, after
 *                          MIPS_EXEC_HOOK_ANY
 *   MIPS_EXEC_HOOK_ANY()   after a fetch from outside the current 4 KiB (code
 *                          is single), before its handler's MIPS_EXEC_HOOK
 *   MIPS_EXEC_LEAVE()      as the function returns
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
    /* The handlers run from ip, the next decoded form, and make pc from it
     * where they need it (PC_AT). pc itself follows every fetch and jump
     * for the hooks only: the plain loop never reads it between fetches,
     * so the compiler drops that upkeep there. Where the loop leaves
     * (fetch_slow, fault, out) it is exact. */
    uint32_t pc = m->state.pc;
    /* Signed, so that FETCH's count and test are one subtraction: a budget
     * past INT64_MAX (centuries of running) is cut to it. */
    if (budget > INT64_MAX)
        budget = INT64_MAX;
    int64_t left = (int64_t)budget;
    /* The decoded forms being run (a page's, ended by its PAGE_END
     * sentinel, or single's) and the address of code[0]. */
    const mips_decoded *code = NULL, *ip = NULL;
    uint32_t code_base = 0;
    /* Where a taken branch may land in code: code_base for a page, odd
     * (so no aligned target matches) for single. */
    uint32_t page_base = 1;
    /* An instruction from outside .text's pages (no code, smc), then the
     * sentinel that sends the next fetch back to fetch_slow. */
    mips_decoded single[2] = {{0}, {MIPS_H_PAGE_END, 0, 0, 0, 0}};
    mips_exec_end end = MIPS_END_BUDGET;
    uint32_t ea;
    int kind;
    uint32_t fault_addr = 0;
    int32_t fault_code = 0;
    uint32_t data_tag = 4; /* none yet: see DATA_HIT */
    uint32_t *data_page = NULL;

/* The instruction being run: ip is past it. */
#define d (ip - 1)
/* The address of the decoded form at p in code. */
#define PC_AT(p) (code_base + ((uint32_t)((p) - code) << 2))
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
            m->state.delay_target = t_;                                                  \
            m->state.delay_pending = true;                                               \
            end = MIPS_END_DELAY;                                                        \
            pc = PC_AT(ip);                                                              \
            goto out;                                                                    \
        }                                                                                \
        uint32_t off_ = t_ - page_base;                                                  \
        if (LIKELY((off_ & ~0xffcu) == 0)) {                                             \
            /* off_ / 4 forms of 8 bytes: one scaled add */                             \
            ip = (const mips_decoded *)((const char *)code + (size_t)off_ * 2);          \
            pc = t_;                                                                     \
            NEXT();                                                                      \
        }                                                                                \
        pc = t_; /* another page, or misaligned: fetch_slow faults on it */              \
        goto fetch_slow;                                                                 \
    } while (0)
#define TAKE_REGISTER(target) TAKE(target)
#define BRANCH(cond)                                                                     \
    do {                                                                                 \
        if (cond)                                                                        \
            TAKE(MIPS_D_IMM(*d));                                                                 \
        NEXT();                                                                          \
    } while (0)
#define FAULT(k, addr, c)                                                                \
    do {                                                                                 \
        kind = (k);                                                                      \
        fault_addr = (addr);                                                             \
        fault_code = (c);                                                                \
        pc = PC_AT(ip);                                                                  \
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
#define LOADED(p, size, ea) (*WORD_AT(p, ea) >> ((size) < 4 ? ((ea) & 3) * 8 : 0))
/* The word holding ea in page p, by its byte offset: one mask, no shifts. */
#define WORD_AT(p, ea) ((uint32_t *)((char *)(p) + ((ea) & 0xffcu)))
#define LOAD(size, expr)                                                                 \
    do {                                                                                 \
        ea = r[MIPS_D_B(*d)] + MIPS_D_IMM(*d);                                             \
        uint32_t w_;                                                                     \
        if (DATA_HIT(size, ea)) {                                                        \
            w_ = LOADED(data_page, size, ea);                                            \
        } else {                                                                         \
            uint32_t *p_ = pages[ea >> MIPS_PAGE_BITS];                                  \
            if (p_ != NULL && (ea & ((size) - 1)) == 0 && SUB_WORD_FAST(size, ea)) {     \
                DATA_REMEMBER(ea, p_);                                                   \
                w_ = LOADED(p_, size, ea);                                               \
            } else {                                                                     \
                m->exec_ran = budget - (uint64_t)left;                                             \
                uint32_t slow_; /* not &w_, which would keep w_ on the stack */          \
                kind = mips_mem_load(m, ea, (size), &slow_);                             \
                if (kind >= 0)                                                           \
                    FAULT(kind, ea, 0);                                                  \
                w_ = slow_;                                                              \
            }                                                                            \
        }                                                                                \
        r[MIPS_D_A(*d)] = (expr);                                                         \
        NEXT();                                                                          \
    } while (0)
#define STORE(size)                                                                      \
    do {                                                                                 \
        ea = r[MIPS_D_B(*d)] + MIPS_D_IMM(*d);                                             \
        uint32_t v_ = r[MIPS_D_A(*d)];                                                    \
        uint32_t *p_;                                                                    \
        if (DATA_HIT(size, ea)) {                                                        \
            p_ = data_page;                                                              \
        } else {                                                                         \
            p_ = pages[ea >> MIPS_PAGE_BITS];                                            \
            if (p_ != NULL && (ea & ((size) - 1)) == 0 && SUB_WORD_FAST(size, ea)) {     \
                DATA_REMEMBER(ea, p_);                                                   \
            } else {                                                                     \
                m->exec_ran = budget - (uint64_t)left;                                             \
                kind = mips_mem_store(m, ea, (size), v_);                                \
                if (kind >= 0)                                                           \
                    FAULT(kind, ea, 0);                                                  \
                DEVICE_CUT();                                                            \
                NEXT();                                                                  \
            }                                                                            \
        }                                                                                \
        uint32_t *w_ = WORD_AT(p_, ea);                                                  \
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
            if ((uint64_t)left > m->dev_left) {                                          \
                budget -= (uint64_t)left - m->dev_left;                                  \
                left = (int64_t)m->dev_left;                                             \
            }                                                                            \
        }                                                                                \
    } while (0)
/* The next decoded form, with no range test: the end of code is its
 * PAGE_END sentinel, which no hook sees (it is no instruction). The hook
 * runs as each handler starts (CASE), so it knows the handler: the checked
 * loop then knows most instructions' kind without a test. */
#define FETCH()                                                                          \
    do {                                                                                 \
        if (UNLIKELY(--left < 0))                                                        \
            goto budget_out;                                                             \
        ip++;                                                                            \
        pc += 4;                                                                         \
    } while (0)
#define CASE(name)                                                                       \
    INTERP_CASE(MIPS_H_, name)                                                           \
    MIPS_EXEC_HOOK(MIPS_H_##name);
/* A handler's body, which a fused pair's handler falls back to. */
#define BODY(name) body_##name:
#define DISPATCH() INTERP_DISPATCH(MIPS_D_H(*d))
#define NEXT() INTERP_NEXT()
    goto fetch_slow; /* the first instruction: pc's page */
    INTERP_BEGIN(mips_handler, MIPS_D_H(*d), MIPS_H_COUNT)

    INTERP_CASE(MIPS_H_, PAGE_END) /* no instruction: no hook */
    {
        left++; /* no instruction: the next one is in another page */
        pc = PC_AT(ip - 1);
        goto fetch_slow;
    }
    CASE(NONE)
    {
        pc = PC_AT(ip - 1); /* not executed: MARS ends the run as syscall 10 */
        left++;
        end = MIPS_END_EXIT;
        goto out;
    }
    CASE(SLOW)
    {
        uint32_t target = 0;
        pc = PC_AT(ip);
        m->state.pc = pc;
        m->exec_ran = budget - (uint64_t)left;
        kind = mips_exec_slow(m, MIPS_D_A(*d), MIPS_D_IMM(*d), pc - 4, &target, &fault_addr, &fault_code);
        if (LIKELY(kind == MIPS_SLOW_OK)) {
            DEVICE_CUT();
            NEXT();
        }
        if (kind == MIPS_SLOW_BRANCH)
            TAKE(target);
        if (kind == MIPS_SLOW_JUMP) {
            pc = target; /* eret to EPC, which may be misaligned */
            goto fetch_slow;
        }
        pc = PC_AT(ip);
        goto fault;
    }
    CASE(RESERVED)
    {
        FAULT(MIPS_ERR_RESERVED, MIPS_D_IMM(*d), 0);
    }
    CASE(NOP)
    {
        NEXT();
    }
    CASE(SYSCALL)
    {
        pc = PC_AT(ip);
        m->state.last_pc = pc - 4;
        end = MIPS_END_SYSCALL;
        goto out;
    }
    CASE(ADD)
    {
        uint32_t x = r[MIPS_D_B(*d)], y = r[MIPS_D_C(*d)], s = x + y;
        if (UNLIKELY(((x ^ s) & (y ^ s)) >> 31))
            FAULT(MIPS_ERR_OVERFLOW, 0, 0);
        r[MIPS_D_A(*d)] = s;
        NEXT();
    }
    CASE(ADDU)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] + r[MIPS_D_C(*d)];
        NEXT();
    }
    CASE(SUB)
    {
        uint32_t x = r[MIPS_D_B(*d)], y = r[MIPS_D_C(*d)], s = x - y;
        if (UNLIKELY(((x ^ y) & (x ^ s)) >> 31))
            FAULT(MIPS_ERR_OVERFLOW, 0, 0);
        r[MIPS_D_A(*d)] = s;
        NEXT();
    }
    CASE(SUBU)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] - r[MIPS_D_C(*d)];
        NEXT();
    }
    CASE(AND)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] & r[MIPS_D_C(*d)];
        NEXT();
    }
    CASE(OR)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] | r[MIPS_D_C(*d)];
        NEXT();
    }
    CASE(XOR)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] ^ r[MIPS_D_C(*d)];
        NEXT();
    }
    CASE(NOR)
    {
        r[MIPS_D_A(*d)] = ~(r[MIPS_D_B(*d)] | r[MIPS_D_C(*d)]);
        NEXT();
    }
    CASE(SLT)
    {
        r[MIPS_D_A(*d)] = (int32_t)r[MIPS_D_B(*d)] < (int32_t)r[MIPS_D_C(*d)];
        NEXT();
    }
    CASE(SLTU)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] < r[MIPS_D_C(*d)];
        NEXT();
    }
    CASE(SLLV)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] << (r[MIPS_D_C(*d)] & 31);
        NEXT();
    }
    CASE(SRLV)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] >> (r[MIPS_D_C(*d)] & 31);
        NEXT();
    }
    CASE(SRAV)
    {
        uint32_t v = r[MIPS_D_B(*d)], n = r[MIPS_D_C(*d)] & 31;
        r[MIPS_D_A(*d)] = (v >> n) | ((v >> 31) ? ~(0xffffffffu >> n) : 0);
        NEXT();
    }
    CASE(SLL)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] << MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(SRL)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] >> MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(SRA)
    {
        uint32_t v = r[MIPS_D_B(*d)];
        r[MIPS_D_A(*d)] = (v >> MIPS_D_IMM(*d)) | ((v >> 31) ? ~(0xffffffffu >> MIPS_D_IMM(*d)) : 0);
        NEXT();
    }
    CASE(ADDI)
    BODY(ADDI)
    {
        uint32_t x = r[MIPS_D_B(*d)], s = x + MIPS_D_IMM(*d);
        if (UNLIKELY(((x ^ s) & (MIPS_D_IMM(*d) ^ s)) >> 31))
            FAULT(MIPS_ERR_OVERFLOW, 0, 0);
        r[MIPS_D_A(*d)] = s;
        NEXT();
    }
    CASE(ADDIU)
    BODY(ADDIU)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] + MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(SLTI)
    {
        r[MIPS_D_A(*d)] = (int32_t)r[MIPS_D_B(*d)] < (int32_t)MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(SLTIU)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] < MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(ANDI)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] & MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(ORI)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] | MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(XORI)
    {
        r[MIPS_D_A(*d)] = r[MIPS_D_B(*d)] ^ MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(LUI)
    {
        r[MIPS_D_A(*d)] = MIPS_D_IMM(*d);
        NEXT();
    }
    CASE(MULT)
    {
        int64_t p = (int64_t)(int32_t)r[MIPS_D_B(*d)] * (int32_t)r[MIPS_D_C(*d)];
        m->state.hi = (uint32_t)((uint64_t)p >> 32);
        m->state.lo = (uint32_t)p;
        NEXT();
    }
    CASE(MULTU)
    {
        uint64_t p = (uint64_t)r[MIPS_D_B(*d)] * r[MIPS_D_C(*d)];
        m->state.hi = (uint32_t)(p >> 32);
        m->state.lo = (uint32_t)p;
        NEXT();
    }
    CASE(MUL)
    {
        /* MARS also sets hi and lo, as SPIM does */
        int64_t p = (int64_t)(int32_t)r[MIPS_D_B(*d)] * (int32_t)r[MIPS_D_C(*d)];
        m->state.hi = (uint32_t)((uint64_t)p >> 32);
        m->state.lo = (uint32_t)p;
        r[MIPS_D_A(*d)] = (uint32_t)p;
        NEXT();
    }
    CASE(DIV)
    {
        int32_t x = (int32_t)r[MIPS_D_B(*d)], y = (int32_t)r[MIPS_D_C(*d)];
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
        uint32_t x = r[MIPS_D_B(*d)], y = r[MIPS_D_C(*d)];
        if (y == 0)
            NEXT();
        m->state.lo = x / y;
        m->state.hi = x % y;
        NEXT();
    }
    CASE(MFHI)
    {
        r[MIPS_D_A(*d)] = m->state.hi;
        NEXT();
    }
    CASE(MFLO)
    {
        r[MIPS_D_A(*d)] = m->state.lo;
        NEXT();
    }
    CASE(MTHI)
    {
        m->state.hi = r[MIPS_D_B(*d)];
        NEXT();
    }
    CASE(MTLO)
    {
        m->state.lo = r[MIPS_D_B(*d)];
        NEXT();
    }
    CASE(LW)
    BODY(LW)
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
        BRANCH(r[MIPS_D_A(*d)] == r[MIPS_D_B(*d)]);
    }
    CASE(BNE)
    {
        BRANCH(r[MIPS_D_A(*d)] != r[MIPS_D_B(*d)]);
    }
    CASE(BGEZ)
    {
        BRANCH((int32_t)r[MIPS_D_A(*d)] >= 0);
    }
    CASE(BGTZ)
    {
        BRANCH((int32_t)r[MIPS_D_A(*d)] > 0);
    }
    CASE(BLEZ)
    {
        BRANCH((int32_t)r[MIPS_D_A(*d)] <= 0);
    }
    CASE(BLTZ)
    {
        BRANCH((int32_t)r[MIPS_D_A(*d)] < 0);
    }
    CASE(BGEZAL)
    {
        if ((int32_t)r[MIPS_D_A(*d)] >= 0) { /* MARS links only when it branches */
            r[MIPS_REG_RA] = PC_AT(ip) + link;
            TAKE(MIPS_D_IMM(*d));
        }
        NEXT();
    }
    CASE(BLTZAL)
    {
        if ((int32_t)r[MIPS_D_A(*d)] < 0) {
            r[MIPS_REG_RA] = PC_AT(ip) + link;
            TAKE(MIPS_D_IMM(*d));
        }
        NEXT();
    }
    CASE(J)
    {
        TAKE(MIPS_D_IMM(*d));
    }
    CASE(JAL)
    {
        r[MIPS_REG_RA] = PC_AT(ip) + link;
        TAKE(MIPS_D_IMM(*d));
    }
    CASE(JR)
    {
        TAKE_REGISTER(r[MIPS_D_A(*d)]);
    }
    CASE(JALR)
    {
        /* MARS links first, then reads the target: jalr $t1,$t1 and jalr $ra
         * go to the link (docs/mips-simulator.md). */
        r[MIPS_D_A(*d)] = PC_AT(ip) + link;
        TAKE_REGISTER(r[MIPS_D_B(*d)]);
    }
#include "mips_exec_fused.h"
    INTERP_END

budget_out:
    left = 0;
    pc = PC_AT(ip);
    goto out;

fetch_slow:
    /* Code at pc from another 4 KiB, code outside .text (smc), or none. */
    if (UNLIKELY(left <= 0))
        goto out;
    if (pc % 4 == 0) {
        const mips_text_page *page = mips_text_page_of(m, pc);
        if (page) {
            code = page->dec;
            code_base = page_base = pc & ~0xfffu;
            ip = code + ((pc >> 2) & (MIPS_PAGE_WORDS - 1));
            MIPS_EXEC_NEW_PAGE(page);
            NEXT();
        }
        uint32_t word;
        if ((pc >= MIPS_TEXT_BASE && pc < MIPS_TEXT_LIMIT) ||
            (pc >= MIPS_KTEXT_BASE && pc < MIPS_KTEXT_LIMIT)) {
            single[0] = mips_pack(MIPS_H_NONE, 0, 0, 0, 0); /* no instruction here */
        } else if (m->options.self_modifying_code && mips_mem_load(m, pc, 4, &word) < 0) {
            /* MARS with smc fetches any readable word as an instruction. */
            single[0] = mips_decode_word(m, word, pc);
        } else {
            goto bad_pc;
        }
        code = single;
        code_base = pc;
        page_base = 1;
        left--;
        ip = single + 1;
        pc += 4;
        MIPS_EXEC_HOOK_ANY();
        DISPATCH();
    }
bad_pc:
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
            goto fetch_slow;
    }
    end = MIPS_END_ERROR;

out:
    MIPS_EXEC_LEAVE();
    m->state.pc = pc;
    *ran = budget - (uint64_t)left;
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
#undef WORD_AT
#undef FETCH
#undef PC_AT
#undef d
#undef DEVICE_CUT
#undef CASE
#undef BODY
#undef DISPATCH
#undef NEXT
}

