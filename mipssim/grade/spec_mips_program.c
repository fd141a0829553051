/* The MIPS spec engine's whole-program tests: the reference and the
 * submission run whole on the same input and arguments (mips_whole.h), the
 * output compared exactly or by lc3tools' similarity. */
#include "spec_mips_impl.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_similarity.h"
#include "mips_whole.h"

/* Why a run did not end as a program ends, in plain words. */
static void why_not_ended(const mips_whole_result *r, char *buf, size_t size)
{
    switch (r->run.status) {
    case MIPS_CALL_ERROR:
        snprintf(buf, size, "%s (pc 0x%08" PRIx32 ")", r->run.error.message, r->run.error.pc);
        break;
    case MIPS_CALL_BUDGET:
        snprintf(buf, size, "ran past %" PRIu64 " instructions without ending",
                 r->run.instructions);
        break;
    case MIPS_CALL_OUTPUT_CAP:
        snprintf(buf, size, "printed more than %d bytes", MIPS_WHOLE_OUTPUT_MAX);
        break;
    default:
        snprintf(buf, size, "stopped: %s", mips_call_status_name(r->run.status));
        break;
    }
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

/* The points output earns against want. */
static double score_output(const grade_spec_program *pr, const char *got, size_t got_len,
                           const char *want, size_t want_len, grade_findings *problems)
{
    if (got_len == want_len && memcmp(got, want, got_len) == 0)
        return pr->points;
    if (pr->scoring == GRADE_OUTPUT_EXACT) {
        first_difference(got, got_len, want, want_len, problems);
        return 0;
    }
    size_t a_len, b_len;
    char *a = grade_preprocess(got, got_len, pr->ignore, &a_len);
    char *b = grade_preprocess(want, want_len, pr->ignore, &b_len);
    double similarity = grade_similarity(a, a_len, b, b_len);
    double points = grade_similarity_points(similarity, pr->points);
    if (points < pr->points) {
        grade_findings_add(problems, 0, 0, "the output is %.0f%% like the expected one",
                           isnan(similarity) || similarity < 0 ? 0 : 100 * similarity);
        first_difference(got, got_len, want, want_len, problems);
    }
    free(a);
    free(b);
    return points;
}

static void run_program(spec_engine *e, int i)
{
    const grade_spec_program *pr = &e->spec->programs[i];
    mips_whole_options o = {.input = pr->stdin_text, .input_len = pr->stdin_len,
                            .args = pr->args, .arg_count = pr->arg_count,
                            .max_instructions = pr->budget, .fs_root = e->empty,
                            .fs_budget = &e->budget};
    mips_whole_result want, got;
    char why[512];
    if (!mips_whole_run(e->reference, &o, &want)) {
        spec_engine_error(e, "could not run the reference on program test %s", pr->name);
        return;
    }
    grade_findings none = {0};
    if (!mips_whole_ended(&want)) {
        why_not_ended(&want, why, sizeof why);
        spec_engine_error(e, "the spec is wrong: the reference solution does not end on "
                          "program test %s (line %d): %s", pr->name, pr->line, why);
    } else if (pr->expect &&
               score_output(pr, want.output, want.output_len, pr->expect, pr->expect_len,
                            &none) < pr->points) {
        spec_engine_error(e, "the spec is wrong: the reference solution does not print the "
                          "expected output of program test %s (line %d): %s", pr->name,
                          pr->line, none.count ? none.items[none.count - 1].text : "");
    }
    grade_findings_free(&none);
    if (e->report->error[0]) {
        mips_whole_result_free(&want);
        return;
    }
    char name[sizeof e->report->tests[0].name];
    snprintf(name, sizeof name, "%s: the whole program", pr->name);
    grade_spec_test *t = grade_spec_report_add(e->report, e->spec->function_count + i, name,
                                               pr->points);
    if (!mips_whole_run(e->submission, &o, &got)) {
        grade_findings_add(&t->problems, 0, 0, "could not be loaded");
    } else {
        t->instructions = got.run.instructions;
        if (!mips_whole_ended(&got)) {
            why_not_ended(&got, why, sizeof why);
            grade_findings_add(&t->problems, 0, 0, "%s", why);
        } else {
            const char *w = pr->expect ? pr->expect : want.output;
            size_t w_len = pr->expect ? pr->expect_len : want.output_len;
            t->score = score_output(pr, got.output, got.output_len, w, w_len, &t->problems);
        }
    }
    mips_whole_result_free(&got);
    mips_whole_result_free(&want);
}

void spec_mips_programs(spec_engine *e)
{
    for (int i = 0; i < e->spec->program_count && !e->report->error[0]; i++)
        if (!e->options->only || !strcmp(e->options->only, e->spec->programs[i].name))
            run_program(e, i);
}
