/* The MipsHack suite: cases (the handout's examples, then random states),
 * each run on a fresh machine and compared with the model. */
#include "hw4_suite.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grade_call.h"
#include "hw4_mapgen.h"
#include "mips_syscall.h"
#include "hw4_examples.h"
#include "hw4_model.h"

enum hw4_fn {
    FN_INIT_GAME, FN_IS_VALID_CELL, FN_GET_CELL, FN_SET_CELL, FN_REVEAL_AREA,
    FN_GET_ATTACK_TARGET, FN_COMPLETE_ATTACK, FN_MONSTER_ATTACKS, FN_PLAYER_MOVE,
    FN_PLAYER_TURN, FN_FLOOD_FILL_REVEAL,
};

const char *const hw4_function_names[HW4_FUNCTIONS] = {
    "init_game", "is_valid_cell", "get_cell", "set_cell", "reveal_area", "get_attack_target",
    "complete_attack", "monster_attacks", "player_move", "player_turn", "flood_fill_reveal",
};

/* Out of 100: the simple accessors weigh least, the game logic and the
 * flood fill most (docs/grader.md). */
const double hw4_function_points[HW4_FUNCTIONS] = {10, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14};

/* Where a test places the structures: apart, inside the noisy data window. */
enum {
    MAP_ADDR = GRADE_DATA_BASE + 0x0100,
    PLAYER_ADDR = GRADE_DATA_BASE + 0x4100,
    VISITED_ADDR = GRADE_DATA_BASE + 0x4200,
    NAME_ADDR = GRADE_DATA_BASE + 0x7000,
    DEFAULT_RANDOM_CASES = 12,
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
    const char *map_file; /* init_game: a name under maps_dir */
} hw4_case;

typedef struct suite {
    const hw4_suite_options *options;
    const mips_call_program *prog;
    hw4_report *report;
    grade_rng rng;
    const char *files; /* the submission's file syscalls resolve here: a scratch
                          copy of the maps, so it cannot touch the real ones */
} suite;

/* ---- messages -------------------------------------------------------- */

static void describe_map_byte(const void *ctx, uint32_t offset, char *buf, size_t size)
{
    const hw4_map *map = ctx;
    if (offset < 2)
        snprintf(buf, size, "the map's %s", offset == 0 ? "num_rows" : "num_cols");
    else if (map->num_cols && offset - 2 < (uint32_t)map->num_rows * map->num_cols)
        snprintf(buf, size, "the map cell (%u,%u)", (offset - 2) / map->num_cols,
                 (offset - 2) % map->num_cols);
    else
        snprintf(buf, size, "past the map's last cell");
}

static void describe_player_byte(const void *ctx, uint32_t offset, char *buf, size_t size)
{
    (void)ctx;
    static const char *const fields[4] = {"row", "col", "health", "coins"};
    snprintf(buf, size, "the player's %s", fields[offset & 3]);
}

/* ---- the model's answer ------------------------------------------------ */

/* Runs the model on *s (changed in place); returns its result. */
static int32_t model_call(const hw4_case *k, hw4_state *s, const char *maps_dir)
{
    char path[1024];
    switch (k->fn) {
    case FN_INIT_GAME:
        snprintf(path, sizeof path, "%s/%s", maps_dir, k->map_file);
        return hw4_init_game_path(path, &s->map, &s->player);
    case FN_IS_VALID_CELL: return hw4_is_valid_cell(&s->map, k->a, k->b);
    case FN_GET_CELL: return hw4_get_cell(&s->map, k->a, k->b);
    case FN_SET_CELL: return hw4_set_cell(&s->map, k->a, k->b, k->c);
    case FN_REVEAL_AREA: hw4_reveal_area(&s->map, k->a, k->b); return 0;
    case FN_GET_ATTACK_TARGET: return hw4_get_attack_target(&s->map, &s->player, k->a);
    case FN_COMPLETE_ATTACK: hw4_complete_attack(&s->map, &s->player, k->a, k->b); return 0;
    case FN_MONSTER_ATTACKS: return hw4_monster_attacks(&s->map, &s->player);
    case FN_PLAYER_MOVE: return hw4_player_move(&s->map, &s->player, k->a, k->b);
    case FN_PLAYER_TURN: return hw4_player_turn(&s->map, &s->player, k->a);
    case FN_FLOOD_FILL_REVEAL: return hw4_flood_fill_reveal(&s->map, k->a, k->b, s->visited);
    }
    return 0;
}

static bool returns_value(enum hw4_fn fn)
{
    return fn != FN_REVEAL_AREA && fn != FN_COMPLETE_ATTACK;
}

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

