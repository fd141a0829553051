/* The cases of the MipsHack suite: see hw4_cases.h. */
#include "hw4_cases.h"

#include <stdio.h>
#include <string.h>

#include "hw4_examples.h"

/* ---- the helpers a case needs ----------------------------------------- */

static bool direction_valid(int32_t d)
{
    return d == 'U' || d == 'D' || d == 'L' || d == 'R';
}

/* The cell next to the player in direction d. */
static void target_of(const hw4_player *p, int32_t d, int32_t *row, int32_t *col)
{
    *row = p->row + (d == 'D') - (d == 'U');
    *col = p->col + (d == 'R') - (d == 'L');
}

static bool any_valid_neighbor(const hw4_map *m, int32_t row, int32_t col)
{
    return !hw4_is_valid_cell(m, row - 1, col) || !hw4_is_valid_cell(m, row + 1, col) ||
           !hw4_is_valid_cell(m, row, col - 1) || !hw4_is_valid_cell(m, row, col + 1);
}

static bool any_valid_in_area(const hw4_map *m, int32_t row, int32_t col)
{
    for (int32_t dr = -1; dr <= 1; dr++)
        for (int32_t dc = -1; dc <= 1; dc++)
            if (!hw4_is_valid_cell(m, row + dr, col + dc))
                return true;
    return false;
}

void hw4_required_calls(const hw4_case *k, const hw4_state *after, const char **out)
{
    const hw4_map *before = &k->start.map;
    bool map_changed = memcmp(before, &after->map, hw4_map_size(before)) != 0;
    int n = 0;
    switch (k->fn) {
    case FN_GET_CELL:
    case FN_SET_CELL:
        out[n++] = "is_valid_cell";
        break;
    case FN_REVEAL_AREA:
        out[n++] = "is_valid_cell";
        if (any_valid_in_area(before, k->a, k->b))
            out[n++] = "get_cell";
        if (map_changed)
            out[n++] = "set_cell";
        break;
    case FN_GET_ATTACK_TARGET: {
        /* Only a target on the map needs get_cell's answer: a solution may
         * reject the others first (is_valid_cell, or its own check). */
        int32_t row, col;
        target_of(&k->start.player, k->a, &row, &col);
        if (direction_valid(k->a) && !hw4_is_valid_cell(before, row, col))
            out[n++] = "get_cell";
        break;
    }
    case FN_COMPLETE_ATTACK:
        out[n++] = "get_cell";
        out[n++] = "set_cell";
        break;
    case FN_MONSTER_ATTACKS:
        if (any_valid_neighbor(before, k->start.player.row, k->start.player.col))
            out[n++] = "get_cell";
        break;
    case FN_PLAYER_MOVE:
        out[n++] = "monster_attacks";
        if (after->player.health > 0) /* the target's content decides what happens */
            out[n++] = "get_cell";
        if (map_changed)
            out[n++] = "set_cell";
        break;
    case FN_PLAYER_TURN: {
        int32_t row, col;
        target_of(&k->start.player, k->a, &row, &col);
        if (!direction_valid(k->a) || hw4_is_valid_cell(before, row, col))
            break;
        out[n++] = "get_cell";
        if ((hw4_get_cell(before, row, col) & 0xff) == HW4_WALL)
            break;
        out[n++] = "get_attack_target";
        out[n++] = hw4_get_attack_target(before, &k->start.player, k->a) != -1 ? "complete_attack"
                                                                             : "player_move";
        break;
    }
    case FN_FLOOD_FILL_REVEAL:
        if (!hw4_is_valid_cell(before, k->a, k->b))
            out[n++] = "get_cell";
        if (map_changed)
            out[n++] = "set_cell";
        break;
    default:
        break;
    }
    out[n] = NULL;
}

/* ---- random states ---------------------------------------------------- */

static const uint8_t symbols[] = {'.', '.', '.', '.', '#', '#', '/', '>', '$', '*', 'm', 'B', '?'};

