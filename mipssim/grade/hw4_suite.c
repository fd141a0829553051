/* The MipsHack suite: each case (hw4_cases.c) run on a fresh machine and
 * compared with the model. */
#include "hw4_suite.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mips_checked_call.h"
#include "mips_private.h"
#include "grade_scratch.h"
#include "hw4_cases.h"
#include "hw4_mapgen.h"
#include "hw4_model.h"
#include "mips_syscall.h"

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

/* What the files of one test's run may take: each run its own, fresh. */
enum { RUN_FILES = 64, RUN_FILE_BYTES = 1 << 20 };

typedef struct suite {
    const hw4_suite_options *options;
    const mips_call_program *prog;
    hw4_report *report;
    grade_rng rng;
    const char *scratch;   /* the grading's folder: each init_game test gets a fresh
                              copy of its map in it, so it cannot touch the real ones */
    char empty[4096];      /* the file root of the tests that may open nothing */
    char random[4096];     /* this seed's random maps, written by the grader */
    int tests_made;
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
static int32_t model_call(const hw4_case *k, hw4_state *s, const char *files)
{
    char path[1024];
    switch (k->fn) {
    case FN_INIT_GAME:
        snprintf(path, sizeof path, "%s/%s", files, k->map_file);
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

/* What the function saved and wrote over its tests, for the practices. */
typedef struct practice {
    uint32_t saved, written;
} practice;

/* Copies dir/name into folder (a missing map stays missing: the test
 * expects so). */
static bool copy_map(const char *dir, const char *name, const char *folder)
{
    char from[4096], to[4096], buf[8192];
    if (snprintf(from, sizeof from, "%s/%s", dir, name) >= (int)sizeof from ||
        snprintf(to, sizeof to, "%s/%s", folder, name) >= (int)sizeof to)
        return false;
    FILE *in = fopen(from, "rb");
    if (!in)
        return true;
    FILE *out = fopen(to, "wb");
    size_t n;
    bool ok = out != NULL;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    fclose(in);
    if (out && fclose(out) != 0)
        ok = false;
    return ok;
}

/* A new folder for one init_game test, holding a copy of the map it is
 * given (the only file it may open; the real one stays untouched); false,
 * the grading's error set, when it cannot be made. */
static bool fresh_maps(suite *s, const char *dir, const char *map, char *folder, size_t size)
{
    char name[32], why[sizeof s->report->error];
    snprintf(name, sizeof name, "test%d", ++s->tests_made);
    if (!grade_scratch_subfolder(s->scratch, name, folder, size, why, sizeof why)) {
        snprintf(s->report->error, sizeof s->report->error, "%s", why);
        folder[0] = '\0';
        return false;
    }
    if (!copy_map(dir, map, folder)) {
        snprintf(s->report->error, sizeof s->report->error, "cannot copy the map %s into "
                 "the scratch folder %s", map, folder);
        return false;
    }
    return true;
}

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
    char folder[4096] = "";
    if (k->fn == FN_INIT_GAME && !fresh_maps(s, k->map_dir, k->map_file, folder, sizeof folder)) {
        free(want);
        return;
    }
    int32_t expected = model_call(k, want, folder);

    mips_call_options o = mips_call_default_options();
    o.fs_root = folder[0] ? folder : s->empty;
    mips_file_budget budget = {RUN_FILE_BYTES, RUN_FILES};
    o.fs_budget = &budget;
    o.budget = budget_of(k, want);
    o.time = mips_virtual_time_of_seed(s->report->seed);
    mips_call *c = grade_call_new(s->prog, &o, &s->rng);
    if (!c) {
        grade_findings_add(&t->problems, 0, 0, "could not be loaded");
        grade_scratch_remove(folder);
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
    hw4_required_calls(k, want, must);
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
    grade_findings_merge(&s->report->source_warnings, &out.hiding);
    grade_findings_free(&out.hiding);
    seen->saved |= out.saved;
    seen->written |= out.written;
    t->score = t->problems.count == 0 ? points : 0;
    mips_call_free(c);
    grade_scratch_remove(folder);
    free(want);
}

/* The last is missing on purpose: init_game must return -1 for it. */
#define MISSING_MAP "no_such_map.txt"
static const char *const map_files[] = {"map1.txt", "map2.txt", "map3.txt", "smallest.txt",
                                        "tiny.txt", "big.txt", "flood.txt", "allsymbols.txt",
                                        "bossstart.txt", MISSING_MAP};

enum { OFFICIAL_MAPS = sizeof map_files / sizeof map_files[0] };

/* init_game's files: the official maps, then this seed's random ones,
 * written into the grading's scratch folder. */
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
            if (!hw4_write_random_map(s->random, init_game_file(OFFICIAL_MAPS + i,
                                      random_names[i], sizeof random_names[i]), &s->rng))
                random_names[i][0] = '\0'; /* the test then expects -1, as for no file */
    hw4_case *k = malloc(sizeof *k);
    if (!k)
        abort();
    int examples = 0;
    while (fn != FN_INIT_GAME && hw4_example_case(fn, k, examples))
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
            k->map_dir = i < OFFICIAL_MAPS ? s->options->maps_dir : s->random;
            k->start.player = (hw4_player){(uint8_t)grade_rng_next(&s->rng), 7, 7, 7};
            snprintf(k->label, sizeof k->label, "%s", k->map_file);
        } else if (i < examples) {
            hw4_example_case(fn, k, i);
        } else {
            hw4_random_case(&s->rng, k, i - examples);
        }
        run_case(s, k, points, &seen);
        if (s->report->error[0])
            break;
    }
    char prefix[48];
    snprintf(prefix, sizeof prefix, "%s: ", hw4_function_names[fn]);
    grade_practices(seen.saved, seen.written, prefix, &s->report->practice_warnings);
    free(k);
}

