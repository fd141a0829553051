/* Calling one function of an assembled MIPS program on a fresh machine:
 * assembling the sources once, loading them per call, the arguments and
 * the sentinel return address, on a session (mips_session.h) whose syscall
 * hook admits and charges the syscalls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console.h"
#include "mips_call.h"
#include "mips_isa.h"
#include "mips_session.h"

enum { ARG_REGS = 4 };

struct mips_call_program {
    mips_program image;
    source_file **files;
    size_t count;
    /* The image loaded and decoded once, with MARS's machine options: the
     * machine of every call with those options shares its code read-only. */
    mips_machine *code;
    mips_machine_options code_options;
    struct machine_pool *pool; /* NULL when out of memory: each call makes its own */
};

/* What the program's calls share. Machines of freed calls, to be cleared
 * for the next: making one (its page table, its decoder's rows) cost more
 * than most calls run. Never two programs': the reference's and a
 * submission's machines stay apart. And mips_call_program_scratch. */
enum { POOL_SIZE = 4 };
typedef struct machine_pool {
    mips_machine *spare[POOL_SIZE];
    size_t count;
    void *scratch;
    size_t scratch_size;
} machine_pool;

struct mips_call {
    mips_session *session;   /* runs the call: machine, syscalls, console */
    mips_machine *machine;   /* the session's */
    mips_call_options options;
    bool restricted;                 /* mips_call_allow_syscalls */
    uint64_t allowed;
    uint64_t charged;                /* budget taken by syscalls beyond one each */
    uint64_t start;                  /* the instruction count when the run began */
    mips_call_result *result;        /* the run's, for the syscall hook */
    machine_pool *pool;              /* where the machine goes when the call is freed */
    void *scratch;                   /* mips_call_scratch */
    size_t scratch_size;
};

/* Assembles files (taken over; NULL entries are unreadable files) with the
 * messages captured as text. */
static mips_call_program *assemble_owned(source_file **files, size_t count,
                                         const mips_asm_options *options, char **messages)
{
    mips_call_program *p = calloc(1, sizeof *p);
    if (p)
        p->pool = calloc(1, sizeof *p->pool);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!p || !out) {
        if (p)
            free(p->pool);
        free(p);
        if (out)
            fclose(out);
        free(text);
        for (size_t i = 0; i < count; i++)
            source_free(files[i]);
        free(files);
        return NULL;
    }
    p->files = files;
    p->count = count;
    diag_sink sink;
    diag_init(&sink, out);
    bool ok = mips_assemble((const source_file *const *)files, count, options, &sink,
                            &p->image);
    diag_free(&sink);
    fclose(out);
    if (messages)
        *messages = text;
    else
        free(text);
    if (!ok) {
        mips_call_program_free(p);
        return NULL;
    }
    /* Decoded once here, not once per call (a grader makes hundreds). A
     * program that does not fit leaves code NULL: each mips_call_new fails. */
    p->code_options = mips_call_default_options().machine;
    p->code = mips_machine_new(&p->code_options);
    if (p->code && !mips_machine_load(p->code, &p->image, MIPS_TEXT_BASE)) {
        mips_machine_free(p->code);
        p->code = NULL;
    }
    return p;
}

/* Reports an unreadable file as the assembler would report an error. */
static void report_unreadable(char **messages, const char *path, const char *why)
{
    if (!messages)
        return;
    size_t len = strlen(path) + strlen(why) + 64;
    *messages = malloc(len);
    if (*messages)
        snprintf(*messages, len, "%s: error: cannot read the file: %s\n", path, why);
}

mips_call_program *mips_call_assemble(const char *const *paths, size_t count,
                                      const mips_asm_options *options, char **messages)
{
    if (messages)
        *messages = NULL;
    source_file **files = calloc(count ? count : 1, sizeof *files);
    if (!files)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        const char *why = "";
        files[i] = source_load(paths[i], &why);
        if (!files[i]) {
            report_unreadable(messages, paths[i], why);
            for (size_t j = 0; j < i; j++)
                source_free(files[j]);
            free(files);
            return NULL;
        }
    }
    return assemble_owned(files, count, options, messages);
}

mips_call_program *mips_call_assemble_texts(const char *const *names,
                                            const char *const *texts, size_t count,
                                            const mips_asm_options *options, char **messages)
{
    if (messages)
        *messages = NULL;
    source_file **files = calloc(count ? count : 1, sizeof *files);
    if (!files)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        files[i] = source_from_memory(names[i], texts[i], strlen(texts[i]));
        if (!files[i]) {
            for (size_t j = 0; j < i; j++)
                source_free(files[j]);
            free(files);
            return NULL;
        }
    }
    return assemble_owned(files, count, options, messages);
}

