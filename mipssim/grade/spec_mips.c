/* Grading a MIPS submission by a spec: the two programs assembled (the
 * submission under the spec's whole-file rules), and each function case
 * run as a graded call (mips_checked_call.h) for the ISA-free engine
 * (grade_spec_engine.h), which draws, compares and scores. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "spec_mips_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mips_checked_call.h"
#include "mips_private.h"
#include "grade_scratch.h"
#include "grade_spec_draw.h"
#include "grade_spec_memory.h"
#include "mips_source_rules.h"
#include "mips_isa.h"

enum {
    LAYOUT_BASE = GRADE_DATA_BASE + 0x100, /* the first structure of a case */
    LAYOUT_GAP = 64,                       /* noise between structures */
};

static bool compares_output(const grade_spec_function *fn)
{
    for (int i = 0; i < fn->compare_count; i++)
        if (fn->compares[i].kind == GRADE_CMP_OUTPUT)
            return true;
    return false;
}

/* The argument words: $a0-$a3 by register (noise where none is given),
 * then the stack words in order. */
static size_t argument_words(const grade_spec_function *fn, const grade_spec_state *st,
                             grade_rng *noise, uint32_t *words)
{
    size_t count = 0, stack = 4;
    for (int i = 0; i < 4; i++)
        words[i] = grade_rng_next(noise);
    for (int i = 0; i < fn->arg_count; i++) {
        if (fn->args[i].reg < 0) {
            words[stack++] = st->values[i].word;
            continue;
        }
        size_t slot = (size_t)(fn->args[i].reg - MIPS_REG_A0);
        words[slot] = st->values[i].word;
        count = slot + 1 > count ? slot + 1 : count;
    }
    return stack > 4 ? stack : count;
}

static bool read_memory(void *call, uint32_t address, void *bytes, size_t len)
{
    return mips_call_read(call, address, bytes, len);
}

static void read_printed(FILE *f, grade_spec_run *out)
{
    int fd = fileno(f);
    off_t size = lseek(fd, 0, SEEK_END);
    if (size < 0 || lseek(fd, 0, SEEK_SET) != 0)
        size = 0;
    out->printed = malloc((size_t)size + 1);
    if (!out->printed)
        abort();
    ssize_t n = read(fd, out->printed, (size_t)size);
    out->printed_len = n > 0 ? (size_t)n : 0;
    out->printed[out->printed_len] = '\0';
}

static bool compares_files(const grade_spec_function *fn)
{
    for (int i = 0; i < fn->compare_count; i++)
        if (fn->compares[i].kind == GRADE_CMP_FILES)
            return true;
    return false;
}

/* A case with file-name arguments, that compares files or may open one
 * runs in a folder of its own, made fresh for each run with a copy of its
 * files (the only ones it may open): no run sees what another wrote. False,
 * the case lost with the reason, when it cannot be made. */
static bool case_folder(spec_mips *e, const grade_spec_function *fn, const grade_spec_state *st,
                        char *folder, size_t size, grade_spec_run *out)
{
    if (!grade_spec_has_files(fn) && !compares_files(fn) &&
        !(fn->allowed_syscalls & GRADE_SYSCALL(MIPS_SYS_OPEN)))
        return true;
    char name[32], why[512] = "no scratch folder";
    snprintf(name, sizeof name, "case%u", ++e->folders);
    const char *parent = e->scratch_real[0] ? e->scratch_real : e->scratch;
    if (parent[0] && grade_spec_case_folder(fn, st, parent, name, folder, size, why, sizeof why))
        return true;
    grade_findings_add(&out->problems, 0, 0, "its files could not be made: %s", why);
    if (folder[0])
        grade_scratch_remove(folder);
    return false;
}

