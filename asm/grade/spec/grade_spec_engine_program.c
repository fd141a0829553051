/* The spec engine's whole-program tests, for any ISA: the reference and
 * the submission run whole on the same input (the machine's run_program),
 * the output compared exactly or by lc3tools' similarity. */
#include "grade_spec_engine.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_similarity.h"
#include "grade_spec_values.h"

void grade_spec_program_run_free(grade_spec_program_run *r)
{
    free(r->output);
    r->output = NULL;
    for (int i = 0; i < GRADE_SPEC_RESULTS_MAX; i++) {
        free(r->memory[i]);
        r->memory[i] = NULL;
    }
    grade_spec_files_free(&r->files);
}

/* The first line where two outputs differ, for the report. */
static void first_difference(const char *got, size_t got_len, const char *want,
                             size_t want_len, grade_findings *problems)
{
    size_t i = 0, line = 1, start = 0;
    while (i < got_len && i < want_len && got[i] == want[i]) {
        if (got[i] == '\n')
            line++, start = i + 1;
        i++;
    }
    const char *g_end = memchr(got + start, '\n', got_len - start);
    const char *w_end = memchr(want + start, '\n', want_len - start);
    int g_len = (int)((g_end ? (size_t)(g_end - got) : got_len) - start);
    int w_len = (int)((w_end ? (size_t)(w_end - want) : want_len) - start);
    grade_findings_add(problems, 0, 0, "the output differs from line %zu: \"%.*s\", expected "
                       "\"%.*s\"%s", line, g_len > 60 ? 60 : g_len, got + start,
                       w_len > 60 ? 60 : w_len, want + start,
                       start + (size_t)g_len >= got_len && got_len < want_len ? " (it ends there)"
                                                                             : "");
}

/* The points (of points) output earns against want; word_mask: the
 * machine's (a hexadecimal word's digits). */
static double score_output(const grade_spec_program *pr, uint32_t word_mask, double points,
                           const char *got, size_t got_len, const char *want, size_t want_len,
                           grade_findings *problems)
{
    if (got_len == want_len && memcmp(got, want, got_len) == 0)
        return points;
    if (pr->scoring == GRADE_OUTPUT_VALUES) { /* all or nothing: a wrong value keeps none */
        grade_values_mode mode = {pr->values_hex, word_mask == 0xffff ? 4 : 8,
                                  pr->ignore & GRADE_IGNORE_CASE};
        return grade_values_compare(got, got_len, want, want_len, &mode, problems) ? points : 0;
    }
    if (pr->scoring == GRADE_OUTPUT_EXACT && !pr->ignore) {
        first_difference(got, got_len, want, want_len, problems);
        return 0;
    }
    size_t a_len, b_len;
    char *a = grade_preprocess(got, got_len, pr->ignore, &a_len);
    char *b = grade_preprocess(want, want_len, pr->ignore, &b_len);
    if (pr->scoring == GRADE_OUTPUT_EXACT) {
        /* equal once the ignored differences are dropped, or nothing
         * (lc3tools' ExactOutput parts) */
        bool same = a_len == b_len && memcmp(a, b, a_len) == 0;
        if (!same)
            first_difference(got, got_len, want, want_len, problems);
        free(a);
        free(b);
        return same ? points : 0;
    }
    double similarity = grade_similarity(a, a_len, b, b_len);
    double earned = grade_similarity_points(similarity, points);
    if (earned < points) {
        grade_findings_add(problems, 0, 0, "the output is %.0f%% like the expected one",
                           isnan(similarity) || similarity < 0 ? 0 : 100 * similarity);
        first_difference(got, got_len, want, want_len, problems);
    }
    free(a);
    free(b);
    return earned;
}

/* The reference must end, and print what the test writes out; under
 * `expect wins` its other output is a warning to the TA, and the
 * submission is held to the written one. */