/* A random map of rows x cols with the player on it (visible '@'). */
static void random_state(grade_rng *r, hw4_state *s, int rows, int cols, int hidden_percent)
{
    memset(s, 0, sizeof *s);
    s->map.num_rows = (uint8_t)rows;
    s->map.num_cols = (uint8_t)cols;
    for (int i = 0; i < rows * cols; i++) {
        uint8_t ch = symbols[grade_rng_next(r) % sizeof symbols];
        if (grade_rng_range(r, 0, 99) < hidden_percent)
            ch |= HW4_HIDDEN;
        s->map.cells[i] = ch;
    }
    s->player.row = (uint8_t)grade_rng_range(r, 0, rows - 1);
    s->player.col = (uint8_t)grade_rng_range(r, 0, cols - 1);
    s->player.health = (int8_t)grade_rng_range(r, 1, 10);
    s->player.coins = (uint8_t)grade_rng_range(r, 0, 20);
    s->map.cells[s->player.row * cols + s->player.col] = HW4_HERO;
}

static void random_size(grade_rng *r, int *rows, int *cols)
{
    int big = grade_rng_range(r, 0, 9) == 0;
    *rows = grade_rng_range(r, 1, big ? 40 : 10);
    *cols = grade_rng_range(r, 1, big ? 40 : 10);
}

static int32_t random_direction(grade_rng *r)
{
    static const char dirs[] = "UDLRUDLRx";
    return dirs[grade_rng_next(r) % (sizeof dirs - 1)];
}

/* Puts ch (visible) at the cell next to the player in direction d, and
 * returns false when that cell is off the map. */
static bool put_next_to_player(hw4_state *s, int32_t d, uint8_t ch, int32_t *row, int32_t *col)
{
    target_of(&s->player, d, row, col);
    if (hw4_is_valid_cell(&s->map, *row, *col))
        return false;
    s->map.cells[*row * s->map.num_cols + *col] = ch;
    return true;
}

/* The four cells around the player made visible: in a game reveal_area
 * has shown them, and the handout does not say whether a hidden monster
 * attacks, so a test never asks. */
static void reveal_neighbours(hw4_state *s)
{
    static const int8_t offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (int i = 0; i < 4; i++) {
        int32_t row = s->player.row + offsets[i][0], col = s->player.col + offsets[i][1];
        if (!hw4_is_valid_cell(&s->map, row, col))
            s->map.cells[row * s->map.num_cols + col] &= HW4_CHAR;
    }
}

/* player_turn's target, when on the map: a visible cell of a kind its
 * section covers (a wall, an attackable target, or a cell player_move
 * defines a move onto). */
static void turn_target(grade_rng *r, hw4_state *s, int32_t d)
{
    static const uint8_t kinds[] = {'#', 'm', 'B', '/', '.', '$', '*', '>'};
    int32_t row, col;
    put_next_to_player(s, d, kinds[grade_rng_next(r) % sizeof kinds], &row, &col);
}

