/* Growing large arrays in their own mappings, with huge pages asked for:
 * a 2 MiB page costs one fault where 4 KiB pages cost 512, and the
 * assembler's arrays for a 100 k-line file are megabytes each. */
#ifndef BIG_ARRAY_H
#define BIG_ARRAY_H

#include <stddef.h>

/* From this many bytes on an array is mapped (but in the web build, whose
 * mmap is a malloc); below, it is grow_array's. */
enum { BIG_ARRAY_MIN_BYTES = 512 << 10 };

/* grow_array's contract (grow.h), for arrays freed only by
 * big_array_free: below BIG_ARRAY_MIN_BYTES the array is grow_array's,
 * from there on an anonymous mapping aligned to 2 MiB whose untouched
 * pages cost nothing, so a caller may reserve generously. */
void *big_array_grow(void *items, size_t *cap, size_t need, size_t size);

/* big_array_grow with its common case, the room already there, inline:
 * an assembler asks once a statement, operand and word. */
static inline void *big_array_room(void *items, size_t *cap, size_t need, size_t size)
{
    return items && need <= *cap ? items : big_array_grow(items, cap, need, size);
}

/* A zeroed array of count elements, as calloc's, *cap set for
 * big_array_grow and big_array_free; NULL on failure. */
void *big_array_calloc(size_t count, size_t size, size_t *cap);

/* Frees an array grown by big_array_grow, given its capacity. */
void big_array_free(void *items, size_t cap, size_t size);

#endif
