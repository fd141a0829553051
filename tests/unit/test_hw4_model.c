/* The MipsHack model against every worked example of the handout: the
 * map3 states rebuilt from its hex dumps, the returns and the memory after.
 * Examples that only have drawings (player_move, player_turn, flood fill)
 * are rebuilt from the nearest dump and the drawing, as each test says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "hw4_model.h"
#include "hw4_examples.h"

#ifndef HW4_MAPS_DIR
#error "HW4_MAPS_DIR must name the directory of map1.txt .. map3.txt"
#endif

/* Two maps must be equal in every byte of the struct; the first
 * difference is named by its cell. */
static void assert_map_equal(const hw4_map *want, const hw4_map *got)
{
    assert_int_equal(want->num_rows, got->num_rows);
    assert_int_equal(want->num_cols, got->num_cols);
    for (int i = 0; i < want->num_rows * want->num_cols; i++)
        if (want->cells[i] != got->cells[i])
            fail_msg("cell (%d,%d) is 0x%02X, expected 0x%02X", i / want->num_cols,
                     i % want->num_cols, got->cells[i], want->cells[i]);
}

static void assert_player(const hw4_player *p, int row, int col, int health, int coins)
{
    assert_int_equal(p->row, row);
    assert_int_equal(p->col, col);
    assert_int_equal(p->health, health);
    assert_int_equal(p->coins, coins);
}

static hw4_map *new_map(void)
{
    hw4_map *m = calloc(1, sizeof *m);
    assert_non_null(m);
    return m;
}

/* README's lost example: every cell hidden, hero at (3,2), health 10. */
static void test_init_game_map3(void **state)
{
    (void)state;
    hw4_map *map = new_map();
    memset(map->cells, 0x55, sizeof map->cells); /* bytes past the map stay */
    hw4_player player = {9, 9, 9, 9};
    assert_int_equal(hw4_init_game_path(HW4_MAPS_DIR "/map3.txt", map, &player), 0);
    assert_int_equal(map->num_rows, 7);
    assert_int_equal(map->num_cols, 25);
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 25; c++)
            assert_int_equal(map->cells[r * 25 + c], hw4_map3_text[r][c] | 0x80);
    assert_int_equal(map->cells[7 * 25], 0x55);
    assert_player(&player, 3, 2, 10, 0);
    free(map);
}

static void test_init_game_map1_map2(void **state)
{
    (void)state;
    hw4_map *map = new_map();
    hw4_player player;
    assert_int_equal(hw4_init_game_path(HW4_MAPS_DIR "/map1.txt", map, &player), 0);
    assert_int_equal(map->num_rows, 5);
    assert_int_equal(map->num_cols, 8);
    assert_player(&player, 3, 5, 4, 0);
    assert_int_equal(map->cells[1 * 8 + 3], 'B' | 0x80);
    assert_int_equal(map->cells[4 * 8 + 7], '#' | 0x80);
    assert_int_equal(hw4_init_game_path(HW4_MAPS_DIR "/map2.txt", map, &player), 0);
    assert_int_equal(map->num_rows, 7);
    assert_int_equal(map->num_cols, 16);
    assert_player(&player, 3, 3, 10, 0);
    assert_int_equal(map->cells[6 * 16 + 13], '>' | 0x80);
    free(map);
}

static void test_init_game_missing_file_writes_nothing(void **state)
{
    (void)state;
    hw4_map *map = new_map();
    memset(map, 0x33, sizeof *map);
    hw4_player player = {1, 2, 3, 4};
    assert_int_equal(hw4_init_game_path(HW4_MAPS_DIR "/no-such-map.txt", map, &player), -1);
    assert_int_equal(map->num_rows, 0x33);
    assert_int_equal(map->cells[0], 0x33);
    assert_player(&player, 1, 2, 3, 4);
    free(map);
}

/* Part II's table, on a 25-row, 7-column world. */
static void test_is_valid_cell(void **state)
{
    (void)state;
    hw4_map *map = new_map();
    map->num_rows = 25;
    map->num_cols = 7;
    assert_int_equal(hw4_is_valid_cell(map, 5, 3), 0);
    assert_int_equal(hw4_is_valid_cell(map, 0, 0), 0);
    assert_int_equal(hw4_is_valid_cell(map, 24, 6), 0);
    assert_int_equal(hw4_is_valid_cell(map, 25, 3), -1);
    assert_int_equal(hw4_is_valid_cell(map, -3, 4), -1);
    assert_int_equal(hw4_is_valid_cell(map, 3, 7), -1);
    assert_int_equal(hw4_is_valid_cell(map, 3, -1), -1);
    free(map);
}

