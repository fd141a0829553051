/* A grading's points per part (a function, a program test, a Nim test)
 * and what it got wrong in each, as the child sends them to the parent of
 * a batch: its CSV columns, its summary and its report page count them.
 * Findings are counted by a key: the text with its numbers as N, so
 * "$s2 changed: 0x1234abcd -> 0x0" and the same break with other values
 * count as one. */
#ifndef GRADE_PARTS_H
#define GRADE_PARTS_H

#include <stdbool.h>
#include <stddef.h>

#include "grade_findings.h"

enum {
    GRADE_PARTS_MAX = 64,     /* columns a batch shows; a spec's further parts only in the total */
    GRADE_PART_FINDINGS = 3,  /* distinct findings kept per part and submission */
    GRADE_FINDING_KEY = 128,  /* bytes of a key, its NUL included */
};

typedef struct grade_part {
    double score, max;
    bool not_graded;   /* the grader's setup is wrong here (a spec's reference breaks
                          it): no score, no fault of the submission's */
    int finding_count;
    char findings[GRADE_PART_FINDINGS][GRADE_FINDING_KEY]; /* keys, distinct */
} grade_part;

typedef struct grade_parts {
    int count;
    char file[128]; /* the submission's base name, FILE in a key */
    grade_part part[GRADE_PARTS_MAX];
} grade_parts;

/* count parts (at most GRADE_PARTS_MAX), no points, no findings, for the
 * submission file (its name, which findings may quote, is no finding). */
void grade_parts_init(grade_parts *p, int count, const char *file);

/* What part is worth, and a test's points added to it (ignored past count). */
void grade_parts_max(grade_parts *p, int part, double max);
void grade_parts_score(grade_parts *p, int part, double score);

/* Nothing graded in any part, and why (a rule that costs the whole score,
 * a file that does not assemble): each part has the finding. */
void grade_parts_all(grade_parts *p, const grade_findings *fatal, bool assembled);

/* Part is not graded: the grader's setup is wrong there (ignored past count). */
void grade_parts_not_graded(grade_parts *p, int part);

/* Adds text's key to part's findings unless it is there or they are full. */
void grade_parts_finding(grade_parts *p, int part, const char *text);
void grade_parts_findings(grade_parts *p, int part, const grade_findings *list);

/* The key of text: control bytes as spaces, a number standing alone (a
 * digit, a minus and a digit, or the LC-3's x and a hex digit, after no
 * letter, digit, _, $ or backslash) and the letters and digits after it as N, file
 * (when not "") as FILE; cut to fit size at a UTF-8 character's start.
 * "$s0" and "xor" stay. */
void grade_finding_key(char *dst, size_t size, const char *text, const char *file);

/* In the child: the parts as lines after the result line, "part I SCORE
 * MAX", "finding I KEY" and "not-graded I", well under a pipe's buffer. */
void grade_parts_send(int fd, const grade_parts *p);

/* In the parent: one such line into parts (count of them, set by the
 * caller); false when it is none or names no part. */
bool grade_parts_receive(grade_part *parts, int count, const char *line);

/* full (every point, nothing found), zero (no point of a part worth
 * some, or a 0-point check with findings), else partial; not graded when
 * the grader's setup is wrong there. */
typedef enum grade_part_grade {
    GRADE_PART_FULL, GRADE_PART_PARTIAL, GRADE_PART_ZERO, GRADE_PART_NOT_GRADED
} grade_part_grade;
grade_part_grade grade_part_classify(const grade_part *part);

#endif
