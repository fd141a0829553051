/* The mars front end's simulation (MIPSprogram.simulate as MarsLaunch
 * drives it) and its post-mortem: the instruction count, the registers and
 * the memory ranges asked for. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mars_impl.h"
#include "mips_display.h"
#include "mips_isa.h"
#include "mips_run_loop.h"
#include "mipssim_run.h"

/* Instructions per mips_run call, so output shows while a program computes. */
enum { MARS_CHUNK = 1u << 22 };

/* MARS's ProcessingException report of a runtime error: the file and line
 * of the statement, or nothing for a bad pc. */
static void mars_report_error(const mars_options *opt, const mips_machine *m,
                              const mips_program *prog)
{
    const mips_error *e = mips_error_of(m);
    const mips_origin *o = mips_program_origin(prog, e->pc);
    if (e->kind == MIPS_ERR_BAD_PC || !o || o->file >= prog->file_count)
        fprintf(opt->out, "Error in : %s\n", e->message);
    else
        fprintf(opt->out, "Error in %s line %" PRIu32 ": Runtime exception at 0x%08" PRIx32
                          ": %s\n", prog->files[o->file]->path, o->line, e->pc, e->message);
    fputs("\nProcessing terminated due to errors.\n", opt->out);
}

typedef enum mars_end {
    MARS_END_DONE,     /* syscall 10 or 17, or off the end */
    MARS_END_LIMIT,    /* the step limit */
    MARS_END_ERROR,    /* a runtime error MARS reports */
    MARS_END_ABORTED,  /* where MARS would crash or hang: status set, said on stderr */
    MARS_END_NO_INPUT, /* input ended in a read: as ABORTED, but MARS's line follows */
    MARS_END_CRASHED,  /* MARS's simulator thread dies (a Java exception): as NO_INPUT */
} mars_end;

/* The messages where MARS would hang or crash, on stderr; the limit and a
 * runtime error are said in the post-mortem instead. */
static void mars_say_input_ended(void *ctx, const mips_machine *m, uint32_t service)
{
    (void)ctx;
    fprintf(stderr, "mars: input ended while the program waits for it (syscall %" PRIu32
                    ") at 0x%08" PRIx32 "\n", service, mips_pc(m) - 4);
}

static void mars_say_output_cap(void *ctx, const mips_machine *m)
{
    (void)ctx;
    (void)m;
    fprintf(stderr, "mars: the program's output reached the cap of %d bytes; stopped\n",
            MIPS_SYSCALL_DEFAULT_CAP);
}

/* Syscalls 14 and 15 with a length MARS's Java cannot take: SyscallRead
 * makes new byte[$a2], SyscallWrite new byte[$a2 + 1] in int arithmetic and
 * then stores at index $a2 + 0 (so -1 fails after reading the byte at $a1,
 * whose address error MARS raises first). MARS's simulator thread dies with
 * a Java trace on stderr, and MarsLaunch reports the end as a step limit. */
static mips_syscall_verdict mars_before_syscall(void *ctx, mips_session *s, unsigned service)
{
    (void)ctx;
    mips_machine *m = mips_session_machine(s);
    int32_t len = (int32_t)mips_reg(m, MIPS_REG_A2);
    bool crashes = false;
    if (service == MIPS_SYS_READ)
        crashes = len < 0;
    else if (service == MIPS_SYS_WRITE && len == -1) {
        uint32_t byte;
        mips_error_kind kind;
        crashes = mips_load(m, mips_reg(m, MIPS_REG_A1), 1, &byte, &kind);
    } else if (service == MIPS_SYS_WRITE)
        crashes = len < -1 || len == INT32_MAX;
    if (!crashes)
        return MIPS_SYSCALL_PERFORM;
    fprintf(stderr, "mars: syscall %u with length %" PRId32 " at 0x%08" PRIx32
                    ": MARS 4.5 crashes here (a Java exception); its run ends as at a step "
                    "limit\n", service, len, mips_pc(m) - 4);
    return MIPS_SYSCALL_STOP;
}

/* MARS's "ic" counts instruction fetches from the user text segment, but
 * not a fetch of the address fetched just before (so "j self" counts once)
 * and not kernel code: its observer of text-segment reads does exactly
 * that. With "ic" the loop goes one instruction at a time to count so.
 * A fetch that fails (a pc not word-aligned, or past the 4 MiB of text
 * blocks, textLimitAddress) throws before it notifies, so is not counted. */
typedef struct mars_counter {
    uint64_t count;
    uint32_t last;
} mars_counter;

