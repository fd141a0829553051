/* lc3sim --check: the LC-3 program's convention mistakes and uninitialized
 * reads, found while it runs and said on stderr at the line that made them
 * (docs/checks.md). The checker watches a machine from outside, through
 * lc3_machine.h only: either stepped one instruction at a time and asked
 * before and after each (the debugger), or running freely with the
 * checker's checked record set (lc3_check_record), so the machine's plain
 * interpreter has no hook and a run without --check costs nothing more.
 *
 * Only user-mode instructions are checked: the OS's routines (entered by
 * TRAP, left by RTI) are trusted, though their stores into user memory
 * count as writes. */
#ifndef LC3_CHECK_H
#define LC3_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "lc3_load.h"
#include "lc3_machine.h"

/* The checks (what "all" means), then the modifier error. */
enum {
    LC3_CHECK_SAVED,      /* a register of --check-saved changed across JSR ... RET */
    LC3_CHECK_RETURN,     /* RET with R7 not what the matching call left */
    LC3_CHECK_UNINIT_MEM, /* a load of user memory nothing has written */
    LC3_CHECK_STACK,      /* R6 outside the user stack once it is one */
    LC3_CHECK_COUNT,
    LC3_CHECK_ERROR = LC3_CHECK_COUNT, /* modifier: the first finding stops the run */
    LC3_CHECK_NAME_COUNT,
};
extern const check_name lc3_check_names[LC3_CHECK_NAME_COUNT];

/* The registers `saved` expects back at RET by default: all but R0 (the
 * result) and R7 (the return address), the textbook's habit. Courses
 * whose subroutines return results elsewhere say so with --check-saved. */
enum { LC3_CHECK_SAVED_DEFAULT = 0x7E };

/* Parses a register list for --check-saved ("R1-R5", "r1,r2,r6", "none")
 * into a mask (bit n: Rn). False, with the reason in why, when malformed. */
bool lc3_check_parse_saved(const char *spec, unsigned *mask, char *why, size_t why_size);

typedef struct lc3_checker lc3_checker;

/* A checker for the program in loaded (its words count as written; its
 * source, when it has one, names the lines), already placed in m. set: bits
 * by the enum above; saved: the registers the saved check expects back. Findings go to out; flush,
 * when not NULL, runs first (the program's output so far, so the two meet
 * in order on a terminal). loaded must outlive the checker. NULL when out
 * of memory. */
lc3_checker *lc3_checker_new(const lc3_loaded *loaded, unsigned set, unsigned saved, FILE *out,
                             void (*flush)(void *ctx), void *flush_ctx);
void lc3_checker_free(lc3_checker *c);

/* Changes the checks on, keeping what the checker has learned. */
void lc3_check_set(lc3_checker *c, unsigned set);

/* Looks at the instruction m is about to run and reports what it finds;
 * returns how many findings were new. Call lc3_check_after once it ran.
 * Looking again at the same instruction changes nothing and finds nothing
 * new (each finding is said once), so a run stopped at a finding goes on
 * past it. */
unsigned lc3_check_before(lc3_checker *c, const lc3_machine *m);
void lc3_check_after(lc3_checker *c, const lc3_machine *m);

/* What the checker needs the machine to keep (lc3_set_checked): with it set,
 * the machine runs freely up to the next instruction the checker must see
 * (LC3_STOP_CHECK), which the caller hands to lc3_check_before and
 * lc3_check_after around one step with the record cleared. Checked runs
 * cost about 2x then, where stepping every instruction costs 25x. */
lc3_checked_record *lc3_check_record(lc3_checker *c);

/* Findings past check_seen's limit, not reported (0 usually). */
uint64_t lc3_check_dropped(const lc3_checker *c);

#endif
