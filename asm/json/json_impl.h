/* Private to the JSON reader and writer (json.c, json_write.c; UTF-8 in json_utf8.c). */
#ifndef ASM_JSON_IMPL_H
#define ASM_JSON_IMPL_H

#include <stddef.h>
#include <stdint.h>

/* The length of the valid UTF-8 sequence at p (shortest form, no
 * surrogates, at most U+10FFFF), or 0. */
size_t json_utf8_length(const unsigned char *p, size_t avail);
/* Writes code point cp (at most U+10FFFF) as UTF-8 into out: its bytes. */
size_t json_utf8_encode(uint32_t cp, char *out);

#endif
