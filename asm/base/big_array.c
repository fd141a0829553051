/* Large arrays in anonymous mappings with huge pages asked for (big_array.h). */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS and madvise beside POSIX */
#include "big_array.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "grow.h"

enum { HUGE_BYTES = 2 << 20 };

static size_t mapped_bytes(size_t cap, size_t size)
{
    return (cap * size + HUGE_BYTES - 1) / HUGE_BYTES * HUGE_BYTES;
}

/* bytes (a multiple of HUGE_BYTES) mapped at a HUGE_BYTES boundary, so
 * every 2 MiB of it can be one huge page; NULL on failure. */
static void *map_aligned(size_t bytes)
{
    if (bytes > SIZE_MAX - HUGE_BYTES)
        return NULL;
    char *raw = mmap(NULL, bytes + HUGE_BYTES, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *start = (char *)(((uintptr_t)raw + HUGE_BYTES - 1) & ~(uintptr_t)(HUGE_BYTES - 1));
    if (start > raw)
        munmap(raw, (size_t)(start - raw));
    size_t tail = (size_t)(raw + HUGE_BYTES - start);
    if (tail)
        munmap(start + bytes, tail);
#ifdef MADV_HUGEPAGE
    madvise(start, bytes, MADV_HUGEPAGE); /* a hint: without it, 4 KiB pages */
#endif
    return start;
}

/* Emscripten's mmap is a malloc underneath that cannot unmap part of a
 * mapping (map_aligned trims both ends): there every array is malloc'd. */
#ifdef __EMSCRIPTEN__
enum { CAN_MAP = 0 };
#else
enum { CAN_MAP = 1 };
#endif

static bool is_mapped(size_t cap, size_t size)
{
    return CAN_MAP && cap * size >= BIG_ARRAY_MIN_BYTES;
}

void *big_array_grow(void *items, size_t *cap, size_t need, size_t size)
{
    if (items && need <= *cap)
        return items;
    size_t bigger = grow_capacity(*cap, need, size);
    if (bigger == 0 || size > HUGE_BYTES || bigger > (SIZE_MAX - HUGE_BYTES) / size)
        return NULL;
    if (!is_mapped(bigger, size))
        return grow_array(items, cap, need, size);
    size_t bytes = mapped_bytes(bigger, size);
    void *moved = map_aligned(bytes);
    if (!moved)
        return NULL;
    if (items) {
        memcpy(moved, items, *cap * size);
        big_array_free(items, *cap, size);
    }
    *cap = bytes / size; /* the whole mapping: mapped_bytes gives it back */
    return moved;
}

void *big_array_calloc(size_t count, size_t size, size_t *cap)
{
    size_t room = 0;
    void *items = big_array_grow(NULL, &room, count, size);
    if (!items)
        return NULL;
    if (!is_mapped(room, size)) /* a fresh mapping is zeroed already */
        memset(items, 0, room * size);
    *cap = room;
    return items;
}

void big_array_free(void *items, size_t cap, size_t size)
{
    if (!items)
        return;
    if (is_mapped(cap, size))
        munmap(items, mapped_bytes(cap, size));
    else
        free(items);
}
