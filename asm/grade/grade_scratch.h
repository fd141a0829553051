/* The scratch folders a grading's file syscalls work in: made fresh under
 * TMPDIR, and removed with everything a submission left in them (by the
 * parent too, after it killed the child that used them). */
#ifndef GRADE_SCRATCH_H
#define GRADE_SCRATCH_H

#include <stdbool.h>
#include <stddef.h>

/* Makes a new empty folder "TOOL.XXXXXX" (tool: the grader's name) under
 * $TMPDIR (default /tmp) into path. False, with the reason in why, when it
 * cannot. */
bool grade_scratch_make(const char *tool, char *path, size_t size, char *why, size_t why_size);

/* Makes the empty folder parent/name; false with the reason in why. */
bool grade_scratch_subfolder(const char *parent, const char *name, char *path, size_t size,
                             char *why, size_t why_size);

/* Writes len bytes as the new file folder/name (created exclusively,
 * never through a link); false with the reason in why. */
bool grade_scratch_put(const char *folder, const char *name, const char *bytes, size_t len,
                       char *why, size_t why_size);

/* Removes path and everything below it, never following a link out. */
void grade_scratch_remove(const char *path);

#endif
