/* Fuzz target: the report writers on hostile bytes. The input, cut at NUL
 * bytes, gives a spec report's untrusted pieces: the submission's name,
 * the note, the assembler's messages, a function's and a program's names,
 * and findings that quote a program's output; its first byte picks
 * whether the file assembled and broke a rule. The report is written as
 * every grading writes it (grade_run_put_report), as text and as
 * results.json, and each output is checked with a strict reader: the text
 * is valid UTF-8 with no control byte but line feeds and tabs, the JSON
 * parses (json_parse: RFC 8259, valid UTF-8, no raw control character) and
 * stays within the runner's cap. A failed check aborts, which the fuzzer
 * and the replay report. */
#define _GNU_SOURCE /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "grade_escape.h"
#include "grade_run.h"
#include "grade_spec_report.h"
#include "json.h"

enum { PIECES = 8, REPORT_CAP = 256 << 10 };

/* The input's NUL-separated pieces (missing ones empty), copied. */
static void cut(const uint8_t *data, size_t size, char *pieces[PIECES])
{
    size_t at = 0;
    for (int i = 0; i < PIECES; i++) {
        const uint8_t *end = at < size ? memchr(data + at, 0, size - at) : NULL;
        size_t len = at < size ? (end ? (size_t)(end - data) : size) - at : 0;
        pieces[i] = malloc(len + 1);
        if (!pieces[i])
            abort();
        if (len)
            memcpy(pieces[i], data + at, len);
        pieces[i][len] = '\0';
        at += len + 1;
    }
}

/* What run->write makes of report, through the runner's own path. */
static char *written(const grade_runner *run, const grade_spec_report *r, bool json,
                     size_t *len)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    if (!out)
        abort();
    grade_run_put_report(run, out, r, json);
    fclose(out);
    return text;
}

static void check_text(const char *text, size_t len)
{
    /* the cap's note may follow REPORT_CAP bytes */
    if (!grade_escape_text_is_clean(text, len, true) || len > REPORT_CAP + 200) {
        fprintf(stderr, "report_escape: the text report is not clean:\n%.*s\n", (int)len,
                text);
        abort();
    }
}

static void check_json(const char *text, size_t len)
{
    char err[JSON_ERROR_SIZE];
    json_value *v = json_parse(text, len, NULL, err);
    if (!v || !json_get_array(v, "tests") || len > REPORT_CAP) {
        fprintf(stderr, "report_escape: results.json is not valid (%s):\n%.*s\n",
                v ? "too long or no tests" : err, (int)len, text);
        abort();
    }
    json_free(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT)
        return -1;
    uint8_t flags = size ? data[0] : 0;
    char *p[PIECES];
    cut(size ? data + 1 : data, size ? size - 1 : 0, p);

    grade_spec_function function = {0};
    grade_spec_program program = {0};
    snprintf(function.name, sizeof function.name, "%s", p[3]);
    snprintf(program.name, sizeof program.name, "%s", p[4]);
    grade_spec spec = {.functions = &function, .function_count = 1, .programs = &program,
                       .program_count = 1};
    grade_spec_report r = {.spec = &spec, .seed = size, .assembled = !(flags & 1),
                           .score = 1.5, .max_score = 10};
    snprintf(r.submission, sizeof r.submission, "%s", p[0]);
    snprintf(r.note, sizeof r.note, "%s", p[1]);
    r.assembler_messages = strdup(p[2]);
    if (flags & 2)
        grade_findings_add(&r.fatal, 1, 1, "%s", p[5]);
    grade_findings_add(&r.warnings, 2, 1, "%s", p[7]);
    grade_spec_test *t = grade_spec_report_add(&r, 0, p[5], 5);
    grade_findings_add(&t->problems, 0, 0, "printed \"%s\"", p[6]);
    /* many findings, so a long input can push results.json past its cap */
    for (int i = 0; i < (flags >> 2) * 64; i++) {
        t = grade_spec_report_add(&r, 1, p[6], 5);
        grade_findings_add(&t->problems, 0, 0, "the output differs: \"%s\"", p[7]);
    }

    grade_runner run = {.tool = "fuzz", .write = grade_spec_report_write};
    size_t len;
    char *text = written(&run, &r, false, &len);
    check_text(text, len);
    free(text);
    char *json = written(&run, &r, true, &len);
    check_json(json, len);
    free(json);

    grade_spec_report_free(&r);
    for (int i = 0; i < PIECES; i++)
        free(p[i]);
    return 0;
}
