/* Unit tests of the shared assembler front end: literals, sources, symbols,
 * diagnostics, listing rows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "listing.h"
#include "literal.h"
#include "source.h"
#include "symtab.h"

static const unsigned LC3_SYNTAX =
    LIT_DECIMAL | LIT_HASH_DECIMAL | LIT_X_HEX | LIT_0X_HEX | LIT_B_BINARY;

static int64_t parse_ok(const char *text, unsigned syntax)
{
    int64_t v = -12345;
    assert_int_equal(lit_parse_int(text, strlen(text), syntax, &v, NULL), LIT_OK);
    return v;
}

static void test_integer_spellings(void **state)
{
    (void)state;
    assert_int_equal(parse_ok("#10", LC3_SYNTAX), 10);
    assert_int_equal(parse_ok("#-5", LC3_SYNTAX), -5);
    assert_int_equal(parse_ok("x3000", LC3_SYNTAX), 0x3000);
    assert_int_equal(parse_ok("X3000", LC3_SYNTAX), 0x3000);
    assert_int_equal(parse_ok("xffff", LC3_SYNTAX), 0xFFFF);
    assert_int_equal(parse_ok("x-10", LC3_SYNTAX), -16);
    assert_int_equal(parse_ok("0x3000", LC3_SYNTAX), 0x3000);
    assert_int_equal(parse_ok("-0x10", LC3_SYNTAX), -16);
    assert_int_equal(parse_ok("b1010", LC3_SYNTAX), 10);
    assert_int_equal(parse_ok("B-11", LC3_SYNTAX), -3);
    assert_int_equal(parse_ok("42", LC3_SYNTAX), 42);
    assert_int_equal(parse_ok("-42", LC3_SYNTAX), -42);
    assert_int_equal(parse_ok("+7", LC3_SYNTAX), 7);
    assert_int_equal(parse_ok("9223372036854775807", LIT_DECIMAL), INT64_MAX);
}

static void test_integer_rejects(void **state)
{
    (void)state;
    int64_t v;
    size_t bad = 0;
    assert_int_equal(lit_parse_int("#1a", 3, LC3_SYNTAX, &v, &bad), LIT_BAD_DIGIT);
    assert_int_equal(bad, 2);
    assert_int_equal(lit_parse_int("x12G", 4, LC3_SYNTAX, &v, &bad), LIT_BAD_DIGIT);
    assert_int_equal(bad, 3);
    assert_int_equal(lit_parse_int("b102", 4, LC3_SYNTAX, &v, &bad), LIT_BAD_DIGIT);
    assert_int_equal(lit_parse_int("#", 1, LC3_SYNTAX, &v, &bad), LIT_BAD_DIGIT);
    assert_int_equal(lit_parse_int("LOOP", 4, LC3_SYNTAX, &v, &bad), LIT_NOT_A_NUMBER);
    assert_int_equal(lit_parse_int("x", 1, LC3_SYNTAX, &v, &bad), LIT_NOT_A_NUMBER);
    /* Spellings the ISA did not ask for are not numbers. */
    assert_int_equal(lit_parse_int("#5", 2, LIT_DECIMAL, &v, &bad), LIT_NOT_A_NUMBER);
    assert_int_equal(lit_parse_int("x5", 2, LIT_DECIMAL | LIT_0X_HEX, &v, &bad), LIT_NOT_A_NUMBER);
    assert_int_equal(lit_parse_int("99999999999999999999", 20, LIT_DECIMAL, &v, &bad), LIT_TOO_BIG);
    assert_int_equal(lit_parse_int("0xFFFFFFFFFFFFFFFFF", 19, LIT_0X_HEX, &v, &bad), LIT_TOO_BIG);
}

