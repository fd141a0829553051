/* The MIPS spec engine's function tests: each case drawn once, run on the
 * reference (which must keep every convention: else the spec is wrong),
 * then on the submission with the same noise, and compared. */
#include "spec_mips_impl.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grade_call.h"
#include "grade_scratch.h"
#include "grade_spec_draw.h"
#include "grade_source.h"
#include "mips_isa.h"

enum {
    REG_A0 = 4,
    LAYOUT_BASE = GRADE_DATA_BASE + 0x100, /* the first structure of a case */
    LAYOUT_GAP = 64,                       /* noise between structures */
    PRINTED_MAX = 64 << 10,
    GRADING_FILES = 64, GRADING_FILE_BYTES = 1 << 20,
};

void spec_engine_error(spec_engine *e, const char *fmt, ...)
{
    if (e->report->error[0])
        return; /* the first is the one to fix */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->report->error, sizeof e->report->error, fmt, ap);
    va_end(ap);
}

/* What one run of a case left. */
typedef struct case_run {
    grade_outcome outcome;
    uint32_t regs[32];
    uint8_t *memory[GRADE_SPEC_ARGS_MAX]; /* each pointer argument's bytes after */
    char *printed;
    size_t printed_len;
} case_run;

static void case_run_free(case_run *r)
{
    grade_outcome_free(&r->outcome);
    for (int i = 0; i < GRADE_SPEC_ARGS_MAX; i++)
        free(r->memory[i]);
    free(r->printed);
}

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
        size_t slot = (size_t)(fn->args[i].reg - REG_A0);
        words[slot] = st->values[i].word;
        count = slot + 1 > count ? slot + 1 : count;
    }
    return stack > 4 ? stack : count;
}

static void read_printed(FILE *f, case_run *out)
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

/* What a run of a case is held to beyond the function's keys: its callees
 * (must_call, those only counted marked in watch_only) and its budget. */
typedef struct case_needs {
    const char *must_call[4];
    uint32_t watch_only;
    int budget_slot;   /* must_call index of `budget ... per call of`, or -1 */
    uint64_t budget;
} case_needs;

/* The reference's needs: the callees that hold on the arguments required,
 * the ones `when the reference does` and a per-call budget's only counted. */
static case_needs reference_needs(const grade_spec_function *fn, const grade_spec_state *st)
{
    case_needs n = {.budget_slot = -1, .budget = grade_spec_budget(fn, st)};
    int count = 0;
    for (; count < fn->must_call_count; count++) {
        n.must_call[count] = fn->must_call[count];
        grade_call_when when = fn->must_call_when[count];
        if (when == GRADE_CALL_LIKE_REFERENCE ||
            (when == GRADE_CALL_IF && !grade_spec_holds(fn, &fn->must_call_if[count], st)))
            n.watch_only |= 1u << count;
        if (fn->budget_call[0] && !strcmp(fn->budget_call, fn->must_call[count]))
            n.budget_slot = count;
    }
    if (fn->budget_call[0] && n.budget_slot < 0 && count < 4) { /* the parser keeps a slot */
        n.must_call[count] = fn->budget_call;
        n.watch_only |= 1u << count;
        n.budget_slot = count;
    }
    return n;
}

/* The submission's: what the reference's run decided (want). */
static case_needs submission_needs(const grade_spec_function *fn, case_needs n,
                                   const grade_outcome *want)
{
    for (int i = 0; i < fn->must_call_count; i++)
        if (fn->must_call_when[i] == GRADE_CALL_LIKE_REFERENCE && want->calls[i] > 0)
            n.watch_only &= ~(1u << i);
    if (n.budget_slot >= 0) /* the grader's own call counts when it is the function */
        n.budget = grade_spec_budget_for_calls(
            fn, want->calls[n.budget_slot] + (strcmp(fn->budget_call, fn->name) == 0));
    return n;
}

/* One run of the case on prog, noise from a copy of its stream. */
static void run_case(spec_engine *e, const mips_call_program *prog, const grade_spec_function *fn,
                     const grade_spec_state *st, const case_needs *needs, grade_rng noise,
                     case_run *out)
{
    memset(out, 0, sizeof *out);
    mips_call_options o = mips_call_default_options();
    o.fs_root = e->empty;
    o.fs_budget = &e->budget;
    o.budget = needs->budget;
    FILE *printed = compares_output(fn) ? tmpfile() : NULL;
    o.out_fd = printed ? fileno(printed) : -1;
    o.output_cap = PRINTED_MAX;
    mips_call *c = grade_call_new(prog, &o, &noise);
    if (!c) {
        grade_findings_add(&out->outcome.problems, 0, 0, "could not be loaded");
        out->outcome.result.status = MIPS_CALL_ERROR;
        if (printed)
            fclose(printed);
        return;
    }
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
                          .watch_only = needs->watch_only};
    for (int i = 0; i < 4; i++)
        cs.must_call[i] = needs->must_call[i];
    cs.arg_count = argument_words(fn, st, &noise, cs.args);
    grade_call_run(c, prog, &cs, &noise, &out->outcome);
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
    mips_call_free(c);
    if (printed) {
        read_printed(printed, out);
        fclose(printed);
    }
}

