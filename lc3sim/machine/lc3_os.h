/* The operating system lc3sim embeds: reference-asm/lc3/os.asm, assembled by
 * lc3as at build time and turned into an array by scripts/embed_obj.cmake. */
#ifndef LC3_OS_H
#define LC3_OS_H

#include <stddef.h>
#include <stdint.h>

#include "lc3_machine.h"

/* The image as its object file holds it: lc3_os_length words placed from
 * lc3_os_origin (x0000: the vector tables, then the code from x0200). */
extern const uint16_t lc3_os_origin;
extern const size_t lc3_os_length;
extern const uint16_t lc3_os_image[];

/* Copies the image into the machine's memory. */
void lc3_os_load(lc3_machine *m);

#endif
