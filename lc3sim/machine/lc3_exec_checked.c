/* The interpreter a second time, for a machine with a watch (lc3_set_watch):
 * it keeps the watch's record of stores and register writers itself, and
 * leaves before each user-mode instruction the watch must see (calls,
 * returns, TRAPs, writes to R6 and R7, loads of unwritten user memory), so
 * a checker looks at those few alone. The plain loop (lc3_machine_exec.c)
 * has no test for a watch in it. */
#include <string.h>

#include "lc3_machine_impl.h"

static inline void wrote(lc3_watch *w, unsigned reg, uint16_t pc)
{
    w->writer[reg] = pc;
    w->wrote[reg] = true;
    if (reg == 7)
        w->r7_before_trap = false;
}

/* What lc3_check_after does for a JSR or JSRR that went somewhere. */
static inline void called(lc3_watch *w, const uint16_t *r, uint16_t target, uint16_t call_pc)
{
    wrote(w, 7, call_pc);
    if (target == r[7]) /* a JSR to the next word moves nothing: no call */
        return;
    if (w->depth < w->frame_limit) {
        lc3_watch_frame *f = &w->frames[w->depth];
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
static inline bool returned(lc3_watch *w, const uint16_t *r, uint16_t word)
{
    if (word != 0xC1C0) /* JMP R7 with stray bits: not RET to the checker */
        return false;
    if (w->depth == 0)
        return true;
    if (w->depth > w->frame_limit) {
        w->depth--;
        return true;
    }
    const lc3_watch_frame *top = &w->frames[w->depth - 1];
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

#define LC3_EXEC_NAME lc3m_execute_watched
#define LC3_EXEC_WATCH_STATE                                                             \
    lc3_watch *const watch = m->watch;                                                   \
    const bool user = (m->psr & LC3_PSR_USER) != 0; /* no mode change inside a run */
#define LC3_EXEC_WROTE(reg)                                                              \
    do {                                                                                 \
        if (user)                                                                        \
            wrote(watch, reg, (uint16_t)(pc - 1));                                       \
    } while (0)
#define LC3_EXEC_STORED(a) (watch->written[(a) >> 3] |= (uint8_t)(1u << ((a) & 7)))
#define LC3_EXEC_LEAVE_IF(cond)                                                          \
    do {                                                                                 \
        if (UNLIKELY(user && (cond))) {                                                  \
            pc--;                                                                        \
            left++;                                                                      \
            m->watch_stop = true;                                                        \
            goto out;                                                                    \
        }                                                                                \
    } while (0)
#define LC3_EXEC_UNWRITTEN(a)                                                            \
    ((uint16_t)((a) - LC3_USER_START) < LC3M_DEVICE_BASE - LC3_USER_START &&              \
     !(watch->written[(a) >> 3] & 1u << ((a) & 7)))
#define LC3_EXEC_STACK_UNUSED() (!watch->stack_used)
/* R6 moved within the stack the checker has seen in use: nothing to say. */
#define LC3_EXEC_WATCHED_RESULT(reg, v)                                                  \
    ((reg) == 6 && !(watch->stack_used && (v) >= LC3_USER_START && (v) <= watch->stack_top))
#define LC3_EXEC_RETURNED() returned(watch, r, mem[(uint16_t)(pc - 1)])
#define LC3_EXEC_CALLED(call_pc)                                                         \
    do {                                                                                 \
        if (user)                                                                        \
            called(watch, r, (uint16_t)pc, (call_pc));                                   \
    } while (0)
#include "lc3_exec_loop.h"
