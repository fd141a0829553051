/* Calling one LC-3 subroutine on a fresh machine: the program and the OS,
 * the caller's registers and memory, a step-by-step run to the sentinel
 * return address, and the checks of the convention. docs/lc3-call.md says
 * what each check means. */
#include "lc3_call.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lc3_host.h"
#include "lc3_session.h"

enum {
    OP_JSR = 0x4, OP_JMP = 0xC, OP_TRAP = 0xF,
    REG_STACK = 6, REG_RETURN = 7,
    DEVICE_SPACE = 0xFE00,
    NEAR_END = 8,           /* words past a region that still name it */
    MAX_STRAY_REPORTS = 4,  /* changed words listed one by one */
};

/* ---- Programs ---------------------------------------------------------- */

/* Assembles p->source, the messages captured as text. */
static bool assemble(lc3_call_program *p, char **messages)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        abort();
    diag_sink sink;
    diag_init(&sink, out);
    bool ok = lc3_assemble(p->source, &sink, &p->program);
    diag_free(&sink);
    fclose(out);
    if (messages)
        *messages = text;
    else
        free(text);
    return ok;
}

bool lc3_call_assemble_text(const char *name, const char *text, lc3_call_program *p,
                            char **messages)
{
    memset(p, 0, sizeof *p);
    if (messages)
        *messages = NULL;
    p->source = source_from_memory(name, text, strlen(text));
    if (!p->source)
        abort();
    return assemble(p, messages);
}

bool lc3_call_assemble_file(const char *path, lc3_call_program *p, char **messages)
{
    memset(p, 0, sizeof *p);
    if (messages)
        *messages = NULL;
    const char *why = "cannot read";
    p->source = source_load(path, &why);
    if (!p->source) {
        if (messages) {
            size_t len = strlen(path) + strlen(why) + 64;
            *messages = malloc(len);
            if (*messages)
                snprintf(*messages, len, "%s: error: cannot read the file: %s\n", path, why);
        }
        return false;
    }
    return assemble(p, messages);
}

void lc3_call_program_free(lc3_call_program *p)
{
    lc3_program_free(&p->program);
    source_free(p->source);
    memset(p, 0, sizeof *p);
}

bool lc3_call_find(const lc3_program *prog, const char *label, uint16_t *address)
{
    const symbol *s = symtab_find(&prog->symbols, label, strlen(label));
    if (!s)
        return false;
    *address = (uint16_t)s->value;
    return true;
}

lc3_call_spec lc3_call_default_spec(void)
{
    lc3_call_spec s;
    memset(&s, 0, sizeof s);
    s.random_memory = true;
    s.budget = LC3_CALL_DEFAULT_BUDGET;
    s.sentinel = LC3_CALL_DEFAULT_SENTINEL;
    s.convention.preserved = LC3_CALL_TEXTBOOK;
    s.convention.r6_balanced = true;
    s.convention.traps_allowed = true;
    s.convention.program_writable = true;
    return s;
}

/* ---- The machine's world ------------------------------------------------ */

static uint16_t draw(grade_rng *rng)
{
    return rng ? (uint16_t)grade_rng_next(rng) : 0;
}

/* What the session does before it places the program: random user space
 * (when asked). */
typedef struct prepare_ctx {
    const lc3_call_spec *spec;
    grade_rng *rng;
} prepare_ctx;

static void prepare(void *ctx, lc3_machine *m)
{
    const prepare_ctx *p = ctx;
    if (p->spec->random_memory)
        for (uint32_t a = LC3_USER_START; a < DEVICE_SPACE; a++)
            lc3_poke(m, (uint16_t)a, draw(p->rng));
}

/* The regions, on the program. */
static void place_regions(lc3_machine *m, const lc3_call_spec *spec, grade_rng *rng)
{
    for (size_t i = 0; i < spec->region_count; i++) {
        const lc3_call_region *g = &spec->regions[i];
        for (uint16_t k = 0; k < g->count; k++)
            lc3_poke(m, (uint16_t)(g->address + k), g->words ? g->words[k] : draw(rng));
    }
}

