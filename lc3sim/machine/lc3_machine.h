/* The LC-3 machine: memory, registers, PSR and privilege, devices, exceptions
 * and interrupts, as Patt & Patel's 3rd edition and lc3tools define them.
 * A machine is a value: no globals, so a process can run many.
 *
 * Memory map:  x0000-x00FF trap vector table, x0100-x01FF interrupt vector
 * table, x0200-x2FFF operating system and supervisor stack (grows down from
 * x3000), x3000-xFDFF user space, xFE00-xFFFF device registers. */
#ifndef LC3_MACHINE_H
#define LC3_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Device registers. */
enum {
    LC3_KBSR = 0xFE00, /* bit 15: a key is ready; bit 14: interrupt enable */
    LC3_KBDR = 0xFE02, /* the key; reading it clears KBSR[15] */
    LC3_DSR = 0xFE04,  /* bit 15: display ready (always, here) */
    LC3_DDR = 0xFE06,  /* writing prints the low byte */
    LC3_PSR = 0xFFFC,  /* the PSR itself, as lc3tools maps it: reads give it,
                          writes set it (mode, priority, codes) */
    LC3_MCR = 0xFFFE,  /* bit 15: clock enable; clearing it stops the machine */
};

/* Vectors in the interrupt vector table (x0100 + vector). */
enum {
    LC3_VEC_PRIVILEGE = 0x00, /* RTI in user mode */
    LC3_VEC_ILLEGAL = 0x01,   /* opcode 1101 */
    LC3_VEC_ACCESS = 0x02,    /* user access to system space or devices */
    LC3_VEC_KEYBOARD = 0x80,  /* KBSR[15] and KBSR[14], priority 4 */
};

/* PSR: bit 15 user mode, bits 10:8 priority, bits 2:0 N Z P. */
enum {
    LC3_PSR_USER = 0x8000,
    LC3_PSR_N = 4, LC3_PSR_Z = 2, LC3_PSR_P = 1,
};

/* Start-up values, as lc3tools uses them. */
enum {
    LC3_USER_STACK = 0x0000,       /* R6 of a user program at the start, as lc3tools */
    LC3_SUPERVISOR_STACK = 0x3000, /* saved SSP: first push at x2FFF */
    LC3_USER_START = 0x3000,
};

/* What poll_key returns besides a byte. */
enum { LC3_KEY_NONE = -1, LC3_KEY_EOF = -2 };

/* How the machine reaches the outside world. The simulator connects it to
 * the terminal; tests and the debugger supply their own. */
typedef struct lc3_io {
    void *ctx;
    /* Takes the next input byte (0-255), or LC3_KEY_NONE if none has arrived,
     * or LC3_KEY_EOF once input has ended. `may_wait`: the program is polling
     * for a key, so the host may block briefly (milliseconds) instead of
     * letting it spin. */
    int (*poll_key)(void *ctx, bool may_wait);
    /* Prints one byte written to DDR. */
    void (*put_char)(void *ctx, uint8_t byte);
} lc3_io;

typedef enum lc3_stop {
    LC3_STOP_HALTED,    /* MCR[15] was cleared (the OS's HALT) */
    LC3_STOP_LIMIT,     /* the step budget of lc3_run ran out */
    LC3_STOP_INPUT_EOF, /* the program waits for a key and input has ended */
    LC3_STOP_AT_HALT,   /* stop-at-halt is on and the next instruction is the word
                           xF025 (HALT), in any mode; it was not executed */
    LC3_STOP_AT_PC,     /* the pc is at the stop address; that instruction was not
                           executed, and lc3_run stops there again until the pc moves
                           or the stop is disarmed */
    LC3_STOP_CHECK,     /* a checked record is set and the next instruction is one it must
                           see (lc3_set_checked); that instruction was not executed */
    LC3_STOP_EXCEPTION, /* stop-at-exception is on and an instruction raised one: it
                           is counted (lc3_last_exception), the pc is at that
                           instruction and the OS's handler was not entered */
} lc3_stop;