/* One run of the case (the engine's run_case). */
static void run_case(void *ctx, grade_spec_side side, const grade_spec_function *fn,
                     const grade_spec_state *st, const char *const *must_call, grade_rng noise,
                     grade_spec_run *out)
{
    spec_mips *e = ctx;
    bool beside = side == GRADE_SPEC_SUBMISSION && fn->reference_callee_count && e->beside;
    const mips_call_program *prog = side == GRADE_SPEC_REFERENCE ? e->reference
                                    : beside                     ? e->beside
                                                                 : e->submission;
    char folder[4096] = "";
    if (side == GRADE_SPEC_SUBMISSION && e->kept[0]) /* the same case's reference left it */
        memcpy(folder, e->kept, sizeof e->kept);
    else if (e->kept[0]) /* the last case's, whose submission did not run */
        grade_scratch_remove(e->kept);
    e->kept[0] = '\0';
    if (!folder[0] && !case_folder(e, fn, st, folder, sizeof folder, out))
        return;
    mips_call_options o = mips_call_default_options();
    mips_file_budget budget = spec_mips_run_budget();
    o.fs_root = folder[0] ? folder : e->empty_real[0] ? e->empty_real : e->empty;
    o.fs_root_is_real = folder[0] ? e->scratch_real[0] != '\0' : e->empty_real[0] != '\0';
    o.fs_budget = &budget;
    o.budget = st->budget;
    /* Both sides of a case see the same clock and generators, fresh. */
    o.time = mips_virtual_time_of_seed(e->engine.report->seed);
    FILE *printed = compares_output(fn) ? tmpfile() : NULL;
    o.out_fd = printed ? fileno(printed) : -1;
    o.output_cap = GRADE_SPEC_PRINTED_MAX;
    mips_call *c = grade_call_new(prog, &o, &noise, e->noise_cache);
    uint32_t window_end = GRADE_DATA_BASE + GRADE_DATA_SIZE,
             layout_end = e->engine.layout_base + GRADE_SPEC_WINDOW;
    if (c && layout_end > window_end) { /* laid out past the window: noise there too */
        uint32_t from = e->engine.layout_base > window_end ? e->engine.layout_base : window_end;
        grade_call_noise(c, prog, from, layout_end - from, &noise);
    }
    if (!c) {
        grade_findings_add(&out->problems, 0, 0, "could not be loaded");
        if (printed)
            fclose(printed);
        if (folder[0])
            grade_scratch_remove(folder);
        return;
    }
    if (beside)
        spec_mips_redirect_callees(c, e, fn);
    grade_region regions[GRADE_SPEC_ARGS_MAX];
    char whats[GRADE_SPEC_ARGS_MAX][GRADE_SPEC_NAME_MAX + 16];
    size_t n = 0;
    for (int i = 0; i < fn->arg_count; i++) {
        const grade_spec_value *v = &st->values[i];
        if (!v->bytes)
            continue;
        mips_call_write(c, v->word, v->bytes, v->size);
        snprintf(whats[n], sizeof whats[n], "the argument %s", fn->args[i].name);
        regions[n] = (grade_region){v->word, v->size, fn->args[i].gen.writable, whats[n], NULL,
                                    NULL};
        n++;
    }
    grade_call_spec cs = {.function = fn->name, .regions = regions, .region_count = n,
                          .allowed_syscalls = fn->allowed_syscalls,
                          .preserved = (uint32_t)fn->preserved,
                          .watch_only = st->watch_only};
    for (int i = 0; must_call[i] && i < (int)(sizeof cs.must_call / sizeof cs.must_call[0]); i++)
        cs.must_call[i] = must_call[i];
    cs.arg_count = argument_words(fn, st, &noise, cs.args);
    grade_outcome outcome;
    grade_call_run(c, prog, &cs, &noise, &outcome);
    out->returned = outcome.result.status == MIPS_CALL_RETURNED;
    out->faulted = outcome.result.status == MIPS_CALL_ERROR;
    out->instructions = outcome.result.instructions;
    out->problems = outcome.problems;
    out->hiding = outcome.hiding;
    out->saved = outcome.saved;
    out->written = outcome.written;
    memcpy(out->calls, outcome.calls, sizeof out->calls);
    out->syscalls = outcome.syscalls;
    outcome.problems = outcome.hiding = (grade_findings){0};
    grade_outcome_free(&outcome);
    mips_machine *m = mips_call_machine(c);
    for (unsigned r = 0; r < 32; r++)
        out->regs[r] = mips_reg(m, r);
    for (int i = 0; i < fn->arg_count; i++) {
        const grade_spec_value *v = &st->values[i];
        if (!v->bytes)
            continue;
        out->memory[i] = malloc(v->size ? v->size : 1);
        if (!out->memory[i])
            abort();
        if (!mips_call_read(c, v->word, out->memory[i], v->size))
            memset(out->memory[i], 0, v->size);
    }
    grade_spec_lists_read(fn, read_memory, c, out);
    /* A folder the reference opened nothing in to write holds what it was
     * made with, no more: the submission's run takes it as a fresh one
     * (the same files and bytes; nothing of the reference's run in it). */
    bool keep = folder[0] && side == GRADE_SPEC_REFERENCE && !mips_call_opened_to_write(c);
    mips_call_free(c);
    if (printed) {
        read_printed(printed, out);
        fclose(printed);
    }
    if (folder[0] && compares_files(fn))
        grade_spec_files_read(folder, &out->files);
    if (keep)
        memcpy(e->kept, folder, sizeof e->kept);
    else if (folder[0])
        grade_scratch_remove(folder);
}

