/* The assemblers' answer to running out of memory: they stop. An assembler
 * cannot go on without its tables, and every caller would only print the
 * same message. (Arrays grow with grow_array, grow.h, which returns the
 * failure; graders and simulators report it instead.) */
#ifndef ASM_ALLOC_H
#define ASM_ALLOC_H

#include <stddef.h>

#include "grow.h"

/* p, or, when p is NULL (an allocation failed), "out of memory" on stderr
 * and the process ends. */
void *asm_need_memory(void *p);

/* A NUL-terminated copy of s[0..len). */
char *asm_strndup(const char *s, size_t len);

#endif