/* The helpers the handout says the function must call, on this case's path
 * (a call the path never reaches is not required). */
static void required_calls(const hw4_case *k, const hw4_state *after, const char **out)
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

/* ---- running a case ---------------------------------------------------- */

static hw4_test_result *new_test(hw4_report *r)
{
    if (r->test_count == r->test_capacity) {
        size_t cap = r->test_capacity ? 2 * r->test_capacity : 64;
        hw4_test_result *grown = realloc(r->tests, cap * sizeof *grown);
        if (!grown)
            abort();
        r->tests = grown;
        r->test_capacity = cap;
    }
    hw4_test_result *t = &r->tests[r->test_count++];
    memset(t, 0, sizeof *t);
    return t;
}

/* The arguments and the structures of the call. */
static size_t call_arguments(const hw4_case *k, uint32_t *args)
{
    switch (k->fn) {
    case FN_INIT_GAME:
        args[0] = NAME_ADDR, args[1] = MAP_ADDR, args[2] = PLAYER_ADDR;
        return 3;
    case FN_IS_VALID_CELL: case FN_GET_CELL: case FN_REVEAL_AREA:
        args[0] = MAP_ADDR, args[1] = (uint32_t)k->a, args[2] = (uint32_t)k->b;
        return 3;
    case FN_SET_CELL:
        args[0] = MAP_ADDR, args[1] = (uint32_t)k->a, args[2] = (uint32_t)k->b;
        args[3] = (uint32_t)k->c;
        return 4;
    case FN_GET_ATTACK_TARGET: case FN_PLAYER_TURN:
        args[0] = MAP_ADDR, args[1] = PLAYER_ADDR, args[2] = (uint32_t)k->a;
        return 3;
    case FN_COMPLETE_ATTACK: case FN_PLAYER_MOVE:
        args[0] = MAP_ADDR, args[1] = PLAYER_ADDR, args[2] = (uint32_t)k->a;
        args[3] = (uint32_t)k->b;
        return 4;
    case FN_MONSTER_ATTACKS:
        args[0] = MAP_ADDR, args[1] = PLAYER_ADDR;
        return 2;
    case FN_FLOOD_FILL_REVEAL:
        args[0] = MAP_ADDR, args[1] = (uint32_t)k->a, args[2] = (uint32_t)k->b;
        args[3] = VISITED_ADDR;
        return 4;
    }
    return 0;
}

/* Which structures the function may change. */
static void writable(enum hw4_fn fn, bool *map, bool *player, bool *visited)
{
    *map = fn == FN_INIT_GAME || fn == FN_SET_CELL || fn == FN_REVEAL_AREA ||
           fn == FN_COMPLETE_ATTACK || fn == FN_PLAYER_MOVE || fn == FN_PLAYER_TURN ||
           fn == FN_FLOOD_FILL_REVEAL;
    *player = fn == FN_INIT_GAME || fn == FN_COMPLETE_ATTACK || fn == FN_PLAYER_MOVE ||
              fn == FN_PLAYER_TURN;
    *visited = fn == FN_FLOOD_FILL_REVEAL;
}

/* The visited array as the model has it, or with the start cell's bit the
 * other way: "visited ... by the algorithm" holds either way for the cell
 * the fill starts from, and the map comes out the same. */
static bool visited_matches(const hw4_case *k, const hw4_state *want, const uint8_t *got,
                            size_t size)
{
    if (hw4_visited_equal(want->visited, got, size))
        return true;
    if (hw4_is_valid_cell(&k->start.map, k->a, k->b))
        return false;
    uint8_t *flipped = malloc(size ? size : 1);
    if (!flipped)
        abort();
    memcpy(flipped, want->visited, size);
    uint32_t i = (uint32_t)(k->a * k->start.map.num_cols + k->b);
    flipped[i / 8] ^= (uint8_t)(1u << (i % 8));
    bool same = hw4_visited_equal(flipped, got, size);
    free(flipped);
    return same;
}

