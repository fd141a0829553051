/* One way to grow an array: the capacity doubles until it fits, and a
 * failure (the byte count overflowing size_t, or realloc failing) is
 * returned to the caller with the old array still valid, so a grader or a
 * simulator can report it; an assembler may still choose to stop. */
#ifndef GROW_H
#define GROW_H

#include <stddef.h>

/* The capacity of an array's first allocation, in elements (or need, if
 * larger, rounded up by doubling). */
enum { GROW_FIRST = 16 };

/* items (room for *cap elements of size bytes each) with room for at
 * least need elements: items itself when it has the room, else the array
 * moved to a capacity doubled from *cap (GROW_FIRST when 0) until it fits,
 * *cap updated. NULL when need * size does not fit in size_t or the
 * allocation fails: items and *cap are then unchanged and still the
 * caller's. A need of 0 counts as 1, so NULL always means failure. */
void *grow_array(void *items, size_t *cap, size_t need, size_t size);

/* The capacity grow_array moves to: cap doubled (GROW_FIRST when 0) until
 * it holds need (0 counting as 1); 0 when that many elements of size
 * bytes do not fit in size_t. */
size_t grow_capacity(size_t cap, size_t need, size_t size);

#endif
