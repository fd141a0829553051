/* One case of a spec's function, made from the model (grade_spec.h): the
 * arguments drawn from their generators with a grading's random stream,
 * a hand-written case's values on top, the preconditions, the layout of
 * the structures in memory, the budget. ISA-free: an engine (the MIPS one,
 * spec_mips.c; the LC-3's next) writes the bytes and words into its
 * machine. Multi-byte elements and fields are little-endian, as MARS's
 * memory is. */
#ifndef GRADE_SPEC_DRAW_H
#define GRADE_SPEC_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "grade_rng.h"
#include "grade_spec.h"

/* A pointer inside a value's bytes to be filled in once the structures
 * have their addresses (grade_spec_layout): a string table's strings, a
 * record's string field, an input that points to another. */
enum { GRADE_SPEC_RELOC_WORD = UINT32_MAX }; /* grade_spec_reloc.at: the value's word */

typedef struct grade_spec_reloc {
    uint32_t at;      /* the pointer's first byte in the value's bytes (4, little-endian),
                         or GRADE_SPEC_RELOC_WORD: the argument is the pointer */
    int target;       /* the argument it points into, or -1: the value's own bytes */
    uint32_t offset;  /* the byte it points to, in the target's bytes */
    uint32_t count;   /* a record's array field: its elements (for messages) */
} grade_spec_reloc;

typedef struct grade_spec_value {
    uint32_t word;    /* what the function receives: the number, or the address */
    uint8_t *bytes;   /* a pointer argument's contents (malloc'd), else NULL */
    uint32_t size;    /* bytes */
    uint32_t length;  /* characters, elements, bytes, fields: what 'length' gives */
    char *file;       /* file-name: the bytes of the file the case's own folder holds
                         under the name in bytes (malloc'd), NULL: no such file */
    uint32_t file_len;
    /* Mixed elements (a string table, records): each element's size in
     * bytes, in order, negative when it is signed (a word machine extends
     * it), covering the bytes; NULL: the generator says (grade_spec_words). */
    int8_t *units;
    uint32_t unit_count;
    grade_spec_reloc *relocs; /* malloc'd, or NULL */
    uint32_t reloc_count;
} grade_spec_value;

typedef struct grade_spec_state {
    grade_spec_value values[GRADE_SPEC_ARGS_MAX];
    int count;
    /* What the engine holds the next run to (set before each): the
     * instructions it may run, and the callees of its must_call list that
     * are only counted (grade_spec_run's calls), not required. */
    uint64_t budget;
    uint32_t watch_only;
    /* 1 + the argument whose address argument i gets (a case's `s2 = s1`:
     * no bytes of its own), or 0 */
    uint8_t same_as[GRADE_SPEC_ARGS_MAX];
    int32_t lets[GRADE_SPEC_LETS_MAX]; /* the drawn lets' values */
    bool settled;     /* the formula arguments' words are final (after the set steps) */
    bool divided_by_zero; /* an expression divided by 0 on this draw: a spec error */
    const grade_expr *followed_null; /* what followed a null pointer: a spec error */
    int past_end;     /* 1 + an argument a hand-written case points past the end of
                         (NAME[INDEX] beyond it): a spec error; 0: none */
    const char *keys;  /* what the call reads (the case's or the function's stdin), or NULL */
    size_t key_count;
} grade_spec_state;

/* Random arguments for fn meeting its preconditions (drawn again, at most
 * GRADE_SPEC_TRIES times). False when none met them: a spec error. */
enum { GRADE_SPEC_TRIES = 1000 };
bool grade_spec_draw(const grade_spec_function *fn, grade_rng *rng, grade_spec_state *st);

/* Hand-written case k: drawn arguments (without preconditions: the TA
 * chose), then k's values over them. */
void grade_spec_draw_case(const grade_spec_function *fn, const grade_spec_case *k,
                          grade_rng *rng, grade_spec_state *st);

/* The set steps and the preconditions (grade_spec_eval.c): the sets
 * applied in order, then the formula arguments computed (settled); then
 * whether every precondition holds. */
void grade_spec_apply_sets(const grade_spec_function *fn, grade_spec_state *st);
void grade_spec_settle(const grade_spec_function *fn, grade_spec_state *st, const bool *given);
bool grade_spec_requires_hold(const grade_spec_function *fn, grade_spec_state *st);
/* Evaluates expression e of fn on a case: st the state drawn (before the
 * call), after each pointer argument's bytes after the reference's run
 * (NULL: none yet; `after` then reads the state before and `changed` is
 * 0). */
