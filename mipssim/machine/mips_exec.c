/* The MIPS interpreter: it runs the decoded forms (mips_decode.c) with pc
 * and the step budget in locals and a cached pointer to the current 4 KiB
 * of code. Everything rare leaves through mips_exec_slow.c or
 * mips_machine.c. */

#define MIPS_EXEC_NAME mips_execute
#define MIPS_EXEC_HOOK_STATE
#define MIPS_EXEC_NEW_PAGE(page)
#define MIPS_EXEC_HOOK(handler)
#define MIPS_EXEC_HOOK_ANY()
#define MIPS_EXEC_LEAVE()
#include "mips_exec_loop.h"
