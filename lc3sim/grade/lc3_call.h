/* Calling one subroutine of an LC-3 program, the way a grader tests any LC-3
 * assignment (the LC-3 twin of mips_call and mips_checked_call): a fresh machine
 * with the operating system, the program, the caller's memory, R0-R5 random
 * where the test gives none, R7 a sentinel return address no code lives at,
 * then a run in user mode (privilege on, as a student's program runs) until
 * the RET that reaches the sentinel, within an instruction budget. After it,
 * the registers and memory can be read back, and the convention the
 * assignment states is checked: preserved registers, R6 balanced, nothing
 * written outside the allowed ranges, TRAPs allowed or not. Problems are
 * sentences naming the register or address with its old and new value.
 *
 *     lc3_call_program p;
 *     lc3_call_assemble_text("t.asm", text, &p, &messages);
 *     lc3_call_spec s = lc3_call_default_spec();
 *     s.label = "STRLEN";
 *     s.given = LC3_CALL_REG(0); s.regs[0] = 0x4000;
 *     s.regions = &(lc3_call_region){0x4000, words, 6, false, "the string"};
 *     s.region_count = 1;
 *     s.convention.traps_allowed = false;
 *     lc3_call_result r;
 *     lc3_call_run(&p.program, &s, &rng, &r);
 *     ... r.status == LC3_CALL_RETURNED, r.regs[0], r.problems ...
 *     lc3_call_result_free(&r);
 *
 * Nothing here is global: calls may run side by side. */
#ifndef LC3_CALL_H
#define LC3_CALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grade_findings.h"
#include "grade_rng.h"
#include "lc3_asm.h"
#include "lc3_machine.h"

#define LC3_CALL_REG(r) (1u << (r))
#define LC3_CALL_MUST_ENTER_MAX 4

enum {
    LC3_CALL_DEFAULT_BUDGET = 100000, /* instructions, the OS's TRAP routines included */
    /* The return address: the last word of the interrupt vector table,
     * which no program or OS code runs; the machine stops there before the
     * fetch's privilege check, so a user-mode RET to it ends the call. */
    LC3_CALL_DEFAULT_SENTINEL = 0x01FF,
    LC3_CALL_DEFAULT_STACK = 0xFE00,  /* R6: the first push lands at xFDFF */
    /* The stack below the entry R6 that is the function's own (it may
     * leave anything there): deep enough for a recursion thousands deep. */
    LC3_CALL_OWN_STACK = 0x4000,
    /* The supervisor stack a TRAP pushes PSR and PC to, and the OS's TRAP
     * routines save registers on: the words below the saved SSP that the
     * OS may change (test_lc3_call measures every TRAP within it). */
    LC3_CALL_OS_STACK = 0x100,
    LC3_CALL_OUTPUT_MAX = 16 << 10, /* bytes kept of what the call prints */
    /* The habit the book teaches: a subroutine gives back every register
     * but R0 (its result) and R7 (its return address); R6 is checked as
     * the stack, on its own. */
    LC3_CALL_TEXTBOOK = 0x3E,
};

/* A program assembled from source (the image knows its lines and labels). */
typedef struct lc3_call_program {
    source_file *source;
    lc3_program program;
} lc3_call_program;

/* Assembles text (shown in messages under name) or the file at path. False
 * when it does not assemble or cannot be read; either way *messages (when
 * not NULL) receives the assembler's errors and warnings as text, to free,
 * and p is freed with lc3_call_program_free. */
bool lc3_call_assemble_text(const char *name, const char *text, lc3_call_program *p,
                            char **messages);
bool lc3_call_assemble_file(const char *path, lc3_call_program *p, char **messages);
void lc3_call_program_free(lc3_call_program *p);

/* The address of a label (any case, as lc3as reads them). */
bool lc3_call_find(const lc3_program *prog, const char *label, uint16_t *address);

/* Memory the test places before the call. */
typedef struct lc3_call_region {
    uint16_t address;
    const uint16_t *words; /* its contents; NULL: random words */
    uint16_t count;
    bool writable;         /* the function may change it (an output buffer) */
    const char *what;      /* names it in findings: "the string" */
} lc3_call_region;

