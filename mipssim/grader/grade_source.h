/* What a grader checks in a submission's text before running anything:
 * the rules that cost the whole score (a .data section, a main or start
 * label, a label beginning with two underscores) and the practices the
 * handout penalizes that show in the source (keeping values in $k0/$k1 or
 * $at, using $gp-relative memory). Each finding names its line. */
#ifndef GRADE_SOURCE_H
#define GRADE_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "source.h"

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

/* Scans file's lines: each rule broken goes to fatal, each penalized
 * practice to warnings. */
void grade_scan_source(const source_file *file, grade_findings *fatal,
                       grade_findings *warnings);

#endif
