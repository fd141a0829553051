/* The MIPS assembler with its preprocessor, through mips_assemble: .eqv,
 * macros (local labels, nesting, overloading), .include from files on disk,
 * and the messages and positions MARS 4.5 gives for them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "mips_asm_fixture.h"

/* ---- Files on disk, for .include ------------------------------------------ */

typedef struct tmpdir {
    char path[64];
    char files[8][128];
    size_t count;
} tmpdir;

static void tmp_open(tmpdir *d)
{
    memset(d, 0, sizeof *d);
    strcpy(d->path, "/tmp/mipspreXXXXXX");
    if (!mkdtemp(d->path))
        fail_msg("mkdtemp failed");
}

/* Writes dir/name; returns its full path (valid while d lives). */
static const char *tmp_write(tmpdir *d, const char *name, const char *text)
{
    char *path = d->files[d->count++];
    strcpy(path, d->path); /* (snprintf from d into d would be flagged as overlapping) */
    strcat(path, "/");
    strcat(path, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fail_msg("cannot write %s", path);
    fputs(text, f);
    fclose(f);
    return path;
}

static void tmp_close(tmpdir *d)
{
    for (size_t i = 0; i < d->count; i++)
        remove(d->files[i]);
    rmdir(d->path);
}

static source_file *load(const char *path)
{
    const char *why = NULL;
    source_file *f = source_load(path, &why);
    if (!f)
        fail_msg("cannot load %s: %s", path, why);
    return f;
}

/* The whole diagnostic text expected, with DIR standing for the directory. */
static void assert_diags(const result *r, const tmpdir *d, const char *expected)
{
    char want[2048];
    size_t n = 0;
    for (const char *p = expected; *p && n + 64 < sizeof want;) {
        if (strncmp(p, "DIR", 3) == 0) {
            n += (size_t)snprintf(want + n, sizeof want - n, "%s", d->path);
            p += 3;
        } else {
            want[n++] = *p++;
        }
    }
    want[n] = '\0';
    if (strcmp(r->diags, want) != 0)
        fail_msg("reported:\n%s\nexpected:\n%s", r->diags, want);
}

/* ---- .eqv ------------------------------------------------------------------ */

static void test_eqv_in_instructions_and_data(void **state)
{
    (void)state;
    result r = assemble(".eqv N 5\n"
                        ".eqv SYS_EXIT 10\n"
                        ".eqv SIZE 16\n"
                        "        .data\n"
                        "vals:   .word N, N\n"
                        "buf:    .space SIZE\n"
                        "minus:  .byte -N\n"       /* -N becomes the number -5 */
                        "        .text\n"
                        "main:   addi $t0, $zero, N\n"
                        "        li $v0, SYS_EXIT\n"
                        "        syscall\n");
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "vals"), 0x10010000);
    assert_int_equal(label(&r, 0, "buf"), 0x10010008);
    assert_int_equal(label(&r, 0, "minus"), 0x10010018);
    assert_words(r, 0x10010000, 5, 5);
    assert_int_equal(byte_at(&r, 0x10010018), 0xfb);
    assert_words(r, 0x00400000,
                 0x20080005,  /* addi $8,$0,5 */
                 0x2402000a,  /* addiu $2,$0,10 */
                 0x0000000c); /* syscall */
    assert_int_equal(r.prog.segments[MIPS_SEG_TEXT].size, 12);
    release(&r);
}

/* ---- Macros -------------------------------------------------------------- */

static void test_macro_local_labels(void **state)
{
    (void)state;
    result r = assemble(".macro countdown %reg, %n\n"
                        "      li %reg, %n\n"
                        "loop: addi %reg, %reg, -1\n"
                        "      bne %reg, $zero, loop\n"
                        ".end_macro\n"
                        "      .text\n"
                        "main: countdown $t0, 3\n"
                        "      countdown($t1, 2)\n"
                        "done: nop\n");
    assert_assembled(r);
    assert_words(r, 0x00400000,
                 0x24080003, 0x2108ffff, 0x1500fffe,  /* $t0: the bne goes back to loop_M0 */
                 0x24090002, 0x2129ffff, 0x1520fffe,  /* $t1: to loop_M1 */
                 0x00000000);
    assert_int_equal(label(&r, 0, "main"), 0x00400000);
    assert_int_equal(label(&r, 0, "loop_M0"), 0x00400004);
    assert_int_equal(label(&r, 0, "loop_M1"), 0x00400010);
    assert_int_equal(label(&r, 0, "done"), 0x00400018);
    assert_null(symtab_find(&r.prog.locals[0], "loop", 4));
    /* A word from an expansion comes from the body line. */
    const mips_origin *o = mips_program_origin(&r.prog, 0x00400010);
    assert_non_null(o);
    assert_int_equal(o->file, 0);
    assert_int_equal(o->line, 3);
    release(&r);
}

