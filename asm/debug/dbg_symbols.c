/* The sorted label array of dbg_symbols.h: binary search to the address,
 * then back over labels of other groups. */
#include "dbg_symbols.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"

bool dbg_symbols_add(dbg_symbols *s, const char *name, uint32_t addr, unsigned group)
{
    if (s->count == s->cap) {
        dbg_symbol *grown = grow_array(s->items, &s->cap, s->count + 1, sizeof *grown);
        if (!grown)
            return false;
        s->items = grown;
    }
    s->items[s->count] = (dbg_symbol){name, addr, group, s->count};
    s->count++;
    return true;
}

static int symbol_order(const void *a, const void *b)
{
    const dbg_symbol *x = a, *y = b;
    if (x->addr != y->addr)
        return x->addr < y->addr ? -1 : 1;
    int by_name = strcmp(x->name, y->name);
    if (by_name)
        return by_name;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void dbg_symbols_sort(dbg_symbols *s)
{
    if (s->count == 0)
        return;
    qsort(s->items, s->count, sizeof *s->items, symbol_order);
    size_t kept = 1;
    for (size_t i = 1; i < s->count; i++) {
        const dbg_symbol *last = &s->items[kept - 1];
        if (s->items[i].addr != last->addr || strcmp(s->items[i].name, last->name) != 0)
            s->items[kept++] = s->items[i];
    }
    s->count = kept;
}

bool dbg_symbols_nth(const dbg_symbols *s, size_t i, const char **name, uint32_t *addr)
{
    if (i >= s->count)
        return false;
    *name = s->items[i].name;
    *addr = s->items[i].addr;
    return true;
}

/* The number of labels at addresses <= addr (or < addr when strictly). */
static size_t count_up_to(const dbg_symbols *s, uint32_t addr, bool strictly)
{
    size_t lo = 0, hi = s->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->items[mid].addr < addr || (!strictly && s->items[mid].addr == addr))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const char *dbg_symbols_exact(const dbg_symbols *s, uint32_t addr)
{
    size_t i = count_up_to(s, addr, true);
    return i < s->count && s->items[i].addr == addr ? s->items[i].name : NULL;
}

const char *dbg_symbols_nearest(const dbg_symbols *s, uint32_t addr, uint32_t floor,
                                unsigned group, uint32_t *offset)
{
    const dbg_symbol *best = NULL;
    for (size_t i = count_up_to(s, addr, false); i-- > 0 && s->items[i].addr >= floor;) {
        if (best && s->items[i].addr != best->addr)
            break;
        if (s->items[i].group == group)
            best = &s->items[i];
    }
    if (!best)
        return NULL;
    *offset = addr - best->addr;
    return best->name;
}

void dbg_symbols_free(dbg_symbols *s)
{
    free(s->items);
    *s = (dbg_symbols){0};
}
