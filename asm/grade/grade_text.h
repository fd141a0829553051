/* The top every grader's text report begins with, so the reports of all
 * graders read alike. */
#ifndef GRADE_TEXT_H
#define GRADE_TEXT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* "TITLE: SUBMISSION", the seed that replays the run, the grader's own line
 * (extra, when not NULL), the note (when not empty), then, when error is not
 * empty, why nothing was graded. False in that case: the report ends there. */
bool grade_text_begin(FILE *out, const char *title, const char *submission, uint64_t seed,
                      const char *extra, const char *note, const char *error);

#endif
