/* The web machine's MIPS (web_impl.h): mipssim's assembler, the debugger's
 * target and its session with MARS's syscalls, and a syscall hook that
 * stops before a console read nobody has typed for yet. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mips_bitmap.h"
#include "mips_debug.h"
#include "mips_isa.h"
#include "mips_machine.h"
#include "mips_program.h"
#include "mips_session.h"
#include "mips_syscall.h"
#include "source.h"
#include "web_impl.h"

/* The most files one program is assembled from. */
enum { WEB_MIPS_FILES = 16 };

typedef struct web_mips {
    source_file *sources[WEB_MIPS_FILES];
    int count;
    mips_program prog;
    bool has_prog;
    mips_debuggee *debuggee;
    char *paths;            /* the file names, one a line, cut into strings */
} web_mips;

/* The registers the page shows: $0-$31, pc, hi, lo (mips_debug's order). */
static const unsigned shown[35] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                   12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
                                   24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34};

static mips_syscall_verdict before_syscall(void *ctx, mips_session *s, unsigned service)
{
    (void)service;
    web_machine *w = ctx;
    if (!w->input_closed &&
        mips_syscall_needs_input(mips_session_syscalls(s), mips_session_machine(s)))
        return MIPS_SYSCALL_STOP;
    return MIPS_SYSCALL_PERFORM;
}

static bool load(web_machine *w, const char *path, FILE *errors)
{
    web_mips *p = calloc(1, sizeof *p);
    if (!p)
        return false;
    w->isa_state = p;
    /* Several files (a homework and its main) come one a line, the first
     * run first, as on mipssim's command line. */
    size_t len = strlen(path);
    p->paths = malloc(len + 1);
    if (!p->paths)
        return false;
    memcpy(p->paths, path, len + 1);
    const char *paths[WEB_MIPS_FILES];
    int count = 0;
    for (char *line = p->paths; line && count < WEB_MIPS_FILES; count++) {
        paths[count] = line;
        line = strchr(line, '\n');
        if (line)
            *line++ = '\0';
    }
    mips_source_options src = {.paths = paths, .count = count, .allow_pseudo = true};
    p->count = count;
    bool ok = mips_source_assemble(&src, p->sources, &p->prog, errors);
    p->has_prog = p->sources[count - 1] != NULL;
    if (!ok)
        return false;
    mips_debug_config config = mips_debug_default_config();
    config.source_count = count;
    p->debuggee = mips_debuggee_new(&p->prog, &config, mips_program_entry(&p->prog, false), w->con);
    if (!p->debuggee)
        return false;
    mips_session_set_syscall_hook(mips_debuggee_session(p->debuggee), before_syscall, w);
    w->target = mips_debuggee_target(p->debuggee);
    return true;
}

static web_status run(web_machine *w, uint64_t max_steps, uint64_t *ran)
{
    web_mips *p = w->isa_state;
    mips_session *s = mips_debuggee_session(p->debuggee);
    mips_machine *m = mips_session_machine(s);
    uint64_t before = mips_instruction_count(m);
    mips_run_result r = mips_session_run(s, max_steps);
    *ran = mips_instruction_count(m) - before;
    switch (r.end) {
    case MIPS_RUN_LIMIT:
        return WEB_RUNNING;
    case MIPS_RUN_EXITED:
        snprintf(w->message, sizeof w->message, "program exited with status %d", r.exit_status);
        return WEB_EXITED;
    case MIPS_RUN_ERROR: {
        const mips_error *e = mips_error_of(m);
        const mips_origin *o = mips_program_origin(&p->prog, e->pc);
        if (o && o->file < p->prog.file_count)
            snprintf(w->message, sizeof w->message, "%s:%u: runtime error at 0x%08x: %s",
                     p->prog.files[o->file]->path, o->line, e->pc, e->message);
        else
            snprintf(w->message, sizeof w->message, "runtime error at 0x%08x: %s", e->pc,
                     e->message);
        mips_set_pc(m, e->pc); /* shown at the fault, as the debugger does */
        return WEB_FAULT;
    }
    case MIPS_RUN_STOPPED: {
        /* The syscall did not run: it counts when it does, once. */
        mips_machine_state st;
        mips_state_get(m, &st);
        st.count--;
        mips_state_set(m, &st);
        (*ran)--;
        return WEB_WAITING;
    }
    case MIPS_RUN_INPUT_ENDED:
        snprintf(w->message, sizeof w->message, "input ended while the program waits for it");
        return WEB_INPUT_ENDED;
    default:
        snprintf(w->message, sizeof w->message, "the program stopped (output cap or a check)");
        return WEB_STOPPED;
    }
}

static bool needs_input(web_machine *w)
{
    web_mips *p = w->isa_state;
    mips_session *s = mips_debuggee_session(p->debuggee);
    mips_machine *m = mips_session_machine(s);
    uint32_t word;
    return !w->input_closed && mips_peek(m, mips_pc(m), &word) &&
           (mips_roles_of(word).roles & MIPS_SYSCALL) &&
           mips_syscall_needs_input(mips_session_syscalls(s), m);
}

static void free_mips(web_machine *w)
{
    web_mips *p = w->isa_state;
    if (!p)
        return;
    mips_debuggee_free(p->debuggee);
    if (p->has_prog)
        mips_program_free(&p->prog);
    for (int i = 0; i < p->count; i++)
        source_free(p->sources[i]);
    free(p->paths);
    free(p);
}

static mips_machine *machine_of(web_machine *w)
{
    web_mips *p = w->isa_state;
    return mips_session_machine(mips_debuggee_session(p->debuggee));
}

static bool mmio_attach(web_machine *w, unsigned delay)
{
    mips_mmio_attach(machine_of(w), delay ? delay : 5, web_mmio_show, w);
    return true;
}

/* As mipssim takes keys from a pipe: one once the last was read. */
static bool mmio_key(web_machine *w, uint8_t key)
{
    mips_machine *m = machine_of(w);
    if (!mips_mmio_attached(m) || (mips_display_word(m, MIPS_MMIO_BASE) & 1))
        return false;
    mips_mmio_key(m, key);
    return true;
}

static bool screen(web_machine *w, const char *spec, uint32_t *colours, unsigned *cols,
                   unsigned *rows)
{
    mips_bitmap b;
    if (!mips_bitmap_parse(spec, &b))
        return false;
    *cols = b.width / b.unit_w;
    *rows = b.height / b.unit_h;
    if (colours)
        mips_bitmap_read(machine_of(w), &b, colours);
    return true;
}

const web_isa web_mips_isa = {load, run, needs_input, free_mips, NULL, shown, 35,
                              mmio_attach, mmio_key, screen};