/* R0-R5 given or random, R6 given or the default stack, R7 the sentinel. */
static void place_registers(lc3_machine *m, const lc3_call_spec *spec, uint16_t sentinel,
                            grade_rng *rng)
{
    for (unsigned r = 0; r < REG_RETURN; r++) {
        bool given = spec->given & LC3_CALL_REG(r);
        uint16_t value = r == REG_STACK ? LC3_CALL_DEFAULT_STACK : draw(rng);
        lc3_set_reg(m, r, given ? spec->regs[r] : value);
    }
    lc3_set_reg(m, REG_RETURN, sentinel);
}

/* ---- The run ------------------------------------------------------------ */

/* What the step loop learns from the function's own instructions. */
typedef struct trace {
    bool started;           /* past the first instruction (must_enter ignores the entry) */
    size_t open_calls;      /* JSR/JSRR run and not yet returned from */
    uint16_t first_trap_pc, first_trap_word;
    uint16_t last_trap_pc;  /* where a wait for a key comes from */
} trace;

/* Before a user-mode instruction runs: calls and returns paired, the
 * function's own RET checked against the sentinel. */
static void trace_step(trace *w, lc3_machine *m, const lc3_call_spec *spec, uint16_t sentinel,
                       lc3_call_result *r)
{
    uint16_t pc = lc3_pc(m), word = lc3_peek(m, pc);
    for (size_t i = 0; w->started && i < spec->must_enter_count; i++)
        if (pc == spec->must_enter[i])
            r->entered |= (uint8_t)(1u << i);
    w->started = true;
    switch (word >> 12) {
    case OP_JSR:
        w->open_calls++;
        break;
    case OP_JMP:
        if ((word >> 6 & 7) != REG_RETURN)
            break;
        if (w->open_calls > 0)
            w->open_calls--;
        else if (lc3_reg(m, REG_RETURN) != sentinel && !r->stray_return_pc) {
            r->stray_return_pc = pc;
            r->stray_return_to = lc3_reg(m, REG_RETURN);
        }
        break;
    }
}

/* The session's TRAP hook: each user-mode TRAP the function runs is
 * counted (which vectors, the first, the last) and performed. */
typedef struct trap_ctx {
    trace *w;
    lc3_call_result *r;
    uint16_t sentinel;
} trap_ctx;

static lc3_syscall_verdict count_trap(void *ctx, lc3_session *s, unsigned vector)
{
    trap_ctx *t = ctx;
    lc3_machine *m = lc3_session_machine(s);
    uint16_t pc = lc3_pc(m);
    if (!(lc3_psr(m) & LC3_PSR_USER) || pc == t->sentinel)
        return LC3_SYSCALL_PERFORM;
    t->r->trap_vectors[vector >> 3] |= (uint8_t)(1u << (vector & 7));
    if (t->r->traps++ == 0) {
        t->w->first_trap_pc = pc;
        t->w->first_trap_word = lc3_peek(m, pc);
    }
    t->w->last_trap_pc = pc;
    return LC3_SYSCALL_PERFORM;
}

/* Runs one instruction at a time until the call ends; sets r->status. */
static void run(lc3_session *s, const lc3_call_spec *spec, uint16_t sentinel, trace *w,
                lc3_call_result *r)
{
    lc3_machine *m = lc3_session_machine(s);
    trap_ctx traps = {w, r, sentinel};
    lc3_session_set_syscall_hook(s, count_trap, &traps);
    uint64_t start = lc3_instruction_count(m), exceptions = lc3_exception_count(m);
    for (;;) {
        if (lc3_instruction_count(m) - start >= spec->budget) {
            r->status = LC3_CALL_BUDGET;
            return;
        }
        if ((lc3_psr(m) & LC3_PSR_USER) && lc3_pc(m) != sentinel)
            trace_step(w, m, spec, sentinel, r);
        lc3_run_stop stop = lc3_session_run(s, 1).stop;
        if (lc3_exception_count(m) != exceptions) {
            r->status = LC3_CALL_EXCEPTION;
            r->exception = lc3_last_exception(m);
            return;
        }
        switch (stop) {
        case LC3_RUN_AT_PC:
            r->status = LC3_CALL_RETURNED;
            return;
        case LC3_RUN_AT_HALT:
            r->traps--; /* counted, but not run */
            r->status = LC3_CALL_HALTED;
            return;
        case LC3_RUN_HALTED:
            r->status = LC3_CALL_HALTED;
            return;
        case LC3_RUN_INPUT_EOF:
            r->status = LC3_CALL_INPUT_ENDED;
            return;
        case LC3_RUN_LIMIT:
        case LC3_RUN_EXCEPTION: /* no checker, no stop at an exception, */
        case LC3_RUN_FINDING:
        case LC3_RUN_HOOK:      /* and the hook performs every TRAP */
            break;
        }
    }
}

