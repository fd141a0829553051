/* The files a run left in its own folder (a spec's `compare files`): read
 * back after the run, the reference's and the submission's compared name
 * by name and byte by byte. ISA-free: the machine runs in the folder. */
#ifndef GRADE_SPEC_FILES_H
#define GRADE_SPEC_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grade_findings.h"

enum {
    GRADE_SPEC_FILES_MAX = 64,            /* files kept of one folder */
    GRADE_SPEC_FILE_BYTES = 1 << 20,      /* bytes kept of one file */
};

typedef struct grade_spec_file {
    char name[256];
    uint8_t *bytes;
    size_t len;
} grade_spec_file;

typedef struct grade_spec_files {
    grade_spec_file items[GRADE_SPEC_FILES_MAX];
    size_t count;        /* in name order */
    bool more;           /* the folder held more files than kept */
} grade_spec_files;

/* The regular files of folder (never through a link), in name order. */
void grade_spec_files_read(const char *folder, grade_spec_files *out);
void grade_spec_files_free(grade_spec_files *f);

/* Each way got differs from want, as findings ("the file out.txt is 3
 * bytes, expected 5"). */
void grade_spec_files_compare(const grade_spec_files *got, const grade_spec_files *want,
                              grade_findings *problems);

#endif