static void test_nested_macros(void **state)
{
    (void)state;
    result r = assemble(".macro inc %r\n"
                        "addi %r, %r, 1\n"
                        ".end_macro\n"
                        ".macro inc2 %r\n"
                        "inc %r\n"
                        "inc %r\n"
                        ".end_macro\n"
                        ".text\n"
                        "inc2 $t0\n"
                        "inc2 $t1\n");
    assert_assembled(r);
    assert_words(r, 0x00400000, 0x21080001, 0x21080001, 0x21290001, 0x21290001);
    assert_int_equal(r.prog.segments[MIPS_SEG_TEXT].size, 16);
    release(&r);
}

static void test_macro_overloading(void **state)
{
    (void)state;
    result r = assemble(".macro push %r\n"
                        "addi $sp, $sp, -4\n"
                        "sw %r, 0($sp)\n"
                        ".end_macro\n"
                        ".macro push %a %b\n"
                        "push %a\n"
                        "push %b\n"
                        ".end_macro\n"
                        ".macro push\n"
                        "syscall\n"
                        ".end_macro\n"
                        ".macro push\n"   /* the same count again: the last one wins */
                        "nop\n"
                        ".end_macro\n"
                        ".text\n"
                        "push $t0\n"
                        "push $t1, $t2\n"
                        "here: push\n");
    assert_assembled(r);
    assert_words(r, 0x00400000,
                 0x23bdfffc, 0xafa80000,  /* addi $sp,$sp,-4; sw $t0,0($sp) */
                 0x23bdfffc, 0xafa90000,
                 0x23bdfffc, 0xafaa0000,
                 0x00000000);
    /* A label in front of a use labels the expansion's first word. */
    assert_int_equal(label(&r, 0, "here"), 0x00400018);
    release(&r);
}

static void test_macro_messages(void **state)
{
    (void)state;
    /* A use with a wrong argument count, in a text segment; before the
     * definition the name is no macro yet. */
    result r = assemble(".text\n"
                        "  m $t0\n"
                        ".macro m %a\n"
                        "nop\n"
                        ".end_macro\n"
                        "  m $t0, $t1\n"
                        "  m $t0\n");
    assert_false(r.ok);
    assert_string_equal(r.diags,
                        "t.asm:2:3: error: \"m\" is not a recognized operator\n"
                        "t.asm:6:3: error: forward reference or invalid parameters for macro "
                        "\"m\"\n");
    release(&r);

    /* A pass's error inside an expansion is at the body line, with a note at the use. */
    r = assemble(".macro bad\n"
                 "addi $t0, $t1\n"
                 ".end_macro\n"
                 ".text\n"
                 "nop\n"
                 "  bad\n");
    assert_false(r.ok);
    assert_string_equal(r.diags,
                        "t.asm:2:1: error: \"addi\": Too few or incorrectly formatted operands. "
                        "Expected: addi $t1,$t2,-100\n"
                        "t.asm:6:3: note: in expansion of macro \"bad\"\n");
    release(&r);

    /* The preprocessor's own errors fail the assembly too. */
    r = assemble(".end_macro\nnop\n");
    assert_false(r.ok);
    assert_string_equal(r.diags, "t.asm:1:1: error: .END_MACRO without .MACRO\n");
    release(&r);
}

/* .eqv, .macro, .end_macro and .include (unspliced) used to be refused. */
static void test_preprocessor_directives(void **state)
{
    (void)state;
    result r = assemble("        .data\n"
                        "first:  .eqv ONE 1\n"     /* the label stays, on the data address */
                        "        .word ONE\n"
                        "        .text\n"
                        "mac:    .macro twice %x\n"
                        "        addi $t0, $t0, %x\n"
                        "        addi $t0, $t0, %x\n"
                        "        .end_macro\n"
                        "        twice ONE\n");
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "first"), 0x10010000);
    assert_int_equal(label(&r, 0, "mac"), 0x00400000);
    assert_words(r, 0x10010000, 1);
    assert_words(r, 0x00400000, 0x21080001, 0x21080001);
    release(&r);

    r = assemble("  .include\n");
    assert_false(r.ok);
    assert_string_equal(r.diags, "t.asm:1:3: error: \".include\" directive recognized but not "
                                 "yet implemented.\n");
    release(&r);
}

/* ---- .include --------------------------------------------------------------- */