mips_call_program *mips_call_assemble_files(source_file **files, size_t count,
                                            const mips_asm_options *options, char **messages)
{
    if (messages)
        *messages = NULL;
    source_file **owned = calloc(count ? count : 1, sizeof *owned);
    if (!owned) {
        for (size_t i = 0; i < count; i++)
            source_free(files[i]);
        return NULL;
    }
    memcpy(owned, files, count * sizeof *owned);
    return assemble_owned(owned, count, options, messages);
}

void mips_call_program_free(mips_call_program *p)
{
    if (!p)
        return;
    for (size_t i = 0; p->pool && i < p->pool->count; i++)
        mips_machine_free(p->pool->spare[i]);
    if (p->pool)
        free(p->pool->scratch);
    free(p->pool);
    mips_machine_free(p->code);
    mips_program_free(&p->image);
    for (size_t i = 0; i < p->count; i++)
        source_free(p->files[i]);
    free(p->files);
    free(p);
}

static void show_as(source_file *f, const char *own, size_t dir_len, const char *shown)
{
    const char *name = !strcmp(f->path, own) ? shown
                       : !strncmp(f->path, own, dir_len) ? f->path + dir_len
                                                         : NULL;
    char *copy = name ? strdup(name) : NULL;
    if (name && !copy)
        abort();
    if (copy) {
        free(f->path);
        f->path = copy;
    }
}

void mips_call_program_show_as(mips_call_program *p, const char *own, const char *shown)
{
    const char *slash = strrchr(own, '/');
    size_t dir_len = slash ? (size_t)(slash - own) + 1 : 0;
    for (size_t i = 0; i < p->count; i++)
        show_as(p->files[i], own, dir_len, shown);
    for (size_t i = 0; i < p->image.owned_count; i++)
        show_as(p->image.owned[i], own, dir_len, shown);
}

const mips_program *mips_call_image(const mips_call_program *p)
{
    return &p->image;
}

bool mips_call_find(const mips_call_program *p, size_t file, const char *label,
                    uint32_t *address)
{
    size_t len = strlen(label);
    const symbol *s = NULL;
    if (file < p->count && p->image.locals)
        s = symtab_find(&p->image.locals[file], label, len);
    if (!s)
        s = symtab_find(&p->image.globals, label, len);
    if (!s)
        return false;
    *address = (uint32_t)s->value;
    return true;
}

mips_call_options mips_call_default_options(void)
{
    mips_call_options o;
    memset(&o, 0, sizeof o);
    o.budget = MIPS_CALL_DEFAULT_BUDGET;
    o.sentinel = MIPS_CALL_DEFAULT_SENTINEL;
    o.in_fd = -1;
    o.out_fd = -1;
    o.time = mips_virtual_time_of_seed(0);
    return o;
}

/* Whether a machine made with options decodes code as p->code did. */
static bool same_decoding(const mips_machine_options *a, const mips_machine_options *b)
{
    return a->self_modifying_code == b->self_modifying_code &&
           a->delayed_branching == b->delayed_branching;
}

static mips_syscall_verdict syscall_admitted(void *ctx, mips_session *s, unsigned service);

mips_call *mips_call_new(const mips_call_program *p, const mips_call_options *options)
{
    mips_call *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->options = options ? *options : mips_call_default_options();
    if (!c->options.budget)
        c->options.budget = MIPS_CALL_DEFAULT_BUDGET;
    if (!c->options.sentinel)
        c->options.sentinel = MIPS_CALL_DEFAULT_SENTINEL;
    /* A sentinel with code at it would run that code instead of ending. */
    if (mips_program_origin(&p->image, c->options.sentinel)) {
        free(c);
        return NULL;
    }
    mips_session_config cfg = mips_session_default_config();
    cfg.machine = c->options.machine;
    cfg.in_fd = c->options.in_fd;
    cfg.out_fd = c->options.out_fd;
    cfg.syscalls.root = c->options.fs_root;
    cfg.syscalls.root_is_real = c->options.fs_root_is_real;
    cfg.syscalls.output_cap = c->options.output_cap;
    cfg.syscalls.budget = c->options.fs_budget;
    cfg.syscalls.stderr_fd = -1;
    cfg.syscalls.no_sleep = true;
    cfg.syscalls.read_ahead = true; /* no undo here */
    /* Never the host's clock: a time or a random number must not differ
     * between the reference's run and the submission's. */
    cfg.syscalls.time = c->options.time;
    cfg.syscalls.time.fixed_clock = cfg.syscalls.time.fixed_random = true;
    c->pool = p->pool;
    bool spare = c->pool && c->pool->count;
    c->session = mips_session_new_on(&cfg, spare ? c->pool->spare[--c->pool->count] : NULL);
    c->machine = c->session ? mips_session_machine(c->session) : NULL;
    bool shared = p->code && same_decoding(&p->code_options, &c->options.machine);
    if (!c->session || !mips_session_open(c->session, NULL) ||
        !(shared ? mips_session_load_shared(c->session, p->code, &p->image, MIPS_TEXT_BASE)
                 : mips_session_load_program(c->session, &p->image, MIPS_TEXT_BASE))) {
        mips_call_free(c);
        return NULL;
    }
    mips_session_set_syscall_hook(c->session, syscall_admitted, c);
    return c;
}

