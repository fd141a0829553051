/* Growing arrays and copied strings for the assemblers. */
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

void *asm_grow(void *items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return items;
    size_t bigger = *cap ? *cap * 2 : 16;
    while (bigger < need)
        bigger *= 2;
    void *moved = realloc(items, bigger * size);
    if (!moved)
        abort();
    *cap = bigger;
    return moved;
}

char *asm_strndup(const char *s, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy)
        abort();
    memcpy(copy, s, len);
    copy[len] = '\0';
    return copy;
}
