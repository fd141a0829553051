/* The labels a debugger target names addresses with: one sorted array that
 * both targets fill and query (info symbols, the label of an address in
 * listings and frames). */
#ifndef DBG_SYMBOLS_H
#define DBG_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct dbg_symbol {
    const char *name; /* not owned: the program's symbol table keeps it */
    uint32_t addr;
    unsigned group;   /* the target's segment tag: only labels of the
                         address's group name it (MIPS: text or data) */
    size_t seq;       /* order of adding, so the first of duplicates stays */
} dbg_symbol;

typedef struct dbg_symbols {
    dbg_symbol *items; /* by address, then name, once dbg_symbols_sort ran */
    size_t count, cap;
} dbg_symbols;

/* Adds a label; false when out of memory. */
bool dbg_symbols_add(dbg_symbols *s, const char *name, uint32_t addr, unsigned group);

/* Sorts by address, then name, and drops repeats of a name at one address
 * (a global that is also its file's local), keeping the first added. */
void dbg_symbols_sort(dbg_symbols *s);

/* The i-th label in address order; false past the end. */
bool dbg_symbols_nth(const dbg_symbols *s, size_t i, const char **name, uint32_t *addr);

/* The first label (in name order) at exactly addr, or NULL. */
const char *dbg_symbols_exact(const dbg_symbols *s, uint32_t addr);

/* The label at or nearest below addr, but not below floor, of group;
 * several at that address: the first in name order. *offset gets addr
 * minus its address. NULL when there is none. */
const char *dbg_symbols_nearest(const dbg_symbols *s, uint32_t addr, uint32_t floor,
                                unsigned group, uint32_t *offset);

void dbg_symbols_free(dbg_symbols *s);

#endif