void hw4_random_case(grade_rng *r, hw4_case *k, int i)
{
    int rows, cols;
    random_size(r, &rows, &cols);
    if ((k->fn == FN_COMPLETE_ATTACK || k->fn == FN_PLAYER_MOVE) && rows * cols == 1)
        cols = 2; /* the target must be a cell next to the player */
    random_state(r, &k->start, rows, cols, 30);
    snprintf(k->label, sizeof k->label, "random state %d (%dx%d)", i + 1, rows, cols);
    k->a = grade_rng_range(r, -2, rows + 1);
    k->b = grade_rng_range(r, -2, cols + 1);
    k->c = (int32_t)grade_rng_next(r);
    switch (k->fn) {
    case FN_GET_ATTACK_TARGET: {
        /* "assumes that the targeted cell is visible" */
        k->a = random_direction(r);
        int32_t row, col;
        target_of(&k->start.player, k->a, &row, &col);
        if (direction_valid(k->a) && !hw4_is_valid_cell(&k->start.map, row, col))
            k->start.map.cells[row * cols + col] &= HW4_CHAR;
        break;
    }
    case FN_PLAYER_TURN:
        k->a = random_direction(r);
        reveal_neighbours(&k->start);
        if (direction_valid(k->a))
            turn_target(r, &k->start, k->a);
        break;
    case FN_COMPLETE_ATTACK: {
        static const uint8_t targets[] = {'m', 'B', '/'};
        int32_t d;
        do
            d = random_direction(r);
        while (!direction_valid(d) ||
               !put_next_to_player(&k->start, d, targets[grade_rng_next(r) % 3], &k->a, &k->b));
        k->start.player.health = (int8_t)grade_rng_range(r, 1, 4);
        break;
    }
    case FN_PLAYER_MOVE: {
        static const uint8_t targets[] = {'.', '$', '*', '>'};
        int32_t d;
        do
            d = random_direction(r);
        while (!direction_valid(d) ||
               !put_next_to_player(&k->start, d, targets[grade_rng_next(r) % 4], &k->a, &k->b));
        reveal_neighbours(&k->start);
        k->start.player.health = (int8_t)grade_rng_range(r, 1, 4);
        break;
    }
    case FN_MONSTER_ATTACKS:
        reveal_neighbours(&k->start);
        k->start.player.health = (int8_t)grade_rng_range(r, -2, 10);
        break;
    case FN_FLOOD_FILL_REVEAL: {
        /* Up to 14 x 14, one in ten up to 40 x 40: the budget grows with
         * the map (budget_of). */
        int most = grade_rng_range(r, 0, 9) == 0 ? 40 : 14;
        int fr = grade_rng_range(r, 4, most), fc = grade_rng_range(r, 4, most);
        random_state(r, &k->start, fr, fc, 70);
        for (int j = 0; j < fr * fc; j++) /* mostly floor, so the fill travels */
            if (grade_rng_range(r, 0, 99) < 55)
                k->start.map.cells[j] = (uint8_t)(k->start.map.cells[j] & HW4_HIDDEN) | '.';
        snprintf(k->label, sizeof k->label, "random state %d (%dx%d)", i + 1, fr, fc);
        k->a = grade_rng_range(r, -1, fr);
        k->b = grade_rng_range(r, -1, fc);
        break;
    }
    default:
        break;
    }
}

/* ---- the handout's examples ------------------------------------------- */

int hw4_example_case(enum hw4_fn fn, hw4_case *k, int i)
{
    hw4_state *s = &k->start;
    memset(s, 0, sizeof *s);
    k->fn = fn;
    switch (fn) {
    case FN_IS_VALID_CELL: case FN_GET_CELL: {
        static const int32_t where[][2] = {{3, 6}, {0, 0}, {6, 24}, {7, 0}, {0, 25}, {-1, 3}};
        if (i >= 6)
            return 0;
        hw4_map_from_dump(hw4_dump_get_set, &s->map);
        k->a = where[i][0], k->b = where[i][1];
        break;
    }
    case FN_SET_CELL:
        if (i >= 2)
            return 0;
        hw4_map_from_dump(hw4_dump_get_set, &s->map);
        k->a = i == 0 ? 3 : 7, k->b = 6, k->c = '$';
        break;
    case FN_REVEAL_AREA:
        if (i >= 1)
            return 0;
        hw4_map_from_dump(hw4_dump_reveal_before, &s->map);
        k->a = 6, k->b = 4;
        break;
    case FN_GET_ATTACK_TARGET: case FN_COMPLETE_ATTACK: {
        if (i >= 2)
            return 0;
        hw4_map_from_dump(hw4_dump_attack, &s->map);
        s->player = (hw4_player){1, 9, 10, 0};
        k->a = fn == FN_COMPLETE_ATTACK ? 1 : (i == 0 ? 'L' : 'U');
        k->b = 8;
        if (fn == FN_COMPLETE_ATTACK && i == 1)
            return 0;
        break;
    }
    case FN_MONSTER_ATTACKS: {
        static const char *const *dumps[3] = {hw4_dump_monsters1, hw4_dump_monsters2,
                                              hw4_dump_monsters3};
        static const uint8_t at[3][2] = {{2, 7}, {4, 5}, {5, 4}};
        if (i >= 3)
            return 0;
        hw4_map_from_dump(dumps[i], &s->map);
        s->player = (hw4_player){at[i][0], at[i][1], 10, 0};
        break;
    }
    case FN_FLOOD_FILL_REVEAL:
        if (i >= 1)
            return 0;
        hw4_map3_hidden(&s->map);
        hw4_reveal_area(&s->map, 3, 2);
        k->a = 3, k->b = 2;
        break;
    default:
        return 0;
    }
    snprintf(k->label, sizeof k->label, "the handout's example %d", i + 1);
    return 1;
}
