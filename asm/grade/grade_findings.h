/* A grader's findings: sentences a student can act on, each with the line
 * and column it names (0: the whole file). The whole-file rules, the lost
 * points and the warnings of every grader are such lists. */
#ifndef GRADE_FINDINGS_H
#define GRADE_FINDINGS_H

#include <stddef.h>

typedef struct grade_finding {
    int line, col;
    char text[160];
} grade_finding;

typedef struct grade_findings {
    grade_finding *items;
    size_t count, capacity;
} grade_findings;

/* Appends a finding (memory: abort on failure, as the assemblers do). */
void grade_findings_add(grade_findings *list, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void grade_findings_free(grade_findings *list);

#endif
