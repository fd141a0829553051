/* Timed keystrokes for a replay (--keys FILE): each line "COUNT KEY", the
 * key arriving when COUNT instructions have run. KEY is one character
 * (not a space), or 0xHH for any byte (0x20 a space, 0x0a Enter). Blank
 * lines and lines starting with '#' are skipped; counts never go down. */
#ifndef ASM_KEYS_H
#define ASM_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct key_event {
    uint64_t at;
    uint8_t key;
} key_event;

typedef struct key_script {
    key_event *events;
    size_t count, next; /* next: the first not yet delivered */
} key_script;

/* Reads path; false with why ("file:line: ...") on a mistake. */
bool key_script_load(key_script *ks, const char *path, char *why, size_t why_size);
void key_script_free(key_script *ks);

/* The instructions that may run before the next key is due (UINT64_MAX
 * when none is left), from count. */
uint64_t key_script_until(const key_script *ks, uint64_t count);

/* The next key due at count, or -1. */
int key_script_take(key_script *ks, uint64_t count);

#endif
