/* A submission's file as every grader takes it: opened safely, and the
 * assembler's messages kept to a readable size. */
#ifndef GRADE_SUBMISSION_H
#define GRADE_SUBMISSION_H

#include <stdint.h>
#include <stdio.h>

#include "grade_findings.h"
#include "source.h"

/* The submission at path, opened as a regular file and never through a
 * link (a zip upload can carry a link to a host file, a FIFO or a device):
 * NULL with a fatal finding when it cannot be. folder_file is what a
 * folder submission should hold ("hw4.asm"), for the message. */
source_file *grade_load_submission(const char *path, const char *folder_file,
                                   grade_findings *fatal);

/* Assembler messages kept in a report: enough to fix the first errors. */
enum { GRADE_MESSAGES_MAX = 16 << 10 };

/* Cuts text (NULL accepted) after GRADE_MESSAGES_MAX bytes, at a line's
 * end, with a note of what was left out. */
void grade_cap_messages(char *text);

/* Writes the assembler's messages (NULL accepted) into a report: escaped
 * as text (grade_escape.h; they quote the submission's lines, whatever
 * bytes they hold), and cut again after GRADE_MESSAGES_MAX bytes of what
 * is shown, as escaping can make them four times longer. */
void grade_put_messages(FILE *out, const char *messages);

/* FNV-1a of the file's bytes, as six digits: a spec's default seed. Never
 * a submission's (a comment would then choose its tests). */
uint64_t grade_seed_of(const source_file *file);

#endif
