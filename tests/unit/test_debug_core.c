/* Tests of the debugger core on a fake machine: expressions, locations,
 * the journal ring, breakpoints and watchpoints, and whole sessions
 * (next over a call, finish, backstep) through dbg_main. */
#define _XOPEN_SOURCE 700 /* fmemopen, open_memstream */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dbg_impl.h"
#include "dbg_expr.h"
#include "dbg_symbols.h"

/* ------------------------------------------------------------------------
 * The fake machine: 4 registers and a pc, 256 bytes of memory, words of
 * code at multiples of 4: 0 does nothing, 1 | T << 8 calls T (r3 = the
 * return address), 2 returns to r3, 3 | A << 8 stores r1 at A, 4 ends. */

enum { FAKE_REGS = 5, FAKE_PC = 4, FAKE_MEM = 256 };

typedef struct fake {
    uint32_t reg[FAKE_REGS];
    uint8_t mem[FAKE_MEM];
    int undo_freed;
    source_file *file;
} fake;

typedef struct fake_undo {
    uint32_t reg[FAKE_REGS];
    uint8_t mem[FAKE_MEM];
} fake_undo;

static const char *const fake_names[FAKE_REGS] = {"$r0", "$r1", "$r2", "$r3", "pc"};

static const char *f_reg_name(void *ctx, unsigned r) { (void)ctx; return fake_names[r]; }
static int f_reg_lookup(void *ctx, const char *name)
{
    (void)ctx;
    for (int r = 0; r < FAKE_REGS; r++)
        if (strcmp(fake_names[r], name) == 0)
            return r;
    return -1;
}
static uint32_t f_get_reg(void *ctx, unsigned r) { return ((fake *)ctx)->reg[r]; }
static void f_set_reg(void *ctx, unsigned r, uint32_t v) { ((fake *)ctx)->reg[r] = v; }
static uint32_t f_pc(void *ctx) { return ((fake *)ctx)->reg[FAKE_PC]; }

static bool f_read(void *ctx, uint32_t addr, unsigned size, uint32_t *value)
{
    fake *f = ctx;
    if (addr + size > FAKE_MEM)
        return false;
    *value = 0;
    for (unsigned i = 0; i < size; i++)
        *value |= (uint32_t)f->mem[addr + i] << (8 * i);
    return true;
}

static bool f_write(void *ctx, uint32_t addr, unsigned size, uint32_t value)
{
    fake *f = ctx;
    if (addr + size > FAKE_MEM)
        return false;
    for (unsigned i = 0; i < size; i++)
        f->mem[addr + i] = (uint8_t)(value >> (8 * i));
    return true;
}

static uint32_t word_at(fake *f, uint32_t addr)
{
    uint32_t w = 0;
    f_read(f, addr, 4, &w);
    return w;
}

static dbg_step_result f_step(void *ctx, void **undo, size_t *size, char *message)
{
    fake *f = ctx;
    if (undo) {
        fake_undo *u = malloc(sizeof *u);
        memcpy(u->reg, f->reg, sizeof f->reg);
        memcpy(u->mem, f->mem, sizeof f->mem);
        *undo = u;
        *size = sizeof *u;
    }
    uint32_t pc = f->reg[FAKE_PC], w = word_at(f, pc);
    f->reg[FAKE_PC] = pc + 4;
    switch (w & 0xff) {
    case 1:
        f->reg[3] = pc + 4;
        f->reg[FAKE_PC] = w >> 8;
        break;
    case 2:
        f->reg[FAKE_PC] = f->reg[3];
        break;
    case 3:
        f_write(f, w >> 8, 4, f->reg[1]);
        break;
    case 4:
        snprintf(message, DBG_MESSAGE_SIZE, "the end");
        return DBG_STEP_EXITED;
    }
    f->reg[0]++; /* counts the instructions */
    return DBG_STEP_OK;
}

static void f_undo(void *ctx, void *record)
{
    fake *f = ctx;
    fake_undo *u = record;
    memcpy(f->reg, u->reg, sizeof f->reg);
    memcpy(f->mem, u->mem, sizeof f->mem);
    free(u);
}

static void f_undo_free(void *ctx, void *record)
{
    ((fake *)ctx)->undo_freed++;
    free(record);
}