void mips_call_free(mips_call *c)
{
    if (!c)
        return;
    mips_machine *m = mips_session_free_but_machine(c->session);
    if (m && c->pool && c->pool->count < POOL_SIZE)
        c->pool->spare[c->pool->count++] = m;
    else
        mips_machine_free(m);
    free(c->scratch); /* after the machine left: its fresh words may point here */
    free(c);
}

bool mips_call_used_time(const mips_call *c)
{
    return mips_syscall_used_time(mips_session_syscalls(c->session));
}

bool mips_call_opened_to_write(const mips_call *c)
{
    return mips_syscall_opened_to_write(mips_session_syscalls(c->session));
}

mips_machine *mips_call_machine(mips_call *c)
{
    return c->machine;
}

void *mips_call_program_scratch(const mips_call_program *p, size_t size)
{
    machine_pool *shared = p->pool;
    if (!shared)
        return NULL;
    if (!shared->scratch) {
        shared->scratch = calloc(1, size);
        shared->scratch_size = shared->scratch ? size : 0;
    }
    return shared->scratch_size == size ? shared->scratch : NULL;
}

void *mips_call_scratch(mips_call *c, size_t size)
{
    if (!c->scratch) {
        c->scratch = calloc(1, size);
        c->scratch_size = c->scratch ? size : 0;
    }
    return c->scratch_size == size ? c->scratch : NULL;
}

bool mips_call_write(mips_call *c, uint32_t address, const void *bytes, size_t len)
{
    mips_error_kind kind;
    return mips_store_bytes(c->machine, address, bytes, len, &kind);
}

bool mips_call_read(mips_call *c, uint32_t address, void *bytes, size_t len)
{
    mips_error_kind kind;
    return mips_load_bytes(c->machine, address, bytes, len, &kind);
}

/* Registers and stack words for the arguments; false when the stack words
 * cannot be stored. */
static bool place_arguments(mips_call *c, const uint32_t *args, size_t arg_count)
{
    uint32_t sp = MIPS_SP_INIT;
    if (arg_count > ARG_REGS)
        sp -= c->options.stack_arg_offset + 4 * (uint32_t)(arg_count - ARG_REGS);
    mips_set_reg(c->machine, MIPS_REG_SP, sp);
    mips_error_kind kind;
    for (size_t i = 0; i < arg_count; i++) {
        if (i < ARG_REGS) {
            mips_set_reg(c->machine, MIPS_REG_A0 + (unsigned)i, args[i]);
            continue;
        }
        uint32_t at = sp + c->options.stack_arg_offset + 4 * (uint32_t)(i - ARG_REGS);
        if (!mips_store(c->machine, at, 4, args[i], &kind))
            return false;
    }
    return true;
}


/* Budget instructions a syscall costs beyond its own: a word for each four
 * bytes it asks to move. */
static uint64_t syscall_charge(const mips_machine *m)
{
    uint32_t service = mips_reg(m, MIPS_REG_V0);
    int32_t bytes = (int32_t)mips_reg(m, MIPS_REG_A2);
    if ((service == MIPS_SYS_READ || service == MIPS_SYS_WRITE) && bytes > 0)
        return ((uint64_t)bytes + 3) / 4;
    return 0;
}

/* The session's hook before each syscall: refuses one not allowed, stops
 * at one the budget cannot pay for (both leave the pc at it), and charges
 * the rest. */
static mips_syscall_verdict syscall_admitted(void *ctx, mips_session *s, unsigned service)
{
    mips_call *c = ctx;
    mips_call_result *r = c->result;
    if (c->restricted && (service >= 64 || !(c->allowed >> service & 1u))) {
        r->status = MIPS_CALL_SYSCALL_REFUSED;
        r->service = service;
        return MIPS_SYSCALL_REFUSE;
    }
    uint64_t used = mips_instruction_count(c->machine) - c->start + c->charged;
    uint64_t charge = syscall_charge(c->machine);
    if (charge > c->options.budget - used) {
        r->status = MIPS_CALL_BUDGET;
        r->service = service;
        c->charged += c->options.budget - used; /* the budget is spent */
        return MIPS_SYSCALL_STOP;
    }
    c->charged += charge;
    mips_session_charge(s, charge);
    return MIPS_SYSCALL_PERFORM;
}

