/* reference-asm/mips/hw4.asm against the MipsHack model: each of the eleven
 * functions called through the harness on the handout's worked examples
 * and on random states from a fixed seed, comparing $v0 (non-void
 * functions), every byte of the Map, the Player and the visited array, a
 * guard zone around each, and the preserved registers. A disagreement is
 * printed with the case that shows it; each test fails at its end if any
 * case disagreed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hw4_model.h"
#include "hw4_examples.h"
#include "mips_call.h"

#ifndef HW4_PROJECT_DIR
#error "HW4_PROJECT_DIR must name the project's source directory"
#endif

#include "hw4_fixture.h"

/* Random map contents ---------------------------------------------------- */

/* Weighted by repetition: floor most, every symbol present. */
static const char all_symbols[] = "........####/>$*mmB?";
/* What a move or an attack may meet next to the hero (no '?', 'X', '@'). */
static const char turn_symbols[] = "......###/>$*mmB";

static void random_map(rng *r, hw4_map *map, int rows, int cols, const char *symbols,
                       int hidden_percent)
{
    memset(map, 0, sizeof *map);
    map->num_rows = (uint8_t)rows;
    map->num_cols = (uint8_t)cols;
    size_t n = strlen(symbols);
    for (int i = 0; i < rows * cols; i++) {
        int ch = symbols[rng_next(r) % n];
        if (rng_range(r, 1, 100) <= hidden_percent)
            ch |= HW4_HIDDEN;
        map->cells[i] = (uint8_t)ch;
    }
}

static void random_bytes_map(rng *r, hw4_map *map, int rows, int cols)
{
    memset(map, 0, sizeof *map);
    map->num_rows = (uint8_t)rows;
    map->num_cols = (uint8_t)cols;
    for (int i = 0; i < rows * cols; i++)
        map->cells[i] = (uint8_t)rng_next(r);
}

/* An index near the map: inside mostly, the edges often, and outside
 * (just past either end, or far) sometimes. */
static int32_t random_index(rng *r, int size)
{
    switch (rng_range(r, 0, 9)) {
    case 0:
        return 0;
    case 1:
        return size - 1;
    case 2:
        return rng_range(r, -2, -1);
    case 3:
        return size + rng_range(r, 0, 1);
    case 4:
        return (int32_t)rng_next(r);
    default:
        return rng_range(r, 0, size - 1);
    }
}

/* The hero somewhere on the map ('@' there, 3x3 revealed as the game
 * leaves it), on an edge often, off the map (row or column just past the
 * end) when outside allows. */
static hw4_player place_hero(rng *r, hw4_map *map, bool outside)
{
    hw4_player p = {0};
    int rows = map->num_rows, cols = map->num_cols;
    int how = rng_range(r, 0, 9);
    p.row = (uint8_t)(how == 0 ? 0 : how == 1 ? rows - 1 : rng_range(r, 0, rows - 1));
    p.col = (uint8_t)(how == 2 ? 0 : how == 3 ? cols - 1 : rng_range(r, 0, cols - 1));
    if (outside && how == 4)
        p.row = (uint8_t)rows;
    if (outside && how == 5)
        p.col = (uint8_t)cols;
    hw4_set_cell(map, p.row, p.col, HW4_HERO);
    hw4_reveal_area(map, p.row, p.col);
    p.health = (int8_t)(rng_range(r, 0, 3) == 0 ? rng_range(r, 20, 99) : rng_range(r, -1, 6));
    p.coins = (uint8_t)rng_range(r, 0, 250);
    return p;
}

static const int32_t directions[] = {'U', 'D', 'L', 'R'};

static int32_t random_direction(rng *r, int bad_percent)
{
    static const int32_t bad[] = {'Z', 'u', 'd', 0, 'X', ' ', -1};
    if (rng_range(r, 1, 100) <= bad_percent)
        return bad[rng_next(r) % (sizeof bad / sizeof bad[0])];
    return directions[rng_next(r) % 4];
}

