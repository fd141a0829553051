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
    mips_check_local ck_local = {ck->readable, 0, 0, NULL};                              \
    uintptr_t ck_op_bias = 0; /* see MIPS_EXEC_HOOK */                                   \
    uint32_t ck_pc_bias = 0;
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
/* The record of the instruction before ip is ck_ops[ip - code - 1] at
 * ck_ops + 2 * (ip - code) - 16 in bytes (a record is twice a decoded
 * form), and its address code_base + (ip - code) / 2 - 4: each one add to
 * ip's bits, with the parts fixed for the page made here (uintptr_t
 * arithmetic wraps; the result is a valid pointer). */
#define MIPS_EXEC_NEW_PAGE(page)                                                         \
    do {                                                                                 \
        ck_ops = mips_check_page_ops(ck, pc, (page));                                    \
        ck_op_bias = (uintptr_t)ck_ops - 2 * (uintptr_t)code - 2 * sizeof(mips_decoded); \
        ck_pc_bias = code_base - (uint32_t)((uintptr_t)code >> 1) - 4;                   \
    } while (0)
_Static_assert(sizeof(mips_check_op) == 2 * sizeof(mips_decoded), "NEW_PAGE's bias");
#define MIPS_EXEC_HOOK(handler)                                                          \
    do {                                                                                 \
        uintptr_t ip_ = (uintptr_t)ip;                                                   \
        const mips_check_op *op_ = (const mips_check_op *)(2 * ip_ + ck_op_bias);        \
        uint32_t at_ = (uint32_t)(ip_ >> 1) + ck_pc_bias;                                \
        int kind_ = mips_check_kind_of(handler);                                         \
        MIPS_EXEC_STOP_IF(mips_check_step(ck, m, at_, op_, &ck_local, kind_), at_);      \
    } while (0)
/* Code from elsewhere, at pc - 4 in single[0]: the biases made so that the
 * handler's hook finds its record (made now) and its address. */
#define MIPS_EXEC_HOOK_ANY()                                                             \
    do {                                                                                 \
        const mips_check_op *op_ = mips_check_op_slow(ck, m, pc - 4);                    \
        ck_op_bias = (uintptr_t)op_ - 2 * (uintptr_t)(single + 1);                       \
        ck_pc_bias = pc - 4 - (uint32_t)((uintptr_t)(single + 1) >> 1);                  \
    } while (0)
#define MIPS_EXEC_LEAVE() (ck->readable = ck_local.readable)
#include "mips_exec_loop.h"