static void f_restart(void *ctx) { ((fake *)ctx)->reg[FAKE_PC] = 0; }
static uint64_t f_count(void *ctx) { return ((fake *)ctx)->reg[0]; }

static dbg_insn_kind f_classify(void *ctx, uint32_t addr, uint32_t *ret)
{
    uint32_t w = word_at(ctx, addr);
    *ret = addr + 4;
    return (w & 0xff) == 1 ? DBG_INSN_CALL : (w & 0xff) == 2 ? DBG_INSN_RETURN : DBG_INSN_OTHER;
}

static int f_disasm(void *ctx, uint32_t addr, char *buf, size_t size)
{
    return snprintf(buf, size, "op %u", (unsigned)(word_at(ctx, addr) & 0xff));
}

static uint32_t f_next_addr(void *ctx, uint32_t addr) { (void)ctx; return addr + 4; }

static const struct { const char *name; uint32_t addr; } fake_symbols[] = {
    {"start", 0x00}, {"sub", 0x20}, {"data", 0x80},
};

static bool f_symbol_value(void *ctx, const char *name, uint32_t *addr)
{
    (void)ctx;
    for (size_t i = 0; i < 3; i++)
        if (strcmp(fake_symbols[i].name, name) == 0) {
            *addr = fake_symbols[i].addr;
            return true;
        }
    return false;
}

static const char *f_symbol_at(void *ctx, uint32_t addr, uint32_t *offset)
{
    (void)ctx;
    for (size_t i = 3; i > 0; i--)
        if (fake_symbols[i - 1].addr <= addr) {
            *offset = addr - fake_symbols[i - 1].addr;
            return fake_symbols[i - 1].name;
        }
    return NULL;
}

static bool f_symbol_nth(void *ctx, size_t i, const char **name, uint32_t *addr)
{
    (void)ctx;
    if (i >= 3)
        return false;
    *name = fake_symbols[i].name;
    *addr = fake_symbols[i].addr;
    return true;
}

/* Code word k (address 4k) comes from line k + 1 of the one file. */
static bool f_source_of(void *ctx, uint32_t addr, dbg_source *out)
{
    (void)ctx;
    if (addr >= 0x40 || addr % 4)
        return false;
    *out = (dbg_source){.file = 0, .line = (int)addr / 4 + 1, .part = 0, .parts = 1};
    return true;
}

static bool f_line_addr(void *ctx, size_t file, int line, uint32_t *addr)
{
    (void)ctx;
    if (file != 0 || line < 1 || line > 16)
        return false;
    *addr = (uint32_t)(line - 1) * 4;
    return true;
}

typedef struct fixture {
    fake f;
    dbg_target t;
    const source_file *files[1];
} fixture;

static void put_word(fake *f, uint32_t addr, uint32_t w) { f_write(f, addr, 4, w); }

/* start: nop; call sub; store r1 at data; end.  sub: nop; nop; return. */
static int setup(void **state)
{
    fixture *x = calloc(1, sizeof *x);
    put_word(&x->f, 0x00, 0);
    put_word(&x->f, 0x04, 1 | 0x20 << 8);
    put_word(&x->f, 0x08, 3 | 0x80 << 8);
    put_word(&x->f, 0x0c, 4);
    put_word(&x->f, 0x20, 0);
    put_word(&x->f, 0x24, 0);
    put_word(&x->f, 0x28, 2);
    x->f.reg[1] = 42;
    static const char text[] = "start: nop\ncall sub\nstore\nend\n";
    x->f.file = source_from_memory("fake.asm", text, sizeof text - 1);
    x->files[0] = x->f.file;
    x->t = (dbg_target){
        .ctx = &x->f, .name = "fake", .addr_digits = 8, .hex_prefix = "0x", .word_bytes = 4,
        .byte_addressed = true, .sp_reg = -1, .pc_reg = FAKE_PC, .arg_regs = {1, -1, -1, -1},
        .reg_count = FAKE_REGS, .general_count = FAKE_REGS, .reg_name = f_reg_name,
        .reg_lookup = f_reg_lookup, .get_reg = f_get_reg, .set_reg = f_set_reg, .pc = f_pc,
        .read = f_read, .write = f_write, .step = f_step, .undo = f_undo,
        .undo_free = f_undo_free, .restart = f_restart, .instruction_count = f_count,
        .classify = f_classify, .disasm = f_disasm, .next_addr = f_next_addr,
        .symbol_value = f_symbol_value, .symbol_at = f_symbol_at, .symbol_nth = f_symbol_nth,
        .files = x->files, .file_count = 1, .source_of = f_source_of, .line_addr = f_line_addr,
        .con = NULL,
    };
    *state = x;
    return 0;
}