static void test_field_ranges(void **state)
{
    (void)state;
    assert_true(lit_fits_signed(-16, 5));
    assert_true(lit_fits_signed(15, 5));
    assert_false(lit_fits_signed(16, 5));
    assert_false(lit_fits_signed(-17, 5));
    assert_true(lit_fits_unsigned(255, 8));
    assert_false(lit_fits_unsigned(256, 8));
    assert_false(lit_fits_unsigned(-1, 8));
}

static void test_unescape(void **state)
{
    (void)state;
    const lit_escapes esc = {"ntr\"\\0", "\n\t\r\"\\\0"};
    char out[32];
    size_t bad = 0;
    const char *body = "a\\n\\t\\\"\\\\\\0z";
    long n = lit_unescape(body, strlen(body), &esc, out, &bad);
    assert_int_equal(n, 7);
    assert_memory_equal(out, "a\n\t\"\\\0z", 7);
    assert_int_equal(lit_unescape("ab\\q", 4, &esc, out, &bad), -1);
    assert_int_equal(bad, 2);
    assert_int_equal(lit_unescape("ab\\", 3, &esc, out, &bad), -1);
}

static void test_source_lines(void **state)
{
    (void)state;
    const char text[] = "one\r\ntwo\n\nfour";
    source_file *f = source_from_memory("mem.asm", text, sizeof text - 1);
    assert_non_null(f);
    assert_int_equal(f->line_count, 4);
    size_t len;
    const char *line = source_line(f, 1, &len);
    assert_int_equal(len, 3); /* the \r of CRLF is not part of the line */
    assert_memory_equal(line, "one", 3);
    line = source_line(f, 3, &len);
    assert_int_equal(len, 0);
    line = source_line(f, 4, &len);
    assert_memory_equal(line, "four", 4);
    assert_null(source_line(f, 5, &len));
    assert_null(source_line(f, 0, &len));
    source_free(f);

    f = source_from_memory("t.asm", "a\nb\n", 4);
    assert_int_equal(f->line_count, 2); /* a final newline opens no line */
    source_free(f);

    /* Java's readLine: a lone CR ends a line too, CRLF is one ending. */
    const char mac[] = "one\rtwo\r\rfour\r\nfive\n\rseven\r";
    f = source_from_memory("mac.asm", mac, sizeof mac - 1);
    assert_int_equal(f->line_count, 7);
    static const char *const want[] = {"one", "two", "", "four", "five", "", "seven"};
    for (int i = 0; i < 7; i++) {
        line = source_line(f, i + 1, &len);
        assert_int_equal(len, strlen(want[i]));
        assert_memory_equal(line, want[i], len);
    }
    source_free(f);
}

static void test_source_load_errors(void **state)
{
    (void)state;
    const char *why = NULL;
    assert_null(source_load("/nonexistent/file.asm", &why));
    assert_string_equal(why, "No such file or directory");
    assert_null(source_load("/", &why));
    assert_string_equal(why, "is a directory");
    /* A FIFO with no writer, and a device: refused at once, never waited on. */
    char dir[] = "/tmp/test_front.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/fifo.asm", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    why = NULL;
    assert_null(source_load(fifo, &why));
    assert_non_null(strstr(why, "not a regular file"));
    assert_null(source_fopen_regular("/dev/zero", &why));
    assert_non_null(strstr(why, "not a regular file"));
    unlink(fifo);
    rmdir(dir);
}

static void write_file(const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("; x\n", f);
    fclose(f);
}