/* A case's structures go above both programs' .data (a program's .data
 * is part of its code: never laid over, never noise): from LAYOUT_BASE
 * when the .data ends below it, as it does for a few strings. */
static void spec_mips_place_layout(spec_mips *e)
{
    const mips_call_program *all[3] = {e->reference, e->submission, e->beside};
    int count = e->beside ? 3 : 2;
    uint32_t base = LAYOUT_BASE;
    for (int pass = 0; pass < count; pass++)
        for (int i = 0; i < count; i++) {
            const mips_segment *d = &mips_call_image(all[i])->segments[MIPS_SEG_DATA];
            uint64_t end = (uint64_t)d->base + d->size;
            if (d->size && d->base < (uint64_t)base + GRADE_SPEC_WINDOW &&
                end + LAYOUT_GAP > base && end < MIPS_HEAP_BASE)
                base = (uint32_t)((end + 15) / 16 * 16 + LAYOUT_GAP);
        }
    e->engine.layout_base = base;
}

/* The submission assembled in a private folder, the spec's rules checked;
 * NULL when it scores nothing before any test (or, with r->error, when it
 * could not be assembled at all). */
static mips_call_program *assemble_submission(spec_mips *e, const char *path)
{
    grade_spec_report *r = e->engine.report;
    const grade_spec *spec = e->engine.spec;
    const char *slash = strrchr(spec->reference, '/');
    source_file *file = grade_load_submission(path, slash ? slash + 1 : spec->reference,
                                              &r->fatal);
    if (!file)
        return NULL;
    grade_source_marks marks;
    grade_findings warnings = {0}, include = {0};
    grade_scan_source(file, &include, &warnings, &marks);
    grade_findings_free(&include); /* hw4's words: the spec's rule says its own */
    if (spec->rules)
        r->warnings = warnings;
    else
        grade_findings_free(&warnings);
    if (marks.include && (spec->rules & GRADE_RULE_NO_INCLUDE || spec->include_count == 0)) {
        /* never assembled: the assembler would read the file, and its
         * messages would show what it holds */
        grade_findings_add(&r->fatal, marks.include, 0, "%s",
                           spec->rules & GRADE_RULE_NO_INCLUDE
                           ? "uses .include (the spec's rules: the submission is one file, "
                             "and nothing it names is read)"
                           : "uses .include, which this spec does not allow (the submission "
                             "is one file, and nothing it names is read)");
        source_free(file);
        return NULL;
    }
    /* .include reads only the copies of the files the spec ships */
    grade_private_includes inc = {spec->dir, spec->includes, spec->include_count};
    source_file *again = spec_mips_uses_reference_callees(spec, e->engine.only)
                             ? source_from_memory(file->path, file->text, file->len)
                             : NULL;
    mips_call_program *prog = grade_assemble_private(file, e->scratch, &inc,
                                                     &r->assembler_messages, r->error,
                                                     sizeof r->error);
    grade_cap_messages(r->assembler_messages);
    r->assembled = prog != NULL;
    if (prog)
        grade_check_program_rules(mips_call_image(prog), &marks, spec->rules, &r->fatal);
    if (prog && r->fatal.count > 0) {
        mips_call_program_free(prog);
        prog = NULL;
    }
    e->submission = prog; /* where the reference's text goes after it */
    if (prog && again && !spec_mips_assemble_beside(e, again)) {
        mips_call_program_free(prog); /* the reason is the report's error */
        return e->submission = NULL;
    }
    if (!prog)
        source_free(again);
    return prog;
}

