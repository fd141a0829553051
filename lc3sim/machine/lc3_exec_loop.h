/* The LC-3 interpreter's loop, included by lc3_exec.c (lc3_execute,
 * the plain loop, with the decoder) and lc3_exec_checked.c
 * (lc3_execute_checked, for a machine with a checked record: lc3_set_checked). The
 * includer defines:
 *   LC3_EXEC_NAME            the function's name
 *   LC3_EXEC_HOOK_STATE     declarations at the function's top
 *   LC3_EXEC_WROTE(reg)      a user-mode ALU result or load went to reg (pc past it)
 *   LC3_EXEC_STORED(addr)    a store to memory below the devices, any mode
 *   LC3_EXEC_LEAVE_IF(cond)  in user mode, when cond, the checker must see this
 *                            instruction: leave before it, pc at it
 *   LC3_EXEC_UNWRITTEN(addr) a load from addr is one the checker must see
 *   LC3_EXEC_STACK_UNUSED()  an LDR/STR through R6 is one the checker must see
 *   LC3_EXEC_CHECKED_RESULT(reg, v)  v into reg is one the checker must see
 *   LC3_EXEC_RETURNED()      a RET the checker need not see: it took the frame off
 *   LC3_EXEC_CALLED(call_pc) a JSR/JSRR ran (pc at its target, R7 set)
 * The plain loop defines them as nothing, and so compiles to what it was
 * before the checker. The decoder is lc3_exec_decode.h. */
#include <stdint.h>

#include "lc3_exec_decode.h"
#include "lc3_machine_impl.h"

#ifdef LC3_MACHINE_SWITCH
#define INTERP_USE_SWITCH
#endif
#include "../../asm/runtime/interp.h"