/* What the assignment says a subroutine must keep. */
typedef struct lc3_call_convention {
    uint8_t preserved;   /* bit r (R0-R5): Rr comes back as it went in */
    bool r6_balanced;    /* R6 comes back as it went in: all it pushed, popped */
    bool traps_allowed;  /* TRAPs (I/O) allowed; else each one is a problem */
    bool program_writable; /* the program's own words may change (the book's save
                              words, "ST R1, SAVE1", live there) */
} lc3_call_convention;

typedef struct lc3_call_spec {
    const char *label;        /* the subroutine; NULL: call address */
    uint16_t address;
    uint16_t regs[8];         /* the registers the test gives */
    uint8_t given;            /* bit r: regs[r] is given; R0-R5 not given are random,
                                 R6 not given is LC3_CALL_DEFAULT_STACK; R7 is always
                                 the sentinel */
    const lc3_call_region *regions;
    size_t region_count;
    bool random_memory;       /* user space outside the program and the regions
                                 random (lc3tools' randomized machine) */
    uint64_t budget;          /* 0: the default */
    uint16_t sentinel;        /* 0: the default; no block may cover it */
    const char *keys;         /* what GETC and IN read, in order; when they run out,
                                 the call ends as LC3_CALL_INPUT_ENDED */
    size_t key_count;
    bool ignore_privilege;    /* lc3tools' --ignore-privilege */
    lc3_call_convention convention;
    /* Addresses the call must reach after its first instruction (the
     * callees a grader requires, by JSR, JSRR or a jump): the result's
     * entered says which it did. */
    uint16_t must_enter[LC3_CALL_MUST_ENTER_MAX];
    size_t must_enter_count;
} lc3_call_spec;

/* Budget and sentinel defaults, no registers given, random memory on, no
 * keys, privilege on, the textbook convention with R6 balanced, TRAPs
 * allowed and the program's own words writable. */
lc3_call_spec lc3_call_default_spec(void);

typedef enum lc3_call_status {
    LC3_CALL_RETURNED,     /* reached the sentinel */
    LC3_CALL_BUDGET,       /* the budget ran out first */
    LC3_CALL_EXCEPTION,    /* raised an exception: exception says which, where */
    LC3_CALL_HALTED,       /* reached a HALT (not run) */
    LC3_CALL_INPUT_ENDED,  /* waited for a key after the keys had run out */
    LC3_CALL_NOT_CALLED,   /* no such label, or the sentinel in the program or in
                              device space (no machine was made) */
} lc3_call_status;

typedef struct lc3_call_result {
    lc3_call_status status;
    uint16_t entry[8];          /* the registers it was called with */
    uint16_t regs[8];           /* and as it left them */
    uint16_t pc;                /* where the run stopped */
    uint64_t instructions;
    uint64_t traps;             /* TRAPs it executed (a HALT reached is not run) */
    uint8_t trap_vectors[32];   /* bit v%8 of byte v/8: it ran TRAP v (or reached HALT) */
    uint8_t entered;            /* bit i: it reached spec->must_enter[i] */
    lc3_exception_info exception; /* LC3_CALL_EXCEPTION: vector and pc */
    int exception_line;         /* its source line, 0 when none */
    /* The first RET that went somewhere else than the sentinel while no JSR
     * of the function was open (R7 lost), and where it went; 0 when none. */
    uint16_t stray_return_pc, stray_return_to;
    char *output;               /* what it printed (NUL-ended, capped) */
    size_t output_len;
    grade_findings problems;    /* how it ended, when not by returning, and each
                                   broken rule of the convention */
    lc3_machine *machine;       /* as the call left it: lc3_peek reads memory back */
    struct lc3_session *session; /* the machine's, which owns it */
    struct lc3_host *host;      /* the machine's keyboard and display */
} lc3_call_result;

/* Calls the subroutine as spec says on a fresh machine, drawing the random
 * registers and memory from rng (NULL: zeros), and checks the convention
 * when it returned. Free the result with lc3_call_result_free. */
void lc3_call_run(const lc3_program *prog, const lc3_call_spec *spec, grade_rng *rng,
                  lc3_call_result *out);
void lc3_call_result_free(lc3_call_result *r);

/* "returned", "ran out of instructions", ... for messages. */
const char *lc3_call_status_name(lc3_call_status status);

#endif
