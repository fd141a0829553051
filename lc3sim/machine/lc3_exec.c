/* The LC-3 interpreter, plain (lc3_exec_loop.h): what every run without a
 * checked record takes. */
#define LC3_EXEC_NAME lc3_execute
#define LC3_EXEC_HOOK_STATE
#define LC3_EXEC_WROTE(reg)
#define LC3_EXEC_STORED(addr)
#define LC3_EXEC_LEAVE_IF(cond)
#define LC3_EXEC_UNWRITTEN(addr) 0
#define LC3_EXEC_STACK_UNUSED() 0
#define LC3_EXEC_CHECKED_RESULT(reg, v) 0
#define LC3_EXEC_RETURNED() 1
#define LC3_EXEC_CALLED(call_pc)
#include "lc3_exec_loop.h"