/* Runs the session until something ends the call; fills r->status (and
 * what goes with it). A trace is the machine's step hook, inside the run. */
static void run_loop(mips_call *c, mips_call_result *r)
{
    for (;;) {
        uint64_t used = mips_instruction_count(c->machine) - c->start + c->charged;
        if (used >= c->options.budget) {
            r->status = MIPS_CALL_BUDGET;
            return;
        }
        mips_run_result run = mips_session_run(c->session, c->options.budget - used);
        switch (run.end) {
        case MIPS_RUN_EXITED:
            if (!run.fell_off) {
                r->status = MIPS_CALL_EXITED;
                r->exit_status = run.exit_status;
            } else {
                r->status = mips_pc(c->machine) == c->options.sentinel ? MIPS_CALL_RETURNED
                                                                        : MIPS_CALL_LEFT_CODE;
            }
            return;
        case MIPS_RUN_LIMIT:
        case MIPS_RUN_CHECK:          /* no checker here */
        case MIPS_RUN_OUTPUT_FAILED:  /* the grader reads the output; the run goes on */
            if (run.end == MIPS_RUN_OUTPUT_FAILED)
                break; /* the loop checks the budget */
            r->status = MIPS_CALL_BUDGET;
            return;
        case MIPS_RUN_ERROR:
            r->status = MIPS_CALL_ERROR;
            r->error = *mips_error_of(c->machine);
            return;
        case MIPS_RUN_INPUT_ENDED:
            r->status = MIPS_CALL_INPUT_ENDED;
            return;
        case MIPS_RUN_OUTPUT_CAP:
            r->status = MIPS_CALL_OUTPUT_CAP;
            return;
        case MIPS_RUN_REFUSED:
        case MIPS_RUN_STOPPED:
            return; /* syscall_admitted set the status */
        }
    }
}

mips_call_result mips_call_run(mips_call *c, uint32_t function, const uint32_t *args,
                               size_t arg_count)
{
    mips_call_result r;
    memset(&r, 0, sizeof r);
    if (!place_arguments(c, args, arg_count)) {
        r.status = MIPS_CALL_ERROR;
        r.error.kind = MIPS_ERR_COUNT; /* not the program's: no MARS message */
        snprintf(r.error.message, sizeof r.error.message,
                 "the arguments do not fit on the stack");
        return r;
    }
    mips_set_reg(c->machine, MIPS_REG_RA, c->options.sentinel);
    return mips_call_run_program(c, function);
}

void mips_call_allow_syscalls(mips_call *c, uint64_t allowed)
{
    c->restricted = true;
    c->allowed = allowed;
}

void mips_call_trace(mips_call *c, mips_call_step_hook before_step, void *ctx)
{
    mips_set_step_hook(c->machine, before_step, ctx);
}

const char *mips_call_status_name(mips_call_status status)
{
    switch (status) {
    case MIPS_CALL_RETURNED:
        return "returned";
    case MIPS_CALL_ERROR:
        return "runtime error";
    case MIPS_CALL_BUDGET:
        return "instruction budget exhausted";
    case MIPS_CALL_EXITED:
        return "exited (syscall 10 or 17)";
    case MIPS_CALL_LEFT_CODE:
        return "left the code (jumped where no instruction is)";
    case MIPS_CALL_INPUT_ENDED:
        return "read input after it ended";
    case MIPS_CALL_OUTPUT_CAP:
        return "output reached the cap";
    case MIPS_CALL_SYSCALL_REFUSED:
        return "made a syscall it may not make";
    }
    return "unknown";
}

mips_call_result mips_call_run_program(mips_call *c, uint32_t entry)
{
    mips_call_result r;
    memset(&r, 0, sizeof r);
    uint64_t start = mips_instruction_count(c->machine);
    c->start = start;
    c->charged = 0;
    c->result = &r;
    mips_set_pc(c->machine, entry);
    run_loop(c, &r);
    c->result = NULL;
    console_flush(mips_session_console(c->session));
    r.v0 = mips_reg(c->machine, MIPS_REG_V0);
    r.v1 = mips_reg(c->machine, MIPS_REG_V1);
    r.pc = mips_pc(c->machine);
    r.instructions = mips_instruction_count(c->machine) - start + c->charged;
    return r;
}