/* "abc\n" shown in a message, cut to 60 bytes. */
static void show_text(const char *s, size_t len, char *buf, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 8 < size && i < 60; i++) {
        unsigned char c = (unsigned char)s[i];
        n += (size_t)snprintf(buf + n, size - n, c == '\n' ? "\\n" : c >= ' ' && c < 127 &&
                              c != '"' && c != '\\' ? "%c" : "\\x%02x", c);
    }
    snprintf(buf + n, size - n, "%s", len > 60 ? "..." : "");
}

static const char *register_name(unsigned r, char buf[8])
{
    snprintf(buf, 8, "$%s", mips_register_name(r & 31));
    return buf;
}

static int sign_of(uint32_t word)
{
    return (int32_t)word < 0 ? -1 : word != 0;
}

/* Whether a register's value meets a hand-written case's `expect`. */
static bool meets(uint32_t word, const grade_spec_expect *x)
{
    return grade_spec_compare_values(x->op, (int32_t)word, x->value);
}

/* "expected 3", "expected < 0": an `expect`'s words in messages. */
static const char *const expect_words[] = {"< ", "<= ", "> ", ">= ", "", "!= "};

/* The submission's run against the reference's (or the case's answers). */
static void compare_runs(const grade_spec_function *fn, const grade_spec_case *hand,
                         const grade_spec_state *st, const case_run *want, const case_run *got,
                         grade_findings *problems)
{
    char name[8];
    for (int i = 0; i < fn->compare_count; i++) {
        const grade_spec_compare *c = &fn->compares[i];
        if (c->kind == GRADE_CMP_REG && c->sign &&
            sign_of(got->regs[c->reg]) != sign_of(want->regs[c->reg])) {
            static const char *const signs[] = {"negative", "zero", "positive"};
            grade_findings_add(problems, 0, 0, "%s is %" PRId32 " (%s), expected a %s number",
                               register_name((unsigned)c->reg, name), (int32_t)got->regs[c->reg],
                               signs[sign_of(got->regs[c->reg]) + 1],
                               signs[sign_of(want->regs[c->reg]) + 1]);
        } else if (c->kind == GRADE_CMP_REG && !c->sign &&
                   got->regs[c->reg] != want->regs[c->reg]) {
            grade_findings_add(problems, 0, 0, "%s is %" PRId32 " (0x%08" PRIx32 "), expected %"
                               PRId32, register_name((unsigned)c->reg, name),
                               (int32_t)got->regs[c->reg], got->regs[c->reg],
                               (int32_t)want->regs[c->reg]);
        } else if (c->kind == GRADE_CMP_MEMORY) {
            const uint8_t *g = got->memory[c->arg], *w = want->memory[c->arg];
            int shown = 0;
            for (uint32_t b = 0; b < st->values[c->arg].size && shown < 4; b++)
                if ((g[b] ^ w[b]) & c->mask) {
                    grade_findings_add(problems, 0, 0, "%s byte %" PRIu32 " is 0x%02x, expected "
                                       "0x%02x", fn->args[c->arg].name, b, g[b], w[b]);
                    shown++;
                }
        } else if (c->kind == GRADE_CMP_OUTPUT &&
                   (got->printed_len != want->printed_len ||
                    memcmp(got->printed, want->printed, got->printed_len) != 0)) {
            char a[512], b[512];
            show_text(got->printed, got->printed_len, a, sizeof a);
            show_text(want->printed, want->printed_len, b, sizeof b);
            grade_findings_add(problems, 0, 0, "printed \"%.60s\", expected \"%.60s\"", a, b);
        }
    }
    for (int i = 0; hand && i < hand->expect_count; i++) {
        unsigned r = (unsigned)hand->expects[i].reg & 31;
        bool compared = false; /* then it equals the reference's, which was checked */
        for (int k = 0; k < fn->compare_count; k++)
            compared = compared || (fn->compares[k].kind == GRADE_CMP_REG &&
                                    fn->compares[k].reg == (int)r);
        if (!compared && !meets(got->regs[r], &hand->expects[i]))
            grade_findings_add(problems, 0, 0, "%s is %" PRId32 ", expected %s%" PRId32,
                               register_name(r, name), (int32_t)got->regs[r],
                               expect_words[hand->expects[i].op],
                               hand->expects[i].value);
    }
}

/* The reference must keep the spec on every case, and give the answers a
 * hand-written case writes out: else the spec (or the reference) is wrong. */
