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
    uint32_t hash;   /* of the name (low bits): most probes compare only these */
} symbol;

typedef struct symtab {
    symbol *slots;   /* capacity entries, name == NULL when empty */
    size_t capacity; /* power of two */
    size_t count;
    bool fold_case;
} symtab;

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