static int teardown(void **state)
{
    fixture *x = *state;
    source_free(x->f.file);
    free(x);
    return 0;
}

/* ------------------------------------------------------------------------
 * Expressions and locations */

static uint32_t eval_ok(fixture *x, const char *text)
{
    uint32_t v = 0xdeadbeef;
    char err[DBG_ERROR_SIZE] = "";
    if (!dbg_eval(&x->t, text, &v, err))
        fail_msg("'%s' did not evaluate: %s", text, err);
    return v;
}

static void test_eval_numbers_registers_labels(void **state)
{
    fixture *x = *state;
    x->f.reg[2] = 7;
    assert_int_equal(eval_ok(x, "10"), 10);
    assert_int_equal(eval_ok(x, "0x1f"), 0x1f);
    assert_int_equal(eval_ok(x, "x3000"), 0x3000);
    assert_int_equal(eval_ok(x, "#-5"), (uint32_t)-5);
    assert_int_equal(eval_ok(x, "-5"), (uint32_t)-5);
    assert_int_equal(eval_ok(x, "'A'"), 65);
    assert_int_equal(eval_ok(x, "$r2"), 7);
    assert_int_equal(eval_ok(x, "pc"), 0);
    assert_int_equal(eval_ok(x, "data"), 0x80);
    assert_int_equal(eval_ok(x, "data+4"), 0x84);
    assert_int_equal(eval_ok(x, "&data"), 0x80);
}

static void test_eval_arithmetic(void **state)
{
    fixture *x = *state;
    assert_int_equal(eval_ok(x, "2 + 3 * 4"), 14);
    assert_int_equal(eval_ok(x, "(2 + 3) * 4"), 20);
    assert_int_equal(eval_ok(x, "-7 / 2"), (uint32_t)-3);
    assert_int_equal(eval_ok(x, "17 % 5 - 1"), 1);
    assert_int_equal(eval_ok(x, "0xffffffff + 2"), 1);
    put_word(&x->f, 0x80, 1234);
    assert_int_equal(eval_ok(x, "*data"), 1234);
    assert_int_equal(eval_ok(x, "*(data) + 1"), 1235);
}

static void test_eval_errors(void **state)
{
    fixture *x = *state;
    uint32_t v;
    char err[DBG_ERROR_SIZE];
    assert_false(dbg_eval(&x->t, "1 / 0", &v, err));
    assert_string_equal(err, "division by zero");
    assert_false(dbg_eval(&x->t, "nosuch", &v, err));
    assert_string_equal(err, "no symbol or register 'nosuch'");
    assert_false(dbg_eval(&x->t, "$r9", &v, err));
    assert_string_equal(err, "no register '$r9'");
    assert_false(dbg_eval(&x->t, "1 2", &v, err));
    assert_string_equal(err, "unexpected '2'");
    assert_false(dbg_eval(&x->t, "(1", &v, err));
    assert_string_equal(err, "missing ')'");
    assert_false(dbg_eval(&x->t, "*0x1000", &v, err));
    assert_string_equal(err, "cannot read memory at 0x00001000");
}

static void test_locations(void **state)
{
    fixture *x = *state;
    uint32_t addr;
    char err[DBG_ERROR_SIZE];
    assert_true(dbg_location(&x->t, "fake.asm:3", &addr, err));
    assert_int_equal(addr, 8);
    assert_true(dbg_location(&x->t, "sub+8", &addr, err));
    assert_int_equal(addr, 0x28);
    assert_true(dbg_location(&x->t, "0x24", &addr, err));
    assert_int_equal(addr, 0x24);
    assert_false(dbg_location(&x->t, "other.asm:3", &addr, err));
    assert_string_equal(err, "no source file named 'other.asm'");
    assert_false(dbg_location(&x->t, "fake.asm:0", &addr, err));
    assert_string_equal(err, "bad line number in 'fake.asm:0'");
    assert_false(dbg_location(&x->t, "fake.asm:99", &addr, err));
    assert_string_equal(err, "no code at or after line 99 of fake.asm");
}