static void test_get_cell(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *before = new_map();
    hw4_map_from_dump(hw4_dump_get_set, map);
    *before = *map;
    assert_int_equal(hw4_get_cell(map, 3, 8), 237);
    assert_int_equal(hw4_get_cell(map, 4, 6), 64);
    assert_int_equal(hw4_get_cell(map, 25, 3), -1);
    assert_int_equal(hw4_get_cell(map, -3, 4), -1);
    assert_map_equal(before, map);
    free(map);
    free(before);
}

static void test_set_cell(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_get_set, map);
    assert_int_equal(hw4_set_cell(map, 3, 6, '$'), 0);
    hw4_map_from_dump(hw4_dump_set_after, want);
    assert_map_equal(want, map);

    hw4_map_from_dump(hw4_dump_get_set, map);
    assert_int_equal(hw4_set_cell(map, 4, 8, '.'), 0);
    hw4_map_from_dump(hw4_dump_get_set, want);
    hw4_put(want, 4, 8, 0x2E);
    assert_map_equal(want, map);

    hw4_map_from_dump(hw4_dump_get_set, map);
    assert_int_equal(hw4_set_cell(map, 25, 3, '.'), -1);
    assert_int_equal(hw4_set_cell(map, -3, 4, '@'), -1);
    hw4_map_from_dump(hw4_dump_get_set, want);
    assert_map_equal(want, map);
    free(map);
    free(want);
}

static void test_reveal_area(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_reveal_before, map);
    hw4_reveal_area(map, 6, 4);
    hw4_map_from_dump(hw4_dump_reveal_after, want);
    assert_map_equal(want, map);

    /* The handout's (-1,0): only (0,0) and (0,1) are in the map. */
    hw4_map3_hidden(map);
    hw4_reveal_area(map, -1, 0);
    hw4_map3_hidden(want);
    hw4_put(want, 0, 0, '#');
    hw4_put(want, 0, 1, '#');
    assert_map_equal(want, map);
    free(map);
    free(want);
}

static void test_get_attack_target(void **state)
{
    (void)state;
    hw4_map *map = new_map();
    hw4_map_from_dump(hw4_dump_attack, map);
    hw4_player player = {1, 9, 10, 0};
    assert_int_equal(hw4_get_attack_target(map, &player, 'U'), -1);
    assert_int_equal(hw4_get_attack_target(map, &player, 'D'), -1);
    assert_int_equal(hw4_get_attack_target(map, &player, 'L'), 109);
    assert_int_equal(hw4_get_attack_target(map, &player, 'R'), -1);
    assert_int_equal(hw4_get_attack_target(map, &player, 'Z'), -1);
    free(map);
}

static void test_complete_attack(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_attack, map);
    hw4_player player = {1, 9, 10, 3};
    hw4_complete_attack(map, &player, 1, 8);
    hw4_map_from_dump(hw4_dump_attack_after, want);
    assert_map_equal(want, map);
    assert_player(&player, 1, 9, 9, 3);

    /* The rules in the text: a boss costs 2 and drops a gem; at health 2
     * the hero dies ('X') and the loot still drops. */
    hw4_map_from_dump(hw4_dump_attack, map);
    hw4_put(map, 1, 8, 'B');
    player = (hw4_player){1, 9, 2, 0};
    hw4_complete_attack(map, &player, 1, 8);
    hw4_map_from_dump(hw4_dump_attack, want);
    hw4_put(want, 1, 8, '*');
    hw4_put(want, 1, 9, 'X');
    assert_map_equal(want, map);
    assert_player(&player, 1, 9, 0, 0);

    /* A door breaks into floor and costs nothing. */
    hw4_map_from_dump(hw4_dump_attack, map);
    hw4_put(map, 1, 10, '/');
    player = (hw4_player){1, 9, 1, 0};
    hw4_complete_attack(map, &player, 1, 10);
    hw4_map_from_dump(hw4_dump_attack, want);
    hw4_put(want, 1, 10, '.');
    assert_map_equal(want, map);
    assert_player(&player, 1, 9, 1, 0);
    free(map);
    free(want);
}

static void test_monster_attacks(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *before = new_map();
    hw4_player player = {2, 7, 10, 0};
    hw4_map_from_dump(hw4_dump_monsters1, map);
    *before = *map;
    assert_int_equal(hw4_monster_attacks(map, &player), 3);
    assert_map_equal(before, map);

    player = (hw4_player){4, 5, 10, 0};
    hw4_map_from_dump(hw4_dump_monsters2, map);
    assert_int_equal(hw4_monster_attacks(map, &player), 0);

    player = (hw4_player){5, 4, 10, 0};
    hw4_map_from_dump(hw4_dump_monsters3, map);
    *before = *map;
    assert_int_equal(hw4_monster_attacks(map, &player), 3); /* a minion and a boss */
    assert_map_equal(before, map);
    assert_player(&player, 5, 4, 10, 0);
    free(map);
    free(before);
}