/* The suite ---------------------------------------------------------------- */

static int setup(void **state)
{
    suite *s = calloc(1, sizeof *s);
    assert_non_null(s);
    /* HW4_ASM names another submission to check (a grader's trial run). */
    const char *path = getenv("HW4_ASM");
    if (!path || !*path)
        path = HW4_PROJECT_DIR "/reference-asm/mips/hw4.asm";
    char *messages = NULL;
    s->prog = mips_call_assemble(&path, 1, NULL, &messages);
    if (!s->prog) {
        fprintf(stderr, "cannot assemble %s:\n%s", path, messages ? messages : "");
        free(messages);
        free(s);
        return -1;
    }
    free(messages);
    for (int f = 0; f < FN_COUNT; f++)
        if (!mips_call_find(s->prog, 0, fn_names[f], &s->fn[f])) {
            fprintf(stderr, "%s has no label %s\n", path, fn_names[f]);
            mips_call_program_free(s->prog);
            free(s);
            return -1;
        }
    snprintf(s->tmpdir, sizeof s->tmpdir, "/tmp/test_hw4_functions.XXXXXX");
    if (!mkdtemp(s->tmpdir)) {
        mips_call_program_free(s->prog);
        free(s);
        return -1;
    }
    s->rng.state = 0x4857342d6d6f646cULL; /* fixed: the same cases every run */
    *state = s;
    return 0;
}

static int teardown(void **state)
{
    suite *s = *state;
    rmdir(s->tmpdir);
    mips_call_program_free(s->prog);
    free(s);
    return 0;
}

/* init_game ------------------------------------------------------------------ */

/* init_game(filename) under fs_root into structs full of noise. file holds
 * the bytes the model reads (NULL: the file does not exist). */
static void check_init(suite *s, const char *fs_root, const char *filename,
                       const uint8_t *file, size_t len)
{
    hw4_map *noise = calloc(1, sizeof *noise);
    assert_non_null(noise);
    random_bytes_map(&s->rng, noise, 7, 25);
    for (size_t i = 7 * 25; i < sizeof noise->cells; i++)
        noise->cells[i] = (uint8_t)rng_next(&s->rng);
    noise->num_rows = (uint8_t)rng_next(&s->rng);
    noise->num_cols = (uint8_t)rng_next(&s->rng);
    hw4_player player = {(uint8_t)rng_next(&s->rng), (uint8_t)rng_next(&s->rng),
                         (int8_t)rng_next(&s->rng), (uint8_t)rng_next(&s->rng)};
    hw4_case *k = case_new(FN_INIT_GAME, noise, player);
    k->has_result = true;
    k->want_result = hw4_init_game(file, len, &k->want_map, &k->want_player);
    k->map_bytes = file ? hw4_map_size(&k->want_map) : 2 + 7 * 25;
    k->args[0] = NAME_ADDR;
    k->args[1] = MAP_ADDR;
    k->args[2] = PLAYER_ADDR;
    k->arg_count = 3;
    k->filename = filename;
    k->fs_root = fs_root;
    k->budget = 5 * 1000 * 1000;
    snprintf(k->what, sizeof k->what, "file %s", filename);
    run_case(s, k);
    free(k);
    free(noise);
}

static size_t read_file(const char *path, uint8_t *buf, size_t size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s", path);
    size_t len = fread(buf, 1, size, f);
    fclose(f);
    return len;
}

/* A map file of the homework's format: rows x cols from symbols, one '@',
 * the given health. */
static size_t random_map_file(rng *r, int rows, int cols, int health, char *out)
{
    size_t n = (size_t)sprintf(out, "%02d\n%02d\n", rows, cols);
    int hero = rng_range(r, 0, rows * cols - 1);
    const char *symbols = "........####/>$*mmB?";
    for (int i = 0; i < rows * cols; i++) {
        out[n++] = i == hero ? '@' : symbols[rng_next(r) % strlen(symbols)];
        if (i % cols == cols - 1)
            out[n++] = '\n';
    }
    n += (size_t)sprintf(out + n, "%02d\n", health);
    return n;
}