/* ---- The checks --------------------------------------------------------- */

/* "line 12 (x3005)", or the address alone outside the source. */
static void where(const lc3_program *prog, uint16_t pc, char *buf, size_t size)
{
    int line = lc3_program_line(prog, pc);
    if (line > 0)
        snprintf(buf, size, "line %d (x%04X)", line, pc);
    else
        snprintf(buf, size, "x%04X", pc);
}

/* How the call ended, when it did not return. */
static void check_end(const lc3_program *prog, const lc3_call_spec *spec, const trace *w,
                      lc3_call_result *r)
{
    char at[48];
    uint16_t pc = r->status == LC3_CALL_EXCEPTION ? r->exception.pc :
                  r->status == LC3_CALL_INPUT_ENDED ? w->last_trap_pc : r->pc;
    where(prog, pc, at, sizeof at);
    grade_findings *p = &r->problems;
    switch (r->status) {
    case LC3_CALL_RETURNED:
    case LC3_CALL_NOT_CALLED:
        return;
    case LC3_CALL_BUDGET:
        grade_findings_add(p, 0, 0, "did not return within %" PRIu64 " instructions (stopped at "
                           "%s)", spec->budget, at);
        break;
    case LC3_CALL_EXCEPTION:
        grade_findings_add(p, 0, 0, "raised %s at %s", lc3_exception_name(r->exception.vector),
                           at);
        break;
    case LC3_CALL_HALTED:
        grade_findings_add(p, 0, 0, "halted the machine at %s instead of returning", at);
        break;
    case LC3_CALL_INPUT_ENDED:
        grade_findings_add(p, 0, 0, "waited at %s for a key that never came (it read all %zu "
                           "keys it was given)", at, spec->key_count);
        break;
    }
    if (r->stray_return_pc) {
        char ret[48];
        where(prog, r->stray_return_pc, ret, sizeof ret);
        grade_findings_add(p, 0, 0, "its RET at %s went to x%04X, not to its caller (x%04X): "
                           "R7 was overwritten (a JSR or JSRR changes it) and not restored",
                           ret, r->stray_return_to, spec->sentinel);
    }
}

static void check_registers(const lc3_call_convention *c, lc3_call_result *r)
{
    for (unsigned reg = 0; reg < REG_STACK; reg++)
        if ((c->preserved & LC3_CALL_REG(reg)) && r->regs[reg] != r->entry[reg])
            grade_findings_add(&r->problems, 0, 0, "R%u changed: x%04X -> x%04X (the "
                               "subroutine must give it back)", reg, r->entry[reg],
                               r->regs[reg]);
    uint16_t in = r->entry[REG_STACK], out = r->regs[REG_STACK];
    if (c->r6_balanced && in != out) {
        int16_t words = (int16_t)(uint16_t)(in - out);
        grade_findings_add(&r->problems, 0, 0, "R6 not balanced: x%04X -> x%04X (%d word%s "
                           "%s)", in, out, words < 0 ? -words : words,
                           words == 1 || words == -1 ? "" : "s",
                           words > 0 ? "pushed and never popped" : "popped more than pushed");
    }
}

/* Whether the call may leave address changed: a writable region, its own
 * stack below the entry R6, the program's words when the convention allows,
 * what the machine and the OS keep (device registers, the supervisor stack,
 * and with privilege on all of system space: user code cannot store there
 * without an exception). */
