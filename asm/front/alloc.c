/* Out of memory in an assembler, and copied strings (alloc.h). */
#include "alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *asm_need_memory(void *p)
{
    if (!p) {
        fputs("out of memory\n", stderr);
        exit(EXIT_FAILURE);
    }
    return p;
}

char *asm_strndup(const char *s, size_t len)
{
    char *copy = asm_need_memory(malloc(len + 1));
    memcpy(copy, s, len);
    copy[len] = '\0';
    return copy;
}
