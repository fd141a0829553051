/* The backstep journal: the undo records of the last steps, newest last,
 * in a ring bounded by a count of steps. Each record is the target's (an
 * opaque pointer it knows how to reverse or free) plus what the core needs
 * to restore its own state (the call trace). */
#ifndef DBG_JOURNAL_H
#define DBG_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One frame of the call trace, as the core keeps it. */
typedef struct dbg_frame {
    uint32_t call_pc;     /* the call instruction */
    uint32_t callee;      /* where it went */
    uint32_t return_addr; /* where it comes back to */
    uint32_t sp;          /* the stack pointer at the call */
    uint32_t args[4];
} dbg_frame;

typedef struct dbg_journal_entry {
    void *record;       /* the target's undo record (may be NULL: not undoable) */
    dbg_frame *saved;   /* the frames the step returned from (malloc'd), oldest first */
    uint32_t size;      /* the record's bytes, for the accounting */
    uint32_t depth;     /* call-trace depth before the step */
    uint32_t saved_count;
    bool pushed;        /* the step made a call: one frame to take off again */
} dbg_journal_entry;

typedef void (*dbg_record_free)(void *ctx, void *record);

typedef struct dbg_journal {
    dbg_journal_entry *ring;
    size_t capacity;    /* steps kept at most */
    size_t start;       /* index of the oldest */
    size_t count;
    size_t bytes;       /* the records' sizes, summed */
    dbg_record_free free_record;
    void *ctx;
} dbg_journal;

/* A journal for up to capacity steps; free_record drops a record that
 * falls out. False when out of memory. */
bool dbg_journal_init(dbg_journal *j, size_t capacity, dbg_record_free free_record, void *ctx);
void dbg_journal_free(dbg_journal *j);

/* Adds the newest entry (taking ownership of its record and saved frames);
 * the oldest falls out when the ring is full. */
void dbg_journal_push(dbg_journal *j, const dbg_journal_entry *e);

/* Takes the newest entry out (the caller now owns it); false when empty. */
bool dbg_journal_pop(dbg_journal *j, dbg_journal_entry *out);

/* Drops every entry. */
void dbg_journal_clear(dbg_journal *j);

#endif