static void test_init_game(void **state)
{
    suite *s = *state;
    static uint8_t buf[HW4_MAX_ROWS * (HW4_MAX_COLS + 1) + 16];
    for (int i = 1; i <= 3; i++) {
        char name[32], path[512];
        snprintf(name, sizeof name, "maps/map%d.txt", i);
        snprintf(path, sizeof path, "%s/%s", HW4_PROJECT_DIR, name);
        size_t len = read_file(path, buf, sizeof buf);
        check_init(s, HW4_PROJECT_DIR, name, buf, len);
    }
    check_init(s, HW4_PROJECT_DIR, "maps/no-such-map.txt", NULL, 0);
    for (int i = 0; i < 40; i++) {
        int rows = i == 0 ? 1 : rng_range(&s->rng, 1, 14);
        int cols = i == 0 ? 1 : i % 8 == 1 ? 99 : rng_range(&s->rng, 1, 40);
        int health = rng_range(&s->rng, 1, 99);
        char *text = (char *)buf;
        size_t len = random_map_file(&s->rng, rows, cols, health, text);
        char name[32], path[128];
        snprintf(name, sizeof name, "map%d.txt", i);
        snprintf(path, sizeof path, "%s/%s", s->tmpdir, name);
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        fwrite(text, 1, len, f);
        fclose(f);
        check_init(s, s->tmpdir, name, buf, len);
        remove(path);
    }
    finish(s, "init_game");
}

/* Parts II-V: cells --------------------------------------------------------- */

static const hw4_player nobody = {0, 0, 0, 0};

