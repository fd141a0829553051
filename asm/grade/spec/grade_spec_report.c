/* A spec grading's report as text and results.json. */
#include "grade_spec_report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grade_json.h"
#include "grade_submission.h"
#include "grade_text.h"
#include "grow.h"

grade_spec_test *grade_spec_report_add(grade_spec_report *r, int part, const char *name,
                                       double max_score)
{
    if (r->test_count == r->test_capacity) {
        grade_spec_test *grown = grow_array(r->tests, &r->test_capacity,
                                            r->test_count + 1, sizeof *grown);
        if (!grown)
            return NULL;
        r->tests = grown;
    }
    grade_spec_test *t = &r->tests[r->test_count++];
    memset(t, 0, sizeof *t);
    t->part = part;
    snprintf(t->name, sizeof t->name, "%s", name);
    t->max_score = max_score;
    return t;
}

const char *grade_spec_title(const grade_spec *spec, char *buf, size_t size)
{
    if (spec && spec->title[0])
        return spec->title;
    const char *path = spec && spec->path ? spec->path : "spec";
    const char *slash = strrchr(path, '/');
    snprintf(buf, size, "%s grader", slash ? slash + 1 : path);
    return buf;
}

static const char *part_name(const grade_spec *spec, int part)
{
    return part < spec->function_count ? spec->functions[part].name
                                       : spec->programs[part - spec->function_count].name;
}

static void part_totals(const grade_spec_report *r, int part, double *score, double *max,
                        int *passed, int *count, uint64_t *most)
{
    *score = *max = 0;
    *passed = *count = 0;
    *most = 0;
    for (size_t i = 0; i < r->test_count; i++) {
        const grade_spec_test *t = &r->tests[i];
        if (t->part != part)
            continue;
        *score += t->score, *max += t->max_score;
        *passed += t->problems.count == 0;
        (*count)++;
        *most = t->instructions > *most ? t->instructions : *most;
    }
}

static void print_test(FILE *out, const grade_spec_test *t, const char *indent)
{
    fprintf(out, "%sFAIL ", indent);
    grade_spec_put_wrapped(out, t->name, indent);
    for (size_t p = 0; p < t->problems.count; p++)
        fprintf(out, "%s     %s\n", indent, t->problems.items[p].text);
}

static void print_rejection(FILE *out, const grade_spec_report *r)
{
    if (r->fatal.count > 0) {
        grade_findings_print(out, r->submission, &r->fatal, "");
        fputs("The spec's whole-file rules give such a submission 0 points.\n", out);
    } else {
        fputs("It does not assemble, so it scores 0:\n", out);
        grade_put_messages(out, r->assembler_messages);
    }
}

static int part_count(const grade_spec *spec)
{
    return spec ? spec->function_count + spec->program_count : 0;
}

static const grade_spec_wrong *wrong_part(const grade_spec_report *r, int part)
{
    for (size_t i = 0; i < r->wrong_count; i++)
        if (r->wrong[i].part == part)
            return &r->wrong[i];
    return NULL;
}

void grade_spec_report_wrong_names(const grade_spec_report *r, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < r->wrong_count && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "",
                              part_name(r->spec, r->wrong[i].part));
}

/* A part the spec is wrong about: loud, every problem, no fault of the
 * submission's, and no points either way. */
static void print_wrong(FILE *out, const grade_spec_report *r, const grade_spec_wrong *w,
                        const char *indent)
{
    fprintf(out, "%sNot graded: the spec is wrong in %s (its reference breaks it; no fault "
                 "of the submission's, its points are left out of the total):\n", indent,
            part_name(r->spec, w->part));
    for (size_t p = 0; p < w->problems.count && p < GRADE_FINDINGS_SHOWN; p++)
        fprintf(out, "%s     %s\n", indent, w->problems.items[p].text);
    if (w->problems.count > GRADE_FINDINGS_SHOWN)
        fprintf(out, "%s     ... and %zu more\n", indent,
                w->problems.count - GRADE_FINDINGS_SHOWN);
}

void grade_spec_report_text(FILE *out, const grade_spec_report *r)
{
    char title[160];
    if (!grade_text_begin(out, grade_spec_title(r->spec, title, sizeof title), r->submission,
                          r->seed, NULL, r->note, r->error))
        return;
    if (r->fatal.count > 0 || !r->assembled)
        print_rejection(out, r);
    else if (r->assembler_messages && *r->assembler_messages) {
        fputs("The assembler warns:\n", out);
        grade_put_messages(out, r->assembler_messages);
        fputc('\n', out);
    }
    for (size_t i = 0; i < r->wrong_count; i++) {
        print_wrong(out, r, &r->wrong[i], "");
        fputc('\n', out);
    }
    for (int part = 0; part < part_count(r->spec) && r->test_count + r->wrong_count > 0;
         part++) {
        double score, max;
        int passed, count;
        uint64_t most;
        part_totals(r, part, &score, &max, &passed, &count, &most);
        if (wrong_part(r, part))
            fprintf(out, "%-20s NOT GRADED: the spec is wrong here (above)\n",
                    part_name(r->spec, part));
        if (count == 0)
            continue;
        fprintf(out, "%-20s %5.1f / %4.1f   %d of %d tests passed (at most %" PRIu64
                     " instructions)\n", part_name(r->spec, part), score, max, passed, count,
                most);
        for (size_t i = 0; i < r->test_count; i++)
            if (r->tests[i].problems.count > 0 && r->tests[i].part == part)
                print_test(out, &r->tests[i], "  ");
    }
    grade_spec_report_print_warnings(out, r);
    fprintf(out, "\nTotal: %.1f / %.1f\n", r->score, r->max_score);
}

