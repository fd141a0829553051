/* The interpreter a second time, with --check's hook before each
 * instruction (mips_check_impl.h): mips_run takes it for a machine with a
 * checker, so the plain loop (mips_exec.c) has no test for checks in it.
 * A finding that stops the run leaves pc at its instruction, not run. */
#include "mips_check_impl.h"

#define MIPS_EXEC_NAME mips_execute_checked
#define MIPS_EXEC_HOOK_STATE mips_checker *const ck = m->checker;
#define MIPS_EXEC_HOOK()                                                                 \
    do {                                                                                 \
        if (UNLIKELY(mips_check_step(ck, m, pc - 4))) {                                  \
            pc -= 4;                                                                     \
            left++;                                                                      \
            end = MIPS_END_CHECK;                                                        \
            goto out;                                                                    \
        }                                                                                \
    } while (0)
#include "mips_exec_loop.h"
