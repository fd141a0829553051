/* hw4's spec and reference, carried in mipsgrade (generated at build time
 * from reference-asm/mips/hw4.spec and hw4.asm by scripts/embed_text.cmake):
 * `mipsgrade hw4` needs no file but the maps. */
#ifndef HW4_FILES_H
#define HW4_FILES_H

#include <stddef.h>

extern const char hw4_spec_text[], hw4_asm_text[];
extern const size_t hw4_spec_length, hw4_asm_length;

#endif
