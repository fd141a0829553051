/* One whole LC-3 program run as lc3tools' grader runs it: assembled once
 * per grading, then each test on a fresh machine with the operating system,
 * keystrokes fed from a buffer, the output captured, an instruction cap,
 * and a stop before HALT (so the OS's halt banner is never output). What
 * the Nim suite and any whole-program test use. */
#ifndef LC3_WHOLE_H
#define LC3_WHOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grade_findings.h"
#include "lc3_asm.h"
#include "lc3_machine.h"
#include "lc3_session.h"

/* A submission assembled once, shared by all its tests. */
typedef struct lc3_whole_program {
    source_file *source;  /* NULL when it could not be read */
    lc3_program program;
    bool assembled;
    char *messages;       /* the assembler's (capped), NULL or "" when none */
} lc3_whole_program;

/* Reads and assembles path (a regular file, never through a link). False
 * with a finding in fatal when it cannot be read, false with the messages
 * when it does not assemble or holds no words. */
bool lc3_whole_assemble(const char *path, const char *folder_file, lc3_whole_program *out,
                        grade_findings *fatal);
void lc3_whole_program_free(lc3_whole_program *p);

/* Output kept of one run: under the caps every test uses (50,000
 * instructions print fewer than 10,000 bytes), it never binds. */
enum { LC3_WHOLE_OUTPUT_MAX = 64 << 10 };

/* Words of memory a run is given (written after the program is loaded) or
 * reads back when it ends (into words). */
typedef struct lc3_whole_words {
    uint16_t address;
    uint16_t *words;
    uint32_t count;
} lc3_whole_words;

typedef struct lc3_whole_options {
    const char *keys;   /* typed in order; when they run out, a read waits (as in
                           lc3tools, until the cap) */
    size_t key_count;
    uint64_t max_instructions;
    uint16_t start_pc;      /* lc3tools' graders start at x3000 */
    bool ignore_privilege;  /* lc3tools' --ignore-privilege */
    bool randomize;         /* R0-R7 and user memory outside the program random */
    bool input_ends;        /* when the keys run out, a read ends the run (stop
                               LC3_RUN_INPUT_EOF) instead of waiting */
    uint64_t seed;          /* of the randomized machine */
    const lc3_whole_words *inputs; /* a program test's memory inputs, over the program */
    size_t input_count;
    lc3_whole_words *reads; /* filled when the run ends: its results in memory */
    size_t read_count;
} lc3_whole_options;

typedef struct lc3_whole_result {
    char *output;           /* NUL-terminated; free with lc3_whole_result_free */
    size_t output_len;
    size_t output_dropped;  /* bytes past LC3_WHOLE_OUTPUT_MAX */
    lc3_run_stop stop;      /* LC3_RUN_AT_HALT: it reached a HALT */
    bool hit_cap;           /* ran max_instructions without halting */
    uint64_t instructions;
    size_t keys_read;
    uint64_t exceptions;    /* raised (lc3tools: "Execution hit exception") */
    lc3_exception_info exception; /* the last one */
    int exception_line;     /* its source line, 0 outside the program */
    uint16_t regs[8];       /* when it stopped */
} lc3_whole_result;

/* Runs p once on a fresh machine. False only when out of memory. */
bool lc3_whole_run(const lc3_whole_program *p, const lc3_whole_options *o,
                   lc3_whole_result *r);
void lc3_whole_result_free(lc3_whole_result *r);

#endif
