/* A submission assembled where nothing else lies: an empty folder made in
 * the grading's scratch folder, holding a copy of the submission and of
 * the files its spec lets it .include, and nothing of the folder it was
 * uploaded in (the reference, the spec, a neighbour's submission). */
#ifndef MIPS_PRIVATE_H
#define MIPS_PRIVATE_H

#include <stddef.h>

#include "mips_call.h"
#include "source.h"

/* The files a submission may .include: plain names in folder dir. */
typedef struct grade_private_includes {
    const char *dir;
    char *const *names;
    int count;
} grade_private_includes;

/* Assembles file (taken: freed) as SCRATCH/source/submission.asm, .include
 * confined to that folder, which holds only copies of includes (NULL:
 * none). *messages as mips_call_assemble's, naming the submission by its
 * own path and an included file by its name. The folder is gone on
 * return. NULL when it does not assemble, or with why set when the folder
 * could not be made (no fault of the submission's). */
mips_call_program *grade_assemble_private(source_file *file, const char *scratch,
                                          const grade_private_includes *includes,
                                          char **messages, char *why, size_t why_size);

/* The same with files assembled after it (taken: freed), at most
 * GRADE_PRIVATE_BESIDE_MAX: the reference's code a spec runs for some of
 * the submission's callees (spec_mips_callees.c). */
enum { GRADE_PRIVATE_BESIDE_MAX = 2 };
mips_call_program *grade_assemble_private_beside(source_file *file, source_file **beside,
                                                 size_t beside_count, const char *scratch,
                                                 const grade_private_includes *includes,
                                                 char **messages, char *why, size_t why_size);

#endif
