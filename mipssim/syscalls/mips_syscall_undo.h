/* Undoing a syscall, for the debugger's backstep: what performing one
 * changes outside the machine's registers is saved before it runs and put
 * back on request. Saved: the memory a read fills (8, 14), the file table
 * with each file's offset and a duplicate of a file being closed (13-16),
 * the input taken (pending line and console bytes), the random streams
 * (40-44), a virtual clock (30, 32), the output count and the exit
 * status. Not undoable: bytes written to a file on disk, or a file
 * truncated by opening it for writing (MARS's backstep does not undo
 * those either). */
#ifndef MIPS_SYSCALL_UNDO_H
#define MIPS_SYSCALL_UNDO_H

#include <stddef.h>

#include "mips_syscall.h"

typedef struct mips_syscall_undo mips_syscall_undo;

/* Saves what the syscall $v0 names will change; call it just before
 * mips_syscall. NULL when out of memory. */
mips_syscall_undo *mips_syscall_undo_save(mips_syscalls *s, const mips_machine *m);

/* After the syscall ran: puts back what was saved (the caller restores
 * the registers) and frees u. */
void mips_syscall_undo_restore(mips_syscalls *s, mips_machine *m, mips_syscall_undo *u);

/* Frees u without using it. NULL is accepted. */
void mips_syscall_undo_free(mips_syscall_undo *u);

/* The bytes u holds, for the journal's accounting. */
size_t mips_syscall_undo_size(const mips_syscall_undo *u);

#endif
