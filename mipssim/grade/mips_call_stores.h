/* The bytes a graded call stored to, each with its value at the function's
 * entry: every store instruction and every read syscall lands here, so the
 * check sees every byte the call changed anywhere in memory, not a window
 * of it. */
#ifndef MIPS_CALL_STORES_H
#define MIPS_CALL_STORES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* An open-addressing table keyed by aligned word, each with the bytes of it
 * noted: a word store costs one lookup, not four. key[i] is the word's
 * address / 4 + 1 (0: a free slot); before[i] the word at the first store
 * to each noted byte, byte k of the word in bits 8k..8k+7 (as a load reads
 * it); noted[i] bit k: byte k was noted. */
typedef struct mips_call_stores {
    uint32_t *key;
    uint32_t *before;
    uint8_t *noted;
    size_t count, capacity; /* words; capacity: a power of two */
    size_t bytes;           /* bytes noted */
    bool lost;              /* a byte not noted: out of memory */
} mips_call_stores;

/* Notes the bytes of mask (bit k: byte k) of the word at word_address
 * (aligned), whose value before the store is before; bytes noted already
 * keep their first value. */
void mips_call_stores_note(mips_call_stores *s, uint32_t word_address, uint32_t before,
                           unsigned mask);

/* Whether every byte of mask of the word at word_address is noted: a
 * store there needs no look at memory (a loop's stores, again and again). */
bool mips_call_stores_noted(const mips_call_stores *s, uint32_t word_address, unsigned mask);

/* The byte at a noted address as it was at the function's entry. */
uint8_t mips_call_stores_before(const mips_call_stores *s, uint32_t address);

void mips_call_stores_free(mips_call_stores *s);

#endif
