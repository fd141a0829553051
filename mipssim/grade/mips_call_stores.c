/* The bytes a graded call stored to (mips_call_stores.h). */
#include "mips_call_stores.h"

#include <stdlib.h>

/* The slot of key: where it is, or the free one it would take. */
static size_t slot_of(const mips_call_stores *s, uint32_t key)
{
    size_t mask = s->capacity - 1, i = (key * 2654435761u) & mask;
    while (s->key[i] && s->key[i] != key)
        i = (i + 1) & mask;
    return i;
}

/* The bytes of a 4-bit mask as a word's bits, and how many there are. */
static const uint32_t byte_bits[16] = {
    0x00000000, 0x000000ff, 0x0000ff00, 0x0000ffff, 0x00ff0000, 0x00ff00ff,
    0x00ffff00, 0x00ffffff, 0xff000000, 0xff0000ff, 0xff00ff00, 0xff00ffff,
    0xffff0000, 0xffff00ff, 0xffffff00, 0xffffffff};
static const uint8_t byte_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

static void put(mips_call_stores *s, uint32_t key, uint32_t before, unsigned mask)
{
    size_t i = slot_of(s, key);
    if (!s->key[i]) {
        s->key[i] = key;
        s->before[i] = 0;
        s->noted[i] = 0;
        s->count++;
    }
    unsigned fresh = mask & ~(unsigned)s->noted[i]; /* noted bytes keep their first value */
    s->before[i] = (s->before[i] & ~byte_bits[fresh]) | (before & byte_bits[fresh]);
    s->noted[i] = (uint8_t)(s->noted[i] | fresh);
    s->bytes += byte_count[fresh];
}

static bool grow(mips_call_stores *s)
{
    mips_call_stores bigger = {.capacity = s->capacity ? 2 * s->capacity : 256};
    bigger.key = calloc(bigger.capacity, sizeof *bigger.key);
    bigger.before = malloc(bigger.capacity * sizeof *bigger.before);
    bigger.noted = malloc(bigger.capacity);
    if (!bigger.key || !bigger.before || !bigger.noted) {
        mips_call_stores_free(&bigger);
        return false;
    }
    for (size_t i = 0; i < s->capacity; i++)
        if (s->key[i])
            put(&bigger, s->key[i], s->before[i], s->noted[i]);
    bigger.lost = s->lost;
    mips_call_stores_free(s);
    *s = bigger;
    return true;
}

void mips_call_stores_note(mips_call_stores *s, uint32_t word_address, uint32_t before,
                           unsigned mask)
{
    /* Out of memory, a table with a free slot left still takes it. */
    if (2 * (s->count + 1) > s->capacity && !grow(s) && s->count + 1 >= s->capacity) {
        s->lost = true;
        return;
    }
    put(s, (word_address >> 2) + 1, before, mask & 15u);
}

bool mips_call_stores_noted(const mips_call_stores *s, uint32_t word_address, unsigned mask)
{
    if (!s->capacity)
        return false;
    size_t i = slot_of(s, (word_address >> 2) + 1);
    return s->key[i] && (mask & ~(unsigned)s->noted[i]) == 0;
}

uint8_t mips_call_stores_before(const mips_call_stores *s, uint32_t address)
{
    return (uint8_t)(s->before[slot_of(s, (address >> 2) + 1)] >> 8 * (address & 3));
}

void mips_call_stores_free(mips_call_stores *s)
{
    free(s->key);
    free(s->before);
    free(s->noted);
    s->key = s->before = NULL;
    s->noted = NULL;
    s->count = s->capacity = s->bytes = 0;
}