void grade_spec_report_json(FILE *out, const grade_spec_report *r, bool brief)
{
    char summary[1600];
    grade_json_summary(summary, sizeof summary, r->note, r->seed, r->seed_secret, &r->fatal,
                       r->assembled);
    if (r->wrong_count > 0 && r->test_count > 0) {
        /* Partly graded: said first in what the TA reads, and as a status
         * a script can find; the score is of the graded parts only. */
        char names[512], partly[sizeof summary + sizeof names + 160];
        grade_spec_report_wrong_names(r, names, sizeof names);
        snprintf(partly, sizeof partly, "Partly graded: the spec is wrong in %s (not graded, "
                 "left out of the score and the maximum; no fault of the submission's)\n%s",
                 names, summary);
        grade_json_begin_status(out, r->score, r->max_score, r->seconds, partly,
                                "partly graded");
    } else {
        grade_json_begin(out, r->score, r->max_score, r->seconds, summary);
    }
    bool first = true;
    for (int part = 0; part < part_count(r->spec) && !brief; part++) {
        double score, max;
        int passed, count;
        uint64_t most;
        part_totals(r, part, &score, &max, &passed, &count, &most);
        const grade_spec_wrong *w = wrong_part(r, part);
        if (count == 0 && !w)
            continue;
        char *text = NULL;
        size_t size = 0;
        FILE *buf = open_memstream(&text, &size);
        if (!buf)
            continue;
        if (w)
            print_wrong(buf, r, w, "");
        else
            fprintf(buf, "%d of %d tests passed\n", passed, count);
        for (size_t i = 0; i < r->test_count; i++)
            if (r->tests[i].problems.count > 0 && r->tests[i].part == part)
                print_test(buf, &r->tests[i], "");
        fclose(buf);
        if (w)
            grade_json_not_graded(out, first, part_name(r->spec, part), text ? text : "");
        else
            grade_json_test(out, first, part_name(r->spec, part), score, max, text ? text : "");
        free(text);
        first = false;
    }
    if (first) { /* nothing ran: one entry carrying the maximum, and why */
        char *text = NULL;
        size_t size = 0;
        FILE *buf = open_memstream(&text, &size);
        if (buf) {
            if (brief)
                fputs("the report was too long for results.json: the text report has it\n",
                      buf);
            else
                print_rejection(buf, r);
            fclose(buf);
        }
        grade_json_nothing_ran(out, brief ? "score" : r->fatal.count > 0 ? "whole-file rules"
                                                                          : "assembles",
                               r->max_score, text ? text : "");
        free(text);
    }
    grade_json_end(out);
}

void grade_spec_report_write(void *ctx, const void *report, FILE *out, bool json, bool brief)
{
    (void)ctx;
    if (json)
        grade_spec_report_json(out, report, brief);
    else
        grade_spec_report_text(out, report);
}

void grade_spec_report_free(grade_spec_report *r)
{
    for (size_t i = 0; i < r->test_count; i++)
        grade_findings_free(&r->tests[i].problems);
    free(r->tests);
    for (size_t i = 0; i < r->wrong_count; i++)
        grade_findings_free(&r->wrong[i].problems);
    free(r->wrong);
    free(r->assembler_messages);
    grade_findings_free(&r->fatal);
    grade_findings_free(&r->warnings);
    grade_spec_report_free_warnings(r);
    memset(r, 0, sizeof *r);
}

/* The name and points of the spec's part i (a function's index, or
 * function_count + a program's). */
static const char *part_points(const grade_spec *spec, int i, double *points)
{
    if (i < spec->function_count) {
        *points = spec->functions[i].points;
        return spec->functions[i].name;
    }
    *points = spec->programs[i - spec->function_count].points;
    return spec->programs[i - spec->function_count].name;
}

/* The column of part i, or -1 when --only leaves it out. */
static int column(const grade_spec *spec, const char *only, int i)
{
    double points;
    if (only)
        return strcmp(only, part_points(spec, i, &points)) ? -1 : 0;
    return i;
}

int grade_spec_part_names(const grade_spec *spec, const char *only, const char **names, int max)
{
    int n = 0;
    double points;
    for (int i = 0; i < spec->function_count + spec->program_count && n < max; i++)
        if (column(spec, only, i) >= 0)
            names[n++] = part_points(spec, i, &points);
    return n;
}

void grade_spec_report_parts(const grade_spec_report *r, const char *only, const char *file,
                             grade_parts *parts)
{
    const grade_spec *spec = r->spec;
    const char *names[GRADE_PARTS_MAX];
    grade_parts_init(parts, grade_spec_part_names(spec, only, names, GRADE_PARTS_MAX), file);
    for (int i = 0; i < spec->function_count + spec->program_count; i++) {
        double points;
        part_points(spec, i, &points);
        grade_parts_max(parts, column(spec, only, i), points);
    }
    for (size_t t = 0; t < r->test_count; t++) {
        const grade_spec_test *test = &r->tests[t];
        int c = column(spec, only, test->part);
        grade_parts_score(parts, c, test->score);
        if (test->score < test->max_score)
            grade_parts_findings(parts, c, &test->problems);
    }
    for (size_t i = 0; i < r->wrong_count; i++)
        grade_parts_not_graded(parts, column(spec, only, r->wrong[i].part));
    if (r->test_count == 0)
        grade_parts_all(parts, &r->fatal, r->assembled);
}