/* Example 1: monsters3's state, health 1: the minion and the boss kill the
 * hero before he moves. */
static void test_player_move_dies(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_monsters3, map);
    hw4_player player = {5, 4, 1, 0};
    assert_int_equal(hw4_player_move(map, &player, 5, 5), 0);
    hw4_map_from_dump(hw4_dump_monsters3, want);
    hw4_put(want, 5, 4, 'X');
    assert_map_equal(want, map);
    assert_player(&player, 5, 4, -2, 0);
    free(map);
    free(want);
}

/* Examples 2 and 3: monsters2's state (no monster next to (4,5)), moving
 * down onto floor, and left onto a coin. */
static void test_player_move_floor_and_coin(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_monsters2, map);
    hw4_player player = {4, 5, 7, 2};
    assert_int_equal(hw4_player_move(map, &player, 5, 5), 0);
    hw4_map_from_dump(hw4_dump_monsters2, want);
    hw4_put(want, 4, 5, '.');
    hw4_put(want, 5, 5, '@');
    assert_map_equal(want, map);
    assert_player(&player, 5, 5, 7, 2);

    hw4_map_from_dump(hw4_dump_monsters2, map);
    hw4_put(map, 4, 4, '$');
    player = (hw4_player){4, 5, 7, 2};
    assert_int_equal(hw4_player_move(map, &player, 4, 4), 0);
    hw4_map_from_dump(hw4_dump_monsters2, want);
    hw4_put(want, 4, 5, '.');
    hw4_put(want, 4, 4, '@');
    assert_map_equal(want, map);
    assert_player(&player, 4, 4, 7, 3);
    free(map);
    free(want);
}

/* Example 4: monsters1's state with the hero on (3,7) between two minions
 * and the gem above him: 2 damage, then +5 coins. */
static void test_player_move_gem(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_monsters1, map);
    hw4_put(map, 2, 7, '*');
    hw4_put(map, 3, 7, '@');
    *want = *map;
    hw4_player player = {3, 7, 10, 1};
    assert_int_equal(hw4_player_move(map, &player, 2, 7), 0);
    hw4_put(want, 3, 7, '.');
    hw4_put(want, 2, 7, '@');
    assert_map_equal(want, map);
    assert_player(&player, 2, 7, 8, 6);
    free(map);
    free(want);
}

/* Examples 5 and 6: the hero under the exit at (1,7), the gem below him;
 * a minion to his right (5 health: escapes, -1) or left (1 health: dies). */
static void test_player_move_exit(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_monsters1, map);
    hw4_put(map, 1, 6, '.');
    hw4_put(map, 1, 7, '@');
    hw4_put(map, 1, 8, 'm');
    hw4_put(map, 2, 7, '*');
    *want = *map;
    hw4_player player = {1, 7, 5, 0};
    assert_int_equal(hw4_player_move(map, &player, 0, 7), -1);
    hw4_put(want, 1, 7, '.');
    hw4_put(want, 0, 7, '@');
    assert_map_equal(want, map);
    assert_player(&player, 0, 7, 4, 0);

    hw4_map_from_dump(hw4_dump_monsters1, map);
    hw4_put(map, 1, 7, '@');
    hw4_put(map, 2, 7, '*');
    *want = *map;
    player = (hw4_player){1, 7, 1, 0};
    assert_int_equal(hw4_player_move(map, &player, 0, 7), 0);
    hw4_put(want, 1, 7, 'X');
    assert_map_equal(want, map);
    assert_player(&player, 1, 7, 0, 0);
    free(map);
    free(want);
}

/* Example 1: monsters3's state with the hero moved to (5,7) and his 3x3
 * area revealed: a wall below, nothing happens. */
static void test_player_turn_wall(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_monsters3, map);
    hw4_put(map, 5, 4, '.');
    hw4_put(map, 5, 7, '@');
    hw4_reveal_area(map, 5, 7);
    *want = *map;
    hw4_player player = {5, 7, 4, 0};
    assert_int_equal(hw4_player_turn(map, &player, 'D'), 0);
    assert_map_equal(want, map);
    assert_player(&player, 5, 7, 4, 0);
    free(map);
    free(want);
}

/* Examples 2 and 3: the attack example's state with the hero at (4,8)
 * (attacks the minion above) or at (4,9) (moves right onto floor). */
