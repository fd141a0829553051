/* What the tests of MIPS MipsHack functions share: where the structs live
 * during a call, a seeded random source, and run_case/check, which call one
 * function through the harness on a fresh machine with noise in every
 * other register and compare $v0, every byte of the Map, the Player and the
 * visited array, the guard zones around them, and the preserved registers
 * with the model. A disagreement is printed with its case and counted;
 * finish() fails the test if any case disagreed. Include after <cmocka.h>. */
#ifndef HW4_FIXTURE_H
#define HW4_FIXTURE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw4_model.h"
#include "mips_call.h"


/* Where the structs live during a call: apart, each inside a guard zone. */
enum {
    MAP_ADDR = 0x10040100,
    PLAYER_ADDR = 0x10060100,
    VISITED_ADDR = 0x10070100,
    NAME_ADDR = 0x10080100,
    GUARD = 64,
    RANDOM_CASES = 250,
    MAX_REPORTS = 4, /* disagreements printed per test */
};

enum hw4_fn {
    FN_INIT_GAME,
    FN_IS_VALID_CELL,
    FN_GET_CELL,
    FN_SET_CELL,
    FN_REVEAL_AREA,
    FN_GET_ATTACK_TARGET,
    FN_COMPLETE_ATTACK,
    FN_MONSTER_ATTACKS,
    FN_PLAYER_MOVE,
    FN_PLAYER_TURN,
    FN_FLOOD_FILL_REVEAL,
    FN_COUNT
};

static const char *const fn_names[FN_COUNT] = {
    "init_game",         "is_valid_cell",   "get_cell",    "set_cell",
    "reveal_area",       "get_attack_target", "complete_attack", "monster_attacks",
    "player_move",       "player_turn",     "flood_fill_reveal",
};

/* The registers a callee must give back (CSE 220: $s0-$s7, $fp, $sp, $gp). */
static const unsigned preserved[] = {16, 17, 18, 19, 20, 21, 22, 23, 28, 29, 30};

typedef struct rng {
    uint64_t state;
} rng;

/* xorshift64*: the same states on every machine. */
static uint32_t rng_next(rng *r)
{
    r->state ^= r->state >> 12;
    r->state ^= r->state << 25;
    r->state ^= r->state >> 27;
    return (uint32_t)((r->state * 0x2545F4914F6CDD1DULL) >> 32);
}

/* A number in [lo, hi]. */
static int rng_range(rng *r, int lo, int hi)
{
    return lo + (int)(rng_next(r) % (uint32_t)(hi - lo + 1));
}

typedef struct suite {
    mips_call_program *prog;
    uint32_t fn[FN_COUNT];
    char tmpdir[64];
    rng rng;
    int cases, failures; /* of the test running */
} suite;

/* One call and what the model says it must leave. */
typedef struct hw4_case {
    enum hw4_fn fn;
    char what[160];         /* the case, for messages */
    hw4_map map;            /* before */
    hw4_player player;      /* before */
    size_t map_bytes;       /* bytes of the Map struct written and compared */
    uint32_t args[4];
    size_t arg_count;
    const char *filename;   /* init_game: written at NAME_ADDR */
    const char *fs_root;
    uint64_t budget;
    bool has_result;        /* void functions leave $v0 unspecified */
    int32_t want_result;
    hw4_map want_map;
    hw4_player want_player;
    uint8_t want_visited[HW4_MAX_ROWS * HW4_MAX_COLS / 8 + 1];
    size_t visited_bytes;   /* 0: no visited array */
} hw4_case;

static void map_bytes_of(const hw4_map *map, size_t n, uint8_t *out)
{
    out[0] = map->num_rows;
    if (n > 1)
        out[1] = map->num_cols;
    if (n > 2)
        memcpy(out + 2, map->cells, n - 2);
}

static void player_bytes_of(const hw4_player *p, uint8_t out[4])
{
    out[0] = p->row;
    out[1] = p->col;
    out[2] = (uint8_t)p->health;
    out[3] = p->coins;
}

/* A region: guard bytes, the struct's bytes, guard bytes. */
typedef struct region {
    uint32_t addr; /* of the struct */
    size_t len;    /* of the struct */
    uint8_t *before, *want, *got; /* GUARD + len + GUARD each */
} region;

static void region_init(region *g, uint32_t addr, size_t len, rng *r)
{
    g->addr = addr;
    g->len = len;
    size_t total = len + 2 * GUARD;
    g->before = calloc(total, 1);
    g->want = calloc(total, 1);
    g->got = calloc(total, 1);
    assert_true(g->before && g->want && g->got);
    for (size_t i = 0; i < total; i++)
        g->before[i] = g->want[i] = (uint8_t)rng_next(r);
}

static void region_free(region *g)
{
    free(g->before);
    free(g->want);
    free(g->got);
}

