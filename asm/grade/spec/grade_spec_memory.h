/* What the engine does with a case's memory beyond writing and reading it,
 * ISA-free: the comparison of a pointer argument's bytes with the
 * tolerances its `compare` allows (mask, any-bit-order, dont-care), and the
 * case's own folder holding the files its file-name arguments name. */
#ifndef GRADE_SPEC_MEMORY_H
#define GRADE_SPEC_MEMORY_H

#include <stdbool.h>
#include <stddef.h>

#include "grade_findings.h"
#include "grade_spec.h"
#include "grade_spec_draw.h"

/* The submission's bytes got of c's argument against the reference's
 * want; each byte that differs (at most 4) becomes a problem. */
void grade_spec_compare_memory(const grade_spec_function *fn, const grade_spec_compare *c,
                               const grade_spec_state *st, const uint8_t *got,
                               const uint8_t *want, grade_findings *problems);

/* The same for a records argument, field by field (`cars[1].year is
 * 2018, expected 2017`) and then the bytes of its strings; words: the
 * memory holds a word per field and character, two bytes each (the
 * LC-3's); hex: how hexadecimal numbers begin ("0x", "x"). */
void grade_spec_compare_records(const grade_spec_function *fn, const grade_spec_compare *c,
                                const grade_spec_state *st, const uint8_t *got,
                                const uint8_t *want, bool words, const char *hex,
                                grade_findings *problems);

/* Whether a case has file-name arguments (and so needs its own folder). */
bool grade_spec_has_files(const grade_spec_function *fn);

/* Makes parent/name holding each file-name argument's file (none for a
 * missing one): a fresh copy for every run, so no run sees what another
 * left. False, the reason in why, when it cannot. */
bool grade_spec_case_folder(const grade_spec_function *fn, const grade_spec_state *st,
                            const char *parent, const char *name, char *folder, size_t size,
                            char *why, size_t why_size);

#endif