/* Compares the structures in the machine with the model's. */
static void compare_memory(mips_call *c, const hw4_case *k, const hw4_state *want,
                           grade_findings *problems)
{
    uint8_t *got = malloc(sizeof(hw4_map));
    if (!got)
        abort();
    size_t map_size = hw4_map_size(&want->map);
    int reported = 0;
    if (mips_call_read(c, MAP_ADDR, got, map_size))
        for (size_t i = 0; i < map_size && reported < 4; i++) {
            const uint8_t *w = (const uint8_t *)&want->map;
            if (got[i] == w[i])
                continue;
            char what[64];
            describe_map_byte(&want->map, (uint32_t)i, what, sizeof what);
            grade_findings_add(problems, 0, 0, "%s is 0x%02x, expected 0x%02x", what, got[i],
                               w[i]);
            reported++;
        }
    uint8_t player[4];
    const uint8_t *wp = (const uint8_t *)&want->player;
    if (k->fn != FN_INIT_GAME || want->map.num_rows)
        if (mips_call_read(c, PLAYER_ADDR, player, 4))
            for (unsigned i = 0; i < 4; i++)
                if (player[i] != wp[i]) {
                    char what[32];
                    describe_player_byte(NULL, i, what, sizeof what);
                    grade_findings_add(problems, 0, 0, "%s is %d, expected %d", what,
                                       i == 2 ? (int8_t)player[i] : player[i],
                                       i == 2 ? (int8_t)wp[i] : wp[i]);
                }
    if (k->fn == FN_FLOOD_FILL_REVEAL) {
        size_t vsize = hw4_visited_size(&want->map);
        if (mips_call_read(c, VISITED_ADDR, got, vsize) && !visited_matches(k, want, got, vsize))
            grade_findings_add(problems, 0, 0, "the visited array marks other cells than the "
                               "flood fill visits");
    }
    free(got);
}

/* The instructions a test may take: the course's 100,000, and for the
 * functions that traverse the whole map (init_game reading it, the flood
 * fill) HW4_BUDGET_PER_CELL more per cell, as the handout promises ("will
 * be increased ... a large data structure must be traversed"). */
static uint64_t budget_of(const hw4_case *k, const hw4_state *want)
{
    const hw4_map *map = k->fn == FN_INIT_GAME ? &want->map : &k->start.map;
    uint64_t cells = (uint64_t)map->num_rows * map->num_cols;
    bool traverses = k->fn == FN_INIT_GAME || k->fn == FN_FLOOD_FILL_REVEAL;
    return HW4_BUDGET_BASE + (traverses ? HW4_BUDGET_PER_CELL * cells : 0);
}

/* Adds each line the call kept values in $f registers on to the report's
 * source warnings (once a line), and frees the call's list. */
static void merge_hiding(grade_findings *warnings, grade_findings *hiding)
{
    for (size_t i = 0; i < hiding->count; i++) {
        bool known = false;
        for (size_t j = 0; j < warnings->count && !known; j++)
            known = warnings->items[j].line == hiding->items[i].line &&
                    strcmp(warnings->items[j].text, hiding->items[i].text) == 0;
        if (!known)
            grade_findings_add(warnings, hiding->items[i].line, 0, "%s", hiding->items[i].text);
    }
    grade_findings_free(hiding);
}

/* What the function saved and wrote over its tests, for the practices. */
typedef struct practice {
    uint32_t saved, written;
} practice;

