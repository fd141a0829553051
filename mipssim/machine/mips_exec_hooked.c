/* The interpreter a third time, with a host's hook before each instruction
 * (mips_set_step_hook): a grader traces every step of a call this way
 * without leaving the loop for each one. pc is stored for the hook, which
 * sees the machine as mips_run's caller would between two steps. */
#include "mips_machine_impl.h"

#define MIPS_EXEC_NAME mips_execute_hooked
#define MIPS_EXEC_HOOK_STATE                                                             \
    const mips_step_hook hook = m->step_hook;                                            \
    void *const hook_ctx = m->step_ctx;                                                  \
    const mips_text_page *hook_page = NULL; /* the 4 KiB in code, for its words */
#define MIPS_EXEC_NEW_PAGE(page) (hook_page = (page))
/* Before each instruction: its word from the page, or for code from
 * elsewhere (single) from memory. */
#define MIPS_EXEC_HOOK(handler)                                                          \
    do {                                                                                 \
        uint32_t word_;                                                                  \
        m->state.pc = pc - 4;                                                            \
        if (LIKELY(code != single))                                                      \
            word_ = hook_page->word[ip - code - 1];                                      \
        else                                                                             \
            mips_peek(m, pc - 4, &word_);                                                \
        hook(hook_ctx, m, pc - 4, word_);                                                \
    } while (0)
#define MIPS_EXEC_HOOK_ANY()
#define MIPS_EXEC_LEAVE()
#include "mips_exec_loop.h"
