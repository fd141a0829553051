/* The spec engine's function tests, for any ISA: each case drawn once, run
 * on the reference (which must keep every convention: else the spec is
 * wrong), then on the submission with the same noise, and compared. */
#include "grade_spec_engine.h"
#include "grade_spec_memory.h"
#include "grade_spec_words.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void grade_spec_engine_error(grade_spec_engine *e, const char *fmt, ...)
{
    char text[sizeof e->report->error];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (e->in_function) {
        const char *why = strncmp(text, "the spec is wrong: ", 19) ? text : text + 19;
        grade_findings one = {0};
        grade_findings_add(&one, 0, 0, "%s", why);
        grade_findings_merge(&e->function_wrong, &one); /* each problem once */
        grade_findings_free(&one);
        return;
    }
    if (!e->report->error[0]) /* the first is the one to fix */
        snprintf(e->report->error, sizeof e->report->error, "%s", text);
}

void grade_spec_run_free(grade_spec_run *r)
{
    grade_findings_free(&r->problems);
    grade_findings_free(&r->hiding);
    for (int i = 0; i < GRADE_SPEC_ARGS_MAX; i++)
        free(r->memory[i]);
    for (int i = 0; i < GRADE_SPEC_COMPARES_MAX; i++)
        free(r->lists[i].nodes);
    free(r->printed);
    grade_spec_files_free(&r->files);
}

