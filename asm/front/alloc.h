/* Growing arrays and copied strings for the assemblers. Running out of
 * memory ends the process: an assembler cannot go on without its tables,
 * and every caller would only print the same message. */
#ifndef ASM_ALLOC_H
#define ASM_ALLOC_H

#include <stddef.h>

/* items with room for at least need elements of size bytes (capacity in
 * *cap, doubled as needed). */
void *asm_grow(void *items, size_t *cap, size_t need, size_t size);

/* A NUL-terminated copy of s[0..len). */
char *asm_strndup(const char *s, size_t len);

#endif
