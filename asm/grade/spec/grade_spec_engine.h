/* Grading by a spec, for any ISA (docs/grader-spec.md): each function's
 * cases drawn once, run on the reference (which must keep every convention,
 * or the spec is wrong) and then on the submission with the same noise, and
 * compared as the spec says; each program test run whole on both and its
 * output scored. What runs a case or a program is the machine's
 * (grade_spec_machine: the MIPS one in mipssim/grade/spec_mips.c, the
 * LC-3's in lc3sim/grade); what is compared, scored and reported is here. */
#ifndef GRADE_SPEC_ENGINE_H
#define GRADE_SPEC_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grade_findings.h"
#include "grade_rng.h"
#include "grade_spec.h"
#include "grade_spec_draw.h"
#include "grade_spec_files.h"
#include "grade_spec_report.h"

typedef enum grade_spec_side { GRADE_SPEC_REFERENCE, GRADE_SPEC_SUBMISSION } grade_spec_side;

enum { GRADE_SPEC_COMPARES_MAX = 8, GRADE_SPEC_LIST_MAX = 2048 };

/* A list a run left (`compare list $v0 of node`): its nodes' bytes in the
 * order their links give, and how the walk ended. */
typedef enum grade_spec_list_end {
    GRADE_SPEC_LIST_NULL,       /* a link of 0: the list's end */
    GRADE_SPEC_LIST_UNREADABLE, /* a node at an address the machine cannot read */
    GRADE_SPEC_LIST_ENDLESS,    /* more than GRADE_SPEC_LIST_MAX nodes: a cycle */
} grade_spec_list_end;

typedef struct grade_spec_list {
    uint8_t *nodes;             /* node k at k * the record's size */
    uint32_t count;
    grade_spec_list_end end;
    uint32_t bad;               /* UNREADABLE: the address */
} grade_spec_list;

enum { GRADE_SPEC_REGS_MAX = 64, GRADE_SPEC_PRINTED_MAX = 64 << 10 };

/* What one run of a function's case left. */
typedef struct grade_spec_run {
    bool returned;              /* it came back: its results are compared */
    bool faulted;               /* a machine fault (an exception) ended it */
    uint64_t instructions;
    grade_findings problems;    /* how it ended when it did not return, each
                                   convention it broke */
    grade_findings hiding;      /* for the TA, no points ($f registers) */
    uint32_t saved, written;    /* registers it saved on its stack / wrote */
    uint32_t calls[4];          /* calls of must_call[i] made (jal, jalr, tail calls) */
    uint64_t syscalls;          /* bit s: it made syscall s */
    uint32_t regs[GRADE_SPEC_REGS_MAX];
    uint8_t *memory[GRADE_SPEC_ARGS_MAX]; /* each pointer argument's bytes after */
    char *printed;              /* when the function compares output */
    size_t printed_len;
    grade_spec_files files;     /* when it compares files: its folder's after */
    grade_spec_list lists[GRADE_SPEC_COMPARES_MAX]; /* compare i of a list: its nodes */
} grade_spec_run;

void grade_spec_run_free(grade_spec_run *r);

/* Every list fn compares, walked from its register in out->regs through a
 * machine's memory (read: false when it cannot read those bytes). */
void grade_spec_lists_read(const grade_spec_function *fn,
                           bool (*read)(void *ctx, uint32_t address, void *bytes, size_t len),
                           void *ctx, grade_spec_run *out);

/* Compare c, a list, of got against want: each difference a problem. */
void grade_spec_list_compare(const grade_spec_compare *c, const char *reg,
                             const grade_spec_list *got, const grade_spec_list *want,
                             grade_findings *problems);

/* What one run of a program test left. */
typedef struct grade_spec_program_run {
    bool ended;                 /* it ended as a program ends */
    char why[512];              /* else why not, in plain words */
    char *output;
    size_t output_len;
    uint64_t instructions;
    grade_spec_files files;     /* when the test compares files: its folder's after */
    char replay[192];           /* what a student needs to see the run's clock and random
                                   numbers again, said when the test loses points;
                                   empty: the run used neither */
    /* When it ended: the registers, and the bytes of each of the test's
     * results in memory (grade_spec_program.results; the LC-3's words as
     * two little-endian bytes each), memory_len bytes. */
    uint32_t regs[GRADE_SPEC_REGS_MAX];
    uint8_t *memory[GRADE_SPEC_RESULTS_MAX];
    uint32_t memory_len[GRADE_SPEC_RESULTS_MAX];
} grade_spec_program_run;

void grade_spec_program_run_free(grade_spec_program_run *r);