static void report(suite *s, const hw4_case *k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void report(suite *s, const hw4_case *k, const char *fmt, ...)
{
    if (++s->failures > MAX_REPORTS)
        return;
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    print_error("%s: %s: %s\n", fn_names[k->fn], k->what, text);
}

/* The first byte where got and want differ, told by what it is. */
static bool compare_region(suite *s, const hw4_case *k, const char *name, const region *g,
                           int cols)
{
    for (size_t i = 0; i < g->len + 2 * GUARD; i++) {
        if (g->got[i] == g->want[i])
            continue;
        long at = (long)i - GUARD;
        char where[64];
        if (at < 0 || (size_t)at >= g->len)
            snprintf(where, sizeof where, "guard byte %ld (outside the struct)", at);
        else if (cols > 0 && at >= 2)
            snprintf(where, sizeof where, "byte %ld, cell (%ld,%ld)", at, (at - 2) / cols,
                     (at - 2) % cols);
        else
            snprintf(where, sizeof where, "byte %ld", at);
        report(s, k, "%s %s is 0x%02X, expected 0x%02X", name, where, g->got[i], g->want[i]);
        return false;
    }
    return true;
}

static void write_region(mips_call *c, const region *g)
{
    assert_true(mips_call_write(c, g->addr - GUARD, g->before, g->len + 2 * GUARD));
}

static void read_region(mips_call *c, region *g)
{
    assert_true(mips_call_read(c, g->addr - GUARD, g->got, g->len + 2 * GUARD));
}

/* Noise in every register the call does not set, as the graders do. */
static void fill_registers(mips_machine *m, rng *r)
{
    for (unsigned reg = 1; reg < 32; reg++)
        if (reg != 28 && reg != 29) /* $gp and $sp keep MARS's values */
            mips_set_reg(m, reg, rng_next(r));
}

static bool check_registers(suite *s, const hw4_case *k, mips_machine *m,
                            const uint32_t *before)
{
    for (size_t i = 0; i < sizeof preserved / sizeof preserved[0]; i++) {
        uint32_t now = mips_reg(m, preserved[i]);
        if (now != before[i]) {
            report(s, k, "register $%u not preserved: 0x%08x, was 0x%08x", preserved[i], now,
                   before[i]);
            return false;
        }
    }
    return true;
}

/* The struct bytes compared after the call; false (reported) on the first
 * disagreement. */
static bool compare_memory(suite *s, const hw4_case *k, region *map, region *player,
                           region *visited)
{
    bool ok = compare_region(s, k, "Map", map, k->want_map.num_cols) &&
              compare_region(s, k, "Player", player, 0);
    if (ok && visited) {
        /* Guards exactly; the bits in either order within a byte. */
        bool guards = memcmp(visited->got, visited->want, GUARD) == 0 &&
                      memcmp(visited->got + GUARD + visited->len,
                             visited->want + GUARD + visited->len, GUARD) == 0;
        if (!guards || !hw4_visited_equal(visited->want + GUARD, visited->got + GUARD,
                                          visited->len))
            ok = compare_region(s, k, "visited", visited, 0);
    }
    return ok;
}

/* Runs one case on a fresh machine and compares everything. */
static void run_case(suite *s, hw4_case *k)
{
    s->cases++;
    mips_call_options o = mips_call_default_options();
    o.budget = k->budget ? k->budget : MIPS_CALL_DEFAULT_BUDGET;
    o.fs_root = k->fs_root;
    mips_call *c = mips_call_new(s->prog, &o);
    assert_non_null(c);
    mips_machine *m = mips_call_machine(c);
    fill_registers(m, &s->rng);

    region map, player, visited;
    region_init(&map, MAP_ADDR, k->map_bytes, &s->rng);
    region_init(&player, PLAYER_ADDR, 4, &s->rng);
    region_init(&visited, VISITED_ADDR, k->visited_bytes, &s->rng);
    map_bytes_of(&k->map, k->map_bytes, map.before + GUARD);
    map_bytes_of(&k->want_map, k->map_bytes, map.want + GUARD);
    player_bytes_of(&k->player, player.before + GUARD);
    player_bytes_of(&k->want_player, player.want + GUARD);
    memset(visited.before + GUARD, 0, k->visited_bytes);
    memcpy(visited.want + GUARD, k->want_visited, k->visited_bytes);
    write_region(c, &map);
    write_region(c, &player);
    write_region(c, &visited);
    if (k->filename)
        assert_true(mips_call_write(c, NAME_ADDR, k->filename, strlen(k->filename) + 1));

    /* $sp is set by the call itself: MARS's initial value (four arguments at most). */
    uint32_t saved[sizeof preserved / sizeof preserved[0]];
    for (size_t i = 0; i < sizeof saved / sizeof saved[0]; i++)
        saved[i] = preserved[i] == 29 ? MIPS_SP_INIT : mips_reg(m, preserved[i]);
    mips_call_result r = mips_call_run(c, s->fn[k->fn], k->args, k->arg_count);

    if (r.status != MIPS_CALL_RETURNED) {
        report(s, k, "did not return: %s%s%s after %llu instructions",
               mips_call_status_name(r.status), r.status == MIPS_CALL_ERROR ? ": " : "",
               r.status == MIPS_CALL_ERROR ? r.error.message : "",
               (unsigned long long)r.instructions);
    } else if (k->has_result && (int32_t)r.v0 != k->want_result) {
        report(s, k, "returned %d, expected %d", (int32_t)r.v0, k->want_result);
    } else {
        read_region(c, &map);
        read_region(c, &player);
        read_region(c, &visited);
        if (compare_memory(s, k, &map, &player, k->visited_bytes ? &visited : NULL))
            check_registers(s, k, m, saved);
    }
    region_free(&map);
    region_free(&player);
    region_free(&visited);
    mips_call_free(c);
}

/* A case of fn on map and player with the integer arguments that follow
 * the struct pointers; the model computes what it must leave. */
static hw4_case *case_new(enum hw4_fn fn, const hw4_map *map, hw4_player player)
{
    hw4_case *k = calloc(1, sizeof *k);
    assert_non_null(k);
    k->fn = fn;
    k->map = *map;
    k->want_map = *map;
    k->player = player;
    k->want_player = player;
    k->map_bytes = hw4_map_size(map);
    return k;
}

/* Which model function fn is, applied to the case's wanted state. */
static void apply_model(hw4_case *k, const int32_t *v)
{
    hw4_map *w = &k->want_map;
    hw4_player *p = &k->want_player;
    k->has_result = true;
    switch (k->fn) {
    case FN_IS_VALID_CELL:
        k->want_result = hw4_is_valid_cell(w, v[0], v[1]);
        break;
    case FN_GET_CELL:
        k->want_result = hw4_get_cell(w, v[0], v[1]);
        break;
    case FN_SET_CELL:
        k->want_result = hw4_set_cell(w, v[0], v[1], v[2]);
        break;
    case FN_REVEAL_AREA:
        hw4_reveal_area(w, v[0], v[1]);
        k->has_result = false;
        break;
    case FN_GET_ATTACK_TARGET:
        k->want_result = hw4_get_attack_target(w, p, v[0]);
        break;
    case FN_COMPLETE_ATTACK:
        hw4_complete_attack(w, p, v[0], v[1]);
        k->has_result = false;
        break;
    case FN_MONSTER_ATTACKS:
        k->want_result = hw4_monster_attacks(w, p);
        break;
    case FN_PLAYER_MOVE:
        k->want_result = hw4_player_move(w, p, v[0], v[1]);
        break;
    case FN_PLAYER_TURN:
        k->want_result = hw4_player_turn(w, p, v[0]);
        break;
    case FN_FLOOD_FILL_REVEAL:
        k->visited_bytes = hw4_visited_size(w);
        k->want_result = hw4_flood_fill_reveal(w, v[0], v[1], k->want_visited);
        break;
    case FN_INIT_GAME:
    case FN_COUNT:
        fail_msg("init_game has its own cases");
    }
}

/* Checks fn(map, [player,] values...) against the model. */
static void check(suite *s, enum hw4_fn fn, const hw4_map *map, hw4_player player,
                  const int32_t *values, size_t count, uint64_t budget)
{
    hw4_case *k = case_new(fn, map, player);
    bool with_player = fn >= FN_GET_ATTACK_TARGET && fn <= FN_PLAYER_TURN;
    k->args[k->arg_count++] = MAP_ADDR;
    if (with_player)
        k->args[k->arg_count++] = PLAYER_ADDR;
    for (size_t i = 0; i < count; i++)
        k->args[k->arg_count++] = (uint32_t)values[i];
    if (fn == FN_FLOOD_FILL_REVEAL)
        k->args[k->arg_count++] = VISITED_ADDR;
    k->budget = budget;
    apply_model(k, values);
    int n = snprintf(k->what, sizeof k->what, "%dx%d map", map->num_rows, map->num_cols);
    if (with_player)
        n += snprintf(k->what + n, sizeof k->what - (size_t)n, ", player (%d,%d) health %d coins %d",
                      player.row, player.col, player.health, player.coins);
    for (size_t i = 0; i < count; i++)
        n += snprintf(k->what + n, sizeof k->what - (size_t)n, "%s%d", i ? ", " : ", args ",
                      values[i]);
    run_case(s, k);
    free(k);
}

static void finish(suite *s, const char *name)
{
    int failures = s->failures, cases = s->cases;
    s->failures = s->cases = 0;
    if (failures)
        fail_msg("%s: %d of %d cases disagree with the model", name, failures, cases);
    print_message("%s: %d cases agree\n", name, cases);
}

#endif
