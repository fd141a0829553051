/* The worked examples of the MipsHack handout (CSE 220 homework 4) as
 * data, for the tests of the model and of MIPS submissions: the hex dumps
 * of map3.txt's cells exactly as printed, the map file itself, and
 * visibility masks for the examples that only have drawings (flood fill).
 * Include after hw4_model.h. */
#ifndef HW4_EXAMPLES_H
#define HW4_EXAMPLES_H

#include <stdlib.h>
#include <string.h>

#include "hw4_model.h"

enum { HW4_EXAMPLE_ROWS = 7, HW4_EXAMPLE_COLS = 25 };

/* Dumps, named for where the handout prints them: get_set (Parts III and
 * IV, before), set_after (set_cell(3, 6, '$')), reveal_before/after
 * (reveal_area(6, 4)), attack (Parts VI and VII, player at (1,9)),
 * attack_after (complete_attack(1, 8)), monsters1-3 (Part VIII, player at
 * (2,7), (4,5) and (5,4)). */
static const char *const hw4_dump_get_set[HW4_EXAMPLE_ROWS] = {
    "23 23 23 A3 A3 A3 A3 BE A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "23 2E 2E 2E 2E 2E 6D AE ED AE AE AE AE AE AE A3 BF BF BF A3 AE AE A3 BF BF",
    "23 2E 2E 2E 2E 2E 6D AA ED AE AE AE AE AE AE A3 A3 A3 A3 A3 AE AE A3 A3 A3",
    "23 2E 2E 2E 2E 2E 6D 6D ED AE AE AE AE AE AE AF AE AE AE AE AE AE AE AE A3",
    "23 2E 2E 2E 2E 2E 40 2E AE AE AE AE A4 AE AE A3 A3 A3 A3 A3 AE AE AE AE A3",
    "23 2E 2E 2A 2E 2E 2E 2E AE AE AE AE AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "23 23 23 23 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};
static const char *const hw4_dump_set_after[HW4_EXAMPLE_ROWS] = {
    "23 23 23 A3 A3 A3 A3 BE A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "23 2E 2E 2E 2E 2E 6D AE ED AE AE AE AE AE AE A3 BF BF BF A3 AE AE A3 BF BF",
    "23 2E 2E 2E 2E 2E 6D AA ED AE AE AE AE AE AE A3 A3 A3 A3 A3 AE AE A3 A3 A3",
    "23 2E 2E 2E 2E 2E 24 6D ED AE AE AE AE AE AE AF AE AE AE AE AE AE AE AE A3",
    "23 2E 2E 2E 2E 2E 40 2E AE AE AE AE A4 AE AE A3 A3 A3 A3 A3 AE AE AE AE A3",
    "23 2E 2E 2A 2E 2E 2E 2E AE AE AE AE AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "23 23 23 23 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};