/* ------------------------------------------------------------------------
 * The journal */

static int freed_records;
static void count_free(void *ctx, void *record)
{
    (void)ctx;
    freed_records++;
    free(record);
}

static void *record_of(int n)
{
    int *r = malloc(sizeof *r);
    *r = n;
    return r;
}

static void test_journal_newest_first_and_bounded(void **state)
{
    (void)state;
    dbg_journal j;
    freed_records = 0;
    assert_true(dbg_journal_init(&j, 3, count_free, NULL));
    for (int n = 1; n <= 5; n++) {
        dbg_journal_entry e = {.record = record_of(n), .size = 10, .depth = (size_t)n};
        dbg_journal_push(&j, &e);
    }
    /* 1 and 2 fell out, freed; 5, 4, 3 come back newest first. */
    assert_int_equal(freed_records, 2);
    assert_int_equal(j.count, 3);
    assert_int_equal(j.bytes, 30);
    for (int n = 5; n >= 3; n--) {
        dbg_journal_entry e;
        assert_true(dbg_journal_pop(&j, &e));
        assert_int_equal(*(int *)e.record, n);
        assert_int_equal(e.depth, n);
        free(e.record);
    }
    dbg_journal_entry e;
    assert_false(dbg_journal_pop(&j, &e));
    assert_int_equal(j.bytes, 0);
    dbg_journal_free(&j);
}

static void test_journal_clear_frees_everything(void **state)
{
    (void)state;
    dbg_journal j;
    freed_records = 0;
    assert_true(dbg_journal_init(&j, 8, count_free, NULL));
    for (int n = 0; n < 5; n++) {
        dbg_journal_entry e = {.record = record_of(n), .size = 4};
        e.saved = malloc(sizeof *e.saved); /* a frame a return took off */
        e.saved_count = 1;
        dbg_journal_push(&j, &e);
    }
    dbg_journal_clear(&j);
    assert_int_equal(freed_records, 5);
    assert_int_equal(j.count, 0);
    assert_int_equal(j.bytes, 0);
    dbg_journal_free(&j);
}

/* ------------------------------------------------------------------------
 * Breakpoints and watchpoints, on a session of their own */

static void session_for(fixture *x, dbg_session *s, FILE *out)
{
    static dbg_options opt;
    opt = (dbg_options){.out = out};
    *s = (dbg_session){.t = &x->t, .opt = &opt, .out = out, .running = true,
                       .next_point_id = 1, .next_display_id = 1, .list_file = -1};
}

static void test_breakpoints_conditions_and_enabling(void **state)
{
    fixture *x = *state;
    FILE *out = tmpfile();
    dbg_session s;
    session_for(x, &s, out);
    dbg_cmd_break(&s, "sub+4", false);
    dbg_cmd_break(&s, "fake.asm:3 if $r1==7", false);
    assert_int_equal(s.point_count, 2);
    x->f.reg[FAKE_PC] = 0x24;
    assert_ptr_equal(dbg_break_here(&s), &s.points[0]);
    x->f.reg[FAKE_PC] = 0x08; /* r1 is 42: the condition fails */
    assert_null(dbg_break_here(&s));
    x->f.reg[1] = 7;
    assert_ptr_equal(dbg_break_here(&s), &s.points[1]);
    dbg_cmd_enable(&s, "2", false);
    assert_null(dbg_break_here(&s));
    dbg_cmd_enable(&s, "2", true);
    assert_non_null(dbg_break_here(&s));
    dbg_cmd_delete(&s, "1 2");
    assert_int_equal(s.point_count, 0);
    assert_null(dbg_break_here(&s));
    dbg_points_free(&s);
    fclose(out);
}

