/* Growing arrays by doubling, failures returned (grow.h). */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

/* A unit test builds this file with a realloc that fails on demand. */
#ifdef GROW_REALLOC
void *GROW_REALLOC(void *items, size_t bytes);
#else
#define GROW_REALLOC realloc
#endif

size_t grow_capacity(size_t cap, size_t need, size_t size)
{
    if (need == 0)
        need = 1;
    size_t bigger = cap ? cap : GROW_FIRST;
    while (bigger < need) {
        if (bigger > SIZE_MAX / 2)
            return 0;
        bigger *= 2;
    }
    return size == 0 || bigger > SIZE_MAX / size ? 0 : bigger;
}

void *grow_array(void *items, size_t *cap, size_t need, size_t size)
{
    if (items && need <= *cap && *cap > 0) /* a need of 0 counts as 1 */
        return items;
    size_t bigger = grow_capacity(*cap, need, size);
    if (bigger == 0)
        return NULL;
    void *moved = GROW_REALLOC(items, bigger * size);
    if (!moved)
        return NULL;
    *cap = bigger;
    return moved;
}
