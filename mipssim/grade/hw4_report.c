/* The grader's reports: the text a student or TA reads, and Gradescope's
 * results.json. */
#include "hw4_report.h"

#include "grade_json.h"
#include "grade_submission.h"
#include "grade_text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The tests of function f, and how many passed. */
static void function_totals(const hw4_report *r, int f, double *score, double *max,
                            int *passed, int *count, uint64_t *most)
{
    *score = *max = 0;
    *passed = *count = 0;
    *most = 0;
    for (size_t i = 0; i < r->test_count; i++) {
        const hw4_test_result *t = &r->tests[i];
        if (t->function != f)
            continue;
        *score += t->score;
        *max += t->max_score;
        *passed += t->problems.count == 0;
        (*count)++;
        if (t->instructions > *most)
            *most = t->instructions;
    }
}

/* The lines of a failed test, each indented by indent. */
static void print_test(FILE *out, const hw4_test_result *t, const char *indent)
{
    fprintf(out, "%sFAIL %s\n", indent, t->name);
    for (size_t p = 0; p < t->problems.count; p++)
        fprintf(out, "%s     %s\n", indent, t->problems.items[p].text);
}

static void print_warnings(FILE *out, const hw4_report *r)
{
    if (r->source_warnings.count + r->practice_warnings.count > 0)
        fputs("\nWarnings (practices the handout takes points for):\n", out);
    grade_findings_print(out, r->submission, &r->source_warnings, "  ");
    for (size_t i = 0; i < r->practice_warnings.count; i++)
        fprintf(out, "  %s\n", r->practice_warnings.items[i].text);
}

/* Why a submission scores 0 before any test runs: the whole-file rules it
 * breaks, or the assembler's messages (the text report and results.json
 * say the same). */
static void print_rejection(FILE *out, const hw4_report *r)
{
    if (r->fatal.count > 0) {
        grade_findings_print(out, r->submission, &r->fatal, "");
        fputs("The handout gives such a submission 0 points.\n", out);
    } else {
        fputs("It does not assemble, so it scores 0:\n", out);
        grade_put_messages(out, r->assembler_messages);
    }
}

void grade_report_text(FILE *out, const hw4_report *r)
{
    if (!grade_text_begin(out, "MipsHack (hw4) grader", r->submission, r->seed, NULL, r->note,
                          r->error))
        return;
    if (r->fatal.count > 0 || !r->assembled) {
        print_rejection(out, r);
    } else if (r->assembler_messages && *r->assembler_messages) {
        fputs("The assembler warns:\n", out);
        grade_put_messages(out, r->assembler_messages);
        fputc('\n', out);
    }
    for (int f = 0; f < HW4_FUNCTIONS && r->test_count > 0; f++) {
        double score, max;
        int passed, count;
        uint64_t most;
        function_totals(r, f, &score, &max, &passed, &count, &most);
        if (count == 0)
            continue;
        fprintf(out, "%-20s %5.1f / %4.1f   %d of %d tests passed (at most %" PRIu64
                     " instructions)\n", hw4_function_names[f], score, max, passed, count, most);
        for (size_t i = 0; i < r->test_count; i++)
            if (r->tests[i].problems.count > 0 && r->tests[i].function == f)
                print_test(out, &r->tests[i], "  ");
    }
    print_warnings(out, r);
    fprintf(out, "\nTotal: %.1f / %.1f\n", r->score, r->max_score);
}

/* The whole file's entry when it scores nothing before any test runs: the
 * rules it breaks, or the assembler's messages, so the student sees why. */
static void whole_file_test(FILE *out, const hw4_report *r)
{
    char *text = NULL;
    size_t size = 0;
    FILE *buf = open_memstream(&text, &size);
    if (!buf)
        return;
    print_rejection(buf, r);
    fclose(buf);
    grade_json_nothing_ran(out, r->fatal.count > 0 ? "whole-file rules" : "assembles",
                           r->max_score, text ? text : "");
    free(text);
}

void grade_report_json_brief(FILE *out, const hw4_report *r)
{
    char summary[1600];
    grade_json_summary(summary, sizeof summary, r->note, r->seed, r->seed_secret, &r->fatal,
                       r->assembled);
    grade_json_begin(out, r->score, r->max_score, r->seconds, summary);
    grade_json_nothing_ran(out, "score", r->max_score,
                           "the report was too long for results.json: the text report has it\n");
    grade_json_end(out);
}

void grade_report_json(FILE *out, const hw4_report *r)
{
    char summary[1600];
    grade_json_summary(summary, sizeof summary, r->note, r->seed, r->seed_secret, &r->fatal,
                       r->assembled);
    grade_json_begin(out, r->score, r->max_score, r->seconds, summary);
    bool first = true;
    for (int f = 0; f < HW4_FUNCTIONS; f++) {
        double score, max;
        int passed, count;
        uint64_t most;
        function_totals(r, f, &score, &max, &passed, &count, &most);
        if (count == 0)
            continue;
        char *text = NULL;
        size_t size = 0;
        FILE *buf = open_memstream(&text, &size);
        if (!buf)
            continue;
        fprintf(buf, "%d of %d tests passed\n", passed, count);
        for (size_t i = 0; i < r->test_count; i++)
            if (r->tests[i].problems.count > 0 && r->tests[i].function == f)
                print_test(buf, &r->tests[i], "");
        fclose(buf);
        grade_json_test(out, first, hw4_function_names[f], score, max, text ? text : "");
        free(text);
        first = false;
    }
    /* Nothing ran (a whole-file rule, or it did not assemble): one entry
     * carrying the maximum, so Gradescope shows 0 out of it, not 0/0. */
    if (first)
        whole_file_test(out, r);
    grade_json_end(out);
}
