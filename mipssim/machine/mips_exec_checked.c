/* The interpreter a second time, with --check's hook before each
 * instruction (mips_check_impl.h): mips_run takes it for a machine with a
 * checker, so the plain loop (mips_exec.c) has no test for checks in it.
 * Beside the decoded 4 KiB of code it keeps that page's check records, so
 * an instruction's record is one index away. A finding that stops the run
 * leaves pc at its instruction, not run. */
#include "mips_check_impl.h"

#define MIPS_EXEC_NAME mips_execute_checked
#define MIPS_EXEC_HOOK_STATE                                                             \
    mips_checker *const ck = m->checker;                                                 \
    const mips_check_op *ck_ops = NULL; /* the records of the 4 KiB in code */          \
    mips_check_local ck_local = {ck->readable, 0, 0, NULL};
/* A finding that stops the run leaves pc at its instruction, at, which
 * has not run. at is made from ip, not pc: then the loop's pc is dead
 * between fetches here too, one register fewer in a loop short of them. */
#define MIPS_EXEC_STOP_IF(stop, at)                                                      \
    do {                                                                                 \
        if (UNLIKELY(stop)) {                                                            \
            pc = (at);                                                                   \
            left++;                                                                      \
            end = MIPS_END_CHECK;                                                        \
            goto out;                                                                    \
        }                                                                                \
    } while (0)
#define MIPS_EXEC_NEW_PAGE(page) (ck_ops = mips_check_page_ops(ck, pc, (page)))
#define MIPS_EXEC_HOOK(index)                                                            \
    do {                                                                                 \
        unsigned i_ = (index);                                                           \
        uint32_t at_ = code_base + (i_ << 2);                                            \
        MIPS_EXEC_STOP_IF(mips_check_step(ck, m, at_, &ck_ops[i_], &ck_local), at_);     \
    } while (0)
#define MIPS_EXEC_HOOK_ANY()                                                             \
    MIPS_EXEC_STOP_IF(mips_check_step(ck, m, pc - 4, mips_check_op_slow(ck, m, pc - 4), &ck_local), \
                      pc - 4)
#define MIPS_EXEC_LEAVE() (ck->readable = ck_local.readable)
#include "mips_exec_loop.h"
