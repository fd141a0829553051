/* The backstep journal (dbg_journal.h): a ring of undo records. */
#include "dbg_journal.h"

#include <stdlib.h>

bool dbg_journal_init(dbg_journal *j, size_t capacity, dbg_record_free free_record, void *ctx)
{
    *j = (dbg_journal){.capacity = capacity, .free_record = free_record, .ctx = ctx};
    j->ring = calloc(capacity ? capacity : 1, sizeof *j->ring);
    return j->ring != NULL;
}

static void drop(dbg_journal *j, dbg_journal_entry *e)
{
    if (e->record && j->free_record)
        j->free_record(j->ctx, e->record);
    free(e->saved);
    j->bytes -= e->size;
    *e = (dbg_journal_entry){0};
}

void dbg_journal_free(dbg_journal *j)
{
    dbg_journal_clear(j);
    free(j->ring);
    j->ring = NULL;
}

void dbg_journal_push(dbg_journal *j, const dbg_journal_entry *e)
{
    if (j->capacity == 0) {
        dbg_journal_entry copy = *e;
        j->bytes += copy.size;
        drop(j, &copy);
        return;
    }
    if (j->count == j->capacity) {
        drop(j, &j->ring[j->start]);
        j->start = (j->start + 1) % j->capacity;
        j->count--;
    }
    j->ring[(j->start + j->count) % j->capacity] = *e;
    j->bytes += e->size;
    j->count++;
}

bool dbg_journal_pop(dbg_journal *j, dbg_journal_entry *out)
{
    if (j->count == 0)
        return false;
    size_t at = (j->start + j->count - 1) % j->capacity;
    *out = j->ring[at];
    j->ring[at] = (dbg_journal_entry){0};
    j->bytes -= out->size;
    j->count--;
    return true;
}

void dbg_journal_clear(dbg_journal *j)
{
    dbg_journal_entry e;
    while (dbg_journal_pop(j, &e)) {
        j->bytes += e.size;
        drop(j, &e);
    }
    j->start = 0;
}
