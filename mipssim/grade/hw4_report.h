/* The grader's reports of one submission: readable text (per function the
 * points, and for each failed test what differed) and Gradescope's
 * results.json (a test per function, its score, max_score and output). */
#ifndef HW4_REPORT_H
#define HW4_REPORT_H

#include <stdio.h>

#include "hw4_suite.h"

void grade_report_text(FILE *out, const hw4_report *report);
void grade_report_json(FILE *out, const hw4_report *report);
/* results.json too long to write whole: the score, and a note that the
 * text report has the details. */
void grade_report_json_brief(FILE *out, const hw4_report *report);

#endif