static bool reference_keeps_spec(spec_engine *e, const grade_spec_function *fn,
                                 const grade_spec_case *hand, const char *label,
                                 const case_run *want)
{
    if (want->outcome.problems.count > 0) {
        spec_engine_error(e, "the spec is wrong: the reference solution fails %s %s: %s",
                          fn->name, label, want->outcome.problems.items[0].text);
        return false;
    }
    char name[8];
    for (int i = 0; hand && i < hand->expect_count; i++) {
        unsigned r = (unsigned)hand->expects[i].reg & 31;
        if (!meets(want->regs[r], &hand->expects[i])) {
            spec_engine_error(e, "the spec is wrong: on %s %s the reference solution gives %s "
                              "= %" PRId32 ", the spec expects %s%" PRId32 " (line %d)",
                              fn->name, label, register_name(r, name), (int32_t)want->regs[r],
                              expect_words[hand->expects[i].op], hand->expects[i].value,
                              hand->line);
            return false;
        }
    }
    return true;
}

/* A budget counted from the reference's calls holds the reference too. */
static bool reference_in_budget(spec_engine *e, const grade_spec_function *fn, const char *label,
                                const case_needs *theirs, const case_run *want)
{
    if (theirs->budget_slot < 0 || want->outcome.result.instructions <= theirs->budget)
        return true;
    spec_engine_error(e, "the spec is wrong: on %s %s the reference solution runs %" PRIu64
                      " instructions, over its budget of %" PRIu64, fn->name, label,
                      (uint64_t)want->outcome.result.instructions, theirs->budget);
    return false;
}

typedef struct practice {
    uint32_t saved, written;
} practice;

static void grade_case(spec_engine *e, int f, const grade_spec_case *hand, int number,
                       grade_rng *rng, double points, practice *seen)
{
    const grade_spec_function *fn = &e->spec->functions[f];
    grade_spec_state st;
    if (hand) {
        grade_spec_draw_case(fn, hand, rng, &st);
    } else if (!grade_spec_draw(fn, rng, &st)) {
        spec_engine_error(e, "the spec is wrong: no case of %s (line %d) met its preconditions "
                          "in %d draws", fn->name, fn->line, GRADE_SPEC_TRIES);
        grade_spec_state_free(&st);
        return;
    }
    grade_spec_layout(fn, &st, LAYOUT_BASE, LAYOUT_GAP);
    grade_rng noise;
    grade_rng_seed(&noise, (uint64_t)grade_rng_next(rng) << 32 | grade_rng_next(rng));
    char args[256], label[128];
    grade_spec_describe(fn, &st, args, sizeof args);
    if (hand)
        snprintf(label, sizeof label, "\"%.90s\"", hand->label);
    else
        snprintf(label, sizeof label, "random case %d", number);
    case_run want, got;
    case_needs needs = reference_needs(fn, &st);
    run_case(e, e->reference, fn, &st, &needs, noise, &want);
    case_needs theirs = submission_needs(fn, needs, &want.outcome);
    if (reference_keeps_spec(e, fn, hand, label, &want) &&
        reference_in_budget(e, fn, label, &theirs, &want)) {
        run_case(e, e->submission, fn, &st, &theirs, noise, &got);
        char name[GRADE_SPEC_NAME_MAX + sizeof label + sizeof args + 8];
        snprintf(name, sizeof name, "%s: %s (%s)", fn->name, label, args);
        grade_spec_test *t = grade_spec_report_add(e->report, f, name, points);
        t->instructions = got.outcome.result.instructions;
        t->problems = got.outcome.problems;
        got.outcome.problems = (grade_findings){0};
        if (got.outcome.result.status == MIPS_CALL_RETURNED)
            compare_runs(fn, hand, &st, &want, &got, &t->problems);
        t->score = t->problems.count == 0 ? points : 0;
        grade_findings_merge(&e->report->warnings, &got.outcome.hiding);
        seen->saved |= got.outcome.saved;
        seen->written |= got.outcome.written;
        case_run_free(&got);
    }
    case_run_free(&want);
    grade_spec_state_free(&st);
}

static void grade_function(spec_engine *e, int f, grade_rng *rng)
{
    const grade_spec_function *fn = &e->spec->functions[f];
    int cases = e->options->random_cases ? e->options->random_cases : fn->cases;
    int total = fn->hand_count + cases;
    double points = total ? fn->points / total : 0;
    practice seen = {0, 0};
    for (int k = 0; k < fn->hand_count && !e->report->error[0]; k++)
        grade_case(e, f, &fn->hand[k], k + 1, rng, points, &seen);
    for (int k = 0; k < cases && !e->report->error[0]; k++)
        grade_case(e, f, NULL, k + 1, rng, points, &seen);
    char prefix[GRADE_SPEC_NAME_MAX + 4];
    snprintf(prefix, sizeof prefix, "%s: ", fn->name);
    grade_practices(seen.saved, seen.written, prefix, &e->report->warnings);
}