static void test_include_resolution(void **state)
{
    (void)state;
    char root[] = "/tmp/front_inc.XXXXXX";
    assert_non_null(mkdtemp(root));
    char dir[64], lib[64], beside[96], in_lib[96], main_file[96];
    snprintf(dir, sizeof dir, "%s/src", root);
    snprintf(lib, sizeof lib, "%s/lib", root);
    assert_int_equal(mkdir(dir, 0700), 0);
    assert_int_equal(mkdir(lib, 0700), 0);
    snprintf(main_file, sizeof main_file, "%s/main.asm", dir);
    snprintf(beside, sizeof beside, "%s/both.inc", dir);
    snprintf(in_lib, sizeof in_lib, "%s/both.inc", lib);
    write_file(beside);
    write_file(in_lib);
    snprintf(in_lib, sizeof in_lib, "%s/only.inc", lib);
    write_file(in_lib);
    const char *dirs[] = {lib, NULL};

    /* Beside the including file first, then the search directories. */
    char *found = source_resolve_include(main_file, "both.inc", dirs);
    assert_string_equal(found, beside);
    free(found);
    found = source_resolve_include(main_file, "only.inc", dirs);
    assert_string_equal(found, in_lib);
    free(found);
    found = source_resolve_include(main_file, in_lib, NULL); /* absolute stays */
    assert_string_equal(found, in_lib);
    free(found);
    assert_null(source_resolve_include(main_file, "missing.inc", dirs));
    assert_null(source_resolve_include(main_file, "only.inc", NULL));
    /* A directory is not an includable file. */
    assert_null(source_resolve_include(main_file, "../lib", NULL));

    remove(beside);
    remove(in_lib);
    snprintf(in_lib, sizeof in_lib, "%s/both.inc", lib);
    remove(in_lib);
    rmdir(dir);
    rmdir(lib);
    rmdir(root);
}

static void test_symtab(void **state)
{
    (void)state;
    symtab t;
    symtab_init(&t, true);
    bool existed;
    src_loc nowhere = {0};
    symtab_define(&t, "Loop", 4, 0x3002, nowhere, &existed);
    assert_false(existed);
    symbol *s = symtab_find(&t, "LOOP", 4);
    assert_non_null(s);
    assert_string_equal(s->name, "Loop");
    assert_int_equal(s->value, 0x3002);
    symtab_define(&t, "loop", 4, 1, nowhere, &existed);
    assert_true(existed);
    assert_int_equal(symtab_find(&t, "loop", 4)->value, 0x3002);
    /* Growth keeps every entry. */
    char name[16];
    for (int i = 0; i < 1000; i++) {
        snprintf(name, sizeof name, "L%d", i);
        symtab_define(&t, name, strlen(name), 5000 - i, nowhere, &existed);
        assert_false(existed);
    }
    assert_int_equal(t.count, 1001);
    assert_int_equal(symtab_find(&t, "l999", 4)->value, 4001);
    symbol **sorted = symtab_sorted(&t);
    assert_int_equal(sorted[0]->value, 4001);
    assert_string_equal(sorted[1000]->name, "Loop");
    assert_null(sorted[1001]);
    free(sorted);
    symtab_free(&t);

    symtab_init(&t, false);
    symtab_define(&t, "a", 1, 1, nowhere, &existed);
    assert_null(symtab_find(&t, "A", 1));
    symtab_free(&t);
}

/* Runs diagnostics into *text (the caller frees it). The caller owns the
 * pointer so no compiler mistakes it for one into this frame. */
static void capture(void (*emit)(diag_sink *, source_file *), source_file *f, char **text)
{
    size_t size = 0;
    FILE *out = open_memstream(text, &size);
    diag_sink sink;
    diag_init(&sink, out);
    emit(&sink, f);
    fclose(out);
}

static void emit_one(diag_sink *sink, source_file *f)
{
    diag_error(sink, ((src_loc){f, 2, 6, 3}), "bad %s", "thing");
    assert_int_equal(sink->errors, 1);
}

static void test_diag_format(void **state)
{
    (void)state;
    source_file *f = source_from_memory("p.asm", "first\n\tADD R9, R1\n", 19);
    char *text = NULL;
    capture(emit_one, f, &text);
    assert_string_equal(text, "p.asm:2:6: error: bad thing\n"
                              "    2 | \tADD R9, R1\n"
                              "      | \t    ^~~\n");
    free(text);
    source_free(f);
}

