/* Fuzz target: the LC-3 machine on a random memory image. The input is
 *   byte 0      flags: bit 0 load the OS first, bit 1 ignore privilege,
 *               bit 2 start in user mode (else supervisor at the pc given)
 *   bytes 1-2   pc     bytes 3-4  psr (supervisor start)
 *   bytes 5-6   origin of the image
 *   byte 7      n: the next n bytes are the keyboard's input, then EOF
 *   the rest    the image, big-endian words from origin (wrapping)
 * and the run is bounded by a step limit. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "lc3_machine.h"
#include "lc3_session.h"

enum { STEP_LIMIT = 20000, HEADER = 8 };

typedef struct keyboard {
    const uint8_t *keys;
    size_t left;
} keyboard;

static int next_key(void *ctx, bool may_wait)
{
    keyboard *k = ctx;
    (void)may_wait;
    if (k->left == 0)
        return LC3_KEY_EOF;
    k->left--;
    return *k->keys++;
}

static void drop_char(void *ctx, uint8_t byte)
{
    (void)ctx;
    (void)byte;
}

static uint16_t word_at(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT || size < HEADER)
        return -1;
    uint8_t flags = data[0];
    uint16_t pc = word_at(data + 1), psr = word_at(data + 3), origin = word_at(data + 5);
    size_t key_count = data[7] <= size - HEADER ? data[7] : size - HEADER;
    keyboard k = {data + HEADER, key_count};
    const uint8_t *image = data + HEADER + key_count;
    size_t words = (size - HEADER - key_count) / 2;
    uint16_t *image_words = malloc((words ? words : 1) * sizeof *image_words);
    if (!image_words)
        abort();
    for (size_t i = 0; i < words; i++)
        image_words[i] = word_at(image + 2 * i);

    /* The image as a program of one block, on the session. */
    lc3_block block = {.origin = origin, .words = image_words, .count = words};
    lc3_program prog = {.blocks = &block, .block_count = 1};
    lc3_session_config config = {
        .io = {&k, next_key, drop_char},
        .bare = !(flags & 1),
        .ignore_privilege = flags & 2,
        .has_pc = true,
        .pc = pc,
        .user_start = true,
    };
    lc3_session *s = lc3_session_new(&config);
    if (!s || !lc3_session_load_program(s, &prog))
        abort();
    if (!(flags & 4)) {
        lc3_machine *m = lc3_session_machine(s);
        lc3_set_pc(m, pc);
        lc3_set_psr(m, psr);
    }
    lc3_session_run(s, STEP_LIMIT);
    lc3_session_free(s);
    free(image_words);
    return 0;
}