/* The submission assembled, the spec's rules checked; NULL when it scores
 * nothing before any test. */
static mips_call_program *assemble_submission(spec_engine *e, const char *path)
{
    grade_spec_report *r = e->report;
    const char *slash = strrchr(e->spec->reference, '/');
    source_file *file = grade_load_submission(path, slash ? slash + 1 : e->spec->reference,
                                              &r->fatal);
    if (!file)
        return NULL;
    if (e->options->seed_from_source)
        r->seed = grade_seed_of(file);
    grade_source_marks marks;
    grade_findings warnings = {0}, include = {0};
    grade_scan_source(file, &include, &warnings, &marks);
    grade_findings_free(&include); /* hw4's words: the spec's rule says its own */
    if (e->spec->rules)
        r->warnings = warnings;
    else
        grade_findings_free(&warnings);
    if (marks.include && (e->spec->rules & GRADE_RULE_NO_INCLUDE)) {
        /* never assembled: the assembler would read the file */
        grade_findings_add(&r->fatal, marks.include, 0, "uses .include (the spec's rules: the "
                           "submission is one file, and nothing it names is read)");
        source_free(file);
        return NULL;
    }
    /* Without the rule, .include reads only files beside the submission. */
    char *folder = strdup(path);
    if (!folder)
        abort();
    char *cut = strrchr(folder, '/');
    if (cut)
        cut[cut == folder ? 1 : 0] = '\0';
    mips_asm_options ao = mips_asm_default_options();
    ao.include_root = cut ? folder : ".";
    mips_call_program *prog = mips_call_assemble_files(&file, 1, &ao, &r->assembler_messages);
    free(folder);
    grade_cap_messages(r->assembler_messages);
    r->assembled = prog != NULL;
    if (prog)
        grade_check_program_rules(mips_call_image(prog), &marks, e->spec->rules, &r->fatal);
    if (prog && r->fatal.count > 0) {
        mips_call_program_free(prog);
        return NULL;
    }
    return prog;
}

static bool assemble_reference(spec_engine *e)
{
    char *messages = NULL;
    const char *path = e->spec->reference;
    e->reference = mips_call_assemble(&path, 1, NULL, &messages);
    if (!e->reference)
        spec_engine_error(e, "the spec's reference solution %s does not assemble: %.1500s",
                          path, messages ? messages : "");
    free(messages);
    return e->reference != NULL;
}

void spec_mips_grade(const char *path, const spec_mips_options *o, grade_spec_report *r)
{
    memset(r, 0, sizeof *r);
    r->spec = o->spec;
    snprintf(r->submission, sizeof r->submission, "%s", path);
    r->seed = o->seed;
    r->max_score = spec_mips_points(o->spec, o->only);
    spec_engine e = {.options = o, .spec = o->spec, .report = r,
                     .budget = {GRADING_FILE_BYTES, GRADING_FILES}};
    if (!assemble_reference(&e))
        return;
    e.submission = assemble_submission(&e, path);
    if (!e.submission) {
        mips_call_program_free(e.reference);
        return;
    }
    char own[4096] = "";
    const char *scratch = o->scratch_dir;
    if (!scratch && grade_scratch_make("mipsgrade", own, sizeof own, r->error, sizeof r->error))
        scratch = own;
    if (scratch)
        grade_scratch_subfolder(scratch, "empty", e.empty, sizeof e.empty, r->error,
                                sizeof r->error);
    for (int f = 0; f < o->spec->function_count && !r->error[0]; f++) {
        if (o->only && strcmp(o->only, o->spec->functions[f].name) != 0)
            continue;
        grade_rng rng; /* each function's own stream */
        grade_rng_seed(&rng, r->seed * 1009 + (uint64_t)f);
        grade_function(&e, f, &rng);
    }
    if (!r->error[0])
        spec_mips_programs(&e);
    for (size_t i = 0; i < r->test_count; i++)
        r->score += r->tests[i].score;
    if (r->error[0])
        r->score = 0;
    mips_call_program_free(e.submission);
    mips_call_program_free(e.reference);
    if (own[0])
        grade_scratch_remove(own);
    else if (e.empty[0])
        grade_scratch_remove(e.empty);
}

double spec_mips_points(const grade_spec *spec, const char *only)
{
    double total = 0;
    for (int i = 0; i < spec->function_count; i++)
        if (!only || !strcmp(only, spec->functions[i].name))
            total += spec->functions[i].points;
    for (int i = 0; i < spec->program_count; i++)
        if (!only || !strcmp(only, spec->programs[i].name))
            total += spec->programs[i].points;
    return total;
}
