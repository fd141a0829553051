/* The shared run loop (mips_run_loop.h). */
#include "mips_run_loop.h"

#include "mips_isa.h"

/* The program's output flushed, then the reporter's word, if it has one. */
#define REPORT(loop, what, ...)                          \
    do {                                                 \
        console_flush((loop)->con);                      \
        if ((loop)->report.what)                         \
            (loop)->report.what((loop)->report.ctx, __VA_ARGS__); \
    } while (0)

mips_run_end mips_run_loop_run(const mips_run_loop *loop, int *exit_status)
{
    mips_machine *m = loop->m;
    *exit_status = 0;
    for (;;) {
        uint64_t budget = loop->chunk;
        if (loop->limit) {
            uint64_t done = mips_instruction_count(m);
            if (done >= loop->limit) {
                REPORT(loop, limit, m);
                return MIPS_RUN_LIMIT;
            }
            if (loop->limit - done < budget)
                budget = loop->limit - done;
        }
        if (loop->before_chunk)
            loop->before_chunk(loop->before_ctx, m);
        switch (mips_run(m, budget)) {
        case MIPS_STOP_EXIT:
            return MIPS_RUN_EXITED;
        case MIPS_STOP_LIMIT:
            if (loop->checker && mips_check_stopped(loop->checker)) {
                console_flush(loop->con);
                return MIPS_RUN_CHECK;
            }
            if (budget > 1 || loop->flush_single_steps)
                console_flush(loop->con); /* output shows while a long run computes */
            break;
        case MIPS_STOP_ERROR:
            REPORT(loop, runtime_error, m);
            return MIPS_RUN_ERROR;
        case MIPS_STOP_SYSCALL: {
            uint32_t service = mips_reg(m, MIPS_REG_V0);
            switch (mips_syscall(loop->sys, m)) {
            case MIPS_SYSCALL_CONTINUE:
            case MIPS_SYSCALL_RAISED: /* the next mips_run reports it or runs the handler */
                break;
            case MIPS_SYSCALL_EXIT:
                *exit_status = mips_syscall_exit_status(loop->sys);
                return MIPS_RUN_EXITED;
            case MIPS_SYSCALL_INPUT_ENDED:
                REPORT(loop, input_ended, m, service);
                return MIPS_RUN_INPUT_ENDED;
            case MIPS_SYSCALL_OUTPUT_CAP:
                REPORT(loop, output_cap, m);
                return MIPS_RUN_OUTPUT_CAP;
            }
            break;
        }
        }
        /* A program printing in a loop to a reader that left must stop. */
        if (console_output_closed(loop->con))
            return MIPS_RUN_OUTPUT_FAILED;
    }
}