/* A register's value as a number: signed in the machine's word. */
static int32_t as_signed(const grade_spec_engine *e, uint32_t v)
{
    uint32_t mask = e->machine->word_mask, sign = (mask >> 1) + 1;
    v &= mask;
    return (int32_t)((v ^ sign) - sign);
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

/* A character result as a TA reads it: ':' (58), '\n' (10), or the
 * number alone when it is no printable character. */
static const char *show_char(const grade_spec_engine *e, uint32_t v, char *buf, size_t size)
{
    int32_t n = as_signed(e, v);
    if (n >= ' ' && n < 127 && n != '\'' && n != '\\')
        snprintf(buf, size, "'%c' (%" PRId32 ")", (char)n, n);
    else if (n == '\n' || n == '\t' || n == 0 || n == '\'' || n == '\\')
        snprintf(buf, size, "'\\%c' (%" PRId32 ")", n == '\n' ? 'n' : n == '\t' ? 't'
                 : n == 0 ? '0' : (char)n, n);
    else
        snprintf(buf, size, "%" PRId32, n);
    return buf;
}

static int sign_of(const grade_spec_engine *e, uint32_t v)
{
    int32_t s = as_signed(e, v);
    return s < 0 ? -1 : s > 0;
}

/* Whether a register's value meets a hand-written case's `expect`. */
static bool meets(const grade_spec_engine *e, uint32_t v, const grade_spec_expect *x)
{
    if (x->op == GRADE_EQ)
        return (v & e->machine->word_mask) == ((uint32_t)x->value & e->machine->word_mask);
    return grade_spec_compare_values(x->op, as_signed(e, v), x->value);
}

/* "expected 3", "expected < 0": an `expect`'s words in messages. */
static const char *const expect_words[] = {"< ", "<= ", "> ", ">= ", "", "!= "};

/* Whether the spec says register r holds a character (`compare char`). */
static bool compares_char(const grade_spec_function *fn, unsigned r)
{
    for (int k = 0; k < fn->compare_count; k++)
        if (fn->compares[k].kind == GRADE_CMP_REG && fn->compares[k].as_char &&
            fn->compares[k].reg == (int)r)
            return true;
    return false;
}

/* An expect's value as the report shows it: a character's as one (when
 * the register holds one and the expect is `=`), else its words. */
static const char *show_expect(const grade_spec_engine *e, const grade_spec_function *fn,
                               unsigned r, const grade_spec_expect *x, char *buf, size_t size)
{
    if (x->op == GRADE_EQ && compares_char(fn, r))
        return show_char(e, (uint32_t)x->value, buf, size);
    snprintf(buf, size, "%s%" PRId32, expect_words[x->op], x->value);
    return buf;
}

/* A register's value as the report shows it: a character's as one. */
static const char *show_reg(const grade_spec_engine *e, const grade_spec_function *fn,
                            unsigned r, uint32_t v, char *buf, size_t size)
{
    if (compares_char(fn, r))
        return show_char(e, v, buf, size);
    snprintf(buf, size, "%" PRId32, as_signed(e, v));
    return buf;
}

static bool compares_register(const grade_spec_function *fn, unsigned r)
{
    for (int k = 0; k < fn->compare_count; k++)
        if (fn->compares[k].kind == GRADE_CMP_REG && fn->compares[k].reg == (int)r)
            return true;
    return false;
}

static const char *hex_prefix(const grade_spec_engine *e)
{
    return e->machine->isa->hex_prefix ? e->machine->isa->hex_prefix : "0x";
}

/* A pointer argument on a machine of word elements: its words (kept as
 * two little-endian bytes each in the runs' memory), the mask on the low
 * byte, where a character or a byte element is. */
static void compare_words(const grade_spec_engine *e, const grade_spec_function *fn,
                          const grade_spec_compare *c, const grade_spec_state *st,
                          const grade_spec_run *want, const grade_spec_run *got,
                          grade_findings *problems)
{
    const uint8_t *g = got->memory[c->arg], *w = want->memory[c->arg];
    if (fn->args[c->arg].gen.kind == GRADE_GEN_RECORDS) {
        grade_spec_compare_records(fn, c, st, g, w, true, hex_prefix(e), problems);
        return;
    }
    uint32_t count = grade_spec_words(&fn->args[c->arg].gen, &st->values[c->arg], NULL);
    uint16_t mask = (uint16_t)(0xff00 | c->mask);
    int shown = 0;
    for (uint32_t k = 0; k < count && shown < 4; k++) {
        uint16_t a = (uint16_t)(g[2 * k] | g[2 * k + 1] << 8);
        uint16_t b = (uint16_t)(w[2 * k] | w[2 * k + 1] << 8);
        if ((a ^ b) & mask) {
            grade_findings_add(problems, 0, 0, "the argument %s word %" PRIu32 " is %s%04X, "
                               "expected %s%04X", fn->args[c->arg].name, k, hex_prefix(e), a,
                               hex_prefix(e), b);
            shown++;
        }
    }
}

/* The submission's run against the reference's (or the case's answers). */
static void compare_runs(const grade_spec_engine *e, const grade_spec_function *fn,
                         const grade_spec_case *hand, const grade_spec_state *st,
                         const grade_spec_run *want, const grade_spec_run *got,
                         uint64_t overruled, grade_findings *problems)
{
    char name[16];
    for (int i = 0; i < fn->compare_count; i++) {
        const grade_spec_compare *c = &fn->compares[i];
        if (c->kind == GRADE_CMP_REG && (overruled >> c->reg & 1))
            continue; /* the case's expect decides it (below) */
        if (c->kind == GRADE_CMP_REG && c->sign &&
            sign_of(e, got->regs[c->reg]) != sign_of(e, want->regs[c->reg])) {
            /* `compare sign`: "any negative number" */
            static const char *const signs[] = {"negative", "zero", "positive"};
            static const char *const wanted[] = {"a negative number", "zero",
                                                 "a positive number"};
            e->machine->register_name((unsigned)c->reg, name, sizeof name);
            grade_findings_add(problems, 0, 0, "%s is %" PRId32 " (%s), expected %s", name,
                               as_signed(e, got->regs[c->reg]),
                               signs[sign_of(e, got->regs[c->reg]) + 1],
                               wanted[sign_of(e, want->regs[c->reg]) + 1]);
        } else if (c->kind == GRADE_CMP_REG && c->as_char &&
                   got->regs[c->reg] != want->regs[c->reg]) {
            char a[24], b[24];
            e->machine->register_name((unsigned)c->reg, name, sizeof name);
            grade_findings_add(problems, 0, 0, "%s is %s, expected %s", name,
                               show_char(e, got->regs[c->reg], a, sizeof a),
                               show_char(e, want->regs[c->reg], b, sizeof b));
        } else if (c->kind == GRADE_CMP_REG && !c->sign &&
                   got->regs[c->reg] != want->regs[c->reg]) {
            e->machine->register_name((unsigned)c->reg, name, sizeof name);
            char hex[16];
            int digits = e->machine->word_mask > 0xffff ? 8 : 4;
            if (e->machine->isa->hex_prefix) /* the machine's own way: x002A */
                snprintf(hex, sizeof hex, "%s%0*" PRIX32, e->machine->isa->hex_prefix, digits,
                         got->regs[c->reg]);
            else
                snprintf(hex, sizeof hex, "0x%0*" PRIx32, digits, got->regs[c->reg]);
            grade_findings_add(problems, 0, 0, "%s is %" PRId32 " (%s), expected %" PRId32, name,
                               as_signed(e, got->regs[c->reg]), hex,
                               as_signed(e, want->regs[c->reg]));
        } else if (c->kind == GRADE_CMP_MEMORY && e->machine->isa->word_elements) {
            compare_words(e, fn, c, st, want, got, problems);
        } else if (c->kind == GRADE_CMP_MEMORY) {
            grade_spec_compare_memory(fn, c, st, got->memory[c->arg], want->memory[c->arg],
                                      problems);
        } else if (c->kind == GRADE_CMP_OUTPUT &&
                   (got->printed_len != want->printed_len ||
                    memcmp(got->printed, want->printed, got->printed_len) != 0)) {
            char a[512], b[512];
            show_text(got->printed, got->printed_len, a, sizeof a);
            show_text(want->printed, want->printed_len, b, sizeof b);
            grade_findings_add(problems, 0, 0, "printed \"%.60s\", expected \"%.60s\"", a, b);
        } else if (c->kind == GRADE_CMP_FILES) {
            grade_spec_files_compare(&got->files, &want->files, problems);
        } else if (c->kind == GRADE_CMP_LIST) {
            e->machine->register_name((unsigned)c->reg, name, sizeof name);
            grade_spec_list_compare(c, name, &got->lists[i], &want->lists[i], problems);
        }
    }
    uint64_t missed = fn->required_syscalls & want->syscalls & ~got->syscalls;
    for (unsigned s = 0; s < 64; s++)
        if (missed >> s & 1)
            grade_findings_add(problems, 0, 0, "made no syscall %u (the reference makes it on "
                               "this case, and the spec requires it)", s);
    for (int i = 0; hand && i < hand->expect_count; i++) {
        unsigned r = (unsigned)hand->expects[i].reg % GRADE_SPEC_REGS_MAX;
        /* a compared register matches the reference's, which was checked */
        if ((!compares_register(fn, r) || (overruled >> r & 1)) &&
            !meets(e, got->regs[r], &hand->expects[i])) {
            char a[32], b[32];
            e->machine->register_name(r, name, sizeof name);
            grade_findings_add(problems, 0, 0, "%s is %s, expected %s", name,
                               show_reg(e, fn, r, got->regs[r], a, sizeof a),
                               show_expect(e, fn, r, &hand->expects[i], b, sizeof b));
        }
    }
}

/* The reference must keep the spec on every case, and give the answers a
 * hand-written case writes out: else the spec (or the reference) is wrong.
 * Under `expect wins` a written answer is the truth: the reference's other
 * answer is a warning to the TA, and *overruled gets the register, whose
 * expect the submission is then held to instead of the reference. */
static bool reference_keeps_spec(grade_spec_engine *e, const grade_spec_function *fn,
                                 const grade_spec_case *hand, const char *label,
                                 const grade_spec_run *want, uint64_t *overruled)
{
    *overruled = 0;
    if (want->problems.count > 0) {
        for (size_t i = 0; i < want->problems.count; i++)
            grade_spec_engine_error(e, "the spec is wrong: the reference solution fails %s %s: "
                                    "%s", fn->name, label, want->problems.items[i].text);
        return false;
    }
    char name[16];
    bool wins = fn->expect_wins || (hand && hand->expect_wins);
    for (int i = 0; hand && i < hand->expect_count; i++) {
        unsigned r = (unsigned)hand->expects[i].reg % GRADE_SPEC_REGS_MAX;
        if (meets(e, want->regs[r], &hand->expects[i]))
            continue;
        e->machine->register_name(r, name, sizeof name);
        if (wins) {
            char a[32], b[32];
            grade_spec_report_warn(e->report, "spec warning: on %s %s the "
                               "reference gives %s = %s, the spec %s (line %d): the spec's "
                               "counts (expect wins)", fn->name, label, name,
                               show_reg(e, fn, r, want->regs[r], a, sizeof a),
                               show_expect(e, fn, r, &hand->expects[i], b, sizeof b),
                               hand->line);
            *overruled |= UINT64_C(1) << r;
            continue;
        }
        grade_spec_engine_error(e, "the spec is wrong: on %s %s the reference solution "
                                "gives %s = %" PRId32 ", the spec expects %s%" PRId32
                                " (line %d)", fn->name, label, name,
                                as_signed(e, want->regs[r]),
                                expect_words[hand->expects[i].op], hand->expects[i].value,
                                hand->line);
        return false;
    }
    return true;
}

typedef struct practice {
    uint32_t saved, written;
} practice;

static void grade_case(grade_spec_engine *e, int f, const grade_spec_case *hand, int number,
                       grade_rng *rng, double points, practice *seen)
{
    const grade_spec_function *fn = &e->spec->functions[f];
    grade_spec_state st;
    if (hand) {
        grade_spec_draw_case(fn, hand, rng, &st);
    } else if (!grade_spec_draw(fn, rng, &st)) {
        grade_spec_engine_error(e, "the spec is wrong: no case of %s (line %d) met its "
                                "preconditions in %d draws", fn->name, fn->line,
                                GRADE_SPEC_TRIES);
        grade_spec_state_free(&st);
        return;
    }
    if (st.past_end) {
        grade_spec_engine_error(e, "the spec is wrong: %s of %s points past the end of %s "
                                "(it has %" PRIu32 " elements)", hand ? hand->label : "",
                                fn->name,
                                fn->args[st.past_end - 1].name,
                                st.values[st.past_end - 1].length);
        grade_spec_state_free(&st);
        return;
    }
    if (st.divided_by_zero) {
        grade_spec_engine_error(e, "the spec is wrong: an expression of %s (line %d) divides "
                                "by 0 (/ or %%) on %s", fn->name, fn->line,
                                hand ? hand->label : "a random case");
        grade_spec_state_free(&st);
        return;
    }
    uint32_t base = e->layout_base ? e->layout_base : e->machine->layout_base;
    if (e->machine->isa->word_elements)
        grade_spec_layout_words(fn, &st, base, e->machine->layout_gap);
    else
        grade_spec_layout(fn, &st, base, e->machine->layout_gap);
    grade_rng noise;
    grade_rng_seed(&noise, (uint64_t)grade_rng_next(rng) << 32 | grade_rng_next(rng));
    char args[2400], label[128]; /* every argument: 8 of at most 160 bytes, records more */
    grade_spec_describe(fn, &st, args, sizeof args);
    if (hand)
        snprintf(label, sizeof label, "\"%.90s\"", hand->label);
    else
        snprintf(label, sizeof label, "random case %d", number);
    const char *must_call[sizeof fn->must_call / sizeof fn->must_call[0] + 1] = {0};
    int budget_slot = grade_spec_reference_needs(fn, &st, must_call);
    grade_spec_run want = {0}, got = {0};
    e->machine->run_case(e->ctx, GRADE_SPEC_REFERENCE, fn, &st, must_call, noise, &want);
    uint64_t overruled;
    if (!hand && want.faulted && want.problems.count > 0) {
        /* A random case the reference faults on (not its budget or a lost
         * return: those are the spec's or the reference's) tells of the
         * generator, not the student: the TA hears of it, the case is
         * dropped and the others share its points. */
        grade_spec_report_warn(e->report, "spec warning: dropped %s %s (%s): "
                           "the reference fails it: %s", fn->name, label, args,
                           want.problems.items[0].text);
    } else if (reference_keeps_spec(e, fn, hand, label, &want, &overruled) &&
               grade_spec_submission_needs(e, fn, label, budget_slot, &want, &st) &&
               grade_spec_reference_in_budget(e, fn, label, budget_slot, &want, &st) &&
               e->function_wrong.count == 0) { /* else the reference alone runs */
        e->machine->run_case(e->ctx, GRADE_SPEC_SUBMISSION, fn, &st, must_call, noise, &got);
        char name[GRADE_SPEC_NAME_MAX + sizeof label + sizeof args + 8];
        snprintf(name, sizeof name, args[0] ? "%s: %s (%s)" : "%s: %s", fn->name, label, args);
        grade_spec_test *t = grade_spec_report_add(e->report, f, name, points);
        if (!t) {
            grade_spec_engine_error(e, "out of memory for the test %s", name);
            grade_spec_run_free(&got);
            grade_spec_run_free(&want);
            grade_spec_state_free(&st);
            return;
        }
        t->instructions = got.instructions;
        t->problems = got.problems;
        got.problems = (grade_findings){0};
        if (got.returned)
            compare_runs(e, fn, hand, &st, &want, &got, overruled, &t->problems);
        t->score = t->problems.count == 0 ? points : 0;
        grade_findings_merge(&e->report->warnings, &got.hiding);
        seen->saved |= got.saved;
        seen->written |= got.written;
        grade_spec_run_free(&got);
    }
    grade_spec_run_free(&want);
    grade_spec_state_free(&st);
}

static void grade_function(grade_spec_engine *e, int f, grade_rng *rng)
{
    const grade_spec_function *fn = &e->spec->functions[f];
    int cases = e->random_cases ? e->random_cases : fn->cases;
    int total = fn->hand_count + cases;
    double points = total ? fn->points / total : 0;
    practice seen = {0, 0};
    size_t first_test = e->report->test_count;
    e->in_function = true;
    /* After a problem, the reference alone runs the other cases: the TA
     * hears of every problem at once. */
    for (int k = 0; k < fn->hand_count && !e->report->error[0]; k++)
        grade_case(e, f, &fn->hand[k], k + 1, rng, points, &seen);
    for (int k = 0; k < cases && !e->report->error[0]; k++)
        grade_case(e, f, NULL, k + 1, rng, points, &seen);
    size_t kept = e->report->test_count - first_test;
    if (kept == 0 && total > 0 && !e->report->error[0])
        grade_spec_engine_error(e, "the spec is wrong: the reference solution fails %s on "
                                "every case (the warnings name each)", fn->name);
    e->in_function = false;
    for (size_t i = first_test; kept < (size_t)total && i < e->report->test_count; i++) {
        /* the cases dropped: the kept ones share the function's points */
        grade_spec_test *t = &e->report->tests[i];
        t->max_score = fn->points / (double)kept;
        t->score = t->problems.count == 0 ? t->max_score : 0;
    }
    if (e->function_wrong.count > 0) {
        grade_spec_engine_part_wrong(e, f, first_test, fn->points);
        return;
    }
    if (e->machine->practices) {
        char prefix[GRADE_SPEC_NAME_MAX + 4];
        snprintf(prefix, sizeof prefix, "%s: ", fn->name);
        e->machine->practices(e->ctx, seen.saved, seen.written, prefix, &e->report->warnings);
    }
}

void grade_spec_engine_run(grade_spec_engine *e)
{
    grade_spec_report *r = e->report;
    for (int f = 0; f < e->spec->function_count && !r->error[0]; f++) {
        if (e->only && strcmp(e->only, e->spec->functions[f].name) != 0)
            continue;
        grade_rng rng; /* each function's own stream */
        grade_rng_seed(&rng, r->seed * 1009 + (uint64_t)f);
        grade_function(e, f, &rng);
    }
    if (!r->error[0])
        grade_spec_engine_programs(e);
    if (!r->error[0] && r->wrong_count > 0 && r->max_score <= 0 && r->wrong[0].problems.count) {
        /* every part graded is wrong: nothing was graded at all */
        snprintf(r->error, sizeof r->error, "the spec is wrong: %s",
                 r->wrong[0].problems.items[0].text);
        r->max_score = grade_spec_engine_points(e->spec, e->only);
    }
    r->score = 0;
    for (size_t i = 0; i < r->test_count; i++)
        r->score += r->tests[i].score;
    if (r->error[0])
        r->score = 0;
}