/* An exception the machine raised (not a TRAP, not an interrupt). */
typedef struct lc3_exception_info {
    unsigned vector; /* LC3_VEC_PRIVILEGE, LC3_VEC_ILLEGAL or LC3_VEC_ACCESS */
    uint16_t pc;     /* the instruction that raised it */
} lc3_exception_info;

/* What a vector's exception is, in words for a report: "a privilege
 * violation (RTI in user mode)", "an illegal opcode", "an access
 * violation (...)" (any other vector reads as the access violation). */
const char *lc3_exception_name(unsigned vector);

typedef struct lc3_machine lc3_machine;

/* Everything a machine is besides its memory (device registers included,
 * which live there), its decoded code, its options and its host: what a
 * debugger saves to step back. The machine holds it as one member, so a
 * copy cannot miss a field. */
typedef struct lc3_machine_state {
    uint16_t reg[8];
    uint16_t pc;
    uint16_t psr;             /* bit 15 user, 10:8 priority, 2:0 NZP */
    uint16_t saved_ssp;       /* R6 of the mode not running */
    uint16_t saved_usp;
    bool at_halt;             /* the interpreter left before a HALT (stop-at-halt) */
    bool at_exception;        /* an exception was raised and not entered (stop-at-exception) */
    bool check_stop;          /* the interpreter left before an instruction for the checker */
    bool eof_stop;            /* input has ended and the program keeps polling KBSR */
    unsigned eof_reads;       /* consecutive empty KBSR reads at EOF */
    uint64_t exceptions;      /* raised since lc3_new */
    lc3_exception_info last_exception;
    uint64_t count;           /* instructions executed */
    uint64_t next_poll;       /* count at which to poll the keyboard while KBSR[14] */
    bool key_interrupted;     /* the key in KBDR has raised its interrupt: one a key, as lc3tools */
} lc3_machine_state;

/* The whole state out, and back in (memory is lc3_peek and lc3_poke's). */
void lc3_state_get(const lc3_machine *m, lc3_machine_state *out);
void lc3_state_set(lc3_machine *m, const lc3_machine_state *state);

/* A machine with memory zeroed, MCR clock on, devices idle, PC x0200,
 * supervisor mode. NULL when out of memory. */
lc3_machine *lc3_new(const lc3_io *io);
void lc3_free(lc3_machine *m);

/* Copies words into memory at origin (wrapping at xFFFF), bypassing
 * devices and privilege. */
void lc3_load(lc3_machine *m, uint16_t origin, const uint16_t *words, size_t count);

/* Prepares to run a user program from pc, as lc3tools' first start does:
 * user mode, priority 0, Z set, R6 = LC3_USER_STACK (x0000: a program that
 * pushes sets up its own stack), saved SSP = LC3_SUPERVISOR_STACK, MCR
 * clock on. The other registers and the saved USP are left alone (zero
 * after lc3_new, as in lc3tools). lc3tools differs only on a second start
 * in the same machine, which keeps the PSR's priority and takes R6 from
 * the saved SSP. */
void lc3_start_user(lc3_machine *m, uint16_t pc);

/* Prepares to run a program from pc the way lc3tools starts one: from user
 * space (x3000-xFDFF) as lc3_start_user; from anywhere else in supervisor
 * mode (an interrupt-driven program's setup at x0800 that ends in RTI to
 * user code), priority 0, Z set, R6 = LC3_SUPERVISOR_STACK, and the saved
 * USP = LC3_USER_STACK, which that RTI gives the user code as R6. */
void lc3_start(lc3_machine *m, uint16_t pc);

/* Lets user mode touch device registers and system space (lc3tools'
 * --ignore-privilege); RTI in user mode still faults. */
void lc3_set_ignore_privilege(lc3_machine *m, bool ignore);

/* Stops lc3_run before a HALT instead of entering the OS's routine: what
 * lc3tools' grader calls running until halt, so the halt banner is never
 * printed, while an exception handler's message is, up to its own HALT. */
void lc3_set_stop_at_halt(lc3_machine *m, bool on);

/* Stops lc3_run at an exception (LC3_STOP_EXCEPTION) instead of entering the
 * OS's handler: what lc3sim --check=error does, as the checks' first finding
 * stops the run. The faulting attempt counts as a step. */
