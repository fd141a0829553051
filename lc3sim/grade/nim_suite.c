/* The Nim tests: each a run of the whole program on its keys, scored as
 * lc3tools' nim.cpp scores it (or byte for byte in the exact mode). */
#include "nim_suite.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grade_similarity.h"
#include "grade_submission.h"
#include "lc3_whole.h"
#include "nim_model.h"

/* The handout's sample game, as lc3tools types it. */
#define SAMPLE_KEYS "B2A1C6G1B3A3C2A1A*&4A1"

typedef enum scoring { BEHAVIOUR, EXACT_OUTPUT, CHECK } scoring;

typedef struct nim_test {
    const char *name, *about, *keys;
    double points;
    uint64_t cap;
    bool randomize;
    scoring scoring;
} nim_test;

/* lc3tools' seven with its points and caps, then the checks. */
static const nim_test tests[] = {
    {"ExampleTest", "the handout's sample game", SAMPLE_KEYS, 15, 50000, false, BEHAVIOUR},
    {"ExampleTest (randomized machine)", "the sample game, registers and user memory random",
     SAMPLE_KEYS, 15, 50000, true, BEHAVIOUR},
    {"CloseRow", "rows @ and D, next to A and C", "@2D1", 10, 10000, false, BEHAVIOUR},
    {"LowerCaseRow", "row a", "a2", 10, 10000, false, BEHAVIOUR},
    {"CloseCount", "one rock too many, three times", "A4A1A3A1A2A1A1", 10, 50000, false,
     BEHAVIOUR},
    {"ZeroCount", "no rocks", "A0", 10, 10000, false, BEHAVIOUR},
    {"ExactOutput", "the sample game: capitalization, whitespace, punctuation", SAMPLE_KEYS, 30,
     50000, false, EXACT_OUTPUT},
    {"bad row letter", "D, G and @ as rows, then A1", "D1G2@3A1", 0, 50000, false, CHECK},
    {"count out of range", "A4, B6, C9 and A0, then C8", "A4B6C9A0C8", 0, 50000, false, CHECK},
    {"non-digit count", "A*, B#, C and a space, then A1", "A*B#C A1", 0, 50000, false, CHECK},
    {"lower case row", "a1, b2, c3, then A1", "a1b2c3A1", 0, 50000, false, CHECK},
    {"several invalid moves in a row", "the handout's four invalid moves, a1 and A0, then B1",
     "D4A9A*&4a1A0B1", 0, 50000, false, CHECK},
    {"player 1 wins", "a game player 2 loses", "A1B1C1A2B4C7", 0, 50000, false, CHECK},
    {"player 2 wins", "a game player 1 loses", "A1A1A1B4B1C3C5", 0, 50000, false, CHECK},
    {"whole rows", "C8, B5, A3: each move empties a row", "C8B5A3", 0, 50000, false, CHECK},
    {"empty row", "rows chosen after they are empty", "A3A1A3B5B1A1C8", 0, 50000, false, CHECK},
};
_Static_assert(sizeof tests / sizeof tests[0] == NIM_TEST_COUNT, "NIM_TEST_COUNT");

const char *nim_test_name(int i)
{
    return tests[i].name;
}

double nim_test_points(int i)
{
    return tests[i].points;
}

/* text preprocessed by flags, with its length. */
typedef struct text {
    char *s;
    size_t len;
} text;

static text pre(const char *s, size_t len, unsigned flags)
{
    text t;
    t.s = grade_preprocess(s, len, flags, &t.len);
    return t;
}

static double similar(const char *a, size_t a_len, const char *b, size_t b_len, unsigned flags)
{
    text x = pre(a, a_len, flags), y = pre(b, b_len, flags);
    double s = grade_similarity(x.s, x.len, y.s, y.len);
    free(x.s);
    free(y.s);
    return s;
}

