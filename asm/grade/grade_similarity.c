/* lc3tools' output comparison, measured from its framework's behaviour:
 * the preprocessing passes and the edit distance. */
#include "grade_similarity.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* C-locale isspace and ispunct, without the locale. */
static bool is_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool is_punct(char c)
{
    return c > ' ' && c < 0x7f && !(c >= '0' && c <= '9') && !(c >= 'A' && c <= 'Z') &&
           !(c >= 'a' && c <= 'z');
}

/* Erases buf[at], shifting the rest down. */
static void erase(char *buf, size_t *len, size_t at)
{
    memmove(buf + at, buf + at + 1, *len - at - 1);
    (*len)--;
}

/* The trailing-whitespace pass as lc3tools runs it, quirks included: at
 * each '\n' it erases backwards while the byte is whitespace (the first
 * one may be a '\n', a blank line), stopping at the buffer's start or a
 * '\n'; the scan index is not moved back by what it erased. Outputs are
 * capped by whoever captures them, so erasing by memmove stays cheap. */
static void drop_trailing_whitespace(char *buf, size_t *len)
{
    for (size_t i = 0; i < *len; i++) {
        if (buf[i] != '\n' || i == 0)
            continue;
        size_t pos = i - 1;
        while (is_space(buf[pos])) {
            erase(buf, len, pos);
            if (pos == 0 || buf[pos - 1] == '\n')
                break;
            pos--;
        }
    }
    while (*len > 0 && is_space(buf[*len - 1]))
        (*len)--;
}

char *grade_preprocess(const char *text, size_t len, unsigned flags, size_t *out_len)
{
    char *buf = malloc(len + 1);
    if (!buf)
        abort();
    memcpy(buf, text, len);
    drop_trailing_whitespace(buf, &len);
    size_t kept = 0;
    for (size_t i = 0; i < len; i++) {
        char c = buf[i];
        if ((flags & GRADE_IGNORE_CASE) && c >= 'A' && c <= 'Z')
            c = (char)(c | 0x20);
        else if (((flags & GRADE_IGNORE_WHITESPACE) && is_space(c)) ||
                 ((flags & GRADE_IGNORE_PUNCTUATION) && is_punct(c)))
            continue;
        buf[kept++] = c;
    }
    buf[kept] = '\0';
    *out_len = kept;
    return buf;
}

double grade_similarity(const char *a, size_t a_len, const char *b, size_t b_len)
{
    if (a_len > b_len) {
        const char *t = a;
        a = b, b = t;
        size_t n = a_len;
        a_len = b_len, b_len = n;
    }
    if (a_len == 0)
        return b_len == 0 ? NAN : -INFINITY;
    /* One row of the distance table, the shorter text along it. */
    size_t *row = malloc((a_len + 1) * sizeof *row);
    if (!row)
        abort();
    for (size_t i = 0; i <= a_len; i++)
        row[i] = i;
    for (size_t j = 1; j <= b_len; j++) {
        size_t diagonal = row[0]++;
        for (size_t i = 1; i <= a_len; i++) {
            size_t above = row[i];
            if (a[i - 1] == b[j - 1]) {
                row[i] = diagonal;
            } else {
                size_t best = row[i - 1] < above ? row[i - 1] : above;
                row[i] = (best < diagonal ? best : diagonal) + 1;
            }
            diagonal = above;
        }
    }
    double distance = (double)row[a_len];
    free(row);
    return 1 - distance / (double)a_len;
}

double grade_similarity_points(double similarity, double points)
{
    if (similarity >= GRADE_SIMILAR_CORRECT || similarity >= GRADE_SIMILAR_CLOSE)
        return points;
    if (similarity >= GRADE_SIMILAR_PARTIAL)
        return round(similarity * points);
    return 0;
}
