/* mipssim's run: program arguments on the stack, the loop that runs the
 * machine and performs its syscalls (mips_run_loop.c), and the reports of
 * how a run ended. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "mips_check_say.h"
#include "mips_isa.h"
#include "mips_run_loop.h"
#include "mipssim_run.h"

/* Instructions per mips_session_run call: between calls, output is flushed (so a
 * program that prints and then computes shows its output) and a closed
 * output stops the run. */
enum { MIPSSIM_CHUNK = 1u << 22 };


/* MARS's register display ("$t0\t0x0000000a"), for every register. */
void mipssim_print_regs(const mips_machine *m)
{
    for (unsigned r = 0; r < 32; r++)
        fprintf(stderr, "$%s\t0x%08x\n", mips_register_name(r), mips_reg(m, r));
    fprintf(stderr, "pc\t0x%08x\nhi\t0x%08x\nlo\t0x%08x\n", mips_pc(m), mips_hi(m), mips_lo(m));
    for (unsigned f = 0; f < 32; f++)
        fprintf(stderr, "$f%u\t0x%08x\n", f, mips_fpr(m, f));
}

/* The runtime error as the assembler reports errors: file:line:col of the
 * statement, MARS's message with the faulting pc, then the source line. A
 * bad pc has no statement, so only the message. */
static void mipssim_report_error(const mips_machine *m, const mips_program *prog)
{
    const mips_error *e = mips_error_of(m);
    const mips_origin *o = mips_program_origin(prog, e->pc);
    if (!o || o->file >= prog->file_count) {
        fprintf(stderr, "mipssim: error: runtime error at 0x%08x: %s\n", e->pc, e->message);
        return;
    }
    diag_sink sink;
    diag_init(&sink, stderr);
    src_loc loc = {.file = prog->files[o->file], .line = (int)o->line, .col = o->column,
                   .len = 1};
    diag_error(&sink, loc, "runtime error at 0x%08x: %s", e->pc, e->message);
    diag_free(&sink);
}

/* "file:line" of a source location, for a note. */
static void mipssim_where(const src_loc *loc, char *buf, size_t size)
{
    const char *path = loc->file ? loc->file->path : "?";
    snprintf(buf, size, "%s:%d", path, loc->line);
}

/* A student's main file .includes its functions before main, so a run
 * without --start-main starts in the first function (as MARS without sm
 * does), which returns to address 0: $ra was never set. Says what happened
 * and how to start at main. */
static void mipssim_hint_start(const mips_machine *m, const mips_program *prog,
                               const mipssim_options *opt)
{
    const mips_error *e = mips_error_of(m);
    if (e->kind != MIPS_ERR_BAD_PC || e->pc != 0 || mips_reg(m, MIPS_REG_RA) != 0)
        return;
    const symbol *main_sym = symtab_find(&prog->globals, "main", 4);
    bool global = main_sym != NULL;
    for (int f = 0; !main_sym && f < opt->file_count; f++)
        main_sym = symtab_find(&prog->locals[f], "main", 4);
    if (!main_sym || !(main_sym->flags & MIPS_SYM_TEXT) || (global && opt->start_main) ||
        main_sym->value == MIPS_TEXT_BASE)
        return;
    char start[512] = "the start of .text", at_main[512];
    const mips_origin *o = mips_program_origin(prog, MIPS_TEXT_BASE);
    if (o && o->file < prog->file_count)
        snprintf(start, sizeof start, "%s:%" PRIu32, prog->files[o->file]->path, o->line);
    mipssim_where(&main_sym->where, at_main, sizeof at_main);
    fprintf(stderr, "mipssim: note: the run started at 0x%08x (%s), not at main (%s), and "
                    "that code returned with $ra never set\n"
                    "mipssim: note: run with --start-main to start at main%s, as MARS's sm "
                    "does\n",
            MIPS_TEXT_BASE, start, at_main, global ? "" : " (declare it .globl main first)");
}

/* The status after the output could not be written, said once. */
static int mipssim_output_failed(console *con)
{
    int err = console_output_error(con);
    /* A reader that went away is no news to the user: stop quietly. */
    if (err != EPIPE)
        fprintf(stderr, "mipssim: cannot write the program's output: %s\n", strerror(err));
    return MIPSSIM_EXIT_OUTPUT;
}

/* How mipssim says each end of a run: on stderr, after the output. */
typedef struct mipssim_report {
    const mips_program *prog;
    const mipssim_options *opt;
} mipssim_report;

static void mipssim_say_limit(void *ctx, const mips_machine *m)
{
    (void)ctx;
    fprintf(stderr, "mipssim: instruction limit reached after %" PRIu64
                    " instructions; stopped at 0x%08x\n", mips_instruction_count(m), mips_pc(m));
}