static bool assemble_reference(spec_mips *e)
{
    char *messages = NULL;
    const char *path = e->engine.spec->reference;
    e->reference = mips_call_assemble(&path, 1, NULL, &messages);
    if (!e->reference)
        grade_spec_engine_error(&e->engine, "the spec's reference solution %s does not "
                                "assemble: %.1500s", path, messages ? messages : "");
    free(messages);
    return e->reference != NULL;
}

static void register_name(unsigned r, char *buf, size_t size)
{
    snprintf(buf, size, "$%s", mips_register_name(r & 31));
}

static void practices(void *ctx, uint32_t saved, uint32_t written, const char *prefix,
                      grade_findings *warnings)
{
    (void)ctx;
    grade_practices(saved, written, prefix, warnings);
}

static const grade_spec_machine mips_machine_ops = {
    .isa = &spec_mips_isa,
    .layout_base = LAYOUT_BASE,
    .layout_gap = LAYOUT_GAP,
    .word_mask = 0xffffffffu,
    .run_case = run_case,
    .run_program = spec_mips_run_program,
    .practices = practices,
    .register_name = register_name,
};

void spec_mips_grade(const char *path, const spec_mips_options *o, grade_spec_report *r)
{
    grade_spec_report_start(r, o->spec, path, o->seed, o->only);
    spec_mips e = {.engine = {.spec = o->spec, .only = o->only,
                              .random_cases = o->random_cases, .report = r,
                              .machine = &mips_machine_ops}};
    e.engine.ctx = &e;
    if (!assemble_reference(&e))
        return;
    char own[4096] = "";
    const char *scratch = o->scratch_dir;
    if (!scratch && grade_scratch_make("mipsgrade", own, sizeof own, r->error, sizeof r->error))
        scratch = own;
    if (scratch) {
        snprintf(e.scratch, sizeof e.scratch, "%s", scratch);
        if (grade_scratch_subfolder(scratch, "empty", e.empty, sizeof e.empty, r->error,
                                    sizeof r->error)) {
            char *real = realpath(e.empty, NULL);
            if (real && strlen(real) < sizeof e.empty_real) {
                memcpy(e.empty_real, real, strlen(real) + 1);
                /* "empty" is a folder just made, no link: its parent is real */
                memcpy(e.scratch_real, real, strlen(real) - strlen("/empty"));
            }
            free(real);
            e.submission = assemble_submission(&e, path);
        }
    }
    if (e.submission) {
        spec_mips_place_layout(&e);
        e.noise_cache = grade_noise_cache_new(); /* NULL: each block drawn */
        grade_spec_engine_run(&e.engine);
        grade_noise_cache_free(e.noise_cache);
        if (e.kept[0])
            grade_scratch_remove(e.kept);
    }
    if (!o->process_ends) { /* else the exit takes back their pages at once */
        mips_call_program_free(e.submission);
        mips_call_program_free(e.beside);
        mips_call_program_free(e.reference);
    }
    if (own[0])
        grade_scratch_remove(own);
    else if (e.empty[0])
        grade_scratch_remove(e.empty);
}