static void mars_count_fetch(mars_counter *c, uint32_t pc)
{
    if (pc % 4 == 0 && pc >= MIPS_TEXT_BASE && pc < MIPS_TEXT_END && pc != c->last) {
        c->count++;
        c->last = pc;
    }
}

static void mars_count_chunk(void *ctx, const mips_machine *m)
{
    /* A syscall's error with no handler ends the run before any fetch. */
    if (!mips_error_pending(m))
        mars_count_fetch(ctx, mips_pc(m));
}

static mars_end mars_loop(const mars_options *opt, mips_session *session, int *status,
                          mars_counter *counter)
{
    mips_run_loop loop = {
        .session = session,
        .limit = opt->max_steps > 0 ? (uint64_t)opt->max_steps : 0,
        .chunk = opt->count ? 1 : MARS_CHUNK, /* "ic" counts every fetch */
        .before_chunk = opt->count ? mars_count_chunk : NULL, .before_ctx = counter,
        .report = {.input_ended = mars_say_input_ended, .output_cap = mars_say_output_cap},
    };
    switch (mips_run_loop_run(&loop, status)) {
    case MIPS_RUN_EXITED:
        break;
    case MIPS_RUN_LIMIT:
        return MARS_END_LIMIT;
    case MIPS_RUN_ERROR:
        return MARS_END_ERROR;
    case MIPS_RUN_INPUT_ENDED:
        *status = MIPSSIM_EXIT_INPUT_ENDED;
        return MARS_END_NO_INPUT;
    case MIPS_RUN_OUTPUT_CAP:
        *status = MIPSSIM_EXIT_OUTPUT_CAP;
        return MARS_END_ABORTED;
    case MIPS_RUN_OUTPUT_FAILED:
        *status = MIPSSIM_EXIT_OUTPUT;
        return MARS_END_ABORTED;
    case MIPS_RUN_STOPPED: /* mars_before_syscall: MARS crashes there */
        /* MARS had fetched the syscall: its pc is past it */
        mips_set_pc(mips_session_machine(session), mips_pc(mips_session_machine(session)) + 4);
        *status = MIPSSIM_EXIT_RUNTIME;
        return MARS_END_CRASHED;
    case MIPS_RUN_CHECK: /* mars has no --check */
    case MIPS_RUN_REFUSED:
        break;
    }
    return MARS_END_DONE;
}

int mars_simulate(const mars_options *opt, mips_session *session, const mips_program *prog)
{
    fflush(opt->out); /* the copyright and warnings come before the program's output */
    mips_machine *m = mips_session_machine(session);
    console *con = console_open(STDIN_FILENO, STDOUT_FILENO);
    if (!con || !mips_session_open(session, con)) {
        fputs("mars: out of memory\n", stderr);
        console_close(con);
        return MIPSSIM_EXIT_ASSEMBLY;
    }
    int status = 0;
    mars_counter counter = {0, 0};
    mips_session_set_syscall_hook(session, mars_before_syscall, NULL);
    mars_end end = mars_loop(opt, session, &status, &counter);
    bool output_ok = console_flush(con) && !console_output_closed(con);
    console_close(con);
    if (!output_ok)
        return MIPSSIM_EXIT_OUTPUT;
    switch (end) {
    case MARS_END_ABORTED:
        return status;
    case MARS_END_CRASHED:
    case MARS_END_NO_INPUT:
        /* MARS's reader thread dies with a Java trace (here: the clear
         * message on stderr, status 4); its simulator then reports the end
         * as a step limit, -1 when none was given, and the post-mortem runs. */
    case MARS_END_LIMIT:
        fprintf(opt->out, "\nProgram terminated when maximum step limit %" PRId32 " reached.\n",
                opt->max_steps);
        break;
    case MARS_END_ERROR:
        mars_report_error(opt, m, prog);
        status = opt->simulate_error_status;
        break;
    case MARS_END_DONE:
        break;
    }
    if (opt->count)
        fprintf(opt->out, "\n%" PRId32 "\n", (int32_t)counter.count);
    fputc('\n', opt->out);
    mips_display d = {opt->out, opt->display, opt->verbose};
    for (int i = 0; i < opt->register_count; i++) {
        bool is_number, is_float;
        const char *name = opt->registers[i];
        int r = mips_register(name, strlen(name), &is_number, &is_float);
        if (r < 0) /* "$f0x2": accepted, but no register has that name */
            mips_display_unnamed_fp(&d, name);
        else
            mips_display_register(&d, m, name, (unsigned)r, is_float);
    }
    for (int r = 0; r < opt->range_count; r++)
        mips_display_memory(&d, m, opt->ranges[2 * r], opt->ranges[2 * r + 1]);
    return status & 0xff;
}