/* The calls the ISA's grader gives the engine. ctx is theirs. */
typedef struct grade_spec_machine {
    const grade_spec_isa *isa;
    uint32_t layout_base, layout_gap; /* where a case's structures go */
    uint32_t word_mask;               /* a register's bits: 0xffffffff, 0xffff */
    /* One run of fn on the state st (laid out), noise from a copy of its
     * stream, within st->budget instructions; must_call the callees this
     * case requires (NULL-ended), but those in st->watch_only are only
     * counted in out->calls. out arrives zeroed but for files.items
     * (files.count is 0): grade_spec_files_read fills them. */
    void (*run_case)(void *ctx, grade_spec_side side, const grade_spec_function *fn,
                     const grade_spec_state *st, const char *const *must_call,
                     grade_rng noise, grade_spec_run *out);
    /* One run of a program test, its memory inputs from st (placed at
     * their addresses; NULL: none), the registers and results read when it
     * ends; false when it could not be run at all. */
    bool (*run_program)(void *ctx, grade_spec_side side, const grade_spec_program *pr,
                        const grade_spec_state *st, grade_spec_program_run *out);
    /* The practices over all of a function's cases (may be NULL). */
    void (*practices)(void *ctx, uint32_t saved, uint32_t written, const char *prefix,
                      grade_findings *warnings);
    void (*register_name)(unsigned reg, char *buf, size_t size);
} grade_spec_machine;

typedef struct grade_spec_engine {
    const grade_spec *spec;
    const char *only;           /* one part by name; NULL: all */
    int random_cases;           /* per function in place of the spec's; 0: the spec's */
    grade_spec_report *report;  /* seed, submission set; tests, score filled */
    const grade_spec_machine *machine;
    void *ctx;
    /* Where this grading's structures go, above both programs' own data;
     * 0: the machine's layout_base. */
    uint32_t layout_base;
    int program_case;           /* the program test's run being made, from 0 */
    /* While a function or program test is graded: what its reference
     * broke (the spec is wrong in that part alone), gathered by
     * grade_spec_engine_error. */
    bool in_function;
    grade_findings function_wrong;
} grade_spec_engine;

/* Every function and program test the engine's only leaves, then the
 * score (0 when the spec turned out wrong: report->error). */
void grade_spec_engine_run(grade_spec_engine *e);

/* Sets the report's error (the spec is at fault, nothing is graded); the
 * first one stays. While a function is graded, the fault is that
 * function's alone: it is kept with the others found there, and only that
 * function goes ungraded. */
void grade_spec_engine_error(grade_spec_engine *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Whether name is a function or program test of the spec (--only's check). */
bool grade_spec_names_part(const grade_spec *spec, const char *name);

/* The points of the parts graded: all, or only's. */
double grade_spec_engine_points(const grade_spec *spec, const char *only);

/* A new report of the grading of path: nothing graded yet, the seed, the
 * points only's parts are worth. */
void grade_spec_report_start(grade_spec_report *r, const grade_spec *spec, const char *path,
                             uint64_t seed, const char *only);

/* Every program test (grade_spec_engine_run calls it after the functions). */
void grade_spec_engine_programs(grade_spec_engine *e);

/* Part (a function, or function_count + a program test) not graded: the
 * spec is wrong there (e->function_wrong says how); its tests from
 * first_test on out of the report, its points out of the maximum. */
void grade_spec_engine_part_wrong(grade_spec_engine *e, int part, size_t first_test,
                                  double points);

/* A program test's results (grade_spec_engine_results.c): each of pr's
 * results in got against want, share points for each that matches; each
 * difference a problem (records by field: st is the run's inputs). The
 * reference's run must have read them all. */
double grade_spec_results_score(const grade_spec_engine *e, const grade_spec_program *pr,
                                const grade_spec_state *st, const grade_spec_program_run *want,
                                const grade_spec_program_run *got, double share,
                                grade_findings *problems);

/* A function case compared (grade_spec_engine_compare.c): got (the
 * submission's run) against want (the reference's) or the hand-written
 * case's answers, st its inputs, overruled the registers held to a
 * written `expect wins` answer instead; each difference into problems. */
void grade_spec_compare_runs(const grade_spec_engine *e, const grade_spec_function *fn,
                             const grade_spec_case *hand, const grade_spec_state *st,
                             const grade_spec_run *want, const grade_spec_run *got,
                             uint64_t overruled, grade_findings *problems);
/* Whether the reference's run (want) keeps the spec on the case labelled
 * label: else the engine's error is set (the spec is wrong). Under `expect
 * wins` a written answer it misses is a warning, its register in
 * *overruled. */
bool grade_spec_reference_keeps_spec(grade_spec_engine *e, const grade_spec_function *fn,
                                     const grade_spec_case *hand, const char *label,
                                     const grade_spec_run *want, uint64_t *overruled);

/* A case's callees and budget (grade_spec_engine_calls.c). Before the
 * reference's run: must_call (NULL-ended) and st's budget and watch_only,
 * the callees the arguments require, those `when the reference does` (and
 * the one a budget counts) only counted; returns the must_call index whose
 * calls the budget counts, or -1. Before the submission's: what the
 * reference's run (want) decided: the callees it called `when the
 * reference does`, those a condition on the state after the call requires
 * (which the reference must have called), the budget by its calls. The
 * reference must keep those, or the spec is wrong (false, the engine's
 * error set). */
int grade_spec_reference_needs(const grade_spec_function *fn, grade_spec_state *st,
                               const char **must_call);
bool grade_spec_submission_needs(grade_spec_engine *e, const grade_spec_function *fn,
                                 const char *label, int budget_slot, const grade_spec_run *want,
                                 grade_spec_state *st);
bool grade_spec_reference_in_budget(grade_spec_engine *e, const grade_spec_function *fn,
                                    const char *label, int budget_slot,
                                    const grade_spec_run *want, const grade_spec_state *st);

#endif
