/* gen_lc3.h: the LC-3 program generator's state and its parts. A program
 * is one block at its start address: a branch over the data (values W<n>,
 * pointers P<n>, strings S<n>, a buffer BUF), a prologue that loads the
 * registers with boundary values, SLOTS slots each followed by a label
 * L<n>, and an epilogue that prints the registers and the condition codes
 * and halts. Other .ORIG blocks hold data the pointers reach. Branches,
 * jumps and calls only go forward to a later L<n>, and one counted loop at
 * most goes back, so every program ends; the step limit is the backstop. */
#ifndef DIFFFUZZ_GEN_LC3_H
#define DIFFFUZZ_GEN_LC3_H

#include "gen.h"

/* The data labels every program has: W0-W(LC3_VALUES-1) values,
 * P0-P(LC3_POINTERS-1) pointers, S0-S(LC3_STRINGS-1) strings. */
enum { LC3_VALUES = 12, LC3_POINTERS = 10, LC3_STRINGS = 3 };

struct lc3_gen {
    struct rng rng;
    const struct weight *weights;
    struct text text;   /* the slots' statements */
    struct text input;  /* the keys */
    struct gen_place place;
    int supervisor;     /* the program starts in supervisor mode */
    int r6_stack;       /* started in supervisor mode: R6 may be the stack, no slot writes it */
    unsigned local;     /* numbers local labels (polling loops) */
    unsigned ascii_strings; /* bit k: S<k> has no byte over x7F */
};

/* R, or R5 for R6 while R6 may be the supervisor stack. */
unsigned lc3_not_stack(const struct lc3_gen *gen, unsigned r);
/* A register R0-R7 a slot may write (R7 is the link register: only
 * sometimes). */
unsigned lc3_register(struct lc3_gen *gen);
/* A label L<n> after the current slot. */
unsigned lc3_forward_label(struct lc3_gen *gen);
/* An operand of a signed field: the boundaries of BITS bits mostly (a
 * store on the buffer keeps inside it), as "#n" or "xN"; out of the
 * FIELD_BITS-bit field as the weight out_of_range says. */
void lc3_signed_operand(struct lc3_gen *gen, unsigned bits, unsigned field_bits, char *out, size_t size);
/* Adds a key for a read, as many times as the slot may run; a key over
 * x7F only as often as the weight "high_keys" says. */
void lc3_add_key(struct lc3_gen *gen);
/* Masks a key read into register REG to its low byte, unless the weight
 * raw_keys says to keep it. */
void lc3_mask_key(struct lc3_gen *gen, unsigned reg);

/* One slot's statements of each kind. */
void lc3_emit_form(struct lc3_gen *gen);
void lc3_emit_trap(struct lc3_gen *gen);
void lc3_emit_device(struct lc3_gen *gen);
void lc3_emit_print(struct lc3_gen *gen);
void lc3_emit_error(struct lc3_gen *gen);
void lc3_emit_privilege(struct lc3_gen *gen);

/* The data every program has, after the opening branch. */
void lc3_emit_data(struct lc3_gen *gen, struct text *out, unsigned blocks);
/* The other .ORIG blocks (BK0 ... BK(blocks-1)), after the main one. */
void lc3_emit_blocks(struct lc3_gen *gen, struct text *out, unsigned blocks);
/* The register printer PRHEX and its data, after the epilogue's HALT. */
void lc3_emit_printer(struct text *out);

#endif
