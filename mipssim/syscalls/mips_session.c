/* The session (mips_session.h): the machine, its OS, and the one run loop
 * with the one syscall dispatcher. */
#include <stdlib.h>

#include "mips_isa.h"
#include "mips_session.h"

struct mips_session {
    mips_session_config config;
    mips_machine *machine;
    mips_syscalls *syscalls;
    console *con;
    bool owns_console;
    mips_syscall_hook before_syscall;
    void *hook_ctx;
    mips_checker *checker;
    uint64_t left; /* steps the current run may still take */
    /* mips_session_load_source's program and its files */
    mips_program program;
    bool has_program;
    source_file **sources;
    int source_count;
};

mips_session_config mips_session_default_config(void)
{
    mips_session_config c = {0};
    c.syscalls = mips_syscall_default_options();
    c.in_fd = -1;
    c.out_fd = -1;
    return c;
}

mips_session *mips_session_new(const mips_session_config *config)
{
    return mips_session_new_on(config, NULL);
}

mips_session *mips_session_new_on(const mips_session_config *config, mips_machine *used)
{
    mips_session *s = calloc(1, sizeof *s);
    if (!s) {
        mips_machine_free(used);
        return NULL;
    }
    s->config = config ? *config : mips_session_default_config();
    if (used)
        mips_machine_clear(used, &s->config.machine);
    s->machine = used ? used : mips_machine_new(&s->config.machine);
    if (!s->machine) {
        free(s);
        return NULL;
    }
    return s;
}

void mips_session_free(mips_session *s)
{
    mips_machine_free(mips_session_free_but_machine(s));
}

mips_machine *mips_session_free_but_machine(mips_session *s)
{
    if (!s)
        return NULL;
    mips_machine *m = s->machine;
    mips_syscalls_free(s->syscalls);
    if (s->owns_console)
        console_close(s->con);
    if (s->has_program)
        mips_program_free(&s->program);
    for (int f = 0; s->sources && f < s->source_count; f++)
        source_free(s->sources[f]);
    free(s->sources);
    free(s);
    return m;
}

bool mips_session_load_source(mips_session *s, const mips_source_options *o, FILE *errors)
{
    if (s->sources || o->count <= 0)
        return false;
    s->sources = calloc((size_t)o->count, sizeof *s->sources);
    if (!s->sources)
        return false;
    s->source_count = o->count;
    bool ok = mips_source_assemble(o, s->sources, &s->program, errors);
    /* mips_assemble fills the program even when it fails, once the last
     * file was read. */
    s->has_program = s->sources[o->count - 1] != NULL;
    return ok && mips_session_load_program(s, &s->program,
                                           mips_program_entry(&s->program, o->start_main));
}

const mips_program *mips_session_program(const mips_session *s)
{
    return s->has_program ? &s->program : NULL;
}

bool mips_session_load_program(mips_session *s, const mips_program *prog, uint32_t start)
{
    return mips_machine_load(s->machine, prog, start);
}

bool mips_session_load_shared(mips_session *s, const mips_machine *code,
                              const mips_program *prog, uint32_t start)
{
    return mips_machine_load_shared(s->machine, code, prog, start);
}

bool mips_session_store_args(mips_session *s, char **args, int count)
{
    return mips_store_args(s->machine, args, count);
}

bool mips_session_open(mips_session *s, console *con)
{
    if (!con) {
        con = console_open(s->config.in_fd, s->config.out_fd);
        if (!con)
            return false;
        s->owns_console = true;
    }
    s->con = con;
    s->syscalls = mips_syscalls_new(con, &s->config.syscalls);
    return s->syscalls != NULL;
}

/* Performs the syscall the machine stopped at (pc past it), the hook
 * first; true to run on, else r says why the run ends. */
static bool dispatch_syscall(mips_session *s, mips_run_result *r)
{
    mips_machine *m = s->machine;
    if (s->before_syscall) {
        mips_syscall_verdict v = s->before_syscall(s->hook_ctx, s, mips_reg(m, MIPS_REG_V0));
        if (v != MIPS_SYSCALL_PERFORM) {
            r->service = mips_reg(m, MIPS_REG_V0);
            r->end = v == MIPS_SYSCALL_REFUSE ? MIPS_RUN_REFUSED : MIPS_RUN_STOPPED;
            mips_set_pc(m, mips_pc(m) - 4);
            return false;
        }
    }
    r->service = mips_reg(m, MIPS_REG_V0);
    switch (mips_syscall(s->syscalls, m)) {
    case MIPS_SYSCALL_CONTINUE:
        break;
    case MIPS_SYSCALL_RAISED:
        /* With a handler the pc is there; without one the error is
         * pending, and every host reports it now, with no step between. */
        if (mips_error_pending(m) && mips_run(m, 0) == MIPS_STOP_ERROR) {
            r->end = MIPS_RUN_ERROR;
            return false;
        }
        break;
    case MIPS_SYSCALL_EXIT:
        r->end = MIPS_RUN_EXITED;
        r->exit_status = mips_syscall_exit_status(s->syscalls);
        return false;
    case MIPS_SYSCALL_INPUT_ENDED:
        r->end = MIPS_RUN_INPUT_ENDED;
        return false;
    case MIPS_SYSCALL_OUTPUT_CAP:
        r->end = MIPS_RUN_OUTPUT_CAP;
        return false;
    }
    /* A program printing in a loop to a reader that left must stop. */
    if (console_output_closed(s->con)) {
        r->end = MIPS_RUN_OUTPUT_FAILED;
        return false;
    }
    return true;
}

mips_run_result mips_session_run(mips_session *s, uint64_t max_steps)
{
    mips_machine *m = s->machine;
    mips_run_result r = {0};
    s->left = max_steps;
    for (;;) {
        uint64_t before = mips_instruction_count(m);
        mips_stop stop = mips_run(m, s->left);
        s->left -= mips_instruction_count(m) - before;
        switch (stop) {
        case MIPS_STOP_EXIT:
            r.end = MIPS_RUN_EXITED;
            r.fell_off = true;
            return r;
        case MIPS_STOP_LIMIT:
            r.end = s->checker && mips_check_stopped(s->checker) ? MIPS_RUN_CHECK
                                                                  : MIPS_RUN_LIMIT;
            return r;
        case MIPS_STOP_ERROR:
            r.end = MIPS_RUN_ERROR;
            return r;
        case MIPS_STOP_SYSCALL:
            if (!dispatch_syscall(s, &r))
                return r;
            break;
        }
        if (s->left == 0) {
            r.end = MIPS_RUN_LIMIT;
            return r;
        }
    }
}

void mips_session_set_syscall_hook(mips_session *s, mips_syscall_hook before, void *ctx)
{
    s->before_syscall = before;
    s->hook_ctx = ctx;
}

void mips_session_charge(mips_session *s, uint64_t steps)
{
    s->left = steps < s->left ? s->left - steps : 0;
}

void mips_session_set_checker(mips_session *s, mips_checker *checker)
{
    s->checker = checker;
}

mips_machine *mips_session_machine(mips_session *s)
{
    return s->machine;
}

mips_syscalls *mips_session_syscalls(mips_session *s)
{
    return s->syscalls;
}

console *mips_session_console(mips_session *s)
{
    return s->con;
}