static void emit_far_right(diag_sink *sink, source_file *f)
{
    diag_error(sink, ((src_loc){f, 1, 1001, 3}), "far");
}

static void test_diag_long_line_window(void **state)
{
    (void)state;
    /* 2000 characters with "BAD" at column 1001: only a window around the
     * caret is shown, marked "..." where it is cut. */
    char text[2001];
    memset(text, 'a', 2000);
    memcpy(text + 1000, "BAD", 3);
    source_file *f = source_from_memory("w.asm", text, 2000);
    char *out = NULL;
    capture(emit_far_right, f, &out);
    char want_line[200], want_caret[200];
    snprintf(want_line, sizeof want_line, "    1 | ...%.80sBAD%.77s...\n", text, text);
    snprintf(want_caret, sizeof want_caret, "      |    %80s^~~\n", "");
    assert_non_null(strstr(out, "w.asm:1:1001: error: far\n"));
    assert_non_null(strstr(out, want_line));
    assert_non_null(strstr(out, want_caret));
    assert_true(strlen(out) < 400);
    free(out);
    source_free(f);
}

static void emit_out_of_order(diag_sink *sink, source_file *f)
{
    diag_buffer(sink);
    diag_error(sink, ((src_loc){f, 2, 1, 1}), "second");
    diag_warning(sink, ((src_loc){f, 1, 3, 1}), "first");
    diag_note(sink, ((src_loc){f, 1, 1, 1}), "note of first");
    diag_error(sink, ((src_loc){f, 1, 1, 1}), "also first");
    diag_note(sink, ((src_loc){f, 2, 1, 1}), "note of also first");
    diag_flush(sink);
    assert_int_equal(sink->errors, 2);
    assert_int_equal(sink->warnings, 1);
}

static void test_diag_buffered_order(void **state)
{
    (void)state;
    source_file *f = source_from_memory("q.asm", "ab\ncd\n", 6);
    char *text = NULL;
    capture(emit_out_of_order, f, &text);
    const char *also = strstr(text, "q.asm:1:1: error: also first");
    const char *note = strstr(text, "q.asm:2:1: note: note of also first");
    const char *first = strstr(text, "q.asm:1:3: warning: first");
    const char *note1 = strstr(text, "q.asm:1:1: note: note of first");
    const char *second = strstr(text, "q.asm:2:1: error: second");
    assert_non_null(also);
    assert_true(also < note && note < first && first < note1 && note1 < second);
    free(text);
    source_free(f);
}

/* 250 errors, each with a note, and a warning among them: the first 200
 * errors show, sorted, and one line counts the rest; hidden errors' notes
 * are hidden with them, and nothing hidden is held in memory. */
static void emit_flood(diag_sink *sink, source_file *f)
{
    diag_buffer(sink);
    for (int i = 250; i >= 1; i--) {
        diag_error(sink, ((src_loc){f, 1, 1, 1}), "error %d", i);
        diag_note(sink, ((src_loc){f, 1, 1, 1}), "note %d", i);
    }
    diag_warning(sink, ((src_loc){f, 1, 1, 1}), "a warning");
    assert_true(sink->entry_count == 2 * 200 + 1);
    diag_flush(sink);
    assert_int_equal(sink->errors, 250);
}

static void emit_flood_unbuffered(diag_sink *sink, source_file *f)
{
    for (int i = 1; i <= 202; i++)
        diag_error(sink, ((src_loc){f, 1, 1, 1}), "error %d", i);
}

static void emit_flood_mars(diag_sink *sink, source_file *f)
{
    sink->style = DIAG_STYLE_MARS;
    diag_buffer(sink);
    for (int i = 1; i <= 100000; i++)
        diag_error(sink, ((src_loc){f, 1, 1, 1}), "error %d", i);
    assert_true(sink->entry_count == 201); /* the 200, and the limit's place */
    diag_flush(sink);
}

