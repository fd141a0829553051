/* The front ends' chunked drive of a session (mips_run_loop.h). */
#include "mips_run_loop.h"

/* The program's output flushed, then the reporter's word, if it has one. */
#define REPORT(loop, con, what, ...)                                \
    do {                                                            \
        console_flush(con);                                         \
        if ((loop)->report.what)                                    \
            (loop)->report.what((loop)->report.ctx, __VA_ARGS__);   \
    } while (0)

mips_run_end mips_run_loop_run(const mips_run_loop *loop, int *exit_status)
{
    mips_machine *m = mips_session_machine(loop->session);
    console *con = mips_session_console(loop->session);
    *exit_status = 0;
    for (;;) {
        uint64_t budget = loop->chunk;
        if (loop->limit) {
            uint64_t done = mips_instruction_count(m);
            if (done >= loop->limit) {
                REPORT(loop, con, limit, m);
                return MIPS_RUN_LIMIT;
            }
            if (loop->limit - done < budget)
                budget = loop->limit - done;
        }
        if (loop->before_chunk)
            loop->before_chunk(loop->before_ctx, m);
        if (loop->pace)
            budget = loop->pace(loop->pace_ctx, m, budget);
        mips_run_result r = mips_session_run(loop->session, budget);
        switch (r.end) {
        case MIPS_RUN_EXITED:
            *exit_status = r.exit_status;
            return MIPS_RUN_EXITED;
        case MIPS_RUN_LIMIT:
            if (budget > 1 || loop->flush_single_steps)
                console_flush(con); /* output shows while a long run computes */
            break;
        case MIPS_RUN_CHECK:
            console_flush(con);
            return MIPS_RUN_CHECK;
        case MIPS_RUN_ERROR:
            REPORT(loop, con, runtime_error, m);
            return MIPS_RUN_ERROR;
        case MIPS_RUN_INPUT_ENDED:
            REPORT(loop, con, input_ended, m, r.service);
            return MIPS_RUN_INPUT_ENDED;
        case MIPS_RUN_OUTPUT_CAP:
            REPORT(loop, con, output_cap, m);
            return MIPS_RUN_OUTPUT_CAP;
        case MIPS_RUN_STOPPED: /* the front end's hook stopped it (mars: where MARS crashes) */
            console_flush(con);
            return MIPS_RUN_STOPPED;
        case MIPS_RUN_OUTPUT_FAILED:
        case MIPS_RUN_REFUSED: /* no hook refuses here */
            return MIPS_RUN_OUTPUT_FAILED;
        }
        /* A program printing in a loop to a reader that left must stop. */
        if (console_output_closed(con))
            return MIPS_RUN_OUTPUT_FAILED;
    }
}
