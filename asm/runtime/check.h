/* What both simulators' --check share, with no ISA in it: the check set
 * given on the command line or in the debugger ("all,-poison,error"), the
 * set of findings already reported (each is said once), and how a finding
 * is printed on stderr:
 *
 *   fact.asm:14: check [saved]: fact returned with $s0 changed: 0x00000005 at the call, 0x00000000 now
 *      14 |     jr $ra
 *   fact.asm:9: note: $s0 was last written here
 *       9 |     li $s0, 0
 *
 * Each simulator names its checks (a table of names), finds its findings
 * on its machine and turns them into check_line texts. */
#ifndef ASM_CHECK_H
#define ASM_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A check or a modifier by name. The first check_count names of a table
 * are checks (what "all" means); the ones after them are modifiers that
 * change how checks act (poison, error) and are never in "all". */
typedef struct check_name {
    const char *name;
    const char *help; /* one line, for --help and docs */
} check_name;

/* Parses a comma-separated list into *set (bit i: names[i]). Each item is
 * a name, "-name" (leave it out), "all" or "none". The list starts from
 * every check unless its first item names a check: "--check" or
 * "--check=error" mean all checks, "--check=saved,return" only those two,
 * "--check=all,-uninit-mem" all but one. NULL or "" is all checks. False,
 * with the reason in why, for an unknown name. */
bool check_parse(const char *spec, const check_name *names, unsigned count,
                 unsigned check_count, unsigned *set, char *why, size_t why_size);

/* The names in set, comma-separated ("none" if empty), into buf. */
void check_format(unsigned set, const check_name *names, unsigned count, char *buf,
                  size_t size);

/* Findings already reported, by a key the simulator makes (check, place,
 * register): a run reports each once, so a mistake in a loop is one
 * finding, and a run stopped at a finding can go on past it. At most
 * CHECK_SEEN_MAX keys; past that, further findings are only counted. */
enum { CHECK_SEEN_MAX = 4096 };
typedef struct check_seen {
    uint64_t slots[2 * CHECK_SEEN_MAX]; /* 0: empty; keys are stored + 1 */
    unsigned count;
    uint64_t dropped; /* findings past the limit, not reported */
} check_seen;

/* True when key was not seen before (and now is); false when it was, or
 * the set is full (then counted in dropped). */
bool check_seen_add(check_seen *seen, uint64_t key);

/* A source line a finding points at. */
typedef struct check_line {
    const char *path; /* NULL: no source line (code placed at run time) */
    int line;
    const char *text; /* the line, text_len bytes, no newline */
    size_t text_len;
} check_line;

/* "path:line: check [name]: message", then the line; an address instead
 * of path:line when at has no path. */
void check_print(FILE *out, const char *check, const check_line *at, uint32_t address,
                 const char *message);

/* "path:line: note: message" and the line (nothing without a path). */
void check_print_note(FILE *out, const check_line *at, const char *message);

#endif
