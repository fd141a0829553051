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
#include "mipssim.h"

/* Instructions per mips_run call: between calls, output is flushed (so a
 * program that prints and then computes shows its output) and a closed
 * output stops the run. */
enum { MIPSSIM_CHUNK = 1u << 22 };

enum { MIPSSIM_REG_A0 = 4, MIPSSIM_REG_A1 = 5, MIPSSIM_REG_SP = 29,
       MIPSSIM_REG_RA = 31 };

/* MARS's stack base: the first argument's NUL goes here. */
enum { MIPSSIM_STACK_BASE = 0x7ffffffc };

/* Java's chars of a UTF-8 argument, each cut to its low byte as MARS's
 * ProgramArgumentList stores them: a character above U+FFFF is two
 * surrogates, a malformed byte is U+FFFD. Returns the count (<= strlen). */
static size_t mipssim_java_chars(const char *arg, uint8_t *out)
{
    const uint8_t *s = (const uint8_t *)arg;
    size_t n = 0;
    while (*s) {
        unsigned len = *s < 0x80 ? 1 : (*s & 0xE0) == 0xC0 ? 2 : (*s & 0xF0) == 0xE0 ? 3
                                 : (*s & 0xF8) == 0xF0 ? 4 : 0;
        uint32_t cp = len == 1 ? *s : len == 2 ? *s & 0x1Fu : len == 3 ? *s & 0x0Fu : *s & 0x07u;
        unsigned k = 1;
        for (; k < len && (s[k] & 0xC0) == 0x80; k++)
            cp = cp << 6 | (s[k] & 0x3Fu);
        static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (len == 0 || k < len || cp < least[len] || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF)) {
            out[n++] = 0xFD; /* U+FFFD */
            s += k > 1 ? k : 1;
            continue;
        }
        if (cp > 0xFFFF) {
            out[n++] = (uint8_t)(0xD800 + ((cp - 0x10000) >> 10));
            out[n++] = (uint8_t)(0xDC00 + (cp & 0x3FF));
        } else {
            out[n++] = (uint8_t)cp;
        }
        s += len;
    }
    return n;
}

/* Strings go downward from *high, the first argument highest, each a NUL
 * then its characters from the last to the first. *high ends below the
 * lowest. */
static bool mipssim_store_strings(mips_machine *m, char **args, int count, uint32_t *starts,
                                  uint32_t *high)
{
    mips_error_kind kind;
    for (int i = 0; i < count; i++) {
        uint8_t *chars = malloc(strlen(args[i]) + 1);
        if (!chars)
            return false;
        size_t n = mipssim_java_chars(args[i], chars);
        bool ok = mips_store(m, (*high)--, 1, 0, &kind);
        for (size_t j = n; ok && j > 0; j--)
            ok = mips_store(m, (*high)--, 1, chars[j - 1], &kind);
        free(chars);
        if (!ok)
            return false;
        starts[i] = *high + 1;
    }
    return true;
}

/* argv (NULL-terminated) with argc under it; $a0, $a1, $sp point at them.
 * high is the address below the lowest string. */
static bool mipssim_store_argv(mips_machine *m, const uint32_t *starts, int count,
                               uint32_t high)
{
    mips_error_kind kind;
    /* argv sits at the initial $sp, unless the strings reach below it: then
     * one word of clearance under the lowest string's word. */
    uint32_t at = MIPS_SP_INIT;
    if (high < MIPS_SP_INIT)
        at = high - high % 4 - 4;
    if (!mips_store(m, at, 4, 0, &kind)) /* argv's NULL */
        return false;
    for (int i = count - 1; i >= 0; i--) {
        at -= 4;
        if (!mips_store(m, at, 4, starts[i], &kind))
            return false;
    }
    at -= 4;
    if (!mips_store(m, at, 4, (uint32_t)count, &kind)) /* argc */
        return false;
    mips_set_reg(m, MIPSSIM_REG_SP, at);
    mips_set_reg(m, MIPSSIM_REG_A0, (uint32_t)count);
    mips_set_reg(m, MIPSSIM_REG_A1, at + 4);
    return true;
}

bool mipssim_store_args(mips_machine *m, char **args, int count)
{
    if (count <= 0)
        return true; /* MARS leaves the machine untouched without arguments */
    uint32_t high = MIPSSIM_STACK_BASE;
    uint32_t *starts = malloc((size_t)count * sizeof *starts);
    if (!starts)
        return false;
    bool ok = mipssim_store_strings(m, args, count, starts, &high) &&
              mipssim_store_argv(m, starts, count, high);
    free(starts);
    return ok;
}

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
    if (e->kind != MIPS_ERR_BAD_PC || e->pc != 0 || mips_reg(m, MIPSSIM_REG_RA) != 0)
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
static int mipssim_loop(mips_machine *m, mips_syscalls *sys, console *con,
                        const mips_program *prog, const mipssim_options *opt)
{
    mipssim_report report = {prog, opt};
    mips_run_loop loop = {
        .m = m, .sys = sys, .con = con, .limit = opt->limit, .chunk = MIPSSIM_CHUNK,
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
        loop.checker = checker;
    }
    int exit_status;
    mips_run_end end = mips_run_loop_run(&loop, &exit_status);
    if (checker) {
        if (mips_check_dropped(checker))
            fprintf(stderr, "mipssim: %llu more findings not shown (--check says each of "
                            "the first %d once)\n",
                    (unsigned long long)mips_check_dropped(checker), CHECK_SEEN_MAX);
        mips_check_attach(m, NULL, NULL);
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
        break;
    }
    return mipssim_output_failed(con);
}

int mipssim_run(mips_machine *m, mips_syscalls *sys, console *con, const mips_program *prog,
                const mipssim_options *opt)
{
    int status = mipssim_loop(m, sys, con, prog, opt);
    if (status != MIPSSIM_EXIT_OUTPUT && !console_flush(con))
        return mipssim_output_failed(con);
    return status;
}
