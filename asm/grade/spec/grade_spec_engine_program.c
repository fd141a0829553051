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

void grade_spec_program_run_free(grade_spec_program_run *r)
{
    free(r->output);
    r->output = NULL;
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

/* The points output earns against want. */
static double score_output(const grade_spec_program *pr, const char *got, size_t got_len,
                           const char *want, size_t want_len, grade_findings *problems)
{
    if (got_len == want_len && memcmp(got, want, got_len) == 0)
        return pr->points;
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
        return same ? pr->points : 0;
    }
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

/* The reference must end, and print what the test writes out. */
static bool reference_keeps_test(grade_spec_engine *e, const grade_spec_program *pr,
                                 const grade_spec_program_run *want)
{
    grade_findings none = {0};
    if (!want->ended) {
        grade_spec_engine_error(e, "the spec is wrong: the reference solution does not end on "
                                "program test %s (line %d): %s", pr->name, pr->line,
                                want->why);
    } else if (pr->expect &&
               score_output(pr, want->output, want->output_len, pr->expect, pr->expect_len,
                            &none) < pr->points) {
        grade_spec_engine_error(e, "the spec is wrong: the reference solution does not print "
                                "the expected output of program test %s (line %d): %s",
                                pr->name, pr->line,
                                none.count ? none.items[none.count - 1].text : "");
    }
    grade_findings_free(&none);
    return !e->report->error[0];
}

static void run_program(grade_spec_engine *e, int i)
{
    const grade_spec_program *pr = &e->spec->programs[i];
    grade_spec_program_run want = {0}, got = {0};
    if (!e->machine->run_program(e->ctx, GRADE_SPEC_REFERENCE, pr, &want)) {
        grade_spec_engine_error(e, "could not run the reference on program test %s", pr->name);
        return;
    }
    if (!reference_keeps_test(e, pr, &want)) {
        grade_spec_program_run_free(&want);
        return;
    }
    char name[sizeof e->report->tests[0].name];
    snprintf(name, sizeof name, "%s: the whole program", pr->name);
    grade_spec_test *t = grade_spec_report_add(e->report, e->spec->function_count + i, name,
                                               pr->points);
    if (!e->machine->run_program(e->ctx, GRADE_SPEC_SUBMISSION, pr, &got)) {
        grade_findings_add(&t->problems, 0, 0, "could not be loaded");
    } else {
        t->instructions = got.instructions;
        if (!got.ended) {
            grade_findings_add(&t->problems, 0, 0, "%s", got.why);
        } else {
            const char *w = pr->expect ? pr->expect : want.output;
            size_t w_len = pr->expect ? pr->expect_len : want.output_len;
            t->score = score_output(pr, got.output, got.output_len, w, w_len, &t->problems);
            size_t before = t->problems.count;
            if (pr->compare_files)
                grade_spec_files_compare(&got.files, &want.files, &t->problems);
            if (t->problems.count > before) /* what it must write is not partly right */
                t->score = 0;
        }
        if (t->score < pr->points && got.replay[0])
            grade_findings_add(&t->problems, 0, 0, "%s", got.replay);
    }
    grade_spec_program_run_free(&got);
    grade_spec_program_run_free(&want);
}

void grade_spec_engine_programs(grade_spec_engine *e)
{
    for (int i = 0; i < e->spec->program_count && !e->report->error[0]; i++)
        if (!e->only || !strcmp(e->only, e->spec->programs[i].name))
            run_program(e, i);
}
