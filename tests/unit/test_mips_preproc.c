/* The MIPS preprocessor against MARS 4.5 (docs/mips-assembler.md,
 * "Preprocessing"): .include, .eqv, macros, every error with its text and
 * position, and the bounds that keep hostile input cheap. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "mips_preproc.h"

/* What a preprocessor produced: one transcript line per line returned,
 * "file:line: text", with " <file:line,...>" after the position for lines
 * from macro uses (the uses, outermost first), and the diagnostics. */
typedef struct result {
    bool prepared;
    char *lines;
    char *diags;
} result;

/* Removes every occurrence of prefix (the temporary directory) from s. */
static void strip(char *s, const char *prefix)
{
    size_t n = strlen(prefix);
    if (n == 0)
        return;
    char *out = s;
    for (const char *in = s; *in;) {
        if (strncmp(in, prefix, n) == 0)
            in += n;
        else
            *out++ = *in++;
    }
    *out = '\0';
}

/* The contract: a line's tokens are exactly mips_lex_line of its text. */
static void check_tokens(const mips_line *l)
{
    mips_token t[256];
    size_t n = mips_lex_line(l->text, l->len, t, 256);
    if (n > 256)
        return;
    if (n != l->token_count)
        fail_msg("'%.*s': %zu tokens given, %zu in the text", (int)l->len, l->text,
                 l->token_count, n);
    for (size_t i = 0; i < n; i++)
        if (t[i].kind != l->tokens[i].kind || t[i].col != l->tokens[i].col ||
            t[i].len != l->tokens[i].len || t[i].text != l->tokens[i].text)
            fail_msg("'%.*s': token %zu differs", (int)l->len, l->text, i);
    if (l->use_count > 0 && (l->use_file != l->uses[0].file || l->use_line != l->uses[0].line))
        fail_msg("use_file/use_line are not uses[0]");
    if (l->use_count == 0 && (l->use_file || l->use_line))
        fail_msg("use_file/use_line set outside a macro");
}

static void print_line(FILE *out, const mips_line *l)
{
    fprintf(out, "%s:%d", l->file->path, l->line);
    if (l->use_count > 0) {
        fputs(" <", out);
        for (size_t i = 0; i < l->use_count; i++)
            fprintf(out, "%s%s:%d", i ? "," : "", l->uses[i].file->path, l->uses[i].line);
        fputc('>', out);
    }
    fprintf(out, ": %.*s\n", (int)l->len, l->text);
}

static const char *include_root; /* the sandbox run gives the preprocessor, or NULL */

static result run(const source_file *top, const char *dir)
{
    result r = {0};
    size_t line_size = 0, diag_size = 0;
    FILE *lines = open_memstream(&r.lines, &line_size);
    FILE *diags = open_memstream(&r.diags, &diag_size);
    assert_non_null(lines);
    assert_non_null(diags);
    diag_sink sink;
    diag_init(&sink, diags);
    sink.show_source = 0;
    mips_preproc *pp = mips_preproc_new(top, &sink);
    assert_non_null(pp);
    mips_preproc_confine_includes(pp, include_root);
    r.prepared = mips_preproc_prepare(pp);
    const mips_line *l;
    for (size_t guard = 0; (l = mips_preproc_next(pp)) != NULL; guard++) {
        if (guard > 2000000)
            fail_msg("the preprocessor does not stop");
        check_tokens(l);
        print_line(lines, l);
    }
    assert_null(mips_preproc_next(pp)); /* and stays at the end */
    mips_preproc_free(pp);
    fclose(lines);
    fclose(diags);
    if (dir) {
        char prefix[512];
        snprintf(prefix, sizeof prefix, "%s/", dir);
        strip(r.lines, prefix);
        strip(r.diags, prefix);
    }
    return r;
}

static result run_text(const char *text)
{
    source_file *f = source_from_memory("t.asm", text, strlen(text));
    assert_non_null(f);
    result r = run(f, NULL);
    source_free(f);
    return r;
}

static void release(result *r)
{
    free(r->lines);
    free(r->diags);
}

#define assert_output(r, want_lines, want_diags)                                    \
    do {                                                                            \
        if (strcmp((r).lines, want_lines) != 0 || strcmp((r).diags, want_diags) != 0) \
            fail_msg("lines:\n%s\nwanted:\n%s\ndiagnostics:\n%s\nwanted:\n%s",      \
                     (r).lines, want_lines, (r).diags, want_diags);                 \
    } while (0)

/* Preprocesses text and compares lines and diagnostics. */
#define EXPECT(text, want_lines, want_diags)       \
    do {                                           \
        result r_ = run_text(text);                \
        assert_output(r_, want_lines, want_diags); \
        release(&r_);                              \
    } while (0)

/* ---- Files on disk, for .include ------------------------------------------ */

typedef struct tree {
    char dir[256];
} tree;

static int make_tree(void **state)
{
    tree *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    snprintf(t->dir, sizeof t->dir, "/tmp/test_mips_preproc.XXXXXX");
    if (!mkdtemp(t->dir))
        return -1;
    *state = t;
    return 0;
}

static int remove_tree(void **state)
{
    tree *t = *state;
    char command[512];
    snprintf(command, sizeof command, "rm -rf '%s'", t->dir);
    int status = system(command);
    free(t);
    return status == 0 ? 0 : -1;
}