static void test_include(void **state)
{
    (void)state;
    tmpdir d;
    tmp_open(&d);
    tmp_write(&d, "consts.asm", ".eqv ANSWER 42\n");
    tmp_write(&d, "util.asm", ".include \"consts.asm\"\n"
                              "        .data\n"
                              "value:  .word ANSWER\n"
                              "        .text\n"
                              "helper: addi $v0, $zero, 1\n"
                              "        jr $ra\n");
    const char *main_path = tmp_write(&d, "main.asm", "        .text\n"
                                                      "main:   jal helper\n"
                                                      "        li $v0, 10\n"
                                                      "        syscall\n"
                                                      "        .include \"util.asm\"\n"
                                                      "        .data\n"
                                                      "after:  .word value\n");
    source_file *top = load(main_path);
    result r = assemble_sources(&top, 1, NULL);
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "helper"), 0x0040000c);
    assert_int_equal(label(&r, 0, "value"), 0x10010000);
    assert_int_equal(label(&r, 0, "after"), 0x10010004);
    assert_words(r, 0x00400000, 0x0c100003, 0x2402000a, 0x0000000c, 0x20020001, 0x03e00008);
    assert_words(r, 0x10010000, 42, 0x10010000);
    /* Included files are listed after the top one, in the order they were
     * included (even one holding no code), and their lines are their own. */
    assert_int_equal(r.prog.file_count, 3);
    assert_string_equal(r.prog.files[1]->path + strlen(d.path), "/util.asm");
    assert_string_equal(r.prog.files[2]->path + strlen(d.path), "/consts.asm");
    const mips_origin *o = mips_program_origin(&r.prog, 0x00400010);
    assert_non_null(o);
    assert_int_equal(o->file, 1);
    assert_int_equal(o->line, 6);
    o = mips_program_origin(&r.prog, 0x00400008);
    assert_int_equal(o->file, 0);
    assert_int_equal(o->line, 4);
    release(&r);
    tmp_close(&d);
}

static void test_include_diagnostics(void **state)
{
    (void)state;
    tmpdir d;
    tmp_open(&d);
    tmp_write(&d, "bad.asm", "nop\n"
                             "addi $t0, $t1\n"
                             ".macro m\n"
                             "lw $t0, nowhere\n"
                             ".end_macro\n");
    const char *main_path = tmp_write(&d, "main.asm", ".include \"bad.asm\"\n"
                                                      "m\n"
                                                      "foo\n");
    source_file *top = load(main_path);
    result r = assemble_sources(&top, 1, NULL);
    assert_false(r.ok);
    /* The top file first, then the included one, each by line. */
    assert_diags(&r, &d,
                 "DIR/main.asm:3:1: error: \"foo\" is not a recognized operator\n"
                 "DIR/bad.asm:2:1: error: \"addi\": Too few or incorrectly formatted operands. "
                 "Expected: addi $t1,$t2,-100\n"
                 "DIR/bad.asm:4:9: error: Symbol \"nowhere\" not found in symbol table.\n");
    release(&r);
    tmp_close(&d);
}

static void test_include_errors(void **state)
{
    (void)state;
    tmpdir d;
    tmp_open(&d);
    /* a includes b includes a (the top file is not in MARS's set, so the
     * cycle shows one level deeper); nothing is assembled. */
    const char *a = tmp_write(&d, "a.asm", ".include \"b.asm\"\nj nowhere\n");
    tmp_write(&d, "b.asm", "nop\n.include \"a.asm\"\n");
    source_file *top = load(a);
    result r = assemble_sources(&top, 1, NULL);
    assert_false(r.ok);
    assert_diags(&r, &d, "DIR/a.asm:1:10: error: Recursive include of file DIR/b.asm\n");
    assert_int_equal(r.prog.segments[MIPS_SEG_TEXT].size, 0);
    release(&r);

    /* A missing file stops every file, even one given before it. */
    const char *good = tmp_write(&d, "good.asm", "nop\n");
    const char *missing = tmp_write(&d, "missing.asm", "nop\n   .include \"none.asm\"\n");
    source_file *files[2] = {load(good), load(missing)};
    r = assemble_sources(files, 2, NULL);
    assert_false(r.ok);
    assert_diags(&r, &d, "DIR/missing.asm:2:13: error: Error reading include file DIR/none.asm\n");
    assert_int_equal(r.prog.segments[MIPS_SEG_TEXT].size, 0);
    release(&r);
    tmp_close(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eqv_in_instructions_and_data),
        cmocka_unit_test(test_macro_local_labels),
        cmocka_unit_test(test_nested_macros),
        cmocka_unit_test(test_macro_overloading),
        cmocka_unit_test(test_macro_messages),
        cmocka_unit_test(test_preprocessor_directives),
        cmocka_unit_test(test_include),
        cmocka_unit_test(test_include_diagnostics),
        cmocka_unit_test(test_include_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
