/* The cases of the MipsHack suite: the handout's worked examples and random
 * states, each inside the preconditions of its function's section
 * (docs/grader.md, "What the handout allows"), and the helpers a case needs
 * the function to call. hw4_suite.c runs them. */
#ifndef HW4_CASES_H
#define HW4_CASES_H

#include <stdbool.h>
#include <stdint.h>

#include "mips_checked_call.h"
#include "hw4_model.h"

enum hw4_fn {
    FN_INIT_GAME, FN_IS_VALID_CELL, FN_GET_CELL, FN_SET_CELL, FN_REVEAL_AREA,
    FN_GET_ATTACK_TARGET, FN_COMPLETE_ATTACK, FN_MONSTER_ATTACKS, FN_PLAYER_MOVE,
    FN_PLAYER_TURN, FN_FLOOD_FILL_REVEAL,
};

typedef struct hw4_state {
    hw4_map map;
    hw4_player player;
    uint8_t visited[HW4_MAX_ROWS * HW4_MAX_COLS / 8 + 1];
} hw4_state;

typedef struct hw4_case {
    enum hw4_fn fn;
    char label[64];
    hw4_state start;
    int32_t a, b, c;      /* row/col/ch, direction, target row/col */
    const char *map_file; /* init_game: the file's name */
    const char *map_dir;  /* init_game: the folder it is copied from into the
                             test's own (maps_dir, or the random maps') */
} hw4_case;

/* The handout's worked example number i of fn (map3, as its hex dumps show
 * it) into *k; 0 when fn has no example i. */
int hw4_example_case(enum hw4_fn fn, hw4_case *k, int i);

/* Random state number i of k->fn into *k (k->fn set, the rest zero). */
void hw4_random_case(grade_rng *r, hw4_case *k, int i);

/* The helpers the handout says k's function must call, on the cases that
 * need their result (after: the model's state after the call), into out,
 * NULL-ended (at most 4). */
void hw4_required_calls(const hw4_case *k, const hw4_state *after, const char **out);

#endif
