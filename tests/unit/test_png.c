/* The PNG writer (asm/runtime/png.c): its checksums against their standard
 * check values, and the file's layout byte by byte for a tiny image. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "keys.h"
#include "png.h"

static void checksums(void **state)
{
    (void)state;
    /* CRC-32's check value (its catalogue's "123456789"), Adler-32's
     * example from RFC 1950's usual illustration ("Wikipedia"). */
    assert_int_equal(png_crc32((const uint8_t *)"123456789", 9), 0xcbf43926u);
    assert_int_equal(png_adler32((const uint8_t *)"Wikipedia", 9), 0x11e60398u);
    assert_int_equal(png_adler32(NULL, 0), 1);
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* A 2x1 image: signature, IHDR, one IDAT with one stored block, IEND. */
static void layout(void **state)
{
    (void)state;
    char path[] = "/tmp/test_png_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    const uint8_t rgb[6] = {255, 0, 0, 0, 0, 255};
    assert_true(png_write(path, 2, 1, rgb));
    uint8_t buf[256];
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    unlink(path);
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    assert_memory_equal(buf, sig, 8);
    assert_int_equal(be32(buf + 8), 13);
    assert_memory_equal(buf + 12, "IHDR", 4);
    assert_int_equal(be32(buf + 16), 2);
    assert_int_equal(be32(buf + 20), 1);
    assert_int_equal(buf[24], 8);
    assert_int_equal(buf[25], 2);
    assert_int_equal(be32(buf + 29), png_crc32(buf + 12, 17));
    const uint8_t *idat = buf + 33;
    uint32_t len = be32(idat);
    assert_memory_equal(idat + 4, "IDAT", 4);
    /* zlib header, a final stored block of 7 bytes (filter 0 and 2 pixels),
     * the raw bytes, Adler-32 of them. */
    const uint8_t raw[7] = {0, 255, 0, 0, 0, 0, 255};
    const uint8_t head[7] = {0x78, 0x01, 0x01, 7, 0, 0xf8, 0xff};
    assert_int_equal(len, 7 + 7 + 4);
    assert_memory_equal(idat + 8, head, 7);
    assert_memory_equal(idat + 15, raw, 7);
    assert_int_equal(be32(idat + 22), png_adler32(raw, 7));
    assert_int_equal(be32(idat + 26), png_crc32(idat + 4, 4 + len));
    const uint8_t *iend = idat + 30;
    assert_int_equal(be32(iend), 0);
    assert_memory_equal(iend + 4, "IEND", 4);
    assert_int_equal(be32(iend + 8), 0xae426082u);
    assert_int_equal(n, (size_t)(iend + 12 - buf));
}

/* More than 65535 bytes of rows: several stored blocks, the last final. */
static void several_blocks(void **state)
{
    (void)state;
    char path[] = "/tmp/test_png_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unsigned w = 200, h = 200; /* 200 * 601 = 120200 bytes: two blocks */
    uint8_t *rgb = calloc((size_t)w * h * 3, 1);
    assert_non_null(rgb);
    assert_true(png_write(path, w, h, rgb));
    free(rgb);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    uint8_t head[48];
    assert_int_equal(fread(head, 1, sizeof head, f), sizeof head);
    fclose(f);
    unlink(path);
    const uint8_t *z = head + 33 + 8;
    assert_int_equal(z[2], 0); /* the first block is not final */
    assert_int_equal(z[3] | z[4] << 8, 65535);
    assert_int_equal(be32(head + 33), 2 + 5 + 65535 + 5 + (120200 - 65535) + 4);
}

/* The --keys file: keys in order, 0xHH, comments; until and take. */
static void key_file(void **state)
{
    (void)state;
    char path[] = "/tmp/test_keys_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char text[] = "# a comment\n10 a\n\n10 0x20\n25 q\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    key_script ks;
    char why[256];
    assert_true(key_script_load(&ks, path, why, sizeof why));
    unlink(path);
    assert_int_equal(ks.count, 3);
    assert_int_equal(key_script_until(&ks, 0), 10);
    assert_int_equal(key_script_take(&ks, 9), -1);
    assert_int_equal(key_script_take(&ks, 10), 'a');
    assert_int_equal(key_script_take(&ks, 10), ' ');
    assert_int_equal(key_script_take(&ks, 10), -1);
    assert_int_equal(key_script_until(&ks, 10), 15);
    assert_int_equal(key_script_take(&ks, 30), 'q');
    assert_int_equal(key_script_until(&ks, 30), UINT64_MAX);
    key_script_free(&ks);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(checksums),
        cmocka_unit_test(layout),
        cmocka_unit_test(several_blocks),
        cmocka_unit_test(key_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
