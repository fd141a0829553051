/* How close a program's output is to the expected one, as lc3tools' grader
 * framework measures it (docs/grader.md, "Similarity"): both texts are
 * preprocessed, then compared by edit distance. ISA-free, so every grader's
 * whole-program tests can score output the same way. */
#ifndef GRADE_SIMILARITY_H
#define GRADE_SIMILARITY_H

#include <stddef.h>

/* What preprocessing drops besides trailing whitespace (always dropped). */
enum {
    GRADE_IGNORE_CASE = 1,        /* A-Z read as a-z */
    GRADE_IGNORE_WHITESPACE = 2,  /* every space, tab, newline, \v \f \r dropped */
    GRADE_IGNORE_PUNCTUATION = 4, /* every printable ASCII sign but letters and digits */
    GRADE_IGNORE_ALL = 7,
};

/* text[0..len) preprocessed into a new NUL-terminated string (its length
 * in *out_len): lc3tools' trailing-whitespace pass exactly (each '\n' takes
 * the whitespace before it, back to the previous '\n'; a blank line right
 * after another line goes with it; the scan resumes one byte too far, so a
 * line just after a cleaned one keeps its own trailing blanks), then the
 * whitespace at the end, then the flags. Bytes from x80 up are neither
 * space nor sign. Aborts when out of memory, as the assemblers do. */
char *grade_preprocess(const char *text, size_t len, unsigned flags, size_t *out_len);

/* 1 - levenshtein(a, b) / min(len a, len b): 1 for equal texts, below 0
 * when they differ by more than the shorter one's length, -infinity when
 * exactly one is empty, NaN when both are (lc3tools' 0/0, which passes no
 * threshold). */
double grade_similarity(const char *a, size_t a_len, const char *b, size_t b_len);

/* lc3tools' thresholds: 1 - 1e-5 is correct, 0.9 close enough (both full
 * points), 0.2 partial: round(similarity * points), halves away from 0. */
#define GRADE_SIMILAR_CORRECT (1.0 - 0.00001)
#define GRADE_SIMILAR_CLOSE 0.9
#define GRADE_SIMILAR_PARTIAL 0.2

/* The points a similarity earns out of points, by the thresholds above. */
double grade_similarity_points(double similarity, double points);

#endif