static bool may_change(const lc3_program *prog, const lc3_call_spec *spec,
                       const lc3_call_result *r, uint16_t ssp, uint16_t address)
{
    size_t off;
    if (address >= DEVICE_SPACE)
        return true;
    if (!spec->ignore_privilege && address < LC3_USER_START)
        return true;
    if (address < ssp && ssp - address <= LC3_CALL_OS_STACK)
        return true;
    uint16_t sp = r->entry[REG_STACK];
    if (address < sp && sp - address <= LC3_CALL_OWN_STACK)
        return true;
    for (size_t i = 0; i < spec->region_count; i++) {
        const lc3_call_region *g = &spec->regions[i];
        if (g->writable && (uint16_t)(address - g->address) < g->count)
            return true;
    }
    return spec->convention.program_writable && lc3_program_block_at(prog, address, &off);
}

/* Names the word at address: a region, or the region it lies just past,
 * or the part of memory. */
static void describe(const lc3_program *prog, const lc3_call_spec *spec, uint16_t address,
                     char *buf, size_t size)
{
    for (int near = 0; near < 2; near++)
        for (size_t i = 0; i < spec->region_count; i++) {
            const lc3_call_region *g = &spec->regions[i];
            unsigned off = (uint16_t)(address - g->address);
            const char *what = g->what ? g->what : "a region it was given";
            if (!near && off < g->count) {
                snprintf(buf, size, "%s, word %u", what, off);
                return;
            }
            if (near && off >= g->count && off < g->count + (unsigned)NEAR_END) {
                unsigned past = off - g->count + 1;
                snprintf(buf, size, "%u word%s past the end of %s", past, past == 1 ? "" : "s",
                         what);
                return;
            }
        }
    size_t off;
    if (lc3_program_block_at(prog, address, &off))
        snprintf(buf, size, "the program itself, line %d", lc3_program_line(prog, address));
    else if (address < LC3_USER_START)
        snprintf(buf, size, "system space");
    else
        snprintf(buf, size, "outside the memory it was given");
}

/* Every word the call changed where it may not, in address order. */
static void check_memory(const lc3_program *prog, const lc3_call_spec *spec, const uint16_t *before,
                         uint16_t ssp, lc3_call_result *r)
{
    size_t changed = 0;
    for (uint32_t a = 0; a < DEVICE_SPACE; a++) {
        uint16_t now = lc3_peek(r->machine, (uint16_t)a);
        if (now == before[a] || may_change(prog, spec, r, ssp, (uint16_t)a))
            continue;
        if (changed++ < MAX_STRAY_REPORTS) {
            char what[96];
            describe(prog, spec, (uint16_t)a, what, sizeof what);
            grade_findings_add(&r->problems, 0, 0, "wrote x%04X (%s): x%04X -> x%04X", a, what,
                               before[a], now);
        }
    }
    if (changed > MAX_STRAY_REPORTS)
        grade_findings_add(&r->problems, 0, 0, "... and %zu more words it may not change",
                           changed - MAX_STRAY_REPORTS);
}

static void check_traps(const lc3_program *prog, const lc3_call_convention *c,
                        const trace *w, lc3_call_result *r)
{
    if (c->traps_allowed || r->traps == 0)
        return;
    char at[48];
    where(prog, w->first_trap_pc, at, sizeof at);
    grade_findings_add(&r->problems, 0, 0, "ran TRAP x%02X at %s (%" PRIu64 " TRAP%s in all): "
                       "the subroutine may make no TRAP", w->first_trap_word & 0xFF, at, r->traps,
                       r->traps == 1 ? "" : "s");
}

/* ---- The call ----------------------------------------------------------- */

