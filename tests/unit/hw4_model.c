/* MipsHack's eleven functions as the homework specifies them, on the
 * structs' exact bytes. Each function reaches the map only through
 * get_cell and set_cell, as the specification requires of a submission,
 * so a byte the model writes is a byte a submission must write. */
#include <stdio.h>
#include <stdlib.h>

#include "hw4_model.h"

size_t hw4_map_size(const hw4_map *map)
{
    return 2 + (size_t)map->num_rows * map->num_cols;
}

size_t hw4_visited_size(const hw4_map *map)
{
    return ((size_t)map->num_rows * map->num_cols + 7) / 8;
}

static uint8_t reverse_bits(uint8_t b)
{
    uint8_t r = 0;
    for (int i = 0; i < 8; i++)
        r = (uint8_t)(r << 1 | (b >> i & 1));
    return r;
}

int hw4_visited_equal(const uint8_t *model, const uint8_t *submission, size_t size)
{
    int lsb_first = 1, msb_first = 1;
    for (size_t i = 0; i < size; i++) {
        lsb_first &= model[i] == submission[i];
        msb_first &= reverse_bits(model[i]) == submission[i];
    }
    return lsb_first || msb_first;
}

/* A two-digit number at file[*at]; *at moves past it. */
static int read_number(const uint8_t *file, size_t len, size_t *at)
{
    int value = 0;
    for (int i = 0; i < 2 && *at < len; i++)
        value = value * 10 + (file[(*at)++] - '0');
    return value;
}

static void skip_newlines(const uint8_t *file, size_t len, size_t *at)
{
    while (*at < len && file[*at] == '\n')
        (*at)++;
}

int hw4_init_game(const uint8_t *file, size_t len, hw4_map *map, hw4_player *player)
{
    if (!file)
        return -1;
    size_t at = 0;
    map->num_rows = (uint8_t)read_number(file, len, &at);
    skip_newlines(file, len, &at);
    map->num_cols = (uint8_t)read_number(file, len, &at);
    size_t cells = (size_t)map->num_rows * map->num_cols;
    /* The cells run row by row; each row's '\n' is no cell. */
    for (size_t i = 0; i < cells; i++) {
        skip_newlines(file, len, &at);
        uint8_t ch = at < len ? file[at++] : 0;
        map->cells[i] = (uint8_t)(ch | HW4_HIDDEN);
        if (ch == HW4_HERO) {
            player->row = (uint8_t)(i / map->num_cols);
            player->col = (uint8_t)(i % map->num_cols);
        }
    }
    skip_newlines(file, len, &at);
    player->health = (int8_t)read_number(file, len, &at);
    player->coins = 0;
    return 0;
}

int hw4_init_game_path(const char *path, hw4_map *map, hw4_player *player)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return hw4_init_game(NULL, 0, map, player);
    uint8_t buf[HW4_MAX_ROWS * (HW4_MAX_COLS + 1) + 16];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    return hw4_init_game(buf, len, map, player);
}

int hw4_is_valid_cell(const hw4_map *map, int32_t row, int32_t col)
{
    return row >= 0 && row < map->num_rows && col >= 0 && col < map->num_cols ? 0 : -1;
}

int hw4_get_cell(const hw4_map *map, int32_t row, int32_t col)
{
    if (hw4_is_valid_cell(map, row, col) != 0)
        return -1;
    return map->cells[row * map->num_cols + col];
}

int hw4_set_cell(hw4_map *map, int32_t row, int32_t col, int32_t ch)
{
    if (hw4_is_valid_cell(map, row, col) != 0)
        return -1;
    map->cells[row * map->num_cols + col] = (uint8_t)ch;
    return 0;
}

void hw4_reveal_area(hw4_map *map, int32_t row, int32_t col)
{
    for (int32_t r = row - 1; r <= row + 1; r++)
        for (int32_t c = col - 1; c <= col + 1; c++) {
            int cell = hw4_get_cell(map, r, c);
            if (cell >= 0)
                hw4_set_cell(map, r, c, cell & HW4_CHAR);
        }
}

/* The cell next to the player in direction; 0 for a direction that is
 * none of 'U', 'D', 'L', 'R'. */
static int target_of(const hw4_player *player, int32_t direction, int32_t *row, int32_t *col)
{
    *row = player->row;
    *col = player->col;
    switch (direction) {
    case 'U':
        --*row;
        return 1;
    case 'D':
        ++*row;
        return 1;
    case 'L':
        --*col;
        return 1;
    case 'R':
        ++*col;
        return 1;
    }
    return 0;
}

int hw4_get_attack_target(const hw4_map *map, const hw4_player *player, int32_t direction)
{
    int32_t row, col;
    if (!target_of(player, direction, &row, &col))
        return -1;
    int cell = hw4_get_cell(map, row, col);
    return cell == HW4_MINION || cell == HW4_BOSS || cell == HW4_DOOR ? cell : -1;
}

