/* The LC-3 session: a machine, its OS and program, the checker, and the
 * one run loop (lc3_session.h). */
#include "lc3_session.h"

#include <stdlib.h>
#include <string.h>

#include "lc3_os.h"

struct lc3_session {
    lc3_session_config config;
    lc3_machine *m;
    lc3_loaded os;            /* config.os_path's, when given */
    lc3_loaded prog;
    bool os_loaded, loaded;
    bool borrowed;            /* prog.program is the caller's (lc3_session_load_program) */
    lc3_checker *checker;
    unsigned check_set;
    lc3_syscall_hook hook;
    void *hook_ctx;
};

enum { OP_TRAP = 0xF };

static void release_program(lc3_session *s)
{
    if (s->borrowed)
        memset(&s->prog, 0, sizeof s->prog);
    s->borrowed = false;
    lc3_loaded_free(&s->prog);
}

lc3_session *lc3_session_new(const lc3_session_config *config)
{
    lc3_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->config = *config;
    if (!s->config.tool)
        s->config.tool = "lc3";
    if (!s->config.errors)
        s->config.errors = stderr;
    if (!s->config.check_out)
        s->config.check_out = stderr;
    s->check_set = config->check_set;
    return s;
}

void lc3_session_free(lc3_session *s)
{
    if (!s)
        return;
    lc3_checker_free(s->checker);
    lc3_free(s->m);
    release_program(s);
    lc3_loaded_free(&s->os);
    free(s);
}

/* --os FILE, read once, before the first program. */
static bool load_os(lc3_session *s)
{
    if (!s->config.os_path || s->os_loaded)
        return true;
    s->os_loaded = lc3_load_file(s->config.os_path, s->config.tool, s->config.errors, &s->os);
    return s->os_loaded;
}

static bool loaded(lc3_session *s, bool ok)
{
    s->loaded = ok;
    return ok && lc3_session_start(s);
}

bool lc3_session_load_source(lc3_session *s, const char *path)
{
    release_program(s);
    return load_os(s) &&
           loaded(s, lc3_load_source(path, s->config.tool, s->config.errors, &s->prog));
}

bool lc3_session_load_object(lc3_session *s, const char *path)
{
    release_program(s);
    return load_os(s) &&
           loaded(s, lc3_load_object(path, s->config.tool, s->config.errors, &s->prog));
}

bool lc3_session_load_file(lc3_session *s, const char *path)
{
    release_program(s);
    return load_os(s) &&
           loaded(s, lc3_load_file(path, s->config.tool, s->config.errors, &s->prog));
}

bool lc3_session_load_program(lc3_session *s, const lc3_program *program)
{
    release_program(s);
    s->prog.program = *program;
    s->borrowed = true;
    return load_os(s) && loaded(s, true);
}

/* The checker on the program, when checks are on (the modifier alone is
 * none). */
static bool attach_checker(lc3_session *s)
{
    lc3_checker_free(s->checker);
    s->checker = NULL;
    if (!(s->check_set & ((1u << LC3_CHECK_ERROR) - 1)))
        return true;
    s->checker = lc3_checker_new(&s->prog, s->check_set, s->config.check_saved,
                                 s->config.check_out, s->config.check_flush,
                                 s->config.check_flush_ctx);
    return s->checker != NULL;
}

bool lc3_session_start(lc3_session *s)
{
    lc3_free(s->m);
    s->m = lc3_new(&s->config.io);
    if (!s->m)
        return false;
    if (s->config.os_path)
        lc3_loaded_place(&s->os, s->m);
    else if (!s->config.bare)
        lc3_os_load(s->m);
    uint16_t pc = s->config.has_pc ? s->config.pc : lc3_program_entry(&s->prog.program);
    if (s->config.user_start)
        lc3_start_user(s->m, pc);
    else
        lc3_start(s->m, pc);
    if (s->config.prepare)
        s->config.prepare(s->config.prepare_ctx, s->m);
    lc3_loaded_place(&s->prog, s->m);
    lc3_set_ignore_privilege(s->m, s->config.ignore_privilege);
    lc3_set_stop_at_halt(s->m, s->config.stop_at_halt);
    lc3_set_stop_at_exception(s->m, s->config.stop_at_exception);
    return attach_checker(s);
}

void lc3_session_set_syscall_hook(lc3_session *s, lc3_syscall_hook before, void *ctx)
{
    s->hook = before;
    s->hook_ctx = ctx;
}