static bool is_blank(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The exact mode's equality: every byte, the whitespace at the very end
 * aside (a program waits after "rocks: ", the sample file ends in '\n'). */
static bool exact_equal(const char *a, size_t a_len, const char *b, size_t b_len)
{
    while (a_len > 0 && is_blank(a[a_len - 1]))
        a_len--;
    while (b_len > 0 && is_blank(b[b_len - 1]))
        b_len--;
    return a_len == b_len && memcmp(a, b, a_len) == 0;
}

/* A line of output for the report: signs and bytes outside printable
 * ASCII escaped, cut to fit a finding. */
static void quote(char *dst, size_t size, const char *s, size_t len)
{
    size_t at = 0;
    for (size_t i = 0; i < len && at + 8 < size; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            at += (size_t)snprintf(dst + at, size - at, "\\%c", c);
        else if (c >= 0x20 && c < 0x7f)
            dst[at++] = (char)c;
        else
            at += (size_t)snprintf(dst + at, size - at, "\\x%02x", c);
    }
    dst[at] = '\0';
}

/* The first line where the outputs differ (trailing whitespace aside, as
 * lc3tools drops it), expected against got. */
static void first_difference(nim_test_result *t, const char *want, size_t want_len,
                             const char *got, size_t got_len)
{
    text a = pre(want, want_len, 0), b = pre(got, got_len, 0);
    size_t i = 0, line_start_a = 0, line_start_b = 0;
    int line = 1;
    while (i < a.len && i < b.len && a.s[i] == b.s[i]) {
        if (a.s[i] == '\n')
            line++, line_start_a = line_start_b = i + 1;
        i++;
    }
    if (i == a.len && i == b.len) {
        grade_findings_add(&t->lines, 0, 0, "the output differs only in whitespace at line ends");
    } else {
        size_t end_a = line_start_a, end_b = line_start_b;
        while (end_a < a.len && a.s[end_a] != '\n')
            end_a++;
        while (end_b < b.len && b.s[end_b] != '\n')
            end_b++;
        char qa[64], qb[64];
        quote(qa, sizeof qa, a.s + line_start_a, end_a - line_start_a);
        quote(qb, sizeof qb, b.s + line_start_b, end_b - line_start_b);
        if (line_start_b >= b.len && i == b.len)
            grade_findings_add(&t->lines, line, 0, "output line %d: expected \"%s\", the output "
                               "ends before it", line, qa);
        else if (line_start_a >= a.len && i == a.len)
            grade_findings_add(&t->lines, line, 0, "output line %d: \"%s\" where the output "
                               "should end", line, qb);
        else
            grade_findings_add(&t->lines, line, 0, "output line %d: expected \"%s\", got \"%s\"",
                               line, qa, qb);
    }
    free(a.s);
    free(b.s);
}

/* lc3tools' verify(): correct, close enough, partial, or nothing. */
static void score_behaviour(nim_test_result *t, double similarity, bool exact_mode, bool exact)
{
    t->similarity = similarity;
    if (exact_mode) {
        t->score = exact ? t->max_score : 0;
        if (!exact)
            grade_findings_add(&t->lines, 0, 0, "0 points: the output is not the expected "
                               "bytes (--mode exact)");
        return;
    }
    t->score = grade_similarity_points(similarity, t->max_score);
    if (similarity >= GRADE_SIMILAR_CORRECT)
        return;
    const char *verdict = similarity >= GRADE_SIMILAR_CLOSE     ? "close enough, full points"
                          : similarity >= GRADE_SIMILAR_PARTIAL ? "partial points, "
                                                                  "round(similarity x points)"
                                                                : "below 0.2, no points";
    grade_findings_add(&t->lines, 0, 0, "similarity %.3f: %s", similarity, verdict);
}

/* lc3tools' ExactOutputTest: only a correct behaviour earns anything,
 * then a third each for capitalization, whitespace and punctuation, and
 * only within the cap. */
static void score_exact_output(nim_test_result *t, const char *want, size_t want_len,
                               const char *got, size_t got_len, double similarity)
{
    t->similarity = similarity;
    t->score = 0;
    if (similarity < GRADE_SIMILAR_CORRECT) {
        grade_findings_add(&t->lines, 0, 0, "0 points: the behaviour is not correct "
                           "(similarity %.3f), so its form is not judged", similarity);
        return;
    }
    if (t->hit_cap) {
        grade_findings_add(&t->lines, 0, 0, "0 points: it did not halt within %llu "
                           "instructions", (unsigned long long)t->cap);
        return;
    }
    static const struct {
        const char *what;
        unsigned flags;
    } parts[] = {
        {"capitalization", GRADE_IGNORE_WHITESPACE | GRADE_IGNORE_PUNCTUATION},
        {"whitespace", GRADE_IGNORE_CASE | GRADE_IGNORE_PUNCTUATION},
        {"punctuation", GRADE_IGNORE_CASE | GRADE_IGNORE_WHITESPACE},
    };
    double third = round(t->max_score / 3.0);
    for (size_t i = 0; i < 3; i++) {
        if (similar(want, want_len, got, got_len, parts[i].flags) >= GRADE_SIMILAR_CORRECT)
            t->score += third;
        else
            grade_findings_add(&t->lines, 0, 0, "the %s differs from the sample's: %.0f of "
                               "%.0f points lost", parts[i].what, third, third);
    }
}

static void run_test(const lc3_whole_program *p, const nim_suite_options *o, size_t index,
                     nim_report *report)
{
    const nim_test *def = &tests[index];
    nim_test_result *t = &report->tests[report->test_count++];
    *t = (nim_test_result){.name = def->name, .about = def->about, .max_score = def->points,
                           .check = def->scoring == CHECK, .cap = def->cap};
    size_t key_count = strlen(def->keys);
    nim_transcript want = nim_play(def->keys, key_count);
    /* The randomized machine's own stream: the same seed, the same words. */
    lc3_whole_options run = {.keys = def->keys, .key_count = key_count,
                             .max_instructions = def->cap, .start_pc = LC3_USER_START,
                             .ignore_privilege = o->ignore_privilege,
                             .randomize = def->randomize,
                             .seed = report->seed * NIM_TEST_COUNT + index};
    lc3_whole_result r;
    if (!lc3_whole_run(p, &run, &r))
        abort();
    t->instructions = r.instructions;
    t->hit_cap = r.hit_cap;
    if (def->randomize)
        grade_findings_add(&t->lines, 0, 0, "on the randomized machine: R0-R7 and user memory "
                           "outside the program random (seed %llu)",
                           (unsigned long long)run.seed);
    double similarity = similar(want.text, want.len, r.output, r.output_len, GRADE_IGNORE_ALL);
    bool exact = exact_equal(want.text, want.len, r.output, r.output_len);
    if (r.exceptions > 0) {
        /* lc3tools: "Execution hit exception", 0 points. */
        int line = r.exception_line;
        const char *slash = strrchr(report->submission, '/');
        char where[80] = "";
        if (line > 0)
            snprintf(where, sizeof where, " (%.60s:%d)",
                     slash ? slash + 1 : report->submission, line);
        grade_findings_add(&t->lines, line, 0, "0 points: %s at x%04X%s",
                           lc3_exception_name(r.exception.vector), r.exception.pc, where);
        size_t len = 0;
        const char *source = line > 0 ? source_line(p->source, line, &len) : NULL;
        if (source) {
            char shown[120];
            while (len > 0 && (*source == ' ' || *source == '\t'))
                source++, len--;
            quote(shown, sizeof shown, source, len);
            grade_findings_add(&t->lines, line, 0, "  %d | %s", line, shown);
        }
        t->similarity = similarity;
    } else if (def->scoring == EXACT_OUTPUT) {
        score_exact_output(t, want.text, want.len, r.output, r.output_len, similarity);
    } else if (def->scoring == CHECK) {
        t->similarity = similarity;
        t->passed = o->mode == NIM_MODE_EXACT ? exact : similarity >= GRADE_SIMILAR_CORRECT;
    } else {
        score_behaviour(t, similarity, o->mode == NIM_MODE_EXACT, exact);
    }
    if (def->scoring != CHECK)
        t->passed = r.exceptions == 0 && t->score >= t->max_score;
    if (!t->passed && r.exceptions == 0 && !exact)
        first_difference(t, want.text, want.len, r.output, r.output_len);
    /* Past its last key a correct program waits for the next one until
     * the cap; hitting the cap is news only when the game was over or
     * keys were left. */
    t->waits = r.hit_cap && !want.won && r.keys_read == key_count;
    if (r.hit_cap && !t->waits && def->scoring != EXACT_OUTPUT) {
        if (r.keys_read < key_count)
            grade_findings_add(&t->lines, 0, 0, "did not halt within its cap of %llu "
                               "instructions (it read %zu of its %zu keys)",
                               (unsigned long long)def->cap, r.keys_read, key_count);
        else
            grade_findings_add(&t->lines, 0, 0, "did not halt within its cap of %llu "
                               "instructions (the game was over)",
                               (unsigned long long)def->cap);
    }
    if (r.output_dropped)
        grade_findings_add(&t->lines, 0, 0, "printed %zu bytes more than the %d kept",
                           r.output_dropped, LC3_WHOLE_OUTPUT_MAX);
    nim_transcript_free(&want);
    lc3_whole_result_free(&r);
}

void nim_grade(const char *path, const nim_suite_options *options, nim_report *report)
{
    memset(report, 0, sizeof *report);
    snprintf(report->submission, sizeof report->submission, "%s", path);
    report->seed = options->seed;
    report->mode = options->mode;
    report->ignore_privilege = options->ignore_privilege;
    report->max_score = NIM_MAX_SCORE;
    lc3_whole_program p;
    bool ok = lc3_whole_assemble(path, "nim.asm", &p, &report->fatal);
    report->assembled = ok;
    report->assembler_messages = p.messages;
    p.messages = NULL;
    for (size_t i = 0; ok && i < NIM_TEST_COUNT; i++)
        run_test(&p, options, i, report);
    for (size_t i = 0; i < report->test_count; i++)
        report->score += report->tests[i].score;
    lc3_whole_program_free(&p);
}

void nim_report_free(nim_report *report)
{
    for (size_t i = 0; i < report->test_count; i++)
        grade_findings_free(&report->tests[i].lines);
    free(report->assembler_messages);
    grade_findings_free(&report->fatal);
    memset(report, 0, sizeof *report);
}
