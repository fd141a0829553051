/* PNG files written by hand: 8-bit RGB, deflate's stored (uncompressed)
 * blocks, so no library is needed, only CRC-32 and Adler-32. Frames of the
 * simulated displays (pixscreen.h) are written so. */
#ifndef ASM_PNG_H
#define ASM_PNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The CRC-32 of PNG (and zlib), and zlib's Adler-32, of len bytes. */
uint32_t png_crc32(const uint8_t *bytes, size_t len);
uint32_t png_adler32(const uint8_t *bytes, size_t len);

/* Writes a width x height image to path; rgb holds 3 bytes a pixel, row
 * by row from the top. False (errno set) when it cannot be written. */
bool png_write(const char *path, unsigned width, unsigned height, const uint8_t *rgb);

#endif
