/* The interpreter a third time, with a host's hook before each instruction
 * (mips_set_step_hook): a grader traces every step of a call this way
 * without leaving the loop for each one. pc is stored for the hook, which
 * sees the machine as mips_run's caller would between two steps. */
#include "mips_machine_impl.h"

#define MIPS_EXEC_NAME mips_execute_hooked
#define MIPS_EXEC_HOOK_STATE                                                             \
    const mips_step_hook hook = m->step_hook;                                            \
    void *const hook_ctx = m->step_ctx;
#define MIPS_EXEC_NEW_PAGE(page)
#define MIPS_EXEC_HOOK(index)                                                            \
    do {                                                                                 \
        m->state.pc = pc - 4;                                                            \
        hook(hook_ctx, m);                                                               \
    } while (0)
#define MIPS_EXEC_HOOK_ANY() MIPS_EXEC_HOOK(0)
#include "mips_exec_loop.h"