int64_t grade_expr_eval(const grade_expr *e, const grade_spec_function *fn,
                        const grade_spec_state *st, uint8_t *const *after);

/* Whether the case needs callee i of fn's must-call list: 1 without a
 * condition, else whether its condition holds. With after NULL (before
 * the reference's run) a condition that reads the state after the call is
 * not known yet: -1. Else after holds each pointer argument's bytes after
 * the reference's run. (`when the reference does` is the engine's.) */
int grade_spec_callee_needed(const grade_spec_function *fn, int i, const grade_spec_state *st,
                             uint8_t *const *after);
/* Places the pointer arguments from base up (each word-aligned, gap bytes
 * apart), setting their words to the addresses, then fills in the
 * pointers between them (grade_spec_relocate). */
void grade_spec_layout(const grade_spec_function *fn, grade_spec_state *st, uint32_t base,
                       uint32_t gap);

/* Writes each value's pointers (relocs) with the addresses its targets
 * have now; on a machine of word elements an offset counts words. */
void grade_spec_relocate(const grade_spec_function *fn, grade_spec_state *st,
                         bool word_elements);

/* The maps of mixed elements (units and relocs, both zeroed; 0: none) of
 * v, the old ones freed; a string table's bytes made of text (count
 * NUL-ended strings): the pointers, then the strings. */
void grade_spec_value_maps(grade_spec_value *v, uint32_t units, uint32_t relocs);
/* v's bytes replaced by bytes (size of them, length elements), its maps
 * dropped; a value's zeroed bytes (never NULL: out of memory aborts); a
 * character of set (grade_spec_draw.c). */
void grade_spec_value_set(grade_spec_value *v, uint8_t *bytes, uint32_t size, uint32_t length);
uint8_t *grade_spec_alloc_bytes(uint32_t size);
char grade_spec_pick_char(const char *set, grade_rng *rng);
/* A file argument: its name into v's bytes, its text (a grid file drawn
 * with rng) into v's file (grade_spec_draw_file.c). */
void grade_spec_draw_file_name(const grade_gen *g, grade_rng *rng, grade_spec_value *v);
void grade_spec_value_strings(grade_spec_value *v, const char *text, size_t text_len,
                              uint32_t count);

/* A hand-written case's records: for record k's field i (at k x fields +
 * i), its number (a pointer: the element of its target) or its string. */
typedef struct grade_spec_record_values {
    const int32_t *numbers;
    char *const *texts;
} grade_spec_record_values;

/* Argument arg of fn (records) made of count records, drawn, or given
 * (NULL: drawn), after the arguments before it (grade_spec_draw_record.c);
 * the bytes an element of g takes (a string table's: its pointer). */
void grade_spec_records_make(const grade_spec_function *fn, int arg, uint32_t count,
                             const grade_spec_record_values *given, grade_rng *rng,
                             grade_spec_state *st);
uint32_t grade_spec_element_bytes(const grade_gen *g);
/* Argument arg of fn (a pointer) made the address of element index of
 * the argument it points into, once laid out. */
void grade_spec_point(const grade_spec_function *fn, int arg, uint32_t index,
                      grade_spec_state *st);

/* The instructions the case may run: base + per x the size it grows with.
 * A budget `per call of LABEL` is known only from the reference's run:
 * this gives the reference's cap, and grade_spec_budget_for_calls the
 * budget once its calls are counted. */
enum { GRADE_SPEC_REFERENCE_CAP = 100000000 };
uint64_t grade_spec_budget(const grade_spec_function *fn, const grade_spec_state *st);
uint64_t grade_spec_budget_for_calls(const grade_spec_function *fn, uint64_t calls);

/* One comparison of two numbers (`expect $v0 < 0`). */
bool grade_spec_compare_values(grade_op op, int64_t a, int64_t b);

/* One draw in this many is an edge (lo, hi, 0, lo + 1, hi - 1; a set's
 * first or last character) unless the generator says `uniform`. */
enum { GRADE_SPEC_EDGE_ODDS = 4 };

/* "s=\"abc\" n=3" for messages: the arguments as the TA would write them
 * (long ones cut). */
void grade_spec_describe(const grade_spec_function *fn, const grade_spec_state *st, char *buf,
                         size_t size);

void grade_spec_state_free(grade_spec_state *st);

#endif
