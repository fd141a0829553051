/* A grader's findings: sentences a student can act on, each with the line
 * and column it names (0: the whole file). The whole-file rules, the lost
 * points and the warnings of every grader are such lists. */
#ifndef GRADE_FINDINGS_H
#define GRADE_FINDINGS_H

#include <stddef.h>
#include <stdio.h>

/* A finding's sentence holds what a failing case printed or stored, so it
 * has room for a long value (issue 33: never cut mid-word at a line's
 * width); past GRADE_FINDING_MAX bytes it ends cut. */
enum { GRADE_FINDING_MAX = 512 };
typedef struct grade_finding {
    int line, col;
    char text[GRADE_FINDING_MAX];
} grade_finding;

typedef struct grade_findings {
    grade_finding *items;
    size_t count, capacity;
    size_t lost; /* findings not kept: out of memory (printed as a count) */
} grade_findings;

/* Appends a finding; out of memory, it is counted in lost instead. */
void grade_findings_add(grade_findings *list, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void grade_findings_free(grade_findings *list);

/* Adds each finding of from that list does not hold yet (same line, same
 * text): a finding met on every test is reported once. */
void grade_findings_merge(grade_findings *list, const grade_findings *from);

/* A report lists at most this many findings of a kind: a file can repeat
 * one on every line, and the report stays readable (and small). */
enum { GRADE_FINDINGS_SHOWN = 50 };

/* Each finding as "prog.asm:12: text" ("prog.asm: text" for no line), the
 * submission's base name, each line after indent; past
 * GRADE_FINDINGS_SHOWN, one "... and N more like these". */
void grade_findings_print(FILE *out, const char *submission, const grade_findings *list,
                          const char *indent);

#endif
