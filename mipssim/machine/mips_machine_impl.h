/* Private to the MIPS machine: its state and the calls between its parts,
 * which stand one way: mips_decode.c (mips_decode.h, no state) under
 * mips_memory.c (MARS's memory map, its blocks and the placed code) under
 * mips_exec.c and mips_exec_slow.c (the interpreter: the frequent
 * instructions, the rare and floating-point ones) under mips_machine.c
 * (state, loading, mips_run). */
#ifndef MIPS_MACHINE_IMPL_H
#define MIPS_MACHINE_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "mips_decode.h"
#include "mips_isa.h"
#include "mips_machine.h"

enum {
    MIPS_PAGE_BITS = 12, /* MARS allocates memory in 4 KiB blocks */
    MIPS_PAGE_WORDS = 1024,
    MIPS_PAGE_COUNT = 1 << 20,
    MIPS_SEG_SPAN = 0x400000,      /* MARS's text, ktext, data and kdata hold 4 MiB each */
    MIPS_STACK_LOW = 0x7fbffffc,   /* MARS's stackLimitAddress (exclusive) */
    MIPS_STACK_HIGH = 0x7ffffffc,  /* MARS's stackBaseAddress (inclusive) */
    MIPS_STATUS_EXL = 1u << 1,
};

/* Segment bounds (exclusive), as addresses; some exceed int, so no enum. */
#define MIPS_TEXT_LIMIT ((uint32_t)MIPS_TEXT_END)
#define MIPS_KTEXT_LIMIT (0x80000000u + 0x400000u)
#define MIPS_KDATA_LIMIT (0x90000000u + 0x400000u)

/* 4 KiB of .text or .ktext: the words and their decoded forms. */
typedef struct mips_text_page {
    uint32_t word[MIPS_PAGE_WORDS];
    /* NONE where no instruction was placed; then PAGE_END, so that the
     * interpreter's fetch needs no range test */
    mips_decoded dec[MIPS_PAGE_WORDS + 1];
} mips_text_page;

enum { MIPS_TEXT_PAGES = MIPS_SEG_SPAN >> MIPS_PAGE_BITS };

/* Allocates a zeroed block of size bytes that the machine frees with itself
 * (mips_memory.c); NULL when out of memory. */
void *mips_block_alloc(mips_machine *m, size_t size);

/* Sets the text slot of addr (in .text or .ktext) to page, widening the
 * range that mips_machine_clear empties (mips_machine.c). */
void mips_text_slot_set(mips_machine *m, uint32_t addr, mips_text_page *page);

struct mips_machine {
    mips_machine_state state; /* everything a snapshot holds (mips_machine.h) */
    mips_machine_options options;
    uint32_t **pages;    /* MIPS_PAGE_COUNT entries: data, stack, kdata, MMIO
                            blocks as words; NULL = never allocated */
    mips_text_page *text[2][MIPS_TEXT_PAGES]; /* .text, .ktext; NULL = no code */
    uint16_t text_lo[2], text_hi[2]; /* text[s][lo..hi) holds every page set, so
                                        mips_machine_clear empties 16 KB of slots
                                        by what was used (mips_text_slot_set) */
    const mips_machine *code_owner; /* mips_machine_load_shared: whose text pages
                                       these are, until one is copied */
    void **blocks;        /* every page allocated, so freeing a machine costs what
                             it used, not a walk over the whole table (a grader
                             makes a machine per call) */
    size_t block_count, block_capacity;
    uint32_t *paged;      /* the pages entries set, so mips_machine_clear empties
                             the table without a walk over it */
    size_t paged_count, paged_capacity;
    mips_fresh_word fresh; /* mips_set_fresh_words; NULL: never-written words are 0 */
    void *fresh_ctx;
    mips_step_hook step_hook; /* mips_set_step_hook; NULL: none */
    void *step_ctx;
    mips_rows rows;       /* how each row of mips_basic.def is decoded */
    /* The MMIO keyboard and display (mips_mmio.c), when attached: where the
     * transmitter's characters go, the rest of its 4 KiB (which stays out
     * of pages, so every access to it leaves the interpreter's fast path),
     * and the run's clock for the device: exec_base is the count when
     * mips_execute began, exec_ran what it had run at a slow access; a
     * store that starts the transmitter's delay sets dev_cut, and the
     * interpreter then stops after dev_left more instructions. */
    mips_mmio_sink mmio_sink;
    void *mmio_ctx;
    uint32_t *mmio_page;
    uint64_t exec_base, exec_ran, dev_left;
    bool dev_cut;
    struct mips_checker *checker; /* --check (mips_check.h); NULL: the plain loop */
};

