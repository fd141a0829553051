/* Symbol table: names to values, with where each was defined. Open addressing;
 * optionally case-insensitive (LC-3 labels are). */
#ifndef ASM_SYMTAB_H
#define ASM_SYMTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

typedef struct symbol {
    char *name;      /* as first defined */
    int64_t value;   /* address or constant */
    src_loc where;   /* definition */
    unsigned flags;  /* owner-defined bits (e.g. global, referenced) */
} symbol;

/* A slot of the index: a name's hash and its entry. */
typedef struct symtab_slot {
    uint32_t hash;  /* of the name (low bits): most probes compare only these */
    uint32_t entry; /* index + 1 into entries; 0 when the slot is empty */
} symtab_slot;

/* The symbols sit in entries in the order defined, found through a compact
 * index of slots (8 bytes each, 128 KB for 10,000 labels): a probe walks
 * the index, which stays in cache, and reads one entry, and labels used
 * near where they are defined are near each other. */
typedef struct symtab {
    symtab_slot *slots; /* capacity of them */
    size_t capacity;    /* power of two */
    symbol *entries;    /* count of them; a define may move them */
    size_t count, entry_capacity;
    bool fold_case;
} symtab;

/* The symbol in slot i (below capacity), or NULL: walking the slots in
 * order visits the symbols in the order of the index (a hash order), as
 * callers that scan a table always have. */
static inline symbol *symtab_slot_symbol(const symtab *table, size_t i)
{
    uint32_t e = table->slots[i].entry;
    return e ? &table->entries[e - 1] : NULL;
}

void symtab_init(symtab *table, bool fold_case);
void symtab_free(symtab *table);

/* The symbol named name[0..len), or NULL. */
symbol *symtab_find(const symtab *table, const char *name, size_t len);

/* Adds a symbol; if the name exists, returns the existing one and sets
 * *existed (the caller reports the duplicate). Never NULL. */
symbol *symtab_define(symtab *table, const char *name, size_t len, int64_t value,
                      src_loc where, bool *existed);

/* Symbols sorted by value then name, for symbol files and listings. The
 * caller frees the array (not the symbols). */
symbol **symtab_sorted(const symtab *table);

/* Case-insensitive ASCII comparison of a counted string with a C string. */
bool ascii_equal_fold(const char *a, size_t len, const char *b);

#endif
