/* --check on the MIPS machine: convention breaks and uninitialized values,
 * found while the program runs (docs/checks.md). A checker attached to a
 * machine makes mips_run use a second build of the interpreter with a hook
 * before each instruction (mips_exec_checked.c); a machine without one
 * runs the plain interpreter, unchanged. The checker finds; the front end
 * says (it has the source lines and labels): each finding goes to a
 * callback, which may stop the run before the instruction runs. */
#ifndef MIPS_CHECK_H
#define MIPS_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "check.h"
#include "mips_machine.h"

/* The checks, in the order of their names (mips_check_names). */
#define MIPS_CHECKS(X)                                                                     \
    X(SAVED, "saved", "a function returned with $s0-$s7, $fp, $gp or $sp changed")         \
    X(RETURN, "return", "jr $ra to an address no active jal or jalr left")                 \
    X(CALLER, "caller", "a $t, $a or $v register read after a call, not written since")    \
    X(UNINIT_REG, "uninit-reg", "a register read that nothing has written since the start") \
    X(UNINIT_MEM, "uninit-mem", "a load of memory never written (.space, sbrk, the stack)") \
    X(STACK, "stack", "$sp above its value at the start, or not word-aligned at a call")

typedef enum mips_check_kind {
#define MIPS_CHECK_ENUM(id, name, help) MIPS_CHECK_##id,
    MIPS_CHECKS(MIPS_CHECK_ENUM)
#undef MIPS_CHECK_ENUM
    MIPS_CHECK_COUNT,
    /* Modifiers, after the checks in the names' table. */
    MIPS_CHECK_POISON = MIPS_CHECK_COUNT, /* fill $t $a $v with MIPS_POISON at each return */
    MIPS_CHECK_ERROR,                     /* the first finding stops the run */
    MIPS_CHECK_NAME_COUNT
} mips_check_kind;

/* The names of the checks and then of the modifiers, by mips_check_kind:
 * "saved" ... "stack", "poison", "error" (check_parse reads them). */
extern const check_name mips_check_names[MIPS_CHECK_NAME_COUNT];

/* What --check=poison leaves in the caller-saved registers a call may
 * have changed: easy to spot, and an address that faults. */
#define MIPS_POISON 0xdeadbeefu

/* A finding: what the front end needs to say it. */
typedef struct mips_finding {
    mips_check_kind kind;
    uint32_t pc;        /* the instruction it is about (STACK above: the write of $sp) */
    unsigned reg;       /* the register (32: none) */
    uint32_t old_value; /* SAVED: at the call; STACK: $sp at the start */
    uint32_t new_value; /* the value now (RETURN: where $ra returns to; UNINIT_MEM:
                           the word read) */
    uint32_t address;   /* UNINIT_MEM: the first byte never written; RETURN: where
                           the innermost active call returns */
    bool misaligned;    /* STACK: $sp not word-aligned at a call (else above) */
    bool in_call;       /* call_pc and callee are known */
    uint32_t call_pc;   /* the jal or jalr concerned (SAVED, RETURN: the active
                           call; CALLER: the call that may have changed reg;
                           the others: the innermost active call, the function
                           the run is in) */
    uint32_t callee;    /* its target: the function is the label at or before it */
    bool has_writer;
    uint32_t writer_pc; /* the instruction that last wrote reg */
} mips_finding;

/* True to stop the run at this finding. */
typedef bool (*mips_finding_fn)(void *ctx, const mips_finding *finding);

typedef struct mips_checker mips_checker;

/* A checker for the checks in set (bit MIPS_CHECK_x; MIPS_CHECK_POISON's
 * bit poisons; MIPS_CHECK_ERROR's is the front end's to act on). NULL when
 * out of memory. */
mips_checker *mips_checker_new(unsigned set, mips_finding_fn report, void *ctx);
void mips_checker_free(mips_checker *ck);

/* Attaches ck to m (NULL detaches) and takes m's state now as the start:
 * $zero, $sp, $gp, $a0 and $a1 (argc and argv, as MARS sets them with
 * program arguments) and every register that is not 0 count as written, $sp is the entry $sp, and the data bytes prog's
 * directives placed count as written memory. Call it after loading, before
 * the first run. False when out of memory. */
bool mips_check_attach(mips_machine *m, mips_checker *ck, const mips_program *prog);

/* Changes the checks (the debugger's setting); what was found stays. */
void mips_check_set(mips_checker *ck, unsigned set);
unsigned mips_check_get(const mips_checker *ck);

/* True when the last mips_run returned MIPS_STOP_LIMIT because a finding
 * stopped it, before the instruction at pc ran; reading it clears it. Run
 * on, and the same finding is not reported (nor stops) again. */
bool mips_check_stopped(mips_checker *ck);

/* Findings reported, and those past the limit that were only counted. */
uint64_t mips_check_found(const mips_checker *ck);
uint64_t mips_check_dropped(const mips_checker *ck);

#endif