/* The player dies where he stands: '@' becomes 'X'. */
static void mark_dead(hw4_map *map, const hw4_player *player)
{
    hw4_set_cell(map, player->row, player->col, HW4_DEAD);
}

void hw4_complete_attack(hw4_map *map, hw4_player *player, int32_t target_row,
                         int32_t target_col)
{
    int damage;
    int loot;
    switch (hw4_get_cell(map, target_row, target_col)) {
    case HW4_MINION:
        damage = 1, loot = HW4_COIN;
        break;
    case HW4_BOSS:
        damage = 2, loot = HW4_GEM;
        break;
    case HW4_DOOR:
        hw4_set_cell(map, target_row, target_col, HW4_FLOOR);
        return;
    default: /* unspecified: nothing to attack, nothing changes */
        return;
    }
    int health = player->health - damage;
    player->health = (int8_t)health;
    hw4_set_cell(map, target_row, target_col, loot);
    if (health <= 0)
        mark_dead(map, player);
}

int hw4_monster_attacks(const hw4_map *map, const hw4_player *player)
{
    static const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int damage = 0;
    for (int i = 0; i < 4; i++) {
        int cell = hw4_get_cell(map, player->row + offsets[i][0], player->col + offsets[i][1]);
        if (cell == HW4_MINION)
            damage += 1;
        else if (cell == HW4_BOSS)
            damage += 2;
    }
    return damage;
}

int hw4_player_move(hw4_map *map, hw4_player *player, int32_t target_row, int32_t target_col)
{
    int health = player->health - hw4_monster_attacks(map, player);
    player->health = (int8_t)health;
    if (health <= 0) {
        mark_dead(map, player);
        return 0;
    }
    int coins;
    int result = 0;
    switch (hw4_get_cell(map, target_row, target_col)) {
    case HW4_FLOOR:
        coins = 0;
        break;
    case HW4_COIN:
        coins = 1;
        break;
    case HW4_GEM:
        coins = 5;
        break;
    case HW4_EXIT:
        coins = 0, result = -1;
        break;
    default: /* unspecified (player_turn never moves onto it): stay */
        return 0;
    }
    hw4_set_cell(map, player->row, player->col, HW4_FLOOR);
    hw4_set_cell(map, target_row, target_col, HW4_HERO);
    player->row = (uint8_t)target_row;
    player->col = (uint8_t)target_col;
    player->coins = (uint8_t)(player->coins + coins);
    return result;
}

int hw4_player_turn(hw4_map *map, hw4_player *player, int32_t direction)
{
    int32_t row, col;
    if (!target_of(player, direction, &row, &col))
        return -1;
    if (hw4_is_valid_cell(map, row, col) != 0)
        return 0;
    if (hw4_get_cell(map, row, col) == HW4_WALL)
        return 0;
    if (hw4_get_attack_target(map, player, direction) != -1) {
        hw4_complete_attack(map, player, row, col);
        return 0;
    }
    return hw4_player_move(map, player, row, col);
}

static int test_and_set_visited(uint8_t *visited, const hw4_map *map, int32_t row, int32_t col)
{
    size_t i = (size_t)row * map->num_cols + (size_t)col;
    uint8_t bit = (uint8_t)(1u << (i % 8));
    int was = (visited[i / 8] & bit) != 0;
    visited[i / 8] |= bit;
    return was;
}

int hw4_flood_fill_reveal(hw4_map *map, int32_t row, int32_t col, uint8_t *visited)
{
    static const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    if (hw4_is_valid_cell(map, row, col) != 0)
        return -1;
    /* Each push marks a cell visited first, so the start and every cell
     * once: the stack never holds more. */
    size_t capacity = (size_t)map->num_rows * map->num_cols + 1;
    int32_t (*stack)[2] = malloc(capacity * sizeof *stack);
    if (!stack)
        abort();
    size_t depth = 0;
    stack[depth][0] = row, stack[depth][1] = col, depth++;
    while (depth > 0) {
        depth--;
        int32_t r = stack[depth][0], c = stack[depth][1];
        hw4_set_cell(map, r, c, hw4_get_cell(map, r, c) & HW4_CHAR);
        for (int i = 0; i < 4; i++) {
            int32_t nr = r + offsets[i][0], nc = c + offsets[i][1];
            int cell = hw4_get_cell(map, nr, nc);
            if (cell < 0 || (cell & HW4_CHAR) != HW4_FLOOR)
                continue;
            if (test_and_set_visited(visited, map, nr, nc))
                continue;
            stack[depth][0] = nr, stack[depth][1] = nc, depth++;
        }
    }
    free(stack);
    return 0;
}
