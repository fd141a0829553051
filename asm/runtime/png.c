/* PNG with stored deflate blocks (png.h). The layout: the signature, an
 * IHDR chunk, one IDAT chunk holding a zlib stream (header, stored blocks
 * of at most 65535 bytes, Adler-32), IEND. Each row starts with filter
 * type 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png.h"

uint32_t png_crc32(const uint8_t *bytes, size_t len)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < len; i++) {
        c ^= bytes[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return c ^ 0xffffffffu;
}

uint32_t png_adler32(const uint8_t *bytes, size_t len)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < len; i++) {
        a = (a + bytes[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return b << 16 | a;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* A chunk: length, type, data, the CRC of type and data. */
static bool chunk(FILE *f, const char *type, const uint8_t *data, size_t len)
{
    uint8_t head[8];
    put32(head, (uint32_t)len);
    memcpy(head + 4, type, 4);
    uint8_t *all = malloc(len + 4);
    if (!all)
        return false;
    memcpy(all, type, 4);
    if (len)
        memcpy(all + 4, data, len);
    uint8_t crc[4];
    put32(crc, png_crc32(all, len + 4));
    free(all);
    return fwrite(head, 1, 8, f) == 8 && (len == 0 || fwrite(data, 1, len, f) == len) &&
           fwrite(crc, 1, 4, f) == 4;
}

bool png_write(const char *path, unsigned width, unsigned height, const uint8_t *rgb)
{
    size_t row = 1 + 3 * (size_t)width, raw_len = row * height;
    size_t blocks = raw_len / 65535 + 1;
    uint8_t *raw = malloc(raw_len ? raw_len : 1);
    uint8_t *z = malloc(2 + raw_len + 5 * blocks + 4);
    if (!raw || !z) {
        free(raw);
        free(z);
        return false;
    }
    for (unsigned y = 0; y < height; y++) {
        raw[y * row] = 0; /* filter: none */
        memcpy(raw + y * row + 1, rgb + (size_t)y * 3 * width, 3 * (size_t)width);
    }
    size_t n = 0;
    z[n++] = 0x78; /* deflate, 32 KiB window; 0x7801 is a multiple of 31 */
    z[n++] = 0x01;
    size_t done = 0;
    do {
        size_t len = raw_len - done > 65535 ? 65535 : raw_len - done;
        z[n++] = done + len == raw_len; /* BFINAL, BTYPE 00: stored */
        z[n++] = (uint8_t)len;
        z[n++] = (uint8_t)(len >> 8);
        z[n++] = (uint8_t)~len;
        z[n++] = (uint8_t)(~len >> 8);
        memcpy(z + n, raw + done, len);
        n += len;
        done += len;
    } while (done < raw_len);
    put32(z + n, png_adler32(raw, raw_len));
    n += 4;
    uint8_t ihdr[13];
    put32(ihdr, width);
    put32(ihdr + 4, height);
    ihdr[8] = 8; /* bits per sample */
    ihdr[9] = 2; /* RGB */
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(signature, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) &&
              chunk(f, "IDAT", z, n) && chunk(f, "IEND", NULL, 0);
    if (f && fclose(f) != 0)
        ok = false;
    free(raw);
    free(z);
    return ok;
}