/* The entry and the sentinel, or a finding why the call cannot be made. */
static bool resolve(const lc3_program *prog, const lc3_call_spec *spec, uint16_t *entry,
                    uint16_t *sentinel, lc3_call_result *r)
{
    *entry = spec->address;
    r->status = LC3_CALL_NOT_CALLED;
    if (spec->label && !lc3_call_find(prog, spec->label, entry)) {
        grade_findings_add(&r->problems, 0, 0, "has no subroutine %s", spec->label);
        return false;
    }
    *sentinel = spec->sentinel ? spec->sentinel : (uint16_t)LC3_CALL_DEFAULT_SENTINEL;
    size_t off;
    if (*sentinel >= DEVICE_SPACE || lc3_program_block_at(prog, *sentinel, &off)) {
        grade_findings_add(&r->problems, 0, 0, "the return address x%04X is in the program or "
                           "in device space (choose another sentinel)", *sentinel);
        return false;
    }
    return true;
}

void lc3_call_run(const lc3_program *prog, const lc3_call_spec *spec, grade_rng *rng,
                  lc3_call_result *out)
{
    memset(out, 0, sizeof *out);
    lc3_call_spec s = *spec;
    if (!s.budget)
        s.budget = LC3_CALL_DEFAULT_BUDGET;
    uint16_t entry, sentinel;
    if (!resolve(prog, &s, &entry, &sentinel, out))
        return;
    s.sentinel = sentinel;
    /* Once the keys are gone the input has ended: a program that keeps
     * waiting stops the machine (LC3_STOP_INPUT_EOF). */
    lc3_host *h = malloc(sizeof *h);
    uint16_t *before = malloc(0x10000 * sizeof *before);
    if (!h || !lc3_host_init(h, s.keys, s.key_count, LC3_KEY_EOF, LC3_CALL_OUTPUT_MAX))
        abort(); /* out of memory: as the assemblers do */
    prepare_ctx prep = {&s, rng};
    lc3_session_config config = {
        .io = lc3_host_io(h),
        .has_pc = true,
        .pc = entry,
        .user_start = true,
        .ignore_privilege = s.ignore_privilege,
        .stop_at_halt = true,
        .prepare = prepare,
        .prepare_ctx = &prep,
    };
    if (!before || !(out->session = lc3_session_new(&config)) ||
        !lc3_session_load_program(out->session, prog))
        abort();
    lc3_machine *m = out->machine = lc3_session_machine(out->session);
    place_regions(m, &s, rng);
    place_registers(m, &s, sentinel, rng);
    lc3_set_stop_pc(m, true, sentinel);
    for (unsigned r = 0; r < 8; r++)
        out->entry[r] = lc3_reg(m, r);
    for (uint32_t a = 0; a < 0x10000; a++)
        before[a] = lc3_peek(m, (uint16_t)a);
    uint16_t ssp = lc3_saved_ssp(m);
    uint64_t start = lc3_instruction_count(m);

    trace w = {false, 0, 0, 0, 0};
    run(out->session, &s, sentinel, &w, out);
    out->pc = lc3_pc(m);
    out->instructions = lc3_instruction_count(m) - start;
    for (unsigned r = 0; r < 8; r++)
        out->regs[r] = lc3_reg(m, r);
    if (out->status == LC3_CALL_EXCEPTION)
        out->exception_line = lc3_program_line(prog, out->exception.pc);
    check_end(prog, &s, &w, out);
    if (out->status == LC3_CALL_RETURNED) {
        check_registers(&s.convention, out);
        check_memory(prog, &s, before, ssp, out);
        check_traps(prog, &s.convention, &w, out);
    }
    out->output_len = h->len;
    out->output = lc3_host_finish(h);
    out->host = h; /* the machine's io still points at it */
    free(before);
}

void lc3_call_result_free(lc3_call_result *r)
{
    grade_findings_free(&r->problems);
    free(r->output);
    free(r->host);
    lc3_session_free(r->session);
    memset(r, 0, sizeof *r);
}

const char *lc3_call_status_name(lc3_call_status status)
{
    switch (status) {
    case LC3_CALL_RETURNED:
        return "returned";
    case LC3_CALL_BUDGET:
        return "instruction budget exhausted";
    case LC3_CALL_EXCEPTION:
        return "exception";
    case LC3_CALL_HALTED:
        return "halted";
    case LC3_CALL_INPUT_ENDED:
        return "waited for input that never came";
    case LC3_CALL_NOT_CALLED:
        return "not called";
    }
    return "unknown";
}