static void test_expression_conditions_and_hit_counts(void **state)
{
    fixture *x = *state;
    FILE *out = tmpfile();
    dbg_session s;
    session_for(x, &s, out);
    char err[DBG_ERROR_SIZE];
    dbg_point *p = dbg_add_break(&s, 0x08, false, "$r1 + 1 > 7", "cond", err);
    assert_non_null(p);
    x->f.reg[FAKE_PC] = 0x08;
    x->f.reg[1] = 6;
    assert_null(dbg_break_here(&s));
    x->f.reg[1] = 7;
    assert_non_null(dbg_break_here(&s));
    x->f.reg[1] = 0xffffffffu; /* -1: compared signed */
    assert_null(dbg_break_here(&s));
    assert_null(dbg_add_break(&s, 0x08, false, "$r1 ==", "bad", err));
    assert_true(err[0] != '\0');
    bool holds;
    assert_true(dbg_condition(&x->t, "3 != 4", &holds, err) && holds);
    assert_true(dbg_condition(&x->t, "0", &holds, err) && !holds);
    assert_true(dbg_set_hit_condition(p, "3", err));
    assert_false(dbg_break_hit(p));
    assert_false(dbg_break_hit(p));
    assert_true(dbg_break_hit(p));
    assert_true(dbg_break_hit(p)); /* from the third on */
    assert_true(dbg_set_hit_condition(p, "%2", err));
    p->hits = 0;
    assert_false(dbg_break_hit(p));
    assert_true(dbg_break_hit(p));
    assert_true(dbg_set_hit_condition(p, "==1", err));
    p->hits = 0;
    assert_true(dbg_break_hit(p));
    assert_false(dbg_break_hit(p));
    assert_false(dbg_set_hit_condition(p, "%0", err));
    assert_false(dbg_set_hit_condition(p, "x", err));
    assert_true(dbg_delete_point(&s, p->id));
    assert_false(dbg_delete_point(&s, p->id));
    dbg_points_free(&s);
    fclose(out);
}

static void test_watchpoint_reports_the_change_once(void **state)
{
    fixture *x = *state;
    FILE *out = tmpfile();
    dbg_session s;
    dbg_stop stop = {0};
    session_for(x, &s, out);
    dbg_cmd_watch(&s, "data 2");
    assert_int_equal(s.point_count, 1);
    assert_null(dbg_watch_check(&s, 0, &stop));
    x->f.mem[0x82] = 9; /* outside the two bytes */
    assert_null(dbg_watch_check(&s, 0, &stop));
    x->f.mem[0x81] = 1;
    assert_non_null(dbg_watch_check(&s, 0x08, &stop));
    assert_null(dbg_watch_check(&s, 0x08, &stop)); /* the new value is the one seen now */
    assert_int_equal(s.points[0].hits, 1);
    dbg_points_free(&s);
    fclose(out);
}

/* ------------------------------------------------------------------------
 * Whole sessions through dbg_main */

/* Runs commands on the fixture's machine; returns the transcript. */
static char *session(fixture *x, const char *commands)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    FILE *in = fmemopen((void *)commands, strlen(commands), "r");
    dbg_options opt = {.commands = in, .out = out, .journal_steps = 4};
    assert_int_equal(dbg_main(&x->t, &opt), 0);
    fclose(in);
    fclose(out);
    return text;
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("no '%s' in:\n%s", part, text);
}

static void test_next_steps_over_the_call(void **state)
{
    fixture *x = *state;
    char *t = session(x, "next\nnext\np pc\n");
    assert_contains(t, "(ldb) p pc\npc = 8 (0x00000008)\n");
    assert_int_equal(x->f.reg[0], 5); /* nop, call, nop, nop, return */
    free(t);
}

static void test_finish_and_backtrace(void **state)
{
    fixture *x = *state;
    char *t = session(x, "step 2\nbt\nfinish\nbt\n");
    assert_contains(t, "#0  0x00000020 in sub ($r1=42) at fake.asm:9\n"
                       "#1  0x00000004 in start at fake.asm:2\n");
    assert_contains(t, "Run till exit from 0x00000020 <sub>\n");
    assert_contains(t, "(ldb) bt\n#0  0x00000008 in start at fake.asm:3\n");
    free(t);
}

static void test_backstep_is_bounded_and_restores(void **state)
{
    fixture *x = *state;
    /* Six steps with a journal of four: two can never come back. */
    char *t = session(x, "step 6\np/x *data\nbackstep 10\np pc\n");
    assert_contains(t, "*data = 0x0000002a");
    assert_contains(t, "No more history: backstepped 4 instructions.\n");
    assert_contains(t, "(ldb) p pc\npc = 32 (0x00000020)\n");
    assert_int_equal(word_at(&x->f, 0x80), 0); /* the store was undone */
    assert_int_equal(x->f.undo_freed, 2);
    free(t);
}

