/* The spec engine's function tests, for any ISA: each case drawn once, run
 * on the reference (which must keep every convention: else the spec is
 * wrong), then on the submission with the same noise, and compared. */
#include "grade_spec_engine.h"
#include "grade_spec_memory.h"
#include "grade_spec_words.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
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

/* A run as run_case wants it: all zero but the 16 KB of file slots, which
 * only a read of the case's folder fills (grade_spec_files_read) and the
 * count guards. Zeroing them was 12 MB of writes a hw4 grading. */
static void run_init(grade_spec_run *r)
{
    memset(r, 0, offsetof(grade_spec_run, files));
    r->files.count = 0;
    r->files.more = false;
    memset(r->lists, 0, sizeof r->lists);
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
    if (st.followed_null) {
        const char *path = e->spec->path ? e->spec->path : "spec";
        grade_spec_engine_error(e, "the spec is wrong: %s:%d:%d: an expression of %s follows "
                                "a null pointer (a list's last link) on %s", path,
                                st.followed_null->line, st.followed_null->col, fn->name,
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
    grade_spec_run want, got; /* made ready for run_case, which need not */
    run_init(&want);
    run_init(&got);
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
    } else if (grade_spec_reference_keeps_spec(e, fn, hand, label, &want, &overruled) &&
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
            grade_spec_compare_runs(e, fn, hand, &st, &want, &got, overruled, &t->problems);
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
