/* The pieces of Gradescope's results.json every grader writes the same
 * way: strings, the totals and summary, each test's entry, and the results
 * of a grading that was stopped. */
#ifndef GRADE_JSON_H
#define GRADE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "grade_findings.h"

/* A JSON string: valid UTF-8 whatever s holds, quotes, backslashes and
 * control characters escaped (grade_escape_json). */
void grade_json_string(FILE *out, const char *s);

/* results.json up to its list of tests: the totals, the time, the grader's
 * own stdout hidden, the summary a student reads as "output", and the list
 * opened. */
void grade_json_begin(FILE *out, double score, double max_score, double seconds,
                      const char *summary);
/* The same with a top-level "extra_data": {"status": status} (Gradescope
 * keeps it with the submission), for a TA to find a partly graded one. */
void grade_json_begin_status(FILE *out, double score, double max_score, double seconds,
                             const char *summary, const char *status);

/* The summary of a function grader's results.json into buf: the note's
 * line, then "seed N" (grade_json_seed), and why it scored 0 before any test ran (the first
 * whole-file rule it breaks, or that it does not assemble). */
void grade_json_summary(char *buf, size_t size, const char *note, uint64_t seed,
                        bool seed_secret, const grade_findings *fatal, bool assembled);

/* What results.json says of the seed: "seed N", or, for a course's secret
 * seed (--secret-seed), that it is the course's. */
const char *grade_json_seed(char *buf, size_t size, uint64_t seed, bool secret);

/* One entry of the list: {"name": ..., "score": ..., "max_score": ...,
 * "output": ...}, after a comma unless it is the first. */
void grade_json_test(FILE *out, bool first, const char *name, double score, double max_score,
                     const char *output);

/* The entry of a part not graded because the grader's setup is wrong
 * there (a spec's reference breaks it): 0 of 0 (Gradescope shows no loss),
 * extra_data {"status": "not graded"} for a TA's filter, and why. */
void grade_json_not_graded(FILE *out, bool first, const char *name, const char *output);

/* The one entry of a grading where no test ran: a score of 0 out of the
 * maximum (so Gradescope shows 0 out of it, not 0/0), and why. */
void grade_json_nothing_ran(FILE *out, const char *name, double max_score, const char *why);

/* Closes the list and the file. */
void grade_json_end(FILE *out);

/* results.json of a grading that was stopped (out of time): 0 of
 * max_score, and why, as one test carrying the maximum. */
void grade_json_stopped(FILE *out, double max_score, double seconds, const char *why);

#endif
