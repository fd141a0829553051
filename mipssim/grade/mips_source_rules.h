/* What a grader checks in a submission's text before running anything:
 * the rules that cost the whole score (a .data section, a main or start
 * label, a label beginning with two underscores, .include) and the practices the
 * handout penalizes that show in the source (keeping values in $k0/$k1 or
 * $at, using $gp-relative memory). Each finding names its line. */
#ifndef MIPS_SOURCE_RULES_H
#define MIPS_SOURCE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "grade_findings.h"
#include "grade_spec.h"
#include "grade_submission.h"
#include "mips_program.h"
#include "source.h"

/* Where the text names what a rule looks for: the first line of each
 * directive (0: none). The rules are decided on the assembled program,
 * where .eqv and macros have done their work; these lines only name them. */
typedef struct grade_source_marks {
    int data, kdata, ktext, extern_, include;
} grade_source_marks;

/* Scans file's lines: .include (in any spelling: the text is all there is
 * before assembling, and assembling would read the file) goes to fatal,
 * each penalized practice to warnings, the directives' lines to marks. */
void grade_scan_source(const source_file *file, grade_findings *fatal,
                       grade_findings *warnings, grade_source_marks *marks);

/* The whole-file rules on the assembled program: no segment but .text
 * written or declared (.data, .kdata, .ktext, .extern), no label main,
 * start or __anything in its symbol table. */
void grade_check_program(const mips_program *program, const grade_source_marks *marks,
                         grade_findings *fatal);

/* The same, only the rules named (GRADE_RULE_NO_DATA, _NO_MAIN and
 * _NO_UNDERSCORE of grade_spec.h): a spec's `rules` line. */
void grade_check_program_rules(const mips_program *program, const grade_source_marks *marks,
                               unsigned rules, grade_findings *fatal);

#endif