static bool reference_keeps_test(grade_spec_engine *e, const grade_spec_program *pr,
                                 const grade_spec_program_run *want)
{
    grade_findings none = {0};
    bool kept = false;
    if (!want->ended) {
        grade_spec_engine_error(e, "the spec is wrong: the reference solution does not end on "
                                "program test %s (line %d): %s", pr->name, pr->line,
                                want->why);
    } else if (pr->expect &&
               score_output(pr, e->machine->word_mask, 1, want->output, want->output_len,
                            pr->expect,
                            pr->expect_len, &none) < 1) {
        const char *why = none.count ? none.items[none.count - 1].text : "";
        if (pr->expect_wins)
            grade_spec_report_warn(e->report, "spec warning: on program test %s "
                               "run %d the reference does not print its expect (line %d), "
                               "the spec's counts (expect wins): %s", pr->name,
                               e->program_case + 1, pr->line, why);
        else
            grade_spec_engine_error(e, "the spec is wrong: the reference solution does not "
                                    "print the expected output of program test %s (line "
                                    "%d): %s", pr->name, pr->line, why);
        kept = pr->expect_wins;
    } else {
        kept = true;
    }
    grade_findings_free(&none);
    return kept;
}

/* One run's memory inputs: drawn from the test's generators, each at its
 * address; false (the spec's error set) when no draw meets the
 * preconditions. */
static bool draw_inputs(grade_spec_engine *e, const grade_spec_program *pr, grade_rng *rng,
                        grade_spec_state *st)
{
    if (!grade_spec_draw(pr->inputs, rng, st)) {
        grade_spec_engine_error(e, "the spec is wrong: no run of program test %s (line %d) "
                                "met its preconditions in %d draws", pr->name, pr->line,
                                GRADE_SPEC_TRIES);
        return false;
    }
    for (int a = 0; a < pr->inputs->arg_count; a++)
        if (st->values[a].bytes)
            st->values[a].word = pr->inputs->args[a].address;
    grade_spec_relocate(pr->inputs, st, e->machine->isa->word_elements);
    return true;
}

/* The keys of a run whose stdin is drawn: the string's characters, then
 * the test's `then` text (malloc'd into st's keys; NULL: the test's own). */
static char *draw_keys(const grade_spec_program *pr, grade_spec_state *st)
{
    for (int a = 0; a < pr->inputs->arg_count; a++) {
        if (pr->inputs->args[a].reg != GRADE_SPEC_AT_KEYS)
            continue;
        const grade_spec_value *v = &st->values[a];
        size_t n = v->length, more = pr->stdin_then_len;
        char *keys = malloc(n + more + 1);
        if (!keys)
            abort();
        memcpy(keys, v->bytes, n);
        if (more)
            memcpy(keys + n, pr->stdin_then, more);
        st->keys = keys, st->key_count = n + more;
        return keys;
    }
    return NULL;
}

/* The points one run of the submission (got) earns against the
 * reference's (want): share for the output when it is compared and for
 * each result. */
static double score_run(const grade_spec_engine *e, const grade_spec_program *pr, double share,
                        const grade_spec_state *st, const grade_spec_program_run *want,
                        const grade_spec_program_run *got, grade_findings *problems)
{
    if (!got->ended) {
        grade_findings_add(problems, 0, 0, "%s", got->why);
        return 0;
    }
    double score = 0;
    if (pr->compare_output || pr->result_count == 0) {
        const char *w = pr->expect ? pr->expect : want->output;
        size_t w_len = pr->expect ? pr->expect_len : want->output_len;
        score = score_output(pr, e->machine->word_mask, share, got->output, got->output_len, w,
                             w_len, problems);
    }
    size_t before = problems->count;
    if (pr->compare_files)
        grade_spec_files_compare(&got->files, &want->files, problems);
    if (problems->count > before) /* what it must write is not partly right */
        score = 0;
    return score + grade_spec_results_score(e, pr, st, want, got, share, problems);
}

enum { SHOWN_RUNS = 6 }; /* failing runs of a program test shown in the report */