static const char *const hw4_dump_reveal_before[HW4_EXAMPLE_ROWS] = {
    "A3 A3 23 23 23 23 23 BE A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "A3 2E 2E 2E 2E 2E 6D 2E ED AE AE AE AE AE AE A3 BF BF BF A3 AE AE A3 BF BF",
    "A3 2E 2E 2E 2E 2E 40 2A ED AE AE AE AE AE AE A3 A3 A3 A3 A3 AE AE A3 A3 A3",
    "A3 2E 2E 2E 2E 2E 6D 6D ED AE AE AE AE AE AE AF AE AE AE AE AE AE AE AE A3",
    "A3 2E 2E 2E AE AE AE AE AE AE AE AE A4 AE AE A3 A3 A3 A3 A3 AE AE AE AE A3",
    "A3 AE AE C2 AE AE AE AE AE AE AE AE AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};
static const char *const hw4_dump_reveal_after[HW4_EXAMPLE_ROWS] = {
    "A3 A3 23 23 23 23 23 BE A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "A3 2E 2E 2E 2E 2E 6D 2E ED AE AE AE AE AE AE A3 BF BF BF A3 AE AE A3 BF BF",
    "A3 2E 2E 2E 2E 2E 40 2A ED AE AE AE AE AE AE A3 A3 A3 A3 A3 AE AE A3 A3 A3",
    "A3 2E 2E 2E 2E 2E 6D 6D ED AE AE AE AE AE AE AF AE AE AE AE AE AE AE AE A3",
    "A3 2E 2E 2E AE AE AE AE AE AE AE AE A4 AE AE A3 A3 A3 A3 A3 AE AE AE AE A3",
    "A3 AE AE 42 2E 2E AE AE AE AE AE AE AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "A3 A3 A3 23 23 23 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};
static const char *const hw4_dump_attack[HW4_EXAMPLE_ROWS] = {
    "A3 A3 A3 A3 A3 A3 A3 BE 23 23 23 23 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "A3 AE AE AE AE AE ED AE 6D 40 2E 2E 2E 2E 2E A3 BF BF BF A3 AE AE A3 BF BF",
    "A3 2E 2E 2E 2E 2E 6D AA 6D 2E 2E 2E 2E 2E 2E 23 A3 A3 A3 A3 AE AE A3 A3 A3",
    "A3 2E 2E 2E 2E 2E 6D 6D 6D 2E 2E 2E 2E 2E 2E 2E AE AE AE AE AE AE AE AE A3",
    "A3 2E 2E 2E 2E 2E 2E 2E 2E 2E 2E 2E 24 2E 2E 23 A3 A3 A3 A3 AE AE AE AE A3",
    "A3 AE AE C2 2E 2E 2E 2E 2E 2E 2E AE AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};
static const char *const hw4_dump_attack_after[HW4_EXAMPLE_ROWS] = {
    "A3 A3 A3 A3 A3 A3 A3 BE 23 23 23 23 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "A3 AE AE AE AE AE ED AE 24 40 2E 2E 2E 2E 2E A3 BF BF BF A3 AE AE A3 BF BF",
    "A3 2E 2E 2E 2E 2E 6D AA 6D 2E 2E 2E 2E 2E 2E 23 A3 A3 A3 A3 AE AE A3 A3 A3",
    "A3 2E 2E 2E 2E 2E 6D 6D 6D 2E 2E 2E 2E 2E 2E 2E AE AE AE AE AE AE AE AE A3",
    "A3 2E 2E 2E 2E 2E 2E 2E 2E 2E 2E 2E 24 2E 2E 23 A3 A3 A3 A3 AE AE AE AE A3",
    "A3 AE AE C2 2E 2E 2E 2E 2E 2E 2E AE AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};
static const char *const hw4_dump_monsters1[HW4_EXAMPLE_ROWS] = {
    "A3 A3 A3 A3 A3 A3 23 3E 23 23 23 23 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "A3 AE AE AE AE AE 6D 2E 2E 2E 2E 2E AE AE AE A3 BF BF BF A3 AE AE A3 BF BF",
    "A3 2E 2E 2E 2E 2E 6D 40 6D 2E 2E 2E AE AE AE A3 A3 A3 A3 A3 AE AE A3 A3 A3",
    "A3 2E 2E 2E 2E 2E 6D 6D 6D 2E 2E 2E AE AE AE AF AE AE AE AE AE AE AE AE A3",
    "A3 2E 2E 2E 2E 2E 2E 2E 2E 2E 2E 2E A4 AE AE A3 A3 A3 A3 A3 AE AE AE AE A3",
    "A3 AE AE 42 2E 2E 2E 2E 2E 2E 2E 2E AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};
static const char *const hw4_dump_monsters2[HW4_EXAMPLE_ROWS] = {
    "A3 A3 A3 A3 A3 A3 A3 BE A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "A3 AE AE AE AE AE ED AE ED AE AE AE AE AE AE A3 BF BF BF A3 AE AE A3 BF BF",
    "A3 2E 2E 2E 2E 2E ED AA ED AE AE AE AE AE AE A3 A3 A3 A3 A3 AE AE A3 A3 A3",
    "A3 2E 2E 2E 2E 2E 6D ED ED AE AE AE AE AE AE AF AE AE AE AE AE AE AE AE A3",
    "A3 2E 2E 2E 2E 40 2E AE AE AE AE AE A4 AE AE A3 A3 A3 A3 A3 AE AE AE AE A3",
    "A3 AE AE 42 2E 2E 2E AE AE AE AE AE AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};
static const char *const hw4_dump_monsters3[HW4_EXAMPLE_ROWS] = {
    "A3 A3 A3 A3 A3 A3 A3 BE A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 BF BF",
    "A3 AE AE AE AE AE ED AE ED AE AE AE AE AE AE A3 BF BF BF A3 AE AE A3 BF BF",
    "A3 2E 2E 2E 2E 2E 6D AA ED AE AE AE AE AE AE A3 A3 A3 A3 A3 AE AE A3 A3 A3",
    "A3 2E 2E 2E 2E 2E 6D ED ED AE AE AE AE AE AE AF AE AE AE AE AE AE AE AE A3",
    "A3 2E 2E 2E 6D 2E 2E AE AE AE AE AE A4 AE AE A3 A3 A3 A3 A3 AE AE AE AE A3",
    "A3 AE AE 42 40 2E 2E AE AE AE AE AE AE AE AE A3 BF BF BF A3 AE AE AE AE A3",
    "A3 A3 A3 23 23 23 23 A3 A3 A3 A3 A3 A3 A3 A3 A3 BF BF BF A3 A3 A3 A3 A3 A3",
};

/* map3.txt's cells (the file is the truth for init_game). */
static const char *const hw4_map3_text[HW4_EXAMPLE_ROWS] = {
    "#######>########???####??",
    "#.....m.m......#???#..#??",
    "#.....m*m......#####..###",
    "#.@...mmm....../........#",
    "#...m.......$..#####....#",
    "#..B...........#???#....#",
    "################???######",
};

/* Which cells the flood fill examples leave visible ('x'; '-' hidden).
 * Example 1 starts from map3 as loaded, with the 3x3 area around the hero
 * at (3,2) revealed: the whole left room's floor appears, except (1,7),
 * which no floor touches. */
static const char *const hw4_flood1_seen_after[HW4_EXAMPLE_ROWS] = {
    "-------------------------",
    "-xxxxx---xxxxxx----------",
    "-xxxxx---xxxxxx----------",
    "-xxxxx---xxxxxx----------",
    "-xxx-xxxxxxx-xx----------",
    "-xx-xxxxxxxxxxx----------",
    "-------------------------",
};

/* Example 2: the door at (3,15) was broken and the hero walked to (3,14),
 * with the 3x3 area around him revealed: the fill now reaches the rooms on
 * the right as well. */
static const char *const hw4_flood2_seen_after[HW4_EXAMPLE_ROWS] = {
    "-------------------------",
    "-xxxxx---xxxxxx-----xx---",
    "-xxxxx---xxxxxxx----xx---",
    "-xxxxx---xxxxxxxxxxxxxxx-",
    "-xxx-xxxxxxx-xxx----xxxx-",
    "-xx-xxxxxxxxxxx-----xxxx-",
    "-------------------------",
};

/* A 7x25 map from one of the dumps above. */
static inline void hw4_map_from_dump(const char *const rows[HW4_EXAMPLE_ROWS], hw4_map *map)
{
    memset(map, 0, sizeof *map);
    map->num_rows = HW4_EXAMPLE_ROWS;
    map->num_cols = HW4_EXAMPLE_COLS;
    for (int r = 0; r < HW4_EXAMPLE_ROWS; r++) {
        const char *p = rows[r];
        for (int c = 0; c < HW4_EXAMPLE_COLS; c++) {
            char *end;
            map->cells[r * HW4_EXAMPLE_COLS + c] = (uint8_t)strtoul(p, &end, 16);
            p = end;
        }
    }
}

/* A 7x25 map from map3's characters, every cell hidden as init_game
 * leaves it. */
static inline void hw4_map3_hidden(hw4_map *map)
{
    memset(map, 0, sizeof *map);
    map->num_rows = HW4_EXAMPLE_ROWS;
    map->num_cols = HW4_EXAMPLE_COLS;
    for (int r = 0; r < HW4_EXAMPLE_ROWS; r++)
        for (int c = 0; c < HW4_EXAMPLE_COLS; c++)
            map->cells[r * HW4_EXAMPLE_COLS + c] = (uint8_t)(hw4_map3_text[r][c] | HW4_HIDDEN);
}

/* Sets one cell of a 7x25 map (tests edit dumped states with it). */
static inline void hw4_put(hw4_map *map, int row, int col, int byte)
{
    map->cells[row * map->num_cols + col] = (uint8_t)byte;
}

#endif