static void run_case(suite *s, hw4_case *k, double points, practice *seen)
{
    hw4_test_result *t = new_test(s->report);
    t->function = k->fn;
    snprintf(t->name, sizeof t->name, "%s: %s", hw4_function_names[k->fn], k->label);
    t->max_score = points;
    hw4_state *want = malloc(sizeof *want);
    if (!want)
        abort();
    *want = k->start;
    int32_t expected = model_call(k, want, s->files);

    mips_call_options o = mips_call_default_options();
    o.fs_root = s->files;
    o.budget = budget_of(k, want);
    mips_call *c = grade_call_new(s->prog, &o, &s->rng);
    if (!c) {
        grade_findings_add(&t->problems, 0, 0, "could not be loaded");
        free(want);
        return;
    }
    /* init_game finds an empty map (0 x 0) and writes the file's; a file
     * that cannot be opened leaves it so. */
    const hw4_map *shown = k->fn == FN_INIT_GAME ? &want->map : &k->start.map;
    if (k->fn == FN_INIT_GAME)
        mips_call_write(c, NAME_ADDR, k->map_file, strlen(k->map_file) + 1);
    mips_call_write(c, MAP_ADDR, &k->start.map, hw4_map_size(&k->start.map));
    mips_call_write(c, PLAYER_ADDR, &k->start.player, 4);
    if (k->fn == FN_FLOOD_FILL_REVEAL)
        mips_call_write(c, VISITED_ADDR, k->start.visited, hw4_visited_size(&k->start.map));

    bool map_w, player_w, visited_w;
    writable(k->fn, &map_w, &player_w, &visited_w);
    size_t map_size = hw4_map_size(shown);
    grade_region regions[4] = {
        {MAP_ADDR, (uint32_t)(map_size > 2 ? map_size : 2), map_w, "the map",
         describe_map_byte, shown},
        {PLAYER_ADDR, 4, player_w, "the player", describe_player_byte, NULL},
        {VISITED_ADDR, (uint32_t)hw4_visited_size(shown), visited_w, "the visited array",
         NULL, NULL},
        {NAME_ADDR, (uint32_t)(k->map_file ? strlen(k->map_file) + 1 : 0), false,
         "the file name", NULL, NULL},
    };
    grade_call_spec spec = {.function = hw4_function_names[k->fn], .regions = regions,
                            .region_count = 4};
    if (k->fn == FN_INIT_GAME) {
        /* Its section: it opens (13), reads (14) and closes (16) the file;
         * sbrk (9) may give it a buffer, since it may not have .data. */
        spec.allowed_syscalls = GRADE_SYSCALL(MIPS_SYS_SBRK) | GRADE_SYSCALL(MIPS_SYS_OPEN) |
                                GRADE_SYSCALL(MIPS_SYS_READ) | GRADE_SYSCALL(MIPS_SYS_CLOSE);
        spec.required_syscalls = expected == 0 ? GRADE_SYSCALL(MIPS_SYS_OPEN) |
                                                 GRADE_SYSCALL(MIPS_SYS_READ) |
                                                 GRADE_SYSCALL(MIPS_SYS_CLOSE)
                                               : GRADE_SYSCALL(MIPS_SYS_OPEN);
    }
    spec.arg_count = call_arguments(k, spec.args);
    const char *must[5];
    required_calls(k, want, must);
    for (int i = 0; i < 4 && must[i]; i++)
        spec.must_call[i] = must[i];

    grade_outcome out;
    grade_call_run(c, s->prog, &spec, &s->rng, &out);
    t->instructions = out.result.instructions;
    if (out.result.status == MIPS_CALL_RETURNED) {
        if (returns_value(k->fn) && (int32_t)out.result.v0 != expected)
            grade_findings_add(&out.problems, 0, 0, "returned %" PRId32 ", expected %" PRId32,
                               (int32_t)out.result.v0, expected);
        compare_memory(c, k, want, &out.problems);
    }
    t->problems = out.problems;
    merge_hiding(&s->report->source_warnings, &out.hiding);
    seen->saved |= out.saved;
    seen->written |= out.written;
    t->score = t->problems.count == 0 ? points : 0;
    mips_call_free(c);
    free(want);
}

/* ---- cases ------------------------------------------------------------- */

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

static void random_case(suite *s, hw4_case *k, int i)
{
    grade_rng *r = &s->rng;
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

/* The handout's worked examples (map3, as its hex dumps show it). */
static int example_cases(enum hw4_fn fn, hw4_case *k, int i)
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

static const char *const map_files[] = {"map1.txt", "map2.txt", "map3.txt", "smallest.txt",
                                        "tiny.txt", "big.txt", "flood.txt", "allsymbols.txt",
                                        "bossstart.txt", "no_such_map.txt"};

enum { OFFICIAL_MAPS = sizeof map_files / sizeof map_files[0] };

/* init_game's files: the official maps, then this seed's random ones,
 * written into the scratch folder beside them. */
static const char *init_game_file(int i, char *buf, size_t size)
{
    if (i < OFFICIAL_MAPS)
        return map_files[i];
    snprintf(buf, size, "random_%d.txt", i - OFFICIAL_MAPS + 1);
    return buf;
}

static void grade_function(suite *s, enum hw4_fn fn)
{
    char random_names[HW4_RANDOM_MAPS][32];
    if (fn == FN_INIT_GAME)
        for (int i = 0; i < HW4_RANDOM_MAPS; i++)
            if (!hw4_write_random_map(s->files, init_game_file(OFFICIAL_MAPS + i,
                                      random_names[i], sizeof random_names[i]), &s->rng))
                random_names[i][0] = '\0'; /* the test then expects -1, as for no file */
    hw4_case *k = malloc(sizeof *k);
    if (!k)
        abort();
    int examples = 0;
    while (fn != FN_INIT_GAME && example_cases(fn, k, examples))
        examples++;
    int randoms = fn == FN_INIT_GAME ? 0 : s->options->random_cases ? s->options->random_cases
                                                                     : DEFAULT_RANDOM_CASES;
    int total = fn == FN_INIT_GAME ? OFFICIAL_MAPS + HW4_RANDOM_MAPS : examples + randoms;
    double points = hw4_function_points[fn] / total;
    practice seen = {0, 0};
    for (int i = 0; i < total; i++) {
        memset(k, 0, sizeof *k);
        k->fn = fn;
        if (fn == FN_INIT_GAME) {
            k->map_file = i < OFFICIAL_MAPS ? map_files[i] : random_names[i - OFFICIAL_MAPS];
            k->start.player = (hw4_player){(uint8_t)grade_rng_next(&s->rng), 7, 7, 7};
            snprintf(k->label, sizeof k->label, "%s", k->map_file);
        } else if (i < examples) {
            example_cases(fn, k, i);
        } else {
            random_case(s, k, i - examples);
        }
        run_case(s, k, points, &seen);
    }
    char prefix[48];
    snprintf(prefix, sizeof prefix, "%s: ", hw4_function_names[fn]);
    grade_practices(seen.saved, seen.written, prefix, &s->report->practice_warnings);
    free(k);
}

/* Copies the maps init_game is tested on from dir into scratch (a map that
 * is missing stays missing: the test expects so). */
static bool copy_maps(const char *dir, const char *scratch)
{
    char from[4096], to[4096], buf[8192];
    for (size_t i = 0; i < sizeof map_files / sizeof map_files[0]; i++) {
        if (snprintf(from, sizeof from, "%s/%s", dir, map_files[i]) >= (int)sizeof from ||
            snprintf(to, sizeof to, "%s/%s", scratch, map_files[i]) >= (int)sizeof to)
            return false;
        FILE *in = fopen(from, "rb");
        if (!in)
            continue;
        FILE *out = fopen(to, "wb");
        size_t n;
        bool ok = out != NULL;
        while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
            ok = fwrite(buf, 1, n, out) == n;
        fclose(in);
        if (out && fclose(out) != 0)
            ok = false;
        if (!ok)
            return false;
    }
    return true;
}

/* Removes the scratch directory and whatever the submission left in it. */
static void remove_scratch(const char *scratch)
{
    DIR *d = opendir(scratch);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char path[4096];
        if (snprintf(path, sizeof path, "%s/%s", scratch, e->d_name) < (int)sizeof path)
            unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(scratch);
}

/* The default seed: FNV-1a of the file's bytes, shown as six digits. The
 * same file always gets the same tests; no clock decides a grade. */
static uint64_t seed_of(const source_file *file)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < file->len; i++)
        h = (h ^ (uint8_t)file->text[i]) * 0x100000001b3ull;
    return h % 1000000;
}

