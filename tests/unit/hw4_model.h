/* The rules of MipsHack (CSE 220 homework 4) in C: the Map and Player
 * structs byte for byte as the homework lays them out in memory, and its
 * eleven functions with exactly the return values and byte changes the
 * specification gives. The tests hold the reference hw4.asm, the truth
 * `mipsgrade hw4`'s spec grades against, to it (test_hw4_functions) and it
 * to the handout's worked examples (test_hw4_model).
 *
 * Where the specification says nothing (a target cell no rule covers) the
 * model changes nothing and returns 0; callers that grade should not rely
 * on those cases (hw4_model.c names each). */
#ifndef HW4_MODEL_H
#define HW4_MODEL_H

#include <stddef.h>
#include <stdint.h>

enum {
    HW4_MAX_ROWS = 255, /* num_rows and num_cols are unsigned bytes */
    HW4_MAX_COLS = 255,
    HW4_HIDDEN = 0x80,  /* bit 7 of a cell: hidden from the player */
    HW4_CHAR = 0x7f,    /* the 7-bit ASCII character of a cell */
};

/* The map symbols. */
enum {
    HW4_HERO = '@',
    HW4_FLOOR = '.',
    HW4_WALL = '#',
    HW4_DOOR = '/',
    HW4_EXIT = '>',
    HW4_COIN = '$',
    HW4_GEM = '*',
    HW4_MINION = 'm',
    HW4_BOSS = 'B',
    HW4_INACCESSIBLE = '?',
    HW4_DEAD = 'X',
};

/* struct Map: byte 0 num_rows, byte 1 num_cols, then the cells row-major
 * (cells[row * num_cols + col]). Only the first 2 + rows * cols bytes are
 * the homework's struct; the rest of the array is room. */
typedef struct hw4_map {
    uint8_t num_rows;
    uint8_t num_cols;
    uint8_t cells[HW4_MAX_ROWS * HW4_MAX_COLS];
} hw4_map;

/* struct Player: 4 bytes, health signed. */
typedef struct hw4_player {
    uint8_t row;
    uint8_t col;
    int8_t health;
    uint8_t coins;
} hw4_player;

/* Bytes of the homework's Map struct for a map of this size. */
size_t hw4_map_size(const hw4_map *map);

/* Bytes of a visited bit array for the map: one bit per cell, row-major,
 * cell i at bit i % 8 (least significant first) of byte i / 8. The
 * homework does not fix the order of bits inside a byte; a grader compares
 * visited arrays with hw4_visited_equal. */
size_t hw4_visited_size(const hw4_map *map);

/* Whether a submission's visited bytes record the same cells as the
 * model's: identical, or identical with the bits of each byte in the other
 * order (most significant first). */
int hw4_visited_equal(const uint8_t *model, const uint8_t *submission, size_t size);

/* Part I. file holds the map file's bytes (NULL: it could not be opened,
 * and nothing is written). Writes num_rows, num_cols and every cell with
 * bit 7 set, the player's row and column where '@' is, the health and 0
 * coins. Returns 0, or -1 for a file that could not be opened. */
int hw4_init_game(const uint8_t *file, size_t len, hw4_map *map, hw4_player *player);

/* init_game on a file on disk (-1 when it cannot be read). */
int hw4_init_game_path(const char *path, hw4_map *map, hw4_player *player);

/* Part II: 0 when 0 <= row < num_rows and 0 <= col < num_cols, else -1. */
int hw4_is_valid_cell(const hw4_map *map, int32_t row, int32_t col);

/* Part III: the cell's byte (0-255, hidden bit included), or -1. */
int hw4_get_cell(const hw4_map *map, int32_t row, int32_t col);

/* Part IV: writes the low byte of ch as it is; 0, or -1 (nothing written). */
int hw4_set_cell(hw4_map *map, int32_t row, int32_t col, int32_t ch);

/* Part V: clears bit 7 of every valid cell of the 3x3 area around (row,col). */
void hw4_reveal_area(hw4_map *map, int32_t row, int32_t col);

/* Part VI: 'm', 'B' or '/' at the cell next to the player in direction
 * 'U', 'D', 'L' or 'R'; -1 for another direction, an invalid cell or
 * another byte (a hidden cell included: the spec assumes it visible). */
int hw4_get_attack_target(const hw4_map *map, const hw4_player *player, int32_t direction);

/* Part VII: kills 'm' (1 damage, drops '$') or 'B' (2 damage, drops '*'),
 * or breaks '/' into '.'; a fight leaving health <= 0 turns '@' to 'X'. */
void hw4_complete_attack(hw4_map *map, hw4_player *player, int32_t target_row,
                         int32_t target_col);

/* Part VIII: damage from the monsters above, below, left and right of the
 * player: 1 per 'm', 2 per 'B'. */
int hw4_monster_attacks(const hw4_map *map, const hw4_player *player);

/* Part IX: the monsters attack first (health lowered); health <= 0 turns
 * '@' into 'X' and returns 0. Else a move onto '.', '$' (+1 coin), '*'
 * (+5 coins) returns 0, onto '>' returns -1. */
int hw4_player_move(hw4_map *map, hw4_player *player, int32_t target_row, int32_t target_col);

/* Part X: -1 for a bad direction; 0 for an invalid target or a wall; an
 * attackable target is attacked (0); else player_move's result. */
int hw4_player_turn(hw4_map *map, hw4_player *player, int32_t direction);

/* Part XI: -1 for an invalid start; else reveals the start and every floor
 * cell (hidden or not) reachable through floor cells, marks each floor cell
 * it pushes in visited (which starts all zero), and returns 0. */
int hw4_flood_fill_reveal(hw4_map *map, int32_t row, int32_t col, uint8_t *visited);

#endif