static void write_file(const tree *t, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", t->dir, name);
    char *slash = strrchr(path, '/');
    *slash = '\0';
    mkdir(path, 0700); /* one level of subdirectory is all the tests use */
    *slash = '/';
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static result run_file(const tree *t, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", t->dir, name);
    const char *why;
    source_file *top = source_load(path, &why);
    assert_non_null(top);
    result r = run(top, t->dir);
    source_free(top);
    return r;
}

/* ---- .include ---------------------------------------------------------- */

static void test_include_splices_lines_in_place(void **state)
{
    tree *t = *state;
    write_file(t, "main.asm", "nop\n  .include \"inc.asm\"  # the helpers\nsyscall\n");
    write_file(t, "inc.asm", "addi $t0, $t0, 1\n\nli $t1, 'ab'\n");
    result r = run_file(t, "main.asm");
    /* Lines keep their own file and line; an error in the included file is
     * reported there (the error stops MARS before assembling: no lines). */
    assert_false(r.prepared);
    assert_output(r, "", "inc.asm:3:9: error: Invalid language element: 'ab'\n");
    release(&r);

    write_file(t, "inc.asm", "addi $t0, $t0, 1\n\nli $t1, 'a'\n");
    r = run_file(t, "main.asm");
    assert_true(r.prepared);
    assert_output(r,
                  "main.asm:1: nop\n"
                  "inc.asm:1: addi $t0, $t0, 1\n"
                  "inc.asm:2: \n"
                  "inc.asm:3: li $t1, 'a'\n"
                  "main.asm:3: syscall\n",
                  "");
    release(&r);
}

static void test_include_anywhere_in_the_line_replaces_all_of_it(void **state)
{
    tree *t = *state;
    /* MARS looks for .include (any case) followed by a string anywhere in
     * the line; the whole line, label included, gives way to the file. */
    write_file(t, "main.asm", "here: .INCLUDE \"inc.asm\"\n.include inc.asm\n");
    write_file(t, "inc.asm", "nop");
    result r = run_file(t, "main.asm");
    /* Without a string it is no include: MARS's directive table then says so. */
    assert_output(r, "inc.asm:1: nop\n",
                  "main.asm:2:1: error: \".include\" directive recognized but not yet "
                  "implemented.\n");
    release(&r);
}

static void test_nested_includes_are_relative_to_their_file(void **state)
{
    tree *t = *state;
    write_file(t, "main.asm", ".include \"lib/a.asm\"\nmain_end: nop\n");
    write_file(t, "lib/a.asm", "a1: nop\n.include \"b.asm\"\na3: nop\n");
    write_file(t, "lib/b.asm", "b1: nop\n");
    result r = run_file(t, "main.asm");
    assert_output(r,
                  "lib/a.asm:1: a1: nop\n"
                  "lib/b.asm:1: b1: nop\n"
                  "lib/a.asm:3: a3: nop\n"
                  "main.asm:2: main_end: nop\n",
                  "");
    release(&r);
}

static void test_include_cycle_is_an_error(void **state)
{
    tree *t = *state;
    write_file(t, "a.asm", "nop\n.include \"b.asm\"\n");
    write_file(t, "b.asm", "nop\n  .include \"a.asm\"\n");
    /* a is the top file, so the cycle shows when b is reached again. */
    result r = run_file(t, "a.asm");
    assert_false(r.prepared);
    assert_output(r, "", "a.asm:2:10: error: Recursive include of file b.asm\n");
    release(&r);

    write_file(t, "self.asm", ".include \"self.asm\"\n");
    r = run_file(t, "self.asm");
    assert_output(r, "", "self.asm:1:10: error: Recursive include of file self.asm\n");
    release(&r);
}

static void test_same_file_included_twice_is_recursive_to_mars(void **state)
{
    tree *t = *state;
    /* MARS never forgets a file it included. */
    write_file(t, "main.asm", ".include \"m.asm\"\n.include \"m.asm\"\n");
    write_file(t, "m.asm", "nop\n");
    result r = run_file(t, "main.asm");
    assert_output(r, "", "main.asm:2:10: error: Recursive include of file m.asm\n");
    release(&r);
}

/* With a sandbox (mips_asm_options.include_root): files inside it only,
 * by relative paths, after ".." and links are resolved (issue 13.1). */
static void test_include_sandbox(void **state)
{
    tree *t = *state;
    char root[512], path[512], target[512];
    write_file(t, "secret.asm", "secret: .word 1\n");
    write_file(t, "box/ok.asm", "ok: nop\n");
    snprintf(root, sizeof root, "%s/box", t->dir);
    snprintf(path, sizeof path, "%s/box/out_link.asm", t->dir);
    snprintf(target, sizeof target, "%s/secret.asm", t->dir);
    assert_int_equal(symlink(target, path), 0);
    snprintf(path, sizeof path, "%s/box/in_link.asm", t->dir);
    assert_int_equal(symlink("ok.asm", path), 0);
    include_root = root; /* run strips the temporary folder: messages show it as "box" */
    write_file(t, "box/main.asm", ".include \"in_link.asm\"\n");
    result r = run_file(t, "box/main.asm");
    assert_output(r, "box/in_link.asm:1: ok: nop\n", ""); /* named as MARS names it */
    release(&r);
    static const char *const refused[] = {"../secret.asm", "out_link.asm", "./../box/../secret.asm"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char text[128], want[1200];
        snprintf(text, sizeof text, "nop\n.include \"%s\"\n", refused[i]);
        write_file(t, "box/main.asm", text);
        r = run_file(t, "box/main.asm");
        snprintf(want, sizeof want,
                 "box/main.asm:2:10: error: cannot include box/%s: it lies outside %s, the only "
                 "folder files may be included from\n", refused[i], "box");
        assert_false(r.prepared);
        assert_output(r, "", want);
        release(&r);
    }
    char text[600], want[200];
    snprintf(text, sizeof text, ".include \"%s\"\n", target);
    write_file(t, "box/main.asm", text);
    r = run_file(t, "box/main.asm");
    snprintf(want, sizeof want,
             "box/main.asm:1:10: error: cannot include secret.asm: only files inside box may be "
             "included, by a relative path\n");
    assert_output(r, "", want);
    release(&r);
    include_root = NULL; /* without one, MARS's behaviour: any file */
    r = run_file(t, "box/main.asm");
    assert_true(r.prepared);
    release(&r);
}

static void test_missing_include_is_an_error(void **state)
{
    tree *t = *state;
    write_file(t, "main.asm", "nop\nnop\n\t.include \"nowhere.asm\"\n.include \"x\"\n");
    result r = run_file(t, "main.asm");
    /* MARS stops at the first include error. */
    assert_false(r.prepared);
    assert_output(r, "", "main.asm:3:11: error: Error reading include file nowhere.asm\n");
    release(&r);

    write_file(t, "main.asm", ".include \"lib\"\n");
    write_file(t, "lib/x.asm", "nop\n");
    r = run_file(t, "main.asm");
    assert_output(r, "",
                  "main.asm:1:10: error: Error reading include file lib\nnote: lib: is a directory\n");
    release(&r);
}

static void test_include_chain_of_ten_thousand_files_is_cut(void **state)
{
    tree *t = *state;
    char name[64], text[128];
    for (int i = 0; i < 10000; i++) {
        snprintf(name, sizeof name, "f%d.asm", i);
        snprintf(text, sizeof text, "nop\n.include \"f%d.asm\"\n", i + 1);
        write_file(t, name, text);
    }
    write_file(t, "f10000.asm", "nop\n");
    result r = run_file(t, "f0.asm");
    assert_false(r.prepared);
    assert_output(r, "", "f199.asm:2:10: error: more than 200 .include files nested\n");
    release(&r);
}

/* ---- .eqv ---------------------------------------------------------------- */

static void test_eqv_substitutes_in_later_lines(void **state)
{
    (void)state;
    EXPECT("li $t0, LIMIT\n"
           ".eqv LIMIT 100\n"
           "li $t0, LIMIT\n"
           "addi $t1, $t1, LIMIT # LIMIT\n"
           ".asciiz \"LIMIT\"\n",
           "t.asm:1: li $t0, LIMIT\n"
           "t.asm:3: li $t0, 100\n"
           "t.asm:4: addi $t1, $t1, 100 # LIMIT\n"
           "t.asm:5: .asciiz \"LIMIT\"\n",
           "");
}

static void test_eqv_expression_of_several_tokens(void **state)
{
    (void)state;
    /* The expression is the text from its first token to the end of its
     * last (the comment is not part of it); a use is replaced by that text
     * and the line split again, one symbol at a time. */
    EXPECT(".eqv SLOT 8($sp)   # a stack slot\n"
           ".eqv TWO  ONE ONE\n"
           ".eqv ONE  1\n"
           "lw $t0, SLOT\n"
           ".word TWO, ONE\n"
           ".eqv DASH -\n"
           "li $t0, DASH 5\n"
           ".eqv C 'a'\n",
           "t.asm:4: lw $t0, 8($sp)\n"
           "t.asm:5: .word 1 1, 1\n"
           "t.asm:7: li $t0, - 5\n",
           "");
}

static void test_eqv_after_a_label_and_label_kept(void **state)
{
    (void)state;
    /* A label before .eqv is still a label: it comes back alone. */
    EXPECT("start: .eqv N 4\n"
           "start2:\n"
           "addi $t0, $zero, N\n"
           ".eqv X\n" /* two tokens: MARS does not treat it as .eqv at all */
           "X: nop\n",
           "t.asm:1: start:\n"
           "t.asm:2: start2:\n"
           "t.asm:3: addi $t0, $zero, 4\n"
           "t.asm:5: X: nop\n",
           "");
}

static void test_eqv_quirks(void **state)
{
    (void)state;
    /* A character literal's value is shorter than its text, and MARS cuts
     * the expression by the value's length: .eqv C 'a' records "'a". */
    EXPECT(".eqv C 'a'\nli $t0, C\n", "",
           "t.asm:2:9: error: Invalid language element: 'a\n");
    /* The substituted text is split again: a - before a number joins it. */
    EXPECT(".eqv N 5\nli $t0, -N\n", "t.asm:2: li $t0, -5\n", "");
    /* A line that becomes an .eqv statement is one. */
    EXPECT(".eqv D .eqv\nD Y 7\nli $t0, Y\n", "t.asm:3: li $t0, 7\n", "");
}

static void test_eqv_errors(void **state)
{
    (void)state;
    EXPECT(".eqv X # no expression\n", "",
           "t.asm:1:1: error: Too few operands for .eqv directive\n");
    EXPECT("lbl: .eqv X\n", "", "t.asm:1:6: error: Too few operands for .eqv directive\n");
    EXPECT("  .eqv 5 6\n", "", "t.asm:1:3: error: Malformed .eqv directive\n");
    EXPECT(".eqv add 6\n", "", "t.asm:1:1: error: Malformed .eqv directive\n");
    EXPECT(".eqv X (X)\n", "",
           "t.asm:1:1: error: Cannot substitute X for itself in .eqv directive\n");
    EXPECT(".eqv X 1\n.eqv X 1\n.eqv X 2\n.eqv X 3\n", "",
           "t.asm:3:6: error: \"X\" is already defined\n"
           "t.asm:4:6: error: \"X\" is already defined\n");
    /* A lexical error comes before the .eqv error of the same line. */
    EXPECT(".eqv 'ab' 1\n", "",
           "t.asm:1:6: error: Invalid language element: 'ab'\n"
           "t.asm:1:1: error: Malformed .eqv directive\n");
}

static void test_eqv_growth_is_bounded(void **state)
{
    (void)state;
    /* Each symbol doubles the text of the one before: 2^40 without a bound. */
    char text[4096];
    size_t n = (size_t)snprintf(text, sizeof text, ".eqv S0 x\n");
    for (int i = 1; i <= 40; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, ".eqv S%d S%d S%d\n", i, i - 1, i - 1);
    snprintf(text + n, sizeof text - n, ".word S40\n");
    clock_t start = clock();
    result r = run_text(text);
    assert_false(r.prepared);
    assert_string_equal(r.lines, "");
    /* The work bound stops it long before the length bound would. */
    assert_non_null(strstr(r.diags, "t.asm:42:"));
    assert_non_null(strstr(r.diags, "error: too many .eqv substitutions in one line\n"));
    assert_true(clock() - start < 20 * CLOCKS_PER_SEC);
    release(&r);
}

/* A line of a million characters: one pass, with a few substitutions. */
static void test_million_character_line(void **state)
{
    (void)state;
    size_t n = 1000000;
    char *text = malloc(n + 64), *want = malloc(n + 64);
    assert_non_null(text);
    assert_non_null(want);
    size_t len = (size_t)sprintf(text, ".eqv ONE 1\n.byte ONE,");
    size_t want_len = (size_t)sprintf(want, "t.asm:2: .byte 1,");
    while (len < n) {
        memcpy(text + len, "2,", 2);
        memcpy(want + want_len, "2,", 2);
        len += 2;
        want_len += 2;
    }
    strcpy(text + len, "ONE\n");
    strcpy(want + want_len, "1\n");
    clock_t start = clock();
    result r = run_text(text);
    assert_true(r.prepared);
    assert_string_equal(r.diags, "");
    assert_string_equal(r.lines, want);
    release(&r);

    /* Every item a symbol: MARS splits the whole line again after each
     * substitution, so a bound on that work stops it with an error. */
    len = (size_t)sprintf(text, ".eqv ONE 1\n.byte ");
    while (len < n) {
        memcpy(text + len, "ONE,", 4);
        len += 4;
    }
    strcpy(text + len, "1\n");
    r = run_text(text);
    assert_false(r.prepared);
    assert_string_equal(r.lines, "");
    assert_non_null(strstr(r.diags, "error: too many .eqv substitutions in one line\n"));
    assert_int_equal(strncmp(r.diags, "t.asm:2:", 8), 0);
    assert_true(clock() - start < 60 * CLOCKS_PER_SEC);
    release(&r);
    free(text);
    free(want);
}

/* ---- Macros ------------------------------------------------------------- */

static void test_macro_without_parameters(void **state)
{
    (void)state;
    EXPECT(".macro done\n"
           "  li $v0, 10\n"
           "  syscall\n"
           ".end_macro\n"
           "nop\n"
           "done\n"
           "done()\n",
           "t.asm:5: nop\n"
           "t.asm:2 <t.asm:6>:   li $v0, 10\n"
           "t.asm:3 <t.asm:6>:   syscall\n"
           "t.asm:2 <t.asm:7>:   li $v0, 10\n"
           "t.asm:3 <t.asm:7>:   syscall\n",
           "");
}

static void test_macro_with_parameters_in_every_form(void **state)
{
    (void)state;
    /* Parameters with or without parentheses; uses as name(args) or name
     * args; each argument is one token, and its text replaces the %name. */
    EXPECT(".macro print_int (%x)\n"
           "  li $v0, 1\n"
           "  add $a0, $zero, %x\n"
           "  syscall\n"
           ".end_macro\n"
           ".macro swap %a, %b\n"
           "  move $at, %a\n"
           "  move %a, %b\n"
           "  move %b, $at\n"
           ".end_macro\n"
           "print_int($t0)\n"
           "print_int 42\n"
           "swap($s0, $s1)\n"
           "swap $t1 $t2\n",
           "t.asm:2 <t.asm:11>:   li $v0, 1\n"
           "t.asm:3 <t.asm:11>:   add $a0, $zero, $t0\n"
           "t.asm:4 <t.asm:11>:   syscall\n"
           "t.asm:2 <t.asm:12>:   li $v0, 1\n"
           "t.asm:3 <t.asm:12>:   add $a0, $zero, 42\n"
           "t.asm:4 <t.asm:12>:   syscall\n"
           "t.asm:7 <t.asm:13>:   move $at, $s0\n"
           "t.asm:8 <t.asm:13>:   move $s0, $s1\n"
           "t.asm:9 <t.asm:13>:   move $s1, $at\n"
           "t.asm:7 <t.asm:14>:   move $at, $t1\n"
           "t.asm:8 <t.asm:14>:   move $t1, $t2\n"
           "t.asm:9 <t.asm:14>:   move $t2, $at\n",
           "");
}

static void test_macro_argument_quirks(void **state)
{
    (void)state;
    /* SPIM's $name parameters; a character literal argument arrives as its
     * value; -4($sp) is four arguments, not one. */
    EXPECT(".macro put($reg, %c)\n"
           "  li $reg, %c\n"
           ".end_macro\n"
           "put($t3, 'A')\n"
           "put $t4, -4($sp)\n",
           "t.asm:2 <t.asm:4>:   li $t3, 65\n"
           "t.asm:5: put $t4, -4($sp)\n",
           "");
    /* Each token is replaced at the first place its text occurs in the line
     * (MARS's replaceToken): %a is found inside %ab, and %ab no more. */
    EXPECT(".macro m(%a, %ab)\n"
           "  add %ab, %a, $t0\n"
           ".end_macro\n"
           "m($t1, $t2)\n",
           "t.asm:2 <t.asm:4>:   add $t1b, %a, $t0\n", "");
}

static void test_overloading_by_argument_count(void **state)
{
    (void)state;
    EXPECT(".macro inc(%r)\n"
           "  addi %r, %r, 1\n"
           ".end_macro\n"
           ".macro inc(%r, %n)\n"
           "  addi %r, %r, %n\n"
           ".end_macro\n"
           "inc($t0)\n"
           "inc($t0, 5)\n",
           "t.asm:2 <t.asm:7>:   addi $t0, $t0, 1\n"
           "t.asm:5 <t.asm:8>:   addi $t0, $t0, 5\n",
           "");
}

static void test_redefinition_takes_the_newest(void **state)
{
    (void)state;
    /* MARS reports no error: of the same name and count, the newest
     * definition wins from its .end_macro on. */
    EXPECT(".macro m\n"
           "  nop\n"
           ".end_macro\n"
           "m\n"
           ".macro m\n"
           "  syscall\n"
           ".end_macro\n"
           "m\n",
           "t.asm:2 <t.asm:4>:   nop\n"
           "t.asm:6 <t.asm:8>:   syscall\n",
           "");
}

static void test_labels_are_unique_per_expansion(void **state)
{
    (void)state;
    EXPECT(".macro spin(%n)\n"
           "  li $t0, %n\n"
           "loop: addi $t0, $t0, -1\n"
           "  bnez $t0, loop\n"
           "  j done # loop\n"
           ".end_macro\n"
           "spin(3)\n"
           "loop: spin(4)\n"
           "j loop\n",
           "t.asm:2 <t.asm:7>:   li $t0, 3\n"
           "t.asm:3 <t.asm:7>: loop_M0: addi $t0, $t0, -1\n"
           "t.asm:4 <t.asm:7>:   bnez $t0, loop_M0\n"
           "t.asm:5 <t.asm:7>:   j done # loop\n"
           "t.asm:8: loop:\n"
           "t.asm:2 <t.asm:8>:   li $t0, 4\n"
           "t.asm:3 <t.asm:8>: loop_M1: addi $t0, $t0, -1\n"
           "t.asm:4 <t.asm:8>:   bnez $t0, loop_M1\n"
           "t.asm:5 <t.asm:8>:   j done # loop\n"
           "t.asm:9: j loop\n",
           "");
    /* Renaming also goes to the first place the label's text occurs: a
     * label t renames the t of $t0, and a label used twice in its own line
     * is renamed twice at the front (MARS does the same). */
    EXPECT(".macro m\nt: nop\nbnez $t0, t\nt: j t\n.end_macro\nm\n",
           "t.asm:2 <t.asm:6>: t_M0: nop\n"
           "t.asm:3 <t.asm:6>: bnez $t_M00, t\n"
           "t.asm:4 <t.asm:6>: t_M0_M0: j t\n",
           "");
}

static void test_nested_macro_uses_expand(void **state)
{
    (void)state;
    EXPECT(".macro inner(%r)\n"
           "again: addi %r, %r, 1\n"
           ".end_macro\n"
           ".macro outer(%r)\n"
           "  inner(%r)\n"
           "top: inner($t9)\n"
           ".end_macro\n"
           "outer($t1)\n",
           "t.asm:2 <t.asm:8,t.asm:5>: again_M1: addi $t1, $t1, 1\n"
           "t.asm:6 <t.asm:8>: top_M0:\n"
           "t.asm:2 <t.asm:8,t.asm:6>: again_M2: addi $t9, $t9, 1\n",
           "");
}

static void test_recursive_macro_is_an_error(void **state)
{
    (void)state;
    /* MARS detects a loop when the same use line is expanded inside itself;
     * the message ends in a space. (MARS gives no column; ours is the use.) */
    /* The use in the body is expanded once before it meets itself. */
    EXPECT(".macro forever\n"
           "  nop\n"
           "  forever\n"
           ".end_macro\n"
           "forever\n",
           "t.asm:2 <t.asm:5>:   nop\n"
           "t.asm:2 <t.asm:5,t.asm:3>:   nop\n",
           "t.asm:3:3: error: Detected a macro expansion loop (recursive reference). \n"
           "t.asm:3:3: note: in expansion of macro \"forever\"\n");
    EXPECT(".macro ping\n  pong\n.end_macro\n"
           ".macro pong\n  ping\n.end_macro\n"
           "ping\n",
           "",
           "t.asm:2:3: error: Detected a macro expansion loop (recursive reference). \n"
           "t.asm:5:3: note: in expansion of macro \"ping\"\n");
}

static void test_same_macro_twice_in_a_chain_is_a_loop_to_mars(void **state)
{
    (void)state;
    /* The check is by line: "twice" uses "body" whose use of twice... is
     * the body line of twice again, so MARS calls it a loop (a known
     * complaint), though it would end. */
    EXPECT(".macro twice(%m)\n"
           "  %m()\n"
           ".end_macro\n"
           ".macro body\n"
           "  twice(nothing)\n"
           ".end_macro\n"
           ".macro nothing\n"
           ".end_macro\n"
           "twice(body)\n",
           "",
           "t.asm:2:3: error: Detected a macro expansion loop (recursive reference). \n"
           "t.asm:5:3: note: in expansion of macro \"twice\"\n");
}

/* Runs a preprocessor over text, counting lines: for outputs too big to print. */
static size_t count_lines(const char *text, char **diags, int *last_line)
{
    source_file *f = source_from_memory("t.asm", text, strlen(text));
    size_t size = 0, count = 0;
    FILE *out = open_memstream(diags, &size);
    diag_sink sink;
    diag_init(&sink, out);
    sink.show_source = 0;
    mips_preproc *pp = mips_preproc_new(f, &sink);
    const mips_line *l;
    while ((l = mips_preproc_next(pp)) != NULL) {
        count++;
        *last_line = l->line;
    }
    mips_preproc_free(pp);
    fclose(out);
    source_free(f);
    return count;
}

static void test_exponential_expansion_is_bounded(void **state)
{
    (void)state;
    /* m22 would expand to 2^22 nops: more lines than the bound. */
    char text[4096];
    size_t n = (size_t)snprintf(text, sizeof text, ".macro m0\nnop\n.end_macro\n");
    for (int i = 1; i <= 22; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, ".macro m%d\nm%d\nm%d\n.end_macro\n", i,
                              i - 1, i - 1);
    snprintf(text + n, sizeof text - n, "m22\nnop\n");
    clock_t start = clock();
    char *diags;
    int last = 0;
    size_t count = count_lines(text, &diags, &last);
    assert_string_equal(diags, "t.asm:92:1: error: the program is longer than 1048576 lines with "
                               "its .include files and macros expanded\n");
    /* The file's 92 lines up to the use count, then of the first 2^20 - 92
     * body lines in depth-first order 349491 are nops (the others are
     * uses); nothing after the use comes: the file is abandoned. */
    assert_int_equal(count, 349491);
    assert_int_equal(last, 2);
    assert_true(clock() - start < 60 * CLOCKS_PER_SEC);
    free(diags);
}

static void test_deep_distinct_macro_nesting_is_bounded(void **state)
{
    (void)state;
    /* 300 macros each using the next: no loop, but deeper than the bound. */
    size_t cap = 300 * 64, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (int i = 0; i < 300; i++)
        n += (size_t)snprintf(text + n, cap - n, ".macro m%d\nm%d\n.end_macro\n", i, i + 1);
    snprintf(text + n, cap - n, "m0\n");
    result r = run_text(text);
    assert_string_equal(r.lines, "");
    assert_string_equal(r.diags, "t.asm:599:1: error: macro uses nested more than 200 deep\n"
                                 "t.asm:596:1: note: in expansion of macro \"m199\"\n");
    release(&r);
    free(text);
}

static void test_macro_definition_errors(void **state)
{
    (void)state;
    EXPECT("nop\n  .end_macro\n", "t.asm:1: nop\n",
           "t.asm:2:3: error: .END_MACRO without .MACRO\n");
    EXPECT(".macro m\nnop\n.end_macro junk\nnop\n", "",
           "t.asm:3:1: error: invalid text after .END_MACRO\n"
           "t.asm:1:1: error: Macro started but not ended (no .end_macro directive)\n");
    EXPECT("nop\n.macro open(%a)\n  nop\n", "t.asm:1: nop\n",
           "t.asm:2:1: error: Macro started but not ended (no .end_macro directive)\n");
    EXPECT(".MACRO\n", "", "t.asm:1:1: error: \".MACRO\" directive requires at least one argument.\n");
    /* Not a macro: the body lines are ordinary lines then. */
    EXPECT(".macro 42\nnop\n.end_macro\n", "t.asm:2: nop\n",
           "t.asm:1:8: error: Invalid Macro name \"42\"\n"
           "t.asm:3:1: error: .END_MACRO without .MACRO\n");
    EXPECT(".macro add\n", "", "t.asm:1:8: error: Invalid Macro name \"add\"\n");
    /* The inner .macro line becomes part of the outer body. */
    EXPECT(".macro outer\n.macro inner\n.end_macro\n", "",
           "t.asm:2:1: error: Nested macros are not allowed\n");
    /* The macro stays defined with the parameters before the bad one. */
    EXPECT(".macro m(%a, b, %c)\n  li %a, 1\n.end_macro\nm($t0)\n",
           "t.asm:2 <t.asm:4>:   li $t0, 1\n",
           "t.asm:1:14: error: Invalid macro argument 'b'\n");
}

static void test_macro_use_errors(void **state)
{
    (void)state;
    EXPECT(".macro m(%a)\n  li %a, %b\n.end_macro\nm($t0)\n",
           "t.asm:2 <t.asm:4>:   li $t0, %b\n",
           "t.asm:2:10: error: Unknown macro parameter\n"
           "t.asm:4:1: note: in expansion of macro \"m\"\n");
    /* Lexical errors made by substitution are reported at the body line. */
    EXPECT(".macro m(%a, %ab)\n  add %ab, %a, $t0\n.end_macro\nm(5, $t2)\n",
           "t.asm:2 <t.asm:4>:   add 5b, %a, $t0\n",
           "t.asm:2:7: error: Invalid language element: 5b\n"
           "t.asm:4:1: note: in expansion of macro \"m\"\n");
}

static void test_wrong_argument_count_is_left_to_the_passes(void **state)
{
    (void)state;
    const char *text = ".macro two(%a, %b)\n  nop\n.end_macro\ntwo($t0)\nthree\n";
    source_file *f = source_from_memory("t.asm", text, strlen(text));
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    diag_sink sink;
    diag_init(&sink, out);
    mips_preproc *pp = mips_preproc_new(f, &sink);
    assert_false(mips_preproc_is_macro(pp, "two", 3));
    const mips_line *l = mips_preproc_next(pp);
    /* Not a use: the line reaches the passes, which then word MARS's
     * "forward reference or invalid parameters for macro" message. */
    assert_non_null(l);
    assert_int_equal(l->line, 4);
    assert_int_equal(l->token_count, 4);
    assert_true(mips_preproc_is_macro(pp, "two", 3));
    assert_false(mips_preproc_is_macro(pp, "TWO", 3));
    assert_false(mips_preproc_is_macro(pp, "three", 5));
    l = mips_preproc_next(pp);
    assert_non_null(l);
    assert_int_equal(l->line, 5);
    assert_null(mips_preproc_next(pp));
    mips_preproc_free(pp);
    fclose(out);
    assert_string_equal(buf, "");
    free(buf);
    source_free(f);
}

static void test_lexical_error_in_an_unused_body_stops_mars(void **state)
{
    (void)state;
    EXPECT(".macro m\n  li $t0, 'ab'\n.end_macro\nnop\n", "",
           "t.asm:2:11: error: Invalid language element: 'ab'\n");
}

static void test_eqv_inside_macros(void **state)
{
    (void)state;
    /* Body lines are split again at each use with every .eqv of the file,
     * even one defined after the use. */
    EXPECT(".macro m\n  li $t0, LATER\n.end_macro\nm\n.eqv LATER 9\n",
           "t.asm:2 <t.asm:4>:   li $t0, 9\n", "");
}

static void test_macros_from_an_included_file(void **state)
{
    tree *t = *state;
    write_file(t, "main.asm", ".include \"macros.asm\"\nexit(3)\n");
    write_file(t, "macros.asm", "# helpers\n.macro exit(%code)\n  li $a0, %code\n"
                                "  li $v0, 17\n  syscall\n.end_macro\n");
    result r = run_file(t, "main.asm");
    /* The body keeps its own file and line; MARS numbers the use by its line. */
    assert_output(r,
                  "macros.asm:1: # helpers\n"
                  "macros.asm:3 <main.asm:2>:   li $a0, 3\n"
                  "macros.asm:4 <main.asm:2>:   li $v0, 17\n"
                  "macros.asm:5 <main.asm:2>:   syscall\n",
                  "");
    release(&r);
}

static void test_macros_are_local_to_a_file(void **state)
{
    (void)state;
    EXPECT(".macro m\nnop\n.end_macro\n", "", "");
    /* A second file knows nothing of the first one's macros or symbols. */
    EXPECT("m\nli $t0, N\n", "t.asm:1: m\nt.asm:2: li $t0, N\n", "");
}

static void test_history_numbers_for_mars_messages(void **state)
{
    tree *t = *state;
    /* MARS's "line 4->7" history: the top-level use by its line in its
     * file, a use inside a body by that body line's place in the spliced
     * source (m.asm line 5 is the 7th line there). */
    write_file(t, "main.asm", "nop\nnop\n.include \"m.asm\"\nouter\n");
    write_file(t, "m.asm", ".macro inner\n  syscall\n.end_macro\n"
                           ".macro outer\n  inner\n.end_macro\n");
    char path[512];
    snprintf(path, sizeof path, "%s/main.asm", t->dir);
    const char *why;
    source_file *top = source_load(path, &why);
    diag_sink sink;
    diag_init(&sink, stderr);
    mips_preproc *pp = mips_preproc_new(top, &sink);
    assert_int_equal(mips_preproc_next(pp)->line, 1);
    assert_int_equal(mips_preproc_next(pp)->line, 2);
    const mips_line *l = mips_preproc_next(pp);
    assert_non_null(l);
    assert_int_equal(l->line, 2);
    assert_int_equal(l->use_count, 2);
    assert_ptr_equal(l->uses[0].file, top);
    assert_int_equal(l->uses[0].line, 4);
    assert_int_equal(l->uses[0].mars_line, 4);
    assert_ptr_equal(l->uses[1].file, l->file);
    assert_int_equal(l->uses[1].line, 5);
    assert_int_equal(l->uses[1].mars_line, 7);
    assert_null(mips_preproc_next(pp));
    mips_preproc_free(pp);
    source_free(top);
}

static void test_take_files(void **state)
{
    tree *t = *state;
    write_file(t, "main.asm", ".include \"a.asm\"\n");
    write_file(t, "a.asm", "nop\n");
    char path[512];
    snprintf(path, sizeof path, "%s/main.asm", t->dir);
    const char *why;
    source_file *top = source_load(path, &why);
    diag_sink sink;
    diag_init(&sink, stderr);
    mips_preproc *pp = mips_preproc_new(top, &sink);
    const mips_line *l = mips_preproc_next(pp);
    assert_non_null(l);
    size_t count = 0;
    source_file **files = mips_preproc_take_files(pp, &count);
    assert_int_equal(count, 1);
    assert_ptr_equal(files[0], l->file);
    assert_null(mips_preproc_next(pp));
    mips_preproc_free(pp);
    /* Still the caller's after the preprocessor is gone. */
    assert_int_equal(files[0]->line_count, 1);
    source_free(files[0]);
    free(files);
    source_free(top);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]); /* e.g. "test_eqv*" */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_include_splices_lines_in_place, make_tree,
                                        remove_tree),
        cmocka_unit_test_setup_teardown(test_include_anywhere_in_the_line_replaces_all_of_it,
                                        make_tree, remove_tree),
        cmocka_unit_test_setup_teardown(test_nested_includes_are_relative_to_their_file,
                                        make_tree, remove_tree),
        cmocka_unit_test_setup_teardown(test_include_cycle_is_an_error, make_tree, remove_tree),
        cmocka_unit_test_setup_teardown(test_same_file_included_twice_is_recursive_to_mars,
                                        make_tree, remove_tree),
        cmocka_unit_test_setup_teardown(test_include_sandbox, make_tree, remove_tree),
        cmocka_unit_test_setup_teardown(test_missing_include_is_an_error, make_tree, remove_tree),
        cmocka_unit_test_setup_teardown(test_include_chain_of_ten_thousand_files_is_cut,
                                        make_tree, remove_tree),
        cmocka_unit_test(test_eqv_substitutes_in_later_lines),
        cmocka_unit_test(test_eqv_expression_of_several_tokens),
        cmocka_unit_test(test_eqv_after_a_label_and_label_kept),
        cmocka_unit_test(test_eqv_quirks),
        cmocka_unit_test(test_eqv_errors),
        cmocka_unit_test(test_eqv_growth_is_bounded),
        cmocka_unit_test(test_million_character_line),
        cmocka_unit_test(test_macro_without_parameters),
        cmocka_unit_test(test_macro_with_parameters_in_every_form),
        cmocka_unit_test(test_macro_argument_quirks),
        cmocka_unit_test(test_overloading_by_argument_count),
        cmocka_unit_test(test_redefinition_takes_the_newest),
        cmocka_unit_test(test_labels_are_unique_per_expansion),
        cmocka_unit_test(test_nested_macro_uses_expand),
        cmocka_unit_test(test_recursive_macro_is_an_error),
        cmocka_unit_test(test_same_macro_twice_in_a_chain_is_a_loop_to_mars),
        cmocka_unit_test(test_exponential_expansion_is_bounded),
        cmocka_unit_test(test_deep_distinct_macro_nesting_is_bounded),
        cmocka_unit_test(test_macro_definition_errors),
        cmocka_unit_test(test_macro_use_errors),
        cmocka_unit_test(test_wrong_argument_count_is_left_to_the_passes),
        cmocka_unit_test(test_lexical_error_in_an_unused_body_stops_mars),
        cmocka_unit_test(test_eqv_inside_macros),
        cmocka_unit_test_setup_teardown(test_macros_from_an_included_file, make_tree,
                                        remove_tree),
        cmocka_unit_test(test_macros_are_local_to_a_file),
        cmocka_unit_test_setup_teardown(test_history_numbers_for_mars_messages, make_tree,
                                        remove_tree),
        cmocka_unit_test_setup_teardown(test_take_files, make_tree, remove_tree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
