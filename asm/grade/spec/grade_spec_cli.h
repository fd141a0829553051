/* What every spec grader (lc3grade --spec, mipsgrade --spec and hw4) does
 * around its ISA's grading: the report finished for the runner, and the
 * runner set up from the spec. */
#ifndef GRADE_SPEC_CLI_H
#define GRADE_SPEC_CLI_H

#include <stddef.h>

#include "grade_cli.h"
#include "grade_spec_report.h"

/* In the child, after a grading of file: the command line's note and
 * secret seed into report, why it was not (or partly) graded on stderr,
 * and the runner's score with the batch's columns. */
void grade_spec_finish(grade_spec_report *report, const grade_cli *cli, const char *only,
                       const char *file, grade_score *score);

/* The runner of a spec grader (title into title, at most size bytes):
 * the grader adds ctx, grade, and is_mnemonic where it needs one. */
grade_runner grade_spec_runner(const grade_cli *cli, const grade_spec *spec, const char *only,
                               const char *comment, char *title, size_t size);

#endif