static void mipssim_say_error(void *ctx, const mips_machine *m)
{
    const mipssim_report *r = ctx;
    mipssim_report_error(m, r->prog);
    mipssim_hint_start(m, r->prog, r->opt);
}

static void mipssim_say_input_ended(void *ctx, const mips_machine *m, uint32_t service)
{
    (void)ctx;
    fprintf(stderr, "mipssim: input ended while the program waits for it (syscall %" PRIu32
                    ") at 0x%08x\n", service, mips_pc(m) - 4);
}

static void mipssim_say_output_cap(void *ctx, const mips_machine *m)
{
    const mipssim_report *r = ctx;
    (void)m;
    fprintf(stderr, "mipssim: the program's output reached the cap of %" PRIu64
                    " bytes (--max-output); stopped\n",
            r->opt->max_output ? r->opt->max_output : (uint64_t)MIPS_SYSCALL_DEFAULT_CAP);
}

/* The run itself; mipssim_run adds the last check of the output. */
static int mipssim_loop(mips_session *s, const mips_program *prog, const mipssim_options *opt)
{
    mips_machine *m = mips_session_machine(s);
    console *con = mips_session_console(s);
    mipssim_report report = {prog, opt};
    mips_run_loop loop = {
        .session = s, .limit = opt->limit, .chunk = MIPSSIM_CHUNK,
        .flush_single_steps = true,
        .report = {&report, mipssim_say_limit, mipssim_say_error, mipssim_say_input_ended,
                   mipssim_say_output_cap},
    };
    mips_check_sayer sayer = {prog, con, stderr,
                              opt->check && (opt->check_set >> MIPS_CHECK_ERROR & 1)};
    mips_checker *checker = NULL;
    if (opt->check) {
        checker = mips_checker_new(opt->check_set, mips_check_say, &sayer);
        if (!checker) {
            fprintf(stderr, "mipssim: out of memory\n");
            return MIPSSIM_EXIT_ASSEMBLY;
        }
        mips_check_attach(m, checker, prog);
        mips_session_set_checker(s, checker);
    }
    mipssim_devices dev;
    bool devices = opt->dev.mmio || opt->dev.bitmap;
    if (devices) {
        if (!mipssim_devices_start(&dev, &opt->dev, s)) {
            if (checker) {
                mips_check_attach(m, NULL, NULL);
                mips_session_set_checker(s, NULL);
                mips_checker_free(checker);
            }
            return MIPSSIM_EXIT_USAGE;
        }
        loop.pace = mipssim_devices_pace;
        loop.pace_ctx = &dev;
    }
    int exit_status;
    mips_run_end end = mips_run_loop_run(&loop, &exit_status);
    if (devices && !mipssim_devices_finish(&dev, m) && end == MIPS_RUN_EXITED)
        exit_status = MIPSSIM_EXIT_OUTPUT; /* a frame was not written: said already */
    if (checker) {
        if (mips_check_dropped(checker))
            fprintf(stderr, "mipssim: %llu more findings not shown (--check says each of "
                            "the first %d once)\n",
                    (unsigned long long)mips_check_dropped(checker), CHECK_SEEN_MAX);
        mips_check_attach(m, NULL, NULL);
        mips_session_set_checker(s, NULL);
        mips_checker_free(checker);
    }
    switch (end) {
    case MIPS_RUN_CHECK:
        fprintf(stderr, "mipssim: stopped at the first finding (--check=error)\n");
        return MIPSSIM_EXIT_CHECK;
    case MIPS_RUN_EXITED:
        return exit_status;
    case MIPS_RUN_LIMIT:
        return MIPSSIM_EXIT_LIMIT;
    case MIPS_RUN_ERROR:
        return MIPSSIM_EXIT_RUNTIME;
    case MIPS_RUN_INPUT_ENDED:
        return MIPSSIM_EXIT_INPUT_ENDED;
    case MIPS_RUN_OUTPUT_CAP:
        return MIPSSIM_EXIT_OUTPUT_CAP;
    case MIPS_RUN_OUTPUT_FAILED:
    case MIPS_RUN_REFUSED: /* no hook: mips_run_loop_run never ends so */
    case MIPS_RUN_STOPPED:
        break;
    }
    return mipssim_output_failed(con);
}

int mipssim_run(mips_session *s, const mips_program *prog, const mipssim_options *opt)
{
    console *con = mips_session_console(s);
    int status = mipssim_loop(s, prog, opt);
    if (status != MIPSSIM_EXIT_OUTPUT && !console_flush(con))
        return mipssim_output_failed(con);
    return status;
}