static void run_program(grade_spec_engine *e, int i)
{
    const grade_spec_program *pr = &e->spec->programs[i];
    int runs = pr->cases > 0 ? pr->cases : 1, failing = 0;
    int shares = (pr->compare_output || pr->result_count == 0) + pr->result_count;
    double share = pr->points / runs / shares;
    grade_rng rng; /* the test's own stream, as each function has its own */
    grade_rng_seed(&rng, e->report->seed * 1009 + (uint64_t)(e->spec->function_count + i));
    grade_spec_test *t = NULL;
    size_t first_test = e->report->test_count;
    e->in_function = true; /* the reference wrong here: this test alone is not graded */
    for (int k = 0; k < runs && !e->report->error[0]; k++) {
        grade_spec_state st = {0};
        grade_spec_program_run want = {0}, got = {0};
        e->program_case = k;
        if (pr->inputs && !draw_inputs(e, pr, &rng, &st))
            break;
        char *keys = pr->inputs ? draw_keys(pr, &st) : NULL;
        const grade_spec_state *in = pr->inputs ? &st : NULL;
        if (!e->machine->run_program(e->ctx, GRADE_SPEC_REFERENCE, pr, in, &want)) {
            grade_spec_engine_error(e, "could not run the reference on program test %s",
                                    pr->name);
        } else if (reference_keeps_test(e, pr, &want) && e->function_wrong.count == 0) {
            if (!t) {
                char name[sizeof e->report->tests[0].name];
                snprintf(name, sizeof name, "%s: the whole program", pr->name);
                t = grade_spec_report_add(e->report, e->spec->function_count + i, name,
                                          pr->points);
                if (!t) {
                    grade_spec_engine_error(e, "out of memory for program test %s", pr->name);
                    grade_spec_program_run_free(&want);
                    grade_spec_state_free(&st);
                    free(keys);
                    break;
                }
            }
            grade_findings problems = {0};
            double score = 0;
            if (!e->machine->run_program(e->ctx, GRADE_SPEC_SUBMISSION, pr, in, &got)) {
                grade_findings_add(&problems, 0, 0, "could not be loaded");
            } else {
                if (got.instructions > t->instructions)
                    t->instructions = got.instructions;
                score = score_run(e, pr, share, &st, &want, &got, &problems);
                if (score < share * shares - 1e-9 && got.replay[0])
                    grade_findings_add(&problems, 0, 0, "%s", got.replay);
            }
            t->score += score;
            if (problems.count && runs > 1 && failing++ < SHOWN_RUNS) {
                char args[256] = "";
                if (pr->inputs)
                    grade_spec_describe(pr->inputs, &st, args, sizeof args);
                grade_findings_add(&t->problems, 0, 0, "run %d of %d%s%.130s:", k + 1, runs,
                                   args[0] ? ", on " : "", args);
            }
            for (size_t p = 0; p < problems.count && (runs == 1 || failing <= SHOWN_RUNS); p++)
                grade_findings_add(&t->problems, problems.items[p].line, problems.items[p].col,
                                   "%s%s", runs > 1 ? "  " : "", problems.items[p].text);
            grade_findings_free(&problems);
        }
        grade_spec_program_run_free(&got);
        grade_spec_program_run_free(&want);
        grade_spec_state_free(&st);
        free(keys);
    }
    e->in_function = false;
    if (e->function_wrong.count > 0) {
        grade_spec_engine_part_wrong(e, e->spec->function_count + i, first_test, pr->points);
        return;
    }
    if (t && failing > SHOWN_RUNS)
        grade_findings_add(&t->problems, 0, 0, "and %d more runs lost points", failing - SHOWN_RUNS);
    if (t && t->score > pr->points - 1e-9)
        t->score = pr->points; /* shares that add up to the whole, not a hair under */
}

void grade_spec_engine_programs(grade_spec_engine *e)
{
    for (int i = 0; i < e->spec->program_count && !e->report->error[0]; i++)
        if (!e->only || !strcmp(e->only, e->spec->programs[i].name))
            run_program(e, i);
}
