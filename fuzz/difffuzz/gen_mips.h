/* gen_mips.h: the MIPS program generator's state and its parts. A program
 * is a prologue (registers at boundary values), SLOTS slots each followed
 * by a label L<n>, and an epilogue that prints the registers. Branches and
 * jumps only go forward to a later L<n>, and one counted loop at most goes
 * back, so every program ends; the step limit word is the backstop. */
#ifndef DIFFFUZZ_GEN_MIPS_H
#define DIFFFUZZ_GEN_MIPS_H

#include "gen.h"

struct mips_gen {
    struct rng rng;
    const struct weight *weights;
    struct text text;  /* the .text statements */
    struct text data;  /* the .data statements */
    struct text input; /* standard input, a line per read */
    struct gen_place place;
    unsigned data_items; /* d0, d1, ...: the labels of extra data */
};

/* Registers a slot may write: none of those the prologue sets up ($s5, $s6,
 * $s7), the syscall registers, $at, $k0/$k1, $gp, $sp, $fp, $ra. */
const char *mips_free_register(struct mips_gen *gen);
/* A label L<n> at or after the current slot's end. */
unsigned mips_forward_label(struct mips_gen *gen);
/* A value drawn from the boundary values or the class a literal in MARS's
 * example shows ("-100", "100", "10", "100000", "1"), as the text of an
 * operand (decimal or hex). */
void mips_number(struct mips_gen *gen, const char *example_literal, char *out, size_t size);

/* One slot's statements of each kind. */
void mips_emit_form(struct mips_gen *gen, int pseudo);
void mips_emit_syscall(struct mips_gen *gen);
void mips_emit_runtime_error(struct mips_gen *gen);
void mips_emit_print(struct mips_gen *gen);
void mips_emit_data_item(struct mips_gen *gen);
void mips_emit_fpu_edge(struct mips_gen *gen);

/* Parts of the program outside the slots. */
void mips_emit_fixed_data(struct mips_gen *gen);
void mips_emit_handler(struct mips_gen *gen, struct text *out);
/* An input line for a read syscall (5, 6, 7, 8, 12), written as many times
 * as the slot may run. */
void mips_add_input(struct mips_gen *gen, int service);

#endif