static void test_player_turn_attack_and_move(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    hw4_map_from_dump(hw4_dump_attack, map);
    hw4_put(map, 1, 9, '.');
    hw4_put(map, 4, 8, '@');
    *want = *map;
    hw4_player player = {4, 8, 6, 0};
    assert_int_equal(hw4_player_turn(map, &player, 'U'), 0);
    hw4_put(want, 3, 8, '$');
    assert_map_equal(want, map);
    assert_player(&player, 4, 8, 5, 0);

    hw4_map_from_dump(hw4_dump_attack, map);
    hw4_put(map, 1, 9, '.');
    hw4_put(map, 4, 9, '@');
    *want = *map;
    player = (hw4_player){4, 9, 6, 0};
    assert_int_equal(hw4_player_turn(map, &player, 'R'), 0);
    hw4_put(want, 4, 9, '.');
    hw4_put(want, 4, 10, '@');
    assert_map_equal(want, map);
    assert_player(&player, 4, 10, 6, 0);

    assert_int_equal(hw4_player_turn(map, &player, 'x'), -1);
    assert_map_equal(want, map);
    free(map);
    free(want);
}

/* want: map3 hidden with the cells seen marks revealed; visited: every
 * revealed floor cell. */
static void expect_flood(const char *const seen[HW4_EXAMPLE_ROWS], const hw4_map *before,
                         hw4_map *want, uint8_t *visited)
{
    *want = *before;
    memset(visited, 0, hw4_visited_size(want));
    for (int r = 0; r < HW4_EXAMPLE_ROWS; r++)
        for (int c = 0; c < HW4_EXAMPLE_COLS; c++) {
            int i = r * HW4_EXAMPLE_COLS + c;
            if (seen[r][c] == 'x')
                want->cells[i] &= 0x7f;
            else if (!(want->cells[i] & 0x80))
                fail_msg("(%d,%d) is visible before the fill but hidden in the mask", r, c);
            if (seen[r][c] == 'x' && want->cells[i] == '.')
                visited[i / 8] |= (uint8_t)(1u << (i % 8));
        }
}

static void test_flood_fill(void **state)
{
    (void)state;
    hw4_map *map = new_map(), *want = new_map();
    uint8_t visited[32] = {0}, want_visited[32];
    hw4_map3_hidden(map);
    hw4_reveal_area(map, 3, 2);
    expect_flood(hw4_flood1_seen_after, map, want, want_visited);
    assert_int_equal(hw4_flood_fill_reveal(map, 3, 2, visited), 0);
    assert_map_equal(want, map);
    assert_memory_equal(want_visited, visited, hw4_visited_size(map));

    hw4_map3_hidden(map);
    hw4_put(map, 3, 2, '.' | 0x80);
    hw4_put(map, 3, 14, '@');
    hw4_put(map, 3, 15, '.' | 0x80);
    hw4_reveal_area(map, 3, 14);
    expect_flood(hw4_flood2_seen_after, map, want, want_visited);
    memset(visited, 0, sizeof visited);
    assert_int_equal(hw4_flood_fill_reveal(map, 3, 14, visited), 0);
    assert_map_equal(want, map);
    assert_memory_equal(want_visited, visited, hw4_visited_size(map));

    *want = *map;
    assert_int_equal(hw4_flood_fill_reveal(map, 7, 0, visited), -1);
    assert_int_equal(hw4_flood_fill_reveal(map, 0, -1, visited), -1);
    assert_map_equal(want, map);
    free(map);
    free(want);
}

static void test_visited_equal_either_bit_order(void **state)
{
    (void)state;
    const uint8_t model[2] = {0x01, 0x06};
    const uint8_t same[2] = {0x01, 0x06}, reversed[2] = {0x80, 0x60}, other[2] = {0x01, 0x60};
    assert_true(hw4_visited_equal(model, same, 2));
    assert_true(hw4_visited_equal(model, reversed, 2));
    assert_false(hw4_visited_equal(model, other, 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_game_map3),
        cmocka_unit_test(test_init_game_map1_map2),
        cmocka_unit_test(test_init_game_missing_file_writes_nothing),
        cmocka_unit_test(test_is_valid_cell),
        cmocka_unit_test(test_get_cell),
        cmocka_unit_test(test_set_cell),
        cmocka_unit_test(test_reveal_area),
        cmocka_unit_test(test_get_attack_target),
        cmocka_unit_test(test_complete_attack),
        cmocka_unit_test(test_monster_attacks),
        cmocka_unit_test(test_player_move_dies),
        cmocka_unit_test(test_player_move_floor_and_coin),
        cmocka_unit_test(test_player_move_gem),
        cmocka_unit_test(test_player_move_exit),
        cmocka_unit_test(test_player_turn_wall),
        cmocka_unit_test(test_player_turn_attack_and_move),
        cmocka_unit_test(test_flood_fill),
        cmocka_unit_test(test_visited_equal_either_bit_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