void lc3_set_stop_at_exception(lc3_machine *m, bool on);

/* Stops lc3_run when the pc reaches pc (a sentinel return address, a
 * breakpoint), before that instruction runs; checked before the fetch's
 * privilege check, so a user-mode RET to a system-space sentinel stops
 * there instead of faulting. pc may not be in device space (xFE00 up). */
void lc3_set_stop_pc(lc3_machine *m, bool armed, uint16_t pc);

/* What a checker needs the machine to keep for it while it runs freely
 * (lc3sim --check). With a checked record set, lc3_run takes a second copy of the
 * interpreter that fills written and writer/wrote itself and stops
 * (LC3_STOP_CHECK) before each user-mode instruction the checker must see:
 * TRAP, RTI, LDI, STI, an illegal opcode, a JSR or JSRR that faults, a RET
 * that does not match the innermost frame (R7, r7_before_trap, saved), a
 * load into R6, a result into R6 outside x3000-stack_top or before
 * stack_used, a load from user memory (x3000-xFDFF) not marked written,
 * and, while stack_used is false, LDR and STR through R6. The other JSR,
 * JSRR and RET push and pop frames themselves. The checker looks
 * at that one, steps it with the record cleared (so it is not stopped at
 * again), keeps these fields up to date for it, and sets the record again.
 * Without a checked record the interpreter is the plain one, with no test for it. */
typedef struct lc3_checked_frame {
    uint16_t ret;     /* the return address the call left in R7 */
    uint16_t callee;  /* where it went */
    uint16_t call_pc; /* the JSR or JSRR */
    uint16_t regs[8]; /* as they were once it ran */
} lc3_checked_frame;

typedef struct lc3_checked_record {
    uint8_t written[65536 / 8]; /* bit a & 7 of [a >> 3]: a store wrote a (any mode) */
    uint16_t writer[8];         /* the user-mode pc that last wrote each register */
    bool wrote[8];              /* ...once one has */
    bool r7_before_trap;        /* a TRAP ran since R7 was last written */
    bool stack_used;            /* the checker has seen the program use R6 as a stack */
    uint16_t stack_top;         /* ...from here down: R6 staying in x3000-stack_top needs
                                   no look */
    unsigned saved;             /* registers a RET must find as at the call (bit n: Rn) */
    lc3_checked_frame *frames;    /* the active user-mode calls, innermost last... */
    size_t depth;               /* ...how many (past frame_limit only counted) */
    size_t frame_limit;
} lc3_checked_record;

/* Sets the checked record (NULL: none); the machine keeps only the pointer. */
void lc3_set_checked(lc3_machine *m, lc3_checked_record *record);

/* Exceptions raised since lc3_new, and the last one (zeroed if none): how a
 * grader tells that a run faulted, whatever the OS's handler then did. */
uint64_t lc3_exception_count(const lc3_machine *m);
lc3_exception_info lc3_last_exception(const lc3_machine *m);

/* Runs until the machine stops or max_steps instructions have executed.
 * Steps executed are added to the instruction count. */
lc3_stop lc3_run(lc3_machine *m, uint64_t max_steps);

/* State, for the CLI, the debugger and tests. Reads and writes here have no
 * device side effects and ignore privilege; at LC3_PSR they read and set
 * the PSR, the word a program sees there. */
uint16_t lc3_reg(const lc3_machine *m, unsigned r);
void lc3_set_reg(lc3_machine *m, unsigned r, uint16_t value);
uint16_t lc3_pc(const lc3_machine *m);
void lc3_set_pc(lc3_machine *m, uint16_t pc);
uint16_t lc3_psr(const lc3_machine *m);
void lc3_set_psr(lc3_machine *m, uint16_t psr);
uint16_t lc3_saved_ssp(const lc3_machine *m);
uint16_t lc3_saved_usp(const lc3_machine *m);
uint16_t lc3_peek(const lc3_machine *m, uint16_t addr);
void lc3_poke(lc3_machine *m, uint16_t addr, uint16_t value);
uint64_t lc3_instruction_count(const lc3_machine *m);

#endif