lc3_machine *lc3_session_machine(lc3_session *s)
{
    return s->m;
}

const lc3_loaded *lc3_session_program(const lc3_session *s)
{
    return &s->prog;
}

lc3_checker *lc3_session_checker(lc3_session *s)
{
    return s->checker;
}

bool lc3_session_set_checks(lc3_session *s, unsigned check_set)
{
    s->check_set = check_set;
    if (s->checker && (check_set & ((1u << LC3_CHECK_ERROR) - 1))) {
        lc3_check_set(s->checker, check_set);
        return true;
    }
    return attach_checker(s);
}

static lc3_run_stop stop_of(lc3_stop stop)
{
    switch (stop) {
    case LC3_STOP_HALTED:
        return LC3_RUN_HALTED;
    case LC3_STOP_INPUT_EOF:
        return LC3_RUN_INPUT_EOF;
    case LC3_STOP_AT_HALT:
        return LC3_RUN_AT_HALT;
    case LC3_STOP_AT_PC:
        return LC3_RUN_AT_PC;
    case LC3_STOP_EXCEPTION:
        return LC3_RUN_EXCEPTION;
    case LC3_STOP_LIMIT:
    case LC3_STOP_CHECK: /* lc3_session_run steps past it */
        break;
    }
    return LC3_RUN_LIMIT;
}

/* One lc3_run with the checker's record set: an instruction the checker
 * must see is looked at before (a new finding may end the run there) and
 * after one plain step. */
static lc3_run_result run_checked(lc3_session *s, uint64_t budget)
{
    lc3_machine *m = s->m;
    uint64_t start = lc3_instruction_count(m);
    lc3_set_checked(m, lc3_check_record(s->checker));
    lc3_stop stop = lc3_run(m, budget);
    if (stop == LC3_STOP_CHECK) {
        if (lc3_check_before(s->checker, m) && s->config.stop_at_finding) {
            lc3_set_checked(m, NULL);
            return (lc3_run_result){LC3_RUN_FINDING, lc3_instruction_count(m) - start};
        }
        lc3_set_checked(m, NULL);
        stop = lc3_run(m, 1);
        lc3_check_after(s->checker, m);
    }
    lc3_set_checked(m, NULL);
    return (lc3_run_result){stop_of(stop), lc3_instruction_count(m) - start};
}

static lc3_run_result run_once(lc3_session *s, uint64_t budget)
{
    if (s->checker)
        return run_checked(s, budget);
    uint64_t start = lc3_instruction_count(s->m);
    lc3_stop stop = lc3_run(s->m, budget);
    return (lc3_run_result){stop_of(stop), lc3_instruction_count(s->m) - start};
}

/* With a hook, one step at a time, each TRAP offered to it first. */
static bool before_trap(lc3_session *s, lc3_run_result *out)
{
    uint16_t pc = lc3_pc(s->m), word = lc3_peek(s->m, pc);
    if (word >> 12 != OP_TRAP)
        return false;
    switch (s->hook(s->hook_ctx, s, word & 0xFF)) {
    case LC3_SYSCALL_PERFORM:
        return false;
    case LC3_SYSCALL_REFUSE: {
        lc3_machine_state state;
        lc3_state_get(s->m, &state);
        state.pc = (uint16_t)(pc + 1);
        state.count++;
        lc3_state_set(s->m, &state);
        out->steps++;
        return true;
    }
    case LC3_SYSCALL_STOP:
        break;
    }
    out->stop = LC3_RUN_HOOK;
    return true;
}

lc3_run_result lc3_session_run(lc3_session *s, uint64_t max_steps)
{
    lc3_run_result total = {LC3_RUN_LIMIT, 0};
    while (total.steps < max_steps) {
        uint64_t budget = max_steps - total.steps;
        if (s->hook) {
            if (before_trap(s, &total)) {
                if (total.stop == LC3_RUN_HOOK)
                    return total;
                continue;
            }
            budget = 1;
        }
        lc3_run_result r = run_once(s, budget);
        total.steps += r.steps;
        if (r.stop != LC3_RUN_LIMIT) {
            total.stop = r.stop;
            return total;
        }
        if (r.steps == 0 && !s->hook) /* nothing ran and nothing stopped: no progress */
            break;
    }
    return total;
}
