/* Symbol table: open addressing over names, optionally ignoring ASCII case. */
#include "symtab.h"

#include "alloc.h"

#include <stdlib.h>
#include <string.h>

static unsigned char fold(unsigned char c, bool fold_case)
{
    return (fold_case && c >= 'a' && c <= 'z') ? (unsigned char)(c - 32) : c;
}

/* FNV-1a over the (folded) name. */
static size_t hash_name(const char *name, size_t len, bool fold_case)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++) {
        h ^= fold((unsigned char)name[i], fold_case);
        h *= 1099511628211ull;
    }
    return (size_t)h;
}

static bool same_name(const char *a, size_t len, const char *b, bool fold_case)
{
    for (size_t i = 0; i < len; i++)
        if (b[i] == '\0' || fold((unsigned char)a[i], fold_case) !=
                                fold((unsigned char)b[i], fold_case))
            return false;
    return b[len] == '\0';
}

bool ascii_equal_fold(const char *a, size_t len, const char *b)
{
    return same_name(a, len, b, true);
}

void symtab_init(symtab *table, bool fold_case)
{
    memset(table, 0, sizeof *table);
    table->fold_case = fold_case;
}

void symtab_free(symtab *table)
{
    for (size_t i = 0; i < table->count; i++)
        free(table->entries[i].name);
    free(table->entries);
    free(table->slots);
    symtab_init(table, table->fold_case);
}

/* The slot holding name, or the empty slot where it would go. */
static symtab_slot *slot_at(const symtab *table, const char *name, size_t len, size_t hash)
{
    size_t mask = table->capacity - 1;
    size_t i = hash & mask;
    for (;;) {
        symtab_slot *slot = &table->slots[i];
        if (slot->entry == 0 ||
            (slot->hash == (uint32_t)hash &&
             same_name(name, len, table->entries[slot->entry - 1].name, table->fold_case)))
            return slot;
        i = (i + 1) & mask;
    }
}

symbol *symtab_find(const symtab *table, const char *name, size_t len)
{
    if (table->capacity == 0)
        return NULL;
    symtab_slot *slot = slot_at(table, name, len, hash_name(name, len, table->fold_case));
    return slot->entry ? &table->entries[slot->entry - 1] : NULL;
}

static void grow(symtab *table)
{
    size_t capacity = table->capacity ? table->capacity * 2 : 64;
    symtab_slot *slots = calloc(capacity, sizeof *slots);
    if (!slots)
        abort(); /* an assembler cannot go on without its symbols */
    /* The names differ, so each goes to the first free slot from its
     * hash: where slot_at would put it, without reading the name. */
    size_t mask = capacity - 1;
    for (size_t i = 0; i < table->capacity; i++)
        if (table->slots[i].entry) {
            size_t j = table->slots[i].hash & mask;
            while (slots[j].entry)
                j = (j + 1) & mask;
            slots[j] = table->slots[i];
        }
    free(table->slots);
    table->slots = slots;
    table->capacity = capacity;
}

symbol *symtab_define(symtab *table, const char *name, size_t len, int64_t value,
                      src_loc where, bool *existed)
{
    if ((table->count + 1) * 4 > table->capacity * 3)
        grow(table);
    size_t hash = hash_name(name, len, table->fold_case);
    symtab_slot *slot = slot_at(table, name, len, hash);
    *existed = slot->entry != 0;
    if (*existed)
        return &table->entries[slot->entry - 1];
    if (table->count >= UINT32_MAX)
        abort(); /* entries are numbered in 32 bits */
    table->entries = asm_need_memory(grow_array(table->entries, &table->entry_capacity,
                                                table->count + 1, sizeof *table->entries));
    symbol *s = &table->entries[table->count++];
    *s = (symbol){asm_strndup(name, len), value, where, 0};
    *slot = (symtab_slot){(uint32_t)hash, (uint32_t)table->count};
    return s;
}

static int by_value_then_name(const void *a, const void *b)
{
    const symbol *x = *(symbol *const *)a, *y = *(symbol *const *)b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return strcmp(x->name, y->name);
}

symbol **symtab_sorted(const symtab *table)
{
    symbol **list = malloc((table->count + 1) * sizeof *list);
    if (!list)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < table->capacity; i++)
        if (table->slots[i].entry)
            list[n++] = symtab_slot_symbol(table, i);
    qsort(list, n, sizeof *list, by_value_then_name);
    list[n] = NULL;
    return list;
}