static void test_end_and_restart(void **state)
{
    fixture *x = *state;
    char *t = session(x, "continue\nstep\nrestart\np pc\n\n");
    assert_contains(t, "[the end]\n");
    assert_contains(t, "The program is not being run (the end)");
    assert_contains(t, "Restarted.\n");
    /* the empty line repeats "p pc" */
    assert_contains(t, "(ldb) p pc\npc = 0 (0x00000000)\n(ldb) \npc = 0 (0x00000000)\n");
    free(t);
}

/* ------------------------------------------------------------------------
 * The symbol array both targets share. */

static void test_symbols_sorted_and_nearest(void **state)
{
    (void)state;
    dbg_symbols s = {0};
    /* Added out of order, with a repeat (a global that is also a local). */
    assert_true(dbg_symbols_add(&s, "loop", 0x20, 1));
    assert_true(dbg_symbols_add(&s, "main", 0x10, 1));
    assert_true(dbg_symbols_add(&s, "buffer", 0x20, 0)); /* another group, same address */
    assert_true(dbg_symbols_add(&s, "end", 0x40, 1));
    assert_true(dbg_symbols_add(&s, "again", 0x20, 1));
    assert_true(dbg_symbols_add(&s, "main", 0x10, 2)); /* repeat: the first stays */
    dbg_symbols_sort(&s);
    static const char *const order[] = {"main", "again", "buffer", "loop", "end"};
    static const uint32_t addrs[] = {0x10, 0x20, 0x20, 0x20, 0x40};
    const char *name;
    uint32_t addr, offset = 99;
    for (size_t i = 0; i < 5; i++) {
        assert_true(dbg_symbols_nth(&s, i, &name, &addr));
        assert_string_equal(name, order[i]);
        assert_int_equal(addr, addrs[i]);
    }
    assert_false(dbg_symbols_nth(&s, 5, &name, &addr));

    assert_string_equal(dbg_symbols_exact(&s, 0x20), "again");
    assert_null(dbg_symbols_exact(&s, 0x24));
    assert_null(dbg_symbols_exact(&s, 0x50));

    /* Nearest at or below, first in name order, own group only. */
    assert_string_equal(dbg_symbols_nearest(&s, 0x2c, 0, 1, &offset), "again");
    assert_int_equal(offset, 0xc);
    assert_string_equal(dbg_symbols_nearest(&s, 0x3c, 0, 0, &offset), "buffer");
    assert_int_equal(offset, 0x1c);
    assert_string_equal(dbg_symbols_nearest(&s, 0x10, 0, 1, &offset), "main");
    assert_int_equal(offset, 0);
    assert_string_equal(dbg_symbols_nearest(&s, 0x1000, 0, 1, &offset), "end");
    assert_null(dbg_symbols_nearest(&s, 0x0f, 0, 1, &offset));
    assert_null(dbg_symbols_nearest(&s, 0x1c, 0, 0, &offset)); /* group 0 starts at 0x20 */
    assert_null(dbg_symbols_nearest(&s, 0x10, 0, 2, &offset)); /* the repeat was dropped */
    /* Not below the floor (the LC-3's block origin). */
    assert_null(dbg_symbols_nearest(&s, 0x3c, 0x24, 1, &offset));
    assert_string_equal(dbg_symbols_nearest(&s, 0x44, 0x24, 1, &offset), "end");
    dbg_symbols_free(&s);
    assert_null(dbg_symbols_nearest(&s, 0x44, 0, 1, &offset)); /* empty */
    dbg_symbols_sort(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_eval_numbers_registers_labels, setup, teardown),
        cmocka_unit_test_setup_teardown(test_eval_arithmetic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_eval_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_locations, setup, teardown),
        cmocka_unit_test(test_journal_newest_first_and_bounded),
        cmocka_unit_test(test_journal_clear_frees_everything),
        cmocka_unit_test_setup_teardown(test_breakpoints_conditions_and_enabling, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expression_conditions_and_hit_counts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_watchpoint_reports_the_change_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_next_steps_over_the_call, setup, teardown),
        cmocka_unit_test_setup_teardown(test_finish_and_backtrace, setup, teardown),
        cmocka_unit_test_setup_teardown(test_backstep_is_bounded_and_restores, setup, teardown),
        cmocka_unit_test_setup_teardown(test_end_and_restart, setup, teardown),
        cmocka_unit_test(test_symbols_sorted_and_nearest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
