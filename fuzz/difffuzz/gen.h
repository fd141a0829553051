/* gen.h: what the differential fuzzer's program generators share: a seeded
 * random source (the same seed gives the same program on every host), text
 * buffers, tunable weights, the command line, the slots' layout (labels and
 * the counted loop) and the boundary values operands are drawn from. */
#ifndef DIFFFUZZ_GEN_H
#define DIFFFUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>

struct rng {
    uint64_t state;
};

void rng_seed(struct rng *rng, uint64_t seed);
uint32_t rng_next(struct rng *rng);
/* A number in [0, n); n > 0. */
uint32_t rng_below(struct rng *rng, uint32_t n);
/* True with probability percent / 100. */
int rng_percent(struct rng *rng, unsigned percent);

/* A growing text; out of memory ends the program (a generator has no way
 * to go on without its output). */
struct text {
    char *bytes;
    size_t length, capacity;
};

void text_printf(struct text *text, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void text_free(struct text *text);
/* Frees the n texts of a list. */
void texts_free(struct text *const *texts, size_t n);
int text_write_file(const struct text *text, const char *dir, const char *name,
                    const char *suffix);

/* Weights a developer tunes (--weights FILE: lines "name value", '#'
 * starts a comment). Each names the relative share of a kind of statement,
 * or a percentage for the yes/no choices. */
struct weight {
    const char *name;
    unsigned value;
    const char *meaning;
};

/* Reads FILE into WEIGHTS (a list ended by a null name); 0 on success,
 * else prints file:line: message and returns -1. */
int weights_read(struct weight *weights, const char *file);
unsigned weight_of(const struct weight *weights, const char *name);
/* Picks an index by the weights named in NAMES (n of them). */
size_t pick_weighted(struct rng *rng, const struct weight *weights,
                     const char *const *names, size_t n);

/* The command line both generators take:
 *   TOOL [--weights FILE] [--name NAME] SEED DIR
 *   TOOL --list-weights */
struct gen_args {
    const char *name; /* the files' name: NAME.asm, ...; "p" by default */
    const char *seed, *dir;
};

/* Reads argv into args, --weights FILE into weights. -1: go on; else the
 * exit status: 0 after --list-weights (printed with the names in a column
 * name_width wide), 2 after a usage or weights error. */
int gen_read_args(int argc, char **argv, const char *tool, struct weight *weights,
                  int name_width, struct gen_args *args);

/* Where a generator is among its program's slots. */
struct gen_place {
    unsigned slot;  /* the slot being written, from 0 */
    unsigned count; /* slots in the program */
    int in_loop;    /* the slot is inside the counted loop (runs 3 times) */
};

/* A generator's start: the command line read (gen_read_args), rng seeded
 * from SEED and place->count drawn from the weights slots_min and
 * slots_max. -1: go on; else the exit status. */
int gen_begin(int argc, char **argv, const char *tool, struct weight *weights, int name_width,
              struct gen_args *args, struct rng *rng, struct gen_place *place);

/* What an ISA writes around its slots: before the counted loop's first
 * slot, after its last, and after a slot's label L<n>. */
struct gen_frame {
    const char *loop_head, *loop_tail, *label_end;
};

/* Writes the slots to text through emit_slot(gen), each followed by its
 * label L<n>, and a counted loop around a span of them as the weight
 * "loop" says; place says where the writing is. */
void gen_write_slots(struct gen_place *place, struct rng *rng, const struct weight *weights,
                     struct text *text, const struct gen_frame *frame,
                     void (*emit_slot)(void *gen), void *gen);

/* The boundary values of issue 31: 0, 1, -1, 0x7fff, 0x8000, 0xffff,
 * 0x7fffffff, 0x80000000, and their neighbours. */
extern const int64_t boundary_values[];
extern const size_t boundary_count;

#endif