static void test_is_valid_cell(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    random_map(&s->rng, map, 25, 7, all_symbols, 50);
    static const int32_t table[][2] = {{5, 3}, {0, 0}, {24, 6}, {25, 3}, {-3, 4},
                                       {3, 7}, {3, -1}, {INT32_MIN, 0}, {0, INT32_MAX}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        check(s, FN_IS_VALID_CELL, map, nobody, table[i], 2, 0);
    for (int i = 0; i < RANDOM_CASES; i++) {
        /* Sizes up to 255 catch a signed load of num_rows or num_cols. */
        int rows = rng_range(&s->rng, 0, 3) == 0 ? rng_range(&s->rng, 120, 255)
                                                 : rng_range(&s->rng, 1, 12);
        int cols = rng_range(&s->rng, 0, 3) == 0 ? rng_range(&s->rng, 120, 255)
                                                 : rng_range(&s->rng, 1, 12);
        random_bytes_map(&s->rng, map, rows, cols);
        int32_t at[2] = {random_index(&s->rng, rows), random_index(&s->rng, cols)};
        check(s, FN_IS_VALID_CELL, map, nobody, at, 2, 0);
    }
    free(map);
    finish(s, "is_valid_cell");
}

static void test_get_cell(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    hw4_map_from_dump(hw4_dump_get_set, map);
    static const int32_t table[][2] = {{3, 8}, {4, 6}, {25, 3}, {-3, 4}, {6, 24}, {7, 0}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        check(s, FN_GET_CELL, map, nobody, table[i], 2, 0);
    for (int i = 0; i < RANDOM_CASES; i++) {
        int rows = rng_range(&s->rng, 1, 30), cols = rng_range(&s->rng, 1, 30);
        random_bytes_map(&s->rng, map, rows, cols);
        int32_t at[2] = {random_index(&s->rng, rows), random_index(&s->rng, cols)};
        check(s, FN_GET_CELL, map, nobody, at, 2, 0);
    }
    free(map);
    finish(s, "get_cell");
}

static void test_set_cell(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    hw4_map_from_dump(hw4_dump_get_set, map);
    static const int32_t table[][3] = {{3, 6, '$'}, {4, 8, '.'}, {25, 3, '.'}, {-3, 4, '@'}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        check(s, FN_SET_CELL, map, nobody, table[i], 3, 0);
    for (int i = 0; i < RANDOM_CASES; i++) {
        int rows = rng_range(&s->rng, 1, 30), cols = rng_range(&s->rng, 1, 30);
        random_bytes_map(&s->rng, map, rows, cols);
        int32_t v[3] = {random_index(&s->rng, rows), random_index(&s->rng, cols),
                        (int32_t)(rng_next(&s->rng) & 0xff)};
        check(s, FN_SET_CELL, map, nobody, v, 3, 0);
    }
    free(map);
    finish(s, "set_cell");
}

static void test_reveal_area(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    hw4_map_from_dump(hw4_dump_reveal_before, map);
    static const int32_t table[][2] = {{6, 4}, {-1, 0}, {0, 0}, {7, 25}, {-2, 3}, {3, 26}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        check(s, FN_REVEAL_AREA, map, nobody, table[i], 2, 0);
    for (int i = 0; i < RANDOM_CASES; i++) {
        int rows = rng_range(&s->rng, 1, 20), cols = rng_range(&s->rng, 1, 20);
        random_map(&s->rng, map, rows, cols, all_symbols, 60);
        int32_t at[2] = {random_index(&s->rng, rows), random_index(&s->rng, cols)};
        check(s, FN_REVEAL_AREA, map, nobody, at, 2, 0);
    }
    free(map);
    finish(s, "reveal_area");
}

/* Parts VI-X: the hero --------------------------------------------------------- */

static void test_get_attack_target(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    hw4_map_from_dump(hw4_dump_attack, map);
    const hw4_player hero = {1, 9, 10, 0};
    static const int32_t table[] = {'U', 'D', 'L', 'R', 'Z'};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        check(s, FN_GET_ATTACK_TARGET, map, hero, &table[i], 1, 0);
    for (int i = 0; i < RANDOM_CASES; i++) {
        random_map(&s->rng, map, rng_range(&s->rng, 1, 12), rng_range(&s->rng, 1, 12),
                   "..#/>$*mmBB//", 50);
        hw4_player p = place_hero(&s->rng, map, true);
        int32_t dir = random_direction(&s->rng, 20);
        check(s, FN_GET_ATTACK_TARGET, map, p, &dir, 1, 0);
    }
    free(map);
    finish(s, "get_attack_target");
}

/* A valid cell next to the hero, by a random direction; false when the
 * map has none (1x1). */
static bool random_neighbour(rng *r, const hw4_map *map, hw4_player p, int32_t *v)
{
    static const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    int first = rng_range(r, 0, 3);
    for (int i = 0; i < 4; i++) {
        const int *o = offsets[(first + i) % 4];
        v[0] = p.row + o[0];
        v[1] = p.col + o[1];
        if (hw4_is_valid_cell(map, v[0], v[1]) == 0)
            return true;
    }
    return false;
}

static void test_complete_attack(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    hw4_map_from_dump(hw4_dump_attack, map);
    const int32_t minion[2] = {1, 8};
    check(s, FN_COMPLETE_ATTACK, map, (hw4_player){1, 9, 10, 0}, minion, 2, 0);
    check(s, FN_COMPLETE_ATTACK, map, (hw4_player){1, 9, 1, 0}, minion, 2, 0);
    for (int i = 0; i < RANDOM_CASES; i++) {
        random_map(&s->rng, map, rng_range(&s->rng, 1, 12), rng_range(&s->rng, 1, 12),
                   all_symbols, 50);
        hw4_player p = place_hero(&s->rng, map, false);
        int32_t target[2];
        if (!random_neighbour(&s->rng, map, p, target))
            continue;
        hw4_set_cell(map, target[0], target[1], "mB/"[rng_range(&s->rng, 0, 2)]);
        check(s, FN_COMPLETE_ATTACK, map, p, target, 2, 0);
    }
    free(map);
    finish(s, "complete_attack");
}

static void test_monster_attacks(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    hw4_map_from_dump(hw4_dump_monsters1, map);
    check(s, FN_MONSTER_ATTACKS, map, (hw4_player){2, 7, 10, 0}, NULL, 0, 0);
    hw4_map_from_dump(hw4_dump_monsters2, map);
    check(s, FN_MONSTER_ATTACKS, map, (hw4_player){4, 5, 10, 0}, NULL, 0, 0);
    hw4_map_from_dump(hw4_dump_monsters3, map);
    check(s, FN_MONSTER_ATTACKS, map, (hw4_player){5, 4, 10, 0}, NULL, 0, 0);
    for (int i = 0; i < RANDOM_CASES; i++) {
        random_map(&s->rng, map, rng_range(&s->rng, 1, 12), rng_range(&s->rng, 1, 12),
                   "..#$mmmBB", 50);
        hw4_player p = place_hero(&s->rng, map, true);
        check(s, FN_MONSTER_ATTACKS, map, p, NULL, 0, 0);
    }
    free(map);
    finish(s, "monster_attacks");
}

/* The handout's six player_move examples, rebuilt as in test_hw4_model. */
static void player_move_examples(suite *s, hw4_map *map)
{
    const int32_t right[2] = {5, 5}, down[2] = {5, 5}, left[2] = {4, 4}, up[2] = {2, 7},
                  exit_[2] = {0, 7};
    hw4_map_from_dump(hw4_dump_monsters3, map);
    check(s, FN_PLAYER_MOVE, map, (hw4_player){5, 4, 1, 0}, right, 2, 0);
    hw4_map_from_dump(hw4_dump_monsters2, map);
    check(s, FN_PLAYER_MOVE, map, (hw4_player){4, 5, 7, 2}, down, 2, 0);
    hw4_put(map, 4, 4, '$');
    check(s, FN_PLAYER_MOVE, map, (hw4_player){4, 5, 7, 2}, left, 2, 0);
    hw4_map_from_dump(hw4_dump_monsters1, map);
    hw4_put(map, 2, 7, '*');
    hw4_put(map, 3, 7, '@');
    check(s, FN_PLAYER_MOVE, map, (hw4_player){3, 7, 10, 1}, up, 2, 0);
    hw4_map_from_dump(hw4_dump_monsters1, map);
    hw4_put(map, 1, 6, '.');
    hw4_put(map, 1, 7, '@');
    hw4_put(map, 1, 8, 'm');
    hw4_put(map, 2, 7, '*');
    check(s, FN_PLAYER_MOVE, map, (hw4_player){1, 7, 5, 0}, exit_, 2, 0);
    hw4_put(map, 1, 6, 'm');
    hw4_put(map, 1, 8, '.');
    check(s, FN_PLAYER_MOVE, map, (hw4_player){1, 7, 1, 0}, exit_, 2, 0);
}

static void test_player_move(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    player_move_examples(s, map);
    for (int i = 0; i < RANDOM_CASES; i++) {
        random_map(&s->rng, map, rng_range(&s->rng, 1, 12), rng_range(&s->rng, 1, 12),
                   turn_symbols, 50);
        hw4_player p = place_hero(&s->rng, map, false);
        int32_t target[2];
        if (!random_neighbour(&s->rng, map, p, target))
            continue;
        hw4_set_cell(map, target[0], target[1], ".$*>"[rng_range(&s->rng, 0, 3)]);
        check(s, FN_PLAYER_MOVE, map, p, target, 2, 0);
    }
    free(map);
    finish(s, "player_move");
}

static void test_player_turn(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    const int32_t down = 'D', up = 'U', right = 'R';
    hw4_map_from_dump(hw4_dump_monsters3, map);
    hw4_put(map, 5, 4, '.');
    hw4_put(map, 5, 7, '@');
    hw4_reveal_area(map, 5, 7);
    check(s, FN_PLAYER_TURN, map, (hw4_player){5, 7, 4, 0}, &down, 1, 0);
    hw4_map_from_dump(hw4_dump_attack, map);
    hw4_put(map, 1, 9, '.');
    hw4_put(map, 4, 8, '@');
    check(s, FN_PLAYER_TURN, map, (hw4_player){4, 8, 6, 0}, &up, 1, 0);
    hw4_map_from_dump(hw4_dump_attack, map);
    hw4_put(map, 1, 9, '.');
    hw4_put(map, 4, 9, '@');
    check(s, FN_PLAYER_TURN, map, (hw4_player){4, 9, 6, 0}, &right, 1, 0);
    for (int i = 0; i < 2 * RANDOM_CASES; i++) {
        random_map(&s->rng, map, rng_range(&s->rng, 1, 12), rng_range(&s->rng, 1, 12),
                   turn_symbols, 50);
        hw4_player p = place_hero(&s->rng, map, true);
        int32_t dir = random_direction(&s->rng, 10);
        check(s, FN_PLAYER_TURN, map, p, &dir, 1, 0);
    }
    free(map);
    finish(s, "player_turn");
}

/* Part XI ------------------------------------------------------------------------ */

enum { FLOOD_BUDGET = 200 * 1000 * 1000 };

static void test_flood_fill_reveal(void **state)
{
    suite *s = *state;
    hw4_map *map = calloc(1, sizeof *map);
    assert_non_null(map);
    hw4_map3_hidden(map);
    hw4_reveal_area(map, 3, 2);
    const int32_t hero1[2] = {3, 2}, hero2[2] = {3, 14}, below[2] = {7, 0};
    check(s, FN_FLOOD_FILL_REVEAL, map, nobody, hero1, 2, FLOOD_BUDGET);
    check(s, FN_FLOOD_FILL_REVEAL, map, nobody, below, 2, FLOOD_BUDGET);
    hw4_map3_hidden(map);
    hw4_put(map, 3, 2, '.' | 0x80);
    hw4_put(map, 3, 14, '@');
    hw4_put(map, 3, 15, '.' | 0x80);
    hw4_reveal_area(map, 3, 14);
    check(s, FN_FLOOD_FILL_REVEAL, map, nobody, hero2, 2, FLOOD_BUDGET);
    for (int i = 0; i < RANDOM_CASES; i++) {
        int rows = rng_range(&s->rng, 1, 30), cols = rng_range(&s->rng, 1, 40);
        random_map(&s->rng, map, rows, cols, i % 2 ? ".....#" : "...#m$?", 70);
        int32_t at[2] = {random_index(&s->rng, rows), random_index(&s->rng, cols)};
        check(s, FN_FLOOD_FILL_REVEAL, map, nobody, at, 2, FLOOD_BUDGET);
    }
    /* Large regions: every cell floor, and a 99x99 map with few walls. */
    random_map(&s->rng, map, 60, 99, ".", 100);
    const int32_t middle[2] = {30, 50}, corner[2] = {98, 98};
    check(s, FN_FLOOD_FILL_REVEAL, map, nobody, middle, 2, FLOOD_BUDGET);
    random_map(&s->rng, map, 99, 99, ".........#", 80);
    check(s, FN_FLOOD_FILL_REVEAL, map, nobody, corner, 2, FLOOD_BUDGET);
    free(map);
    finish(s, "flood_fill_reveal");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_game),
        cmocka_unit_test(test_is_valid_cell),
        cmocka_unit_test(test_get_cell),
        cmocka_unit_test(test_set_cell),
        cmocka_unit_test(test_reveal_area),
        cmocka_unit_test(test_get_attack_target),
        cmocka_unit_test(test_complete_attack),
        cmocka_unit_test(test_monster_attacks),
        cmocka_unit_test(test_player_move),
        cmocka_unit_test(test_player_turn),
        cmocka_unit_test(test_flood_fill_reveal),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