/* Decodes word as if placed at addr, by m's row tables (mips_memory.c). */
mips_decoded mips_decode_word(const mips_machine *m, uint32_t word, uint32_t addr);

/* The text page holding addr (in .text or .ktext), or NULL. */
mips_text_page *mips_text_page_of(const mips_machine *m, uint32_t addr);

/* Places a word of code at addr (.text or .ktext, word-aligned) and
 * decodes it; false when out of memory or addr is no text address. */
bool mips_place_code(mips_machine *m, uint32_t addr, uint32_t word);

/* MARS runs a branch its assembler made with the whole word offset its
 * statement holds (offset, from the program's origin), even one the 16-bit
 * field cut; the code placed at addr takes it if it is such a branch. (bc1t
 * and bc1f, run from the word, keep the field's offset.) */
void mips_keep_branch_offset(mips_machine *m, uint32_t addr, int32_t offset);

/* Memory as the program sees it; -1 on success, else the mips_error_kind
 * (the faulting address is addr). Loads zero-extend. */
int mips_mem_load(mips_machine *m, uint32_t addr, unsigned size, uint32_t *value);
int mips_mem_store(mips_machine *m, uint32_t addr, unsigned size, uint32_t value);

/* Takes exception kind raised by the instruction at fault_pc: sets CP0 as
 * MARS does (handler or not); with a handler at 0x80000180 returns true
 * with *pc the handler, otherwise records the error and returns false. */
bool mips_exception(mips_machine *m, mips_error_kind kind, uint32_t fault_pc, uint32_t address,
                    int32_t code, uint32_t *pc);

/* The device's part of a slow access to the MMIO page while it is
 * attached (mips_mmio.c); same results as mips_mem_load/store. */
int mips_mmio_load(mips_machine *m, uint32_t addr, unsigned size, uint32_t *value);
int mips_mmio_store(mips_machine *m, uint32_t addr, unsigned size, uint32_t value);
/* Before mips_run runs on (mips_mmio.c): ends a due transmitter delay,
 * takes a pending interrupt (false, with *stop, when the run must end) and
 * cuts *steps to the delay's end. */
bool mips_mmio_before(mips_machine *m, uint64_t *steps, mips_stop *stop);

enum { MIPS_MMIO_PAGE = 0xffff0 };

/* Results of mips_exec_slow besides an error kind (>= 0). */
enum { MIPS_SLOW_OK = -1, MIPS_SLOW_BRANCH = -2, MIPS_SLOW_JUMP = -3 };

/* Runs one SLOW instruction (the word) at pc (m->state.pc is pc + 4). Returns
 * MIPS_SLOW_OK, MIPS_SLOW_BRANCH with *target set (a taken branch, which
 * delayed branching defers), MIPS_SLOW_JUMP with *target (eret: at once),
 * or an error kind with *address and *code for the message. */
int mips_exec_slow(mips_machine *m, unsigned op, uint32_t word, uint32_t pc, uint32_t *target,
                   uint32_t *address, int32_t *code);

/* What mips_execute stopped for. */
typedef enum mips_exec_end {
    MIPS_END_BUDGET, /* ran out of steps */
    MIPS_END_DELAY,  /* delayed branching: a taken branch is pending in m */
    MIPS_END_SYSCALL,
    MIPS_END_EXIT,
    MIPS_END_ERROR,
    MIPS_END_CHECK,  /* a finding stopped the run before the instruction at pc */
} mips_exec_end;

/* Runs up to budget instructions from m->state.pc; *ran says how many ran. */
mips_exec_end mips_execute(mips_machine *m, uint64_t budget, uint64_t *ran);
/* The same with m->checker's checks (mips_exec_checked.c). */
mips_exec_end mips_execute_checked(mips_machine *m, uint64_t budget, uint64_t *ran);
/* The same calling m->step_hook before each instruction (mips_exec_hooked.c). */
mips_exec_end mips_execute_hooked(mips_machine *m, uint64_t budget, uint64_t *ran);

#endif
