/* One graded call of a submission's function, as CSE 220 graded: every
 * register the function is not given and the memory around what it is
 * given hold random values first; afterwards every preserved register,
 * every byte it changed, the functions it called and the syscalls it made
 * are checked against what the specification allows. The problems found
 * are sentences a student can act on ("$s2 changed: 0x1234abcd ->
 * 0x00000000"). */
#ifndef MIPS_CHECKED_CALL_H
#define MIPS_CHECKED_CALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grade_rng.h"
#include "mips_source_rules.h"
#include "mips_call.h"

/* Where a test may place its structures: inside the data window, which
 * gets random bytes before each call and is compared byte for byte after. */
enum {
    GRADE_DATA_BASE = 0x10010000,
    GRADE_DATA_SIZE = 0x8000,
    GRADE_STACK_NOISE = 0x2000, /* random bytes below the caller's $sp */
    /* The stack below the entry $sp that is the function's own: deep enough
     * for a recursive flood fill of a 255 x 255 map. */
    GRADE_OWN_STACK = 0x1000000,
};

/* A structure the test placed: the bytes it is, whether the function may
 * change them, what they are (for messages). */
typedef struct grade_region {
    uint32_t address, size;
    bool writable;
    const char *what;
    /* Names a byte in messages: "the map cell (3,8)" for map byte offset. */
    void (*describe)(const void *ctx, uint32_t offset, char *buf, size_t size);
    const void *describe_ctx;
} grade_region;

typedef struct grade_call_spec {
    const char *function;
    uint32_t args[8];
    size_t arg_count;
    const grade_region *regions;  /* its structures; only the writable ones (and the
                                     stack below its entry $sp) may change */
    size_t region_count;
    const char *must_call[4];     /* labels it must call (jal/jalr, or a tail call:
                                     j/jr to the entry with its own $ra), NULL-ended */
    uint32_t watch_only;          /* bit i: must_call[i] is only watched (its calls
                                     counted in calls[i]), not required */
    uint64_t allowed_syscalls;    /* bit s: it may use service s (init_game: 9, 13,
                                     14, 16; sbrk also lets it write the block sbrk
                                     returned); the first other one ends the test */
    uint64_t required_syscalls;   /* bit s set: the call must use service s */
    uint32_t preserved;           /* bit r: r must come back; 0: CSE 220's $s0-$s7 $gp $sp
                                     $fp. $sp comes back always */
} grade_call_spec;

#define GRADE_SYSCALL(s) (UINT64_C(1) << (s))

typedef struct grade_outcome {
    mips_call_result result;
    grade_findings problems; /* each a lost point's reason (line 0) */
    grade_findings hiding;   /* lines that keep values where the handout calls it
                                cheating ($f registers): for the TA, no points */
    uint32_t saved;          /* registers the function itself stored on its stack */
    uint32_t written;        /* registers it wrote (restoring from its stack aside) */
    uint32_t calls[4];       /* calls of must_call[i] at any depth (jal, jalr, tail) */
    uint64_t syscalls;       /* bit s: it made syscall s (the first 64 services) */
} grade_outcome;

/* Noise blocks one run of a case draws, kept for the case's next run
 * (the submission's after the reference's): the same words, copied. */
typedef struct grade_noise_cache grade_noise_cache;
grade_noise_cache *grade_noise_cache_new(void); /* NULL when out of memory */
void grade_noise_cache_free(grade_noise_cache *cache);

/* A machine for one test, with noise in its data window, heap and stack,
 * but never over the program's own .data: that is part of its code (a
 * string it prints, a table it reads). The test writes its structures
 * with mips_call_write, then calls grade_call_run. cache: where its noise
 * blocks are kept and found (NULL: each drawn). */
mips_call *grade_call_new(const mips_call_program *prog, const mips_call_options *options,
                          grade_rng *rng, grade_noise_cache *cache);

/* Random words over [address, address + size) (word-aligned), but the
 * program's .data kept: a word is drawn for each either way. */
void grade_call_noise(mips_call *c, const mips_call_program *prog, uint32_t address,
                      uint32_t size, grade_rng *rng);

/* Fills the registers the call does not receive with noise, runs it with a
 * call trace, and checks registers, memory, callees and syscalls. The
 * caller compares $v0 and the structures with the model and frees the
 * outcome's lists. */
void grade_call_run(mips_call *c, const mips_call_program *prog, const grade_call_spec *spec,
                    grade_rng *rng, grade_outcome *out);

void grade_outcome_free(grade_outcome *out);

/* The practices of the handout's conventions section, from what the
 * function saved and wrote over all its tests (one test may take a path
 * that leaves a saved register alone): an $s register or $fp saved and
 * never changed, a $v, $a or $t register kept on the stack. Each warning
 * starts with prefix. */
void grade_practices(uint32_t saved, uint32_t written, const char *prefix,
                     grade_findings *warnings);

#endif