INTERP_NO_CROSSJUMPING
uint64_t LC3_EXEC_NAME(lc3_machine *m, uint64_t budget)
{
    LC3_EXEC_HOOK_STATE
#if USE_COMPUTED_GOTO
#define LC3_LABEL(name) [LC3_H_##name] = &&L_##name,
    static const void *const interp_labels[LC3_H_COUNT] = {LC3_HANDLERS(LC3_LABEL)};
#undef LC3_LABEL
#endif
    uint16_t *const r = m->state.reg;
    uint16_t *const mem = m->mem;
    lc3_decoded *const dec = m->dec;
    /* One unsigned compare decides whether an access may take the fast path:
     * (addr - lo) mod 2^16 < span. Supervisor mode: all below the devices.
     * Strict user mode: user space only, which is also where it may fetch. */
    const bool strict = (m->state.psr & LC3_PSR_USER) && !m->ignore_privilege;
    const uint16_t lo = strict ? LC3_SYSTEM_END : 0;
    const uint32_t span = strict ? LC3_DEVICE_BASE - LC3_SYSTEM_END : LC3_DEVICE_BASE;
    const uint32_t fetch_span = strict ? span : 0x10000; /* JMP targets */
    uint32_t pc = m->state.pc;                                  /* 0..x10000 (WRAP) */
    uint32_t ccv;
    uint64_t left = budget;
    lc3_decoded d;
    uint16_t addr, value; /* operands handed to the slow paths */
    unsigned dst;

    switch (m->state.psr & 7u) {
    case LC3_PSR_N: ccv = 0x8000; break;
    case LC3_PSR_Z: ccv = 0; break;
    case LC3_PSR_P: ccv = 1; break;
    default:
        if (budget == 0)
            return 0;
        if (LC3_OPCODE(mem[pc]) == LC3_OP_BR) {
            branch_exact(m, mem[pc]);
            return 1;
        }
        ccv = CC_IN_PSR; /* every other instruction leaves or replaces them */
        left = 1;
        budget = 1;
        break;
    }

/* A host branch with a dispatch on each side, never a conditional move:
 * the host predicts it, where a cmov would make the next fetch wait for the
 * result that set the codes. */
#define BRANCH(cond)                                                                     \
    do {                                                                                 \
        if (cond) {                                                                      \
            pc = LC3_D_IMM(d);                                                          \
            NEXT();                                                                      \
        }                                                                                \
        NEXT();                                                                          \
    } while (0)
#define FAST(a) LIKELY((uint16_t)((a) - lo) < span)
#define SET(reg, v)                                                                      \
    do {                                                                                 \
        uint16_t v_ = (v);                                                               \
        r[reg] = v_;                                                                     \
        ccv = v_;                                                                        \
    } while (0)
/* Before calling out: lc3_machine.c reads the CCs from m->state.psr. */
#define SYNC_CC()                                                                        \
    do {                                                                                 \
        if (ccv != CC_IN_PSR)                                                            \
            m->state.psr = (uint16_t)((m->state.psr & ~7u) | cc_of(ccv));                            \
    } while (0)
#define FETCH()                                                                          \
    do {                                                                                 \
        if (UNLIKELY(left == 0))                                                         \
            goto out;                                                                    \
        left--;                                                                          \
        d = dec[pc];                                                                     \
        pc++;                                                                            \
    } while (0)
#define CASE(name) INTERP_CASE(LC3_H_, name)
#define DISPATCH() INTERP_DISPATCH(LC3_D_HANDLER(d))
#define NEXT() INTERP_NEXT()
    INTERP_BEGIN(lc3_handler, LC3_D_HANDLER(d), LC3_H_COUNT)

    CASE(DECODE)
    {
        uint16_t at = (uint16_t)(pc - 1);
        if (UNLIKELY(m->stop_armed && at == m->stop_pc)) {
            pc = at; /* never cached, not run, not counted: lc3_run reports it */
            left++;
            goto out;
        }
        d = fuse(m, decode(mem[at], at), at);
        dec[at] = d;
        DISPATCH();
    }
    CASE(DEVFETCH)
    {
        uint16_t at = (uint16_t)(pc - 1);
        if (strict) { /* not an instruction: lc3_run raises the fetch fault */
            pc = at;
            left++;
            goto out;
        }
        d = decode(mem[at], at);
        DISPATCH();
    }
    CASE(WRAP)
    {
        d = dec[0];
        pc = 1;
        DISPATCH();
    }
    CASE(ADD_REG)
    {
        uint16_t v = (uint16_t)(r[LC3_D_B(d)] + r[LC3_D_C(d)]);
        LC3_EXEC_LEAVE_IF(LC3_EXEC_CHECKED_RESULT(LC3_D_A(d), v));
        LC3_EXEC_WROTE(LC3_D_A(d));
        SET(LC3_D_A(d), v);
        NEXT();
    }
    CASE(ADD_IMM)
    {
        uint16_t v = (uint16_t)(r[LC3_D_B(d)] + LC3_D_IMM(d));
        LC3_EXEC_LEAVE_IF(LC3_EXEC_CHECKED_RESULT(LC3_D_A(d), v));
        LC3_EXEC_WROTE(LC3_D_A(d));
        SET(LC3_D_A(d), v);
        NEXT();
    }
    CASE(AND_REG)
    {
        uint16_t v = (uint16_t)(r[LC3_D_B(d)] & r[LC3_D_C(d)]);
        LC3_EXEC_LEAVE_IF(LC3_EXEC_CHECKED_RESULT(LC3_D_A(d), v));
        LC3_EXEC_WROTE(LC3_D_A(d));
        SET(LC3_D_A(d), v);
        NEXT();
    }
    CASE(AND_IMM)
    {
        uint16_t v = (uint16_t)(r[LC3_D_B(d)] & LC3_D_IMM(d));
        LC3_EXEC_LEAVE_IF(LC3_EXEC_CHECKED_RESULT(LC3_D_A(d), v));
        LC3_EXEC_WROTE(LC3_D_A(d));
        SET(LC3_D_A(d), v);
        NEXT();
    }
    CASE(NOT)
    {
        uint16_t v = (uint16_t)~r[LC3_D_B(d)];
        LC3_EXEC_LEAVE_IF(LC3_EXEC_CHECKED_RESULT(LC3_D_A(d), v));
        LC3_EXEC_WROTE(LC3_D_A(d));
        SET(LC3_D_A(d), v);
        NEXT();
    }
    CASE(BR_NOP)
    {
        NEXT();
    }
    CASE(BR_N)
    {
        BRANCH(ccv & 0x8000);
    }
    CASE(BR_Z)
    {
        BRANCH(ccv == 0);
    }
    CASE(BR_P)
    {
        BRANCH(ccv - 1 < 0x7FFF);
    }
    CASE(BR_NZ)
    {
        BRANCH(ccv - 1 >= 0x7FFF);
    }
    CASE(BR_NP)
    {
        BRANCH(ccv != 0);
    }
    CASE(BR_ZP)
    {
        BRANCH(ccv < 0x8000);
    }
    CASE(BR_ALWAYS)
    {
        pc = LC3_D_IMM(d);
        NEXT();
    }
    CASE(BR_FAR)
    {
        if (LC3_D_A(d) & cc_of(ccv)) {
            pc = LC3_D_IMM(d);
            if (strict)
                goto out;
        }
        NEXT();
    }
    CASE(JMP)
    {
        LC3_EXEC_LEAVE_IF(LC3_D_B(d) == 7 && !LC3_EXEC_RETURNED());
        pc = r[LC3_D_B(d)];
        if (UNLIKELY((uint16_t)(pc - lo) >= fetch_span))
            goto out;
        NEXT();
    }
    CASE(JSR)
    {
        r[7] = (uint16_t)pc;
        pc = LC3_D_IMM(d);
        LC3_EXEC_CALLED((uint16_t)(r[7] - 1));
        NEXT();
    }
    CASE(JSR_FAR)
    {
        LC3_EXEC_LEAVE_IF(1);
        r[7] = (uint16_t)pc;
        pc = LC3_D_IMM(d);
        if (strict)
            goto out;
        NEXT();
    }
    CASE(JSRR)
    {
        LC3_EXEC_LEAVE_IF((uint16_t)(r[LC3_D_B(d)] - lo) >= fetch_span); /* the fault: as stepped */
        uint32_t target = r[LC3_D_B(d)]; /* before R7 changes: JSRR R7 */
        r[7] = (uint16_t)pc;
        pc = target;
        if (UNLIKELY((uint16_t)(pc - lo) >= fetch_span))
            goto out;
        LC3_EXEC_CALLED((uint16_t)(r[7] - 1));
        NEXT();
    }
    CASE(LD)
    {
        addr = LC3_D_IMM(d);
        LC3_EXEC_LEAVE_IF(LC3_D_A(d) == 6 || LC3_EXEC_UNWRITTEN(addr));
        LC3_EXEC_WROTE(LC3_D_A(d));
        if (!FAST(addr)) {
            dst = LC3_D_A(d);
            goto load_slow;
        }
        SET(LC3_D_A(d), mem[addr]);
        NEXT();
    }
    CASE(LDR)
    {
        addr = (uint16_t)(r[LC3_D_B(d)] + LC3_D_IMM(d));
        LC3_EXEC_LEAVE_IF(LC3_D_A(d) == 6 || LC3_EXEC_UNWRITTEN(addr) ||
                          (LC3_D_B(d) == 6 && LC3_EXEC_STACK_UNUSED()));
        LC3_EXEC_WROTE(LC3_D_A(d));
        if (!FAST(addr)) {
            dst = LC3_D_A(d);
            goto load_slow;
        }
        SET(LC3_D_A(d), mem[addr]);
        NEXT();
    }
    CASE(LDI)
    {
        LC3_EXEC_LEAVE_IF(1);
        addr = LC3_D_IMM(d);
        dst = LC3_D_A(d);
        if (!FAST(addr))
            goto ldi_slow;
        addr = mem[addr];
        if (!FAST(addr))
            goto load_slow;
        SET(LC3_D_A(d), mem[addr]);
        NEXT();
    }
    CASE(LEA)
    {
        LC3_EXEC_LEAVE_IF(LC3_EXEC_CHECKED_RESULT(LC3_D_A(d), LC3_D_IMM(d)));
        LC3_EXEC_WROTE(LC3_D_A(d));
        r[LC3_D_A(d)] = LC3_D_IMM(d);
        NEXT();
    }
    CASE(ST)
    {
        addr = LC3_D_IMM(d);
        value = r[LC3_D_A(d)];
        if (!FAST(addr))
            goto store_slow;
        mem[addr] = value;
        dec[addr] = LC3_H_DECODE;
        LC3_EXEC_STORED(addr);
        NEXT();
    }
    CASE(STR)
    {
        addr = (uint16_t)(r[LC3_D_B(d)] + LC3_D_IMM(d));
        LC3_EXEC_LEAVE_IF(LC3_D_B(d) == 6 && LC3_EXEC_STACK_UNUSED());
        value = r[LC3_D_A(d)];
        if (!FAST(addr))
            goto store_slow;
        mem[addr] = value;
        dec[addr] = LC3_H_DECODE;
        LC3_EXEC_STORED(addr);
        NEXT();
    }
    CASE(STI)
    {
        LC3_EXEC_LEAVE_IF(1);
        addr = LC3_D_IMM(d);
        value = r[LC3_D_A(d)];
        if (!FAST(addr))
            goto sti_slow;
        addr = mem[addr];
        if (!FAST(addr))
            goto store_slow;
        mem[addr] = value;
        dec[addr] = LC3_H_DECODE;
        LC3_EXEC_STORED(addr);
        NEXT();
    }
    CASE(TRAP)
    {
        LC3_EXEC_LEAVE_IF(1);
        if (UNLIKELY(m->stop_at_halt) && mem[(uint16_t)(pc - 1)] == 0xF025) {
            pc = (uint16_t)(pc - 1); /* HALT is not run, as lc3tools' grader stops */
            left++;
            m->state.at_halt = true;
            goto out;
        }
        SYNC_CC();
        pc = lc3_trap(m, (uint16_t)pc, LC3_D_IMM(d));
        goto out_synced;
    }
    CASE(RTI)
    {
        LC3_EXEC_LEAVE_IF(1);
        SYNC_CC();
        pc = lc3_rti(m, (uint16_t)pc);
        goto out_synced;
    }
    CASE(ILLEGAL)
    {
        LC3_EXEC_LEAVE_IF(1);
        SYNC_CC();
        pc = lc3_exception(m, (uint16_t)pc, LC3_VEC_ILLEGAL);
        goto out_synced;
    }

/* A counting loop (lc3_exec_decode.h: fuse), pc past its first ADD: whole
 * turns while the budget holds one; a shorter rest runs one instruction
 * at a time, and a loop changed since it was cached is decoded again. */
    CASE(COUNT_LOOP)
    {
        uint16_t at = (uint16_t)(pc - 1);
        if (UNLIKELY(left + 1 < loop_words(d))) { /* its first instruction alone */
            d = decode(mem[at], at);
            DISPATCH();
        }
        uint64_t ran = count_loop_run(m, d, at, left + 1);
        if (UNLIKELY(ran == 0)) {
            d = LC3_H_DECODE;
            DISPATCH();
        }
        left = left + 1 - (ran >> 16);
        unsigned last = LC3_DR(LC3_D_WORD(d, 0));
        LC3_EXEC_WROTE(last);
        if (loop_words(d) == 3) {
            pc++;
            last = LC3_DR(LC3_D_WORD(d, 1));
            LC3_EXEC_WROTE(last);
        }
        ccv = r[last];
        pc = (uint16_t)ran;
        NEXT();
    }
    INTERP_END

    /* Slow paths: devices, and anything user mode may not touch. Each ends
     * the run so lc3_run sees halts, input state and interrupts at once. */
load_slow: {
    uint16_t loaded;
    SYNC_CC();
    if (!lc3_read(m, addr, &loaded))
        goto access_violation;
    SET(dst, loaded);
    goto out;
}
ldi_slow: {
    uint16_t pointer, loaded;
    SYNC_CC();
    if (!lc3_read(m, addr, &pointer) || !lc3_read(m, pointer, &loaded))
        goto access_violation;
    SET(dst, loaded);
    goto out;
}
/* A store sets no codes, and one to the PSR sets them all: m->state.psr holds
 * them after the write, so leave without syncing the stale local. */
store_slow:
    SYNC_CC();
    if (!lc3_write(m, addr, value))
        goto access_violation;
    goto out_synced;
sti_slow: {
    uint16_t pointer;
    SYNC_CC();
    if (!lc3_read(m, addr, &pointer) || !lc3_write(m, pointer, value))
        goto access_violation;
    LC3_EXEC_STORED(pointer);
    goto out_synced;
}
access_violation:
    pc = lc3_exception(m, (uint16_t)pc, LC3_VEC_ACCESS);
    goto out_synced;
out:
    SYNC_CC();
out_synced:
    m->state.pc = (uint16_t)pc;
    return budget - left;
}