void hw4_grade(const char *path, const hw4_suite_options *options, hw4_report *report)
{
    memset(report, 0, sizeof *report);
    snprintf(report->submission, sizeof report->submission, "%s", path);
    report->seed = options->seed;
    for (int f = 0; f < HW4_FUNCTIONS; f++)
        if (!options->only || strcmp(options->only, hw4_function_names[f]) == 0)
            report->max_score += hw4_function_points[f];
    const char *why;
    source_file *file = source_load(path, &why);
    if (!file) {
        grade_findings_add(&report->fatal, 0, 0, "cannot be read: %s", why);
        return;
    }
    if (options->seed_from_source)
        report->seed = seed_of(file);
    grade_scan_source(file, &report->fatal, &report->source_warnings);
    source_free(file);
    const char *paths[1] = {path};
    mips_call_program *prog = mips_call_assemble(paths, 1, NULL, &report->assembler_messages);
    report->assembled = prog != NULL;
    if (!prog || report->fatal.count > 0) {
        mips_call_program_free(prog);
        return;
    }
    char scratch[4096];
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/mipsgrade.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch) || !copy_maps(options->maps_dir, scratch)) {
        grade_findings_add(&report->fatal, 0, 0, "could not be graded: no scratch directory "
                           "for its files");
        mips_call_program_free(prog);
        remove_scratch(scratch);
        return;
    }
    suite s = {options, prog, report, {0}, scratch};
    for (int f = 0; f < HW4_FUNCTIONS; f++) {
        if (options->only && strcmp(options->only, hw4_function_names[f]) != 0)
            continue;
        /* Each function's own stream: --only replays exactly its tests. */
        grade_rng_seed(&s.rng, report->seed * HW4_FUNCTIONS + (uint64_t)f);
        grade_function(&s, (enum hw4_fn)f);
    }
    for (size_t i = 0; i < report->test_count; i++)
        report->score += report->tests[i].score;
    mips_call_program_free(prog);
    remove_scratch(scratch);
}

void hw4_report_free(hw4_report *report)
{
    for (size_t i = 0; i < report->test_count; i++) {
        grade_findings_free(&report->tests[i].problems);
    }
    free(report->tests);
    free(report->assembler_messages);
    grade_findings_free(&report->fatal);
    grade_findings_free(&report->source_warnings);
    grade_findings_free(&report->practice_warnings);
    memset(report, 0, sizeof *report);
}
