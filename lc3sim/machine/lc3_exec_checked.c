/* The interpreter a second time, for a machine with a checked record (lc3_set_checked):
 * it keeps the checked record of stores and register writers itself, and
 * leaves before each user-mode instruction the checker must see (calls,
 * returns, TRAPs, writes to R6 and R7, loads of unwritten user memory), so
 * a checker looks at those few alone. The plain loop (lc3_exec.c)
 * has no test for a checked record in it. */
#include <string.h>

#include "lc3_machine_impl.h"

static inline void wrote(lc3_checked_record *w, unsigned reg, uint16_t pc)
{
    w->writer[reg] = pc;
    w->wrote[reg] = true;
    if (reg == 7)
        w->r7_before_trap = false;
}

/* What lc3_check_after does for a JSR or JSRR that went somewhere. */
static inline void called(lc3_checked_record *w, const uint16_t *r, uint16_t target,
                          uint16_t call_pc)
{
    wrote(w, 7, call_pc);
    if (target == r[7]) /* a JSR to the next word moves nothing: no call */
        return;
    if (w->depth < w->frame_limit) {
        lc3_checked_frame *f = &w->frames[w->depth];
        f->ret = r[7];
        f->callee = target;
        f->call_pc = call_pc;
        memcpy(f->regs, r, sizeof f->regs);
    }
    w->depth++;
}

/* A RET the checker would find nothing at (R7 is the call's return, no
 * TRAP since it was set, the saved registers back): the frame comes off
 * here. Anything else, the checker looks at. */
static inline bool returned(lc3_checked_record *w, const uint16_t *r, uint16_t word)
{
    if (word != 0xC1C0) /* JMP R7 with stray bits: not RET to the checker */
        return false;
    if (w->depth == 0)
        return true;
    if (w->depth > w->frame_limit) {
        w->depth--;
        return true;
    }
    const lc3_checked_frame *top = &w->frames[w->depth - 1];
    if (r[7] != top->ret || w->r7_before_trap)
        return false;
    unsigned changed = 0; /* no early exit: one vector compare */
    for (unsigned reg = 0; reg < 8; reg++)
        changed |= (unsigned)(r[reg] != top->regs[reg]) << reg;
    if (changed & w->saved)
        return false;
    w->depth--;
    return true;
}

#define LC3_EXEC_NAME lc3_execute_checked
#define LC3_EXEC_HOOK_STATE                                                             \
    lc3_checked_record *const rec = m->checked;                                          \
    const bool user = (m->state.psr & LC3_PSR_USER) != 0; /* no mode change inside a run */
#define LC3_EXEC_WROTE(reg)                                                              \
    do {                                                                                 \
        if (user)                                                                        \
            wrote(rec, reg, (uint16_t)(pc - 1));                                         \
    } while (0)
#define LC3_EXEC_STORED(a) (rec->written[(a) >> 3] |= (uint8_t)(1u << ((a) & 7)))
#define LC3_EXEC_LEAVE_IF(cond)                                                          \
    do {                                                                                 \
        if (UNLIKELY(user && (cond))) {                                                  \
            pc--;                                                                        \
            left++;                                                                      \
            m->state.check_stop = true;                                                        \
            goto out;                                                                    \
        }                                                                                \
    } while (0)
#define LC3_EXEC_UNWRITTEN(a)                                                            \
    ((uint16_t)((a) - LC3_USER_START) < LC3_DEVICE_BASE - LC3_USER_START &&              \
     !(rec->written[(a) >> 3] & 1u << ((a) & 7)))
#define LC3_EXEC_STACK_UNUSED() (!rec->stack_used)
/* R6 moved within the stack the checker has seen in use: nothing to say. */
#define LC3_EXEC_CHECKED_RESULT(reg, v)                                                  \
    ((reg) == 6 && !(rec->stack_used && (v) >= LC3_USER_START && (v) <= rec->stack_top))
#define LC3_EXEC_RETURNED() returned(rec, r, mem[(uint16_t)(pc - 1)])
#define LC3_EXEC_CALLED(call_pc)                                                         \
    do {                                                                                 \
        if (user)                                                                        \
            called(rec, r, (uint16_t)pc, (call_pc));                                     \
    } while (0)
#include "lc3_exec_loop.h"
