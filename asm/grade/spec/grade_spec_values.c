/* The items of a program's output, read as numbers and words, and their
 * comparison (grade_spec_values.h). */
#include "grade_spec_values.h"

#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static bool all_digits(const char *s, size_t n, int base)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (base == 16 ? !isxdigit((unsigned char)s[i]) : !isdigit((unsigned char)s[i]))
            return false;
    return true;
}

/* The value of digits s[0..n) in base; wraps past 64 bits, the same way
 * on both sides. */
static int64_t digits_value(const char *s, size_t n, int base)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int c = tolower((unsigned char)s[i]);
        v = v * (uint64_t)base + (uint64_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
    }
    return (int64_t)v;
}

/* Whether run s[0..n) is a number (then *value). */
static bool number_of(const char *s, size_t n, const grade_values_mode *mode, int64_t *value)
{
    size_t skip = n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 2
                  : n > 1 && (s[0] == 'x' || s[0] == 'X') ? 1 : 0;
    int base = skip || mode->hex ? 16 : 10;
    if (!all_digits(s + skip, n - skip, base))
        return false;
    *value = digits_value(s + skip, n - skip, base);
    unsigned bits = 4 * mode->word_digits;
    if (base == 16 && bits && bits < 64 && n - skip == mode->word_digits &&
        (*value >> (bits - 1) & 1)) /* the word's bit pattern: negative */
        *value -= (int64_t)1 << bits;
    return true;
}

size_t grade_value_tokens(const char *text, size_t len, const grade_values_mode *mode,
                          grade_value_token *out, size_t max)
{
    size_t count = 0, i = 0;
    while (i < len) {
        if (!isalnum((unsigned char)text[i])) {
            i++;
            continue;
        }
        size_t start = i;
        while (i < len && isalnum((unsigned char)text[i]))
            i++;
        grade_value_token t = {.start = text + start, .len = i - start};
        t.number = number_of(t.start, t.len, mode, &t.value);
        /* a sign or the LC-3's decimal mark right before a number, itself
         * not after a letter or digit (a range such as 3-5 stays two) */
        if (t.number && start > 0 && (text[start - 1] == '-' || text[start - 1] == '#') &&
            (start < 2 || !isalnum((unsigned char)text[start - 2]))) {
            if (text[start - 1] == '-')
                t.value = (int64_t)(0 - (uint64_t)t.value);
            t.start--, t.len++;
        }
        if (out && count < max)
            out[count] = t;
        count++;
    }
    return count;
}

static bool same(const grade_value_token *a, const grade_value_token *b, bool ignore_case)
{
    if (a->number || b->number)
        return a->number && b->number && a->value == b->value;
    return a->len == b->len && (ignore_case ? strncasecmp(a->start, b->start, a->len) == 0
                                            : memcmp(a->start, b->start, a->len) == 0);
}

/* "x0014 (20)" or "\"Sum\"": an item as the report shows it. */
static void shown(const grade_value_token *t, char *buf, size_t size)
{
    int n = t->len > 40 ? 40 : (int)t->len;
    if (t->number)
        snprintf(buf, size, "%.*s (%lld)", n, t->start, (long long)t->value);
    else
        snprintf(buf, size, "\"%.*s\"%s", n, t->start, t->len > 40 ? "..." : "");
}

static grade_value_token *tokens_of(const char *text, size_t len,
                                    const grade_values_mode *mode, size_t *count)
{
    *count = grade_value_tokens(text, len, mode, NULL, 0);
    grade_value_token *t = malloc((*count ? *count : 1) * sizeof *t);
    if (!t)
        abort();
    grade_value_tokens(text, len, mode, t, *count);
    return t;
}

bool grade_values_compare(const char *got, size_t got_len, const char *want, size_t want_len,
                          const grade_values_mode *mode, grade_findings *problems)
{
    size_t gn, wn, i = 0;
    grade_value_token *g = tokens_of(got, got_len, mode, &gn);
    grade_value_token *w = tokens_of(want, want_len, mode, &wn);
    while (i < gn && i < wn && same(&g[i], &w[i], mode->ignore_case))
        i++;
    bool ok = i == gn && i == wn;
    char a[96], b[96];
    if (!ok && i < gn && i < wn) {
        shown(&g[i], a, sizeof a), shown(&w[i], b, sizeof b);
        grade_findings_add(problems, 0, 0, "the output's item %zu is %s, expected %s", i + 1, a,
                           b);
    } else if (!ok && i < wn) {
        shown(&w[i], b, sizeof b);
        grade_findings_add(problems, 0, 0, "the output ends after %zu items, expected %zu (the "
                           "next: %s)", gn, wn, b);
    } else if (!ok) {
        shown(&g[i], a, sizeof a);
        grade_findings_add(problems, 0, 0, "the output has %zu items, expected %zu (the first "
                           "extra one: %s)", gn, wn, a);
    }
    free(g);
    free(w);
    return ok;
}
