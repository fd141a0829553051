/* Gradescope's results.json: the parts no grader's tests shape. */
#include "grade_json.h"

#include <inttypes.h>
#include <string.h>

#include "grade_escape.h"

void grade_json_string(FILE *out, const char *s)
{
    grade_escape_json(out, s, strlen(s));
}

/* The totals, the time and the grader's stdout hidden (a student sees what
 * "output" says), up to the "output" value. */
static void header(FILE *out, double score, double max_score, double seconds)
{
    fprintf(out, "{\n  \"score\": %.4f,\n  \"max_score\": %.4f,\n  \"execution_time\": %.0f,\n"
                 "  \"stdout_visibility\": \"hidden\",\n  \"output\": ",
            score, max_score, seconds < 1 ? 1 : seconds + 0.5);
}

void grade_json_begin(FILE *out, double score, double max_score, double seconds,
                      const char *summary)
{
    header(out, score, max_score, seconds);
    grade_json_string(out, summary);
    fputs(",\n  \"tests\": [", out);
}

void grade_json_begin_status(FILE *out, double score, double max_score, double seconds,
                             const char *summary, const char *status)
{
    header(out, score, max_score, seconds);
    grade_json_string(out, summary);
    fputs(",\n  \"extra_data\": {\"status\": ", out);
    grade_json_string(out, status);
    fputs("},\n  \"tests\": [", out);
}

/* An entry with its score already written as JSON text: "0" when nothing ran,
 * four decimals otherwise. */
static void entry(FILE *out, bool first, const char *name, const char *score, double max_score,
                  const char *output)
{
    fprintf(out, "%s\n    {\"name\": ", first ? "" : ",");
    grade_json_string(out, name);
    fprintf(out, ", \"score\": %s, \"max_score\": %.4f, \"output\": ", score, max_score);
    grade_json_string(out, output);
    fputc('}', out);
}

void grade_json_test(FILE *out, bool first, const char *name, double score, double max_score,
                     const char *output)
{
    char text[64];
    snprintf(text, sizeof text, "%.4f", score);
    entry(out, first, name, text, max_score, output);
}

void grade_json_not_graded(FILE *out, bool first, const char *name, const char *output)
{
    fprintf(out, "%s\n    {\"name\": ", first ? "" : ",");
    grade_json_string(out, name);
    fputs(", \"score\": 0, \"max_score\": 0, "
          "\"extra_data\": {\"status\": \"not graded\"}, \"output\": ", out);
    grade_json_string(out, output);
    fputc('}', out);
}

void grade_json_nothing_ran(FILE *out, const char *name, double max_score, const char *why)
{
    entry(out, true, name, "0", max_score, why);
}

void grade_json_end(FILE *out)
{
    fputs("\n  ]\n}\n", out);
}

void grade_json_stopped(FILE *out, double max_score, double seconds, const char *why)
{
    grade_json_begin(out, 0, max_score, seconds, why);
    grade_json_nothing_ran(out, "limits", max_score, why);
    grade_json_end(out);
}

const char *grade_json_seed(char *buf, size_t size, uint64_t seed, bool secret)
{
    if (secret)
        snprintf(buf, size, "the course's own seed");
    else
        snprintf(buf, size, "seed %" PRIu64, seed);
    return buf;
}

void grade_json_summary(char *buf, size_t size, const char *note, uint64_t seed,
                        bool seed_secret, const grade_findings *fatal, bool assembled)
{
    /* The note is one line: an upload's name in it cannot start another. */
    char line[512], shown[64];
    grade_escape_text_buf(line, sizeof line, note, strlen(note), false);
    snprintf(buf, size, "%s%s%s%s%s", line, note[0] ? "\n" : "",
             grade_json_seed(shown, sizeof shown, seed, seed_secret),
             fatal->count ? "; 0 points: " : !assembled ? "; 0 points: it does not assemble" : "",
             fatal->count ? fatal->items[0].text : "");
}
