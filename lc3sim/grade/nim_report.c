/* The Nim grader's reports: the text a student or TA reads (per test the
 * points, and what went wrong) and Gradescope's results.json (a test per
 * test, the 0-point checks at max_score 0). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grade_escape.h"
#include "grade_json.h"
#include "grade_submission.h"
#include "grade_text.h"
#include "nim_suite.h"

/* The submission's base name, escaped (an upload's name may hold any byte). */
static const char *base_name(const nim_report *r, char *buf, size_t size)
{
    const char *slash = strrchr(r->submission, '/');
    const char *base = slash ? slash + 1 : r->submission;
    grade_escape_text_buf(buf, size, base, strlen(base), false);
    return buf;
}

/* Why a submission scores 0 before any test runs. */
static void print_rejection(FILE *out, const nim_report *r)
{
    if (r->fatal.count > 0) {
        char base[256];
        for (size_t i = 0; i < r->fatal.count; i++)
            fprintf(out, "%s: %s\n", base_name(r, base, sizeof base), r->fatal.items[i].text);
        fputs("Such a submission scores 0.\n", out);
    } else {
        fputs("It does not assemble, so it scores 0:\n", out);
        grade_put_messages(out, r->assembler_messages);
    }
}

/* A test's lines: its result, then what the grader saw. */
static void print_test(FILE *out, const nim_test_result *t, const char *indent, bool header)
{
    if (header && t->check)
        fprintf(out, "%s%-4s %-32s %s\n", indent, t->passed ? "pass" : "FAIL", t->name, t->about);
    else if (header)
        fprintf(out, "%s%-34s %5.1f / %4.1f   %s (%" PRIu64 " instructions%s)\n", indent,
                t->name, t->score, t->max_score, t->passed ? "passed" : "FAILED",
                t->instructions, t->waits ? ", then waits for a key" : t->hit_cap ? ", hit the cap" : "");
    for (size_t i = 0; i < t->lines.count; i++)
        fprintf(out, "%s     %s\n", indent, t->lines.items[i].text);
}

static const char *mode_line(const nim_report *r)
{
    return r->mode == NIM_MODE_EXACT
               ? "scoring: --mode exact (the model's output byte for byte)"
               : "scoring: similarity, lc3tools' rule (case, whitespace and punctuation "
                 "ignored)";
}

void nim_report_text(FILE *out, const nim_report *r)
{
    char scoring[160];
    snprintf(scoring, sizeof scoring, "%s%s", mode_line(r),
             r->ignore_privilege ? "; privilege checks off" : "");
    if (!grade_text_begin(out, "LC-3 Nim grader", r->submission, r->seed, scoring, r->note,
                          r->error))
        return;
    if (r->fatal.count > 0 || !r->assembled)
        print_rejection(out, r);
    else if (r->assembler_messages && *r->assembler_messages) {
        fputs("The assembler warns:\n", out);
        grade_put_messages(out, r->assembler_messages);
        fputc('\n', out);
    }
    bool checks = false;
    for (size_t i = 0; i < r->test_count; i++) {
        const nim_test_result *t = &r->tests[i];
        if (t->check && !checks) {
            fputs("\nChecks beyond lc3tools' tests (0 points each; docs/grader.md):\n", out);
            checks = true;
        }
        print_test(out, t, t->check ? "  " : "", true);
    }
    fprintf(out, "\nTotal: %.1f / %.1f\n", r->score, r->max_score);
}

/* One test's output in results.json: the same lines as the text. */
static void json_test(FILE *out, const nim_test_result *t, bool first)
{
    char *text = NULL;
    size_t size = 0;
    FILE *buf = open_memstream(&text, &size);
    if (!buf)
        return;
    fprintf(buf, "%s: %s\n", t->check ? (t->passed ? "pass" : "FAIL") : t->passed ? "passed"
                                                                                   : "FAILED",
            t->about);
    print_test(buf, t, "", false);
    fclose(buf);
    grade_json_test(out, first, t->name, t->score, t->max_score, text ? text : "");
    free(text);
}

void nim_report_json(FILE *out, const nim_report *r)
{
    char summary[1600], seed[64];
    snprintf(summary, sizeof summary, "%s%s%s; %s%s", r->note, r->note[0] ? "\n" : "",
             grade_json_seed(seed, sizeof seed, r->seed, r->seed_secret), mode_line(r),
             r->fatal.count ? "; 0 points: the file cannot be graded"
             : !r->assembled ? "; 0 points: it does not assemble" : "");
    grade_json_begin(out, r->score, r->max_score, r->seconds, summary);
    for (size_t i = 0; i < r->test_count; i++)
        json_test(out, &r->tests[i], i == 0);
    if (r->test_count == 0) {
        /* Nothing ran: one entry carrying the maximum, and why. */
        char *text = NULL;
        size_t size = 0;
        FILE *buf = open_memstream(&text, &size);
        if (buf) {
            print_rejection(buf, r);
            fclose(buf);
        }
        grade_json_nothing_ran(out, r->fatal.count > 0 ? "the submission file" : "assembles",
                               r->max_score, text ? text : "");
        free(text);
    }
    grade_json_end(out);
}