static void test_diag_error_cap(void **state)
{
    (void)state;
    source_file *f = source_from_memory("e.asm", "x\n", 2);
    char *text = NULL;
    capture(emit_flood, f, &text);
    assert_non_null(strstr(text, "e.asm:1:1: error: error 250\n"));
    assert_non_null(strstr(text, "e.asm:1:1: error: error 51\n"));
    assert_null(strstr(text, "error 50\n"));
    assert_null(strstr(text, "note 50\n"));
    assert_non_null(strstr(text, "note 51\n"));
    assert_non_null(strstr(text, "warning: a warning\n"));
    assert_non_null(strstr(text, "\nnote: 50 more errors are not shown\n"));
    free(text);
    capture(emit_flood_unbuffered, f, &text);
    assert_non_null(strstr(text, "error 200\n"));
    assert_non_null(strstr(text, "\nnote: more than 200 errors: the rest are not shown\n"));
    assert_null(strstr(text, "error 201\n"));
    free(text);
    capture(emit_flood_mars, f, &text);
    assert_non_null(strstr(text, "Error in e.asm line 1 column 1: error 200\n"));
    assert_non_null(strstr(text, "Error in  line 1 column 1: Error Limit of 200 exceeded.\n"));
    assert_null(strstr(text, "error 201\n"));
    free(text);
    source_free(f);
}

static source_file *rank_second_file; /* the file ranked first below */

static void emit_two_files(diag_sink *sink, source_file *first)
{
    diag_buffer(sink);
    diag_rank_file(sink, rank_second_file); /* command-line order: b.asm, then a.asm */
    diag_rank_file(sink, first);
    diag_error(sink, ((src_loc){first, 1, 1, 1}), "a1");
    diag_error(sink, ((src_loc){rank_second_file, 9, 1, 1}), "b9");
    diag_error(sink, ((src_loc){rank_second_file, 2, 1, 1}), "b2");
    diag_flush(sink);
}

static void test_diag_file_order(void **state)
{
    (void)state;
    source_file *a = source_from_memory("a.asm", "x\n", 2);
    rank_second_file = source_from_memory("b.asm", "x\n", 2);
    char *text = NULL;
    capture(emit_two_files, a, &text);
    const char *b2 = strstr(text, "b.asm:2:1: error: b2");
    const char *b9 = strstr(text, "b.asm:9:1: error: b9");
    const char *a1 = strstr(text, "a.asm:1:1: error: a1");
    assert_non_null(b2);
    assert_true(b2 < b9 && b9 < a1); /* by file rank, then line */
    free(text);
    source_free(a);
    source_free(rank_second_file);
}

static void test_listing_rows(void **state)
{
    (void)state;
    source_file *f = source_from_memory("l.asm", "; c\nGO ADD R1, R1, #1\n", 21);
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    listing l = {out, 16, 4, "x"};
    listing_text(&l, f, 1);
    listing_word(&l, 0x3000, 0x1261, f, 2);
    listing_word(&l, 0x3001, 0x0000, f, 0);
    fclose(out);
    assert_string_equal(buf,
        "                                    1  ; c\n"
        "x3000  x1261  0001001001100001      2  GO ADD R1, R1, #1\n"
        "x3001  x0000  0000000000000000\n");
    free(buf);
    source_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integer_spellings),
        cmocka_unit_test(test_integer_rejects),
        cmocka_unit_test(test_field_ranges),
        cmocka_unit_test(test_unescape),
        cmocka_unit_test(test_source_lines),
        cmocka_unit_test(test_source_load_errors),
        cmocka_unit_test(test_include_resolution),
        cmocka_unit_test(test_symtab),
        cmocka_unit_test(test_diag_format),
        cmocka_unit_test(test_diag_buffered_order),
        cmocka_unit_test(test_diag_long_line_window),
        cmocka_unit_test(test_diag_error_cap),
        cmocka_unit_test(test_diag_file_order),
        cmocka_unit_test(test_listing_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
