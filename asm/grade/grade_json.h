/* The pieces of Gradescope's results.json every grader writes the same
 * way: strings, the totals before "output", and the results of a grading
 * that was stopped. */
#ifndef GRADE_JSON_H
#define GRADE_JSON_H

#include <stdio.h>

/* A JSON string: quotes, backslashes and control bytes escaped. */
void grade_json_string(FILE *out, const char *s);

/* results.json up to its "output" value: the totals, the time, and the
 * grader's own stdout hidden (a student sees what "output" says). */
void grade_json_header(FILE *out, double score, double max_score, double seconds);

/* results.json of a grading that was stopped (out of time): 0 of
 * max_score, and why, as one test carrying the maximum. */
void grade_json_stopped(FILE *out, double max_score, double seconds, const char *why);

#endif