bool hw4_check_maps(const char *dir, char *why, size_t size)
{
    hw4_state *st = malloc(sizeof *st);
    if (!st)
        abort();
    bool ok = true;
    for (size_t i = 0; ok && i < sizeof map_files / sizeof map_files[0]; i++) {
        if (strcmp(map_files[i], MISSING_MAP) == 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, map_files[i]);
        memset(st, 0, sizeof *st);
        if (hw4_init_game_path(path, &st->map, &st->player) != 0) {
            snprintf(why, size, "the map %s is missing or unreadable (--maps names the "
                     "folder of init_game's maps)", path);
            ok = false;
        } else if (st->map.num_rows == 0 || st->map.num_cols == 0) {
            snprintf(why, size, "the map %s does not parse: no rows and columns on its "
                     "first line", path);
            ok = false;
        }
    }
    free(st);
    return ok;
}

/* Assembles the submission after its text is scanned, in a private folder
 * of scratch; NULL when it does not assemble, a rule already costs
 * everything, or (report->error) it could not be assembled at all. */
static mips_call_program *assemble(const char *path, const char *scratch, hw4_report *report)
{
    source_file *file = grade_load_submission(path, "hw4.asm", &report->fatal);
    if (!file)
        return NULL;
    grade_source_marks marks;
    grade_scan_source(file, &report->fatal, &report->source_warnings, &marks);
    if (marks.include) { /* never assembled: the assembler would read the file */
        source_free(file);
        return NULL;
    }
    mips_call_program *prog = grade_assemble_private(file, scratch, NULL,
                                                     &report->assembler_messages,
                                                     report->error, sizeof report->error);
    grade_cap_messages(report->assembler_messages);
    report->assembled = prog != NULL;
    if (prog)
        grade_check_program(mips_call_image(prog), &marks, &report->fatal);
    if (prog && report->fatal.count > 0) {
        mips_call_program_free(prog);
        return NULL;
    }
    return prog;
}

void hw4_grade(const char *path, const hw4_suite_options *options, hw4_report *report)
{
    memset(report, 0, sizeof *report);
    snprintf(report->submission, sizeof report->submission, "%s", path);
    report->seed = options->seed;
    for (int f = 0; f < HW4_FUNCTIONS; f++)
        if (!options->only || strcmp(options->only, hw4_function_names[f]) == 0)
            report->max_score += hw4_function_points[f];
    bool needs_maps = !options->only || strcmp(options->only, "init_game") == 0;
    if (needs_maps && !hw4_check_maps(options->maps_dir, report->error, sizeof report->error))
        return;
    char own[4096] = "";
    const char *scratch = options->scratch_dir;
    if (!scratch &&
        grade_scratch_make("mipsgrade", own, sizeof own, report->error, sizeof report->error))
        scratch = own;
    mips_call_program *prog = scratch ? assemble(path, scratch, report) : NULL;
    if (!prog) {
        if (own[0])
            grade_scratch_remove(own);
        return;
    }
    suite s = {options, prog, report, {0}, scratch, "", "", 0};
    if (grade_scratch_subfolder(scratch, "empty", s.empty, sizeof s.empty, report->error,
                                sizeof report->error))
        grade_scratch_subfolder(scratch, "random", s.random, sizeof s.random, report->error,
                                sizeof report->error);
    for (int f = 0; f < HW4_FUNCTIONS && !report->error[0]; f++) {
        if (options->only && strcmp(options->only, hw4_function_names[f]) != 0)
            continue;
        /* Each function's own stream: --only replays exactly its tests. */
        grade_rng_seed(&s.rng, report->seed * HW4_FUNCTIONS + (uint64_t)f);
        grade_function(&s, (enum hw4_fn)f);
    }
    for (size_t i = 0; i < report->test_count; i++)
        report->score += report->tests[i].score;
    if (report->error[0])
        report->score = 0;
    mips_call_program_free(prog);
    if (own[0]) {
        grade_scratch_remove(own);
    } else {
        grade_scratch_remove(s.empty);
        grade_scratch_remove(s.random);
    }
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
