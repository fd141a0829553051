/* The MIPS assembler against MARS 4.5: label addresses, the bytes of every
 * data directive, segments, several files, every message with its line
 * and column, and a whole program checked word by word. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mips_asm_fixture.h"

#define assert_bytes(r, addr, ...)                                             \
    do {                                                                       \
        const uint8_t want[] = {__VA_ARGS__};                                  \
        for (size_t i_ = 0; i_ < sizeof want; i_++)                            \
            if (byte_at(&(r), (addr) + (uint32_t)i_) != want[i_])             \
                fail_msg("byte at 0x%08x is 0x%02x, expected 0x%02x",          \
                         (unsigned)((addr) + i_),                              \
                         byte_at(&(r), (addr) + (uint32_t)i_), want[i_]);      \
    } while (0)

static void assert_segment(const result *r, int id, uint32_t base, uint32_t size)
{
    assert_int_equal(r->prog.segments[id].base, base);
    assert_int_equal(r->prog.segments[id].size, size);
}

static void test_label_addresses(void **state)
{
    (void)state;
    result r = assemble(".data\n"
                        "first: .word 1\n"
                        "second: .asciiz \"ab\"\n"
                        "third: .byte 3\n"
                        ".text\n"
                        "main: nop\n"
                        "next: li $t0, 100000\n" /* lui + ori: two words */
                        "after: nop\n"
                        "Main: nop\n");           /* labels are case-sensitive */
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "first"), 0x10010000);
    assert_int_equal(label(&r, 0, "second"), 0x10010004);
    assert_int_equal(label(&r, 0, "third"), 0x10010007);
    assert_int_equal(label(&r, 0, "main"), 0x00400000);
    assert_int_equal(label(&r, 0, "next"), 0x00400004);
    assert_int_equal(label(&r, 0, "after"), 0x0040000c);
    assert_int_equal(label(&r, 0, "Main"), 0x00400010);
    assert_segment(&r, MIPS_SEG_TEXT, 0x00400000, 20);
    const symbol *s = symtab_find(&r.prog.locals[0], "main", 4);
    assert_true(s->flags & MIPS_SYM_TEXT);
    s = symtab_find(&r.prog.locals[0], "first", 5);
    assert_false(s->flags & MIPS_SYM_TEXT);
    release(&r);
}

static void test_integers_and_alignment(void **state)
{
    (void)state;
    result r = assemble(".data\n"
                        ".byte 1, -1, 'a'\n"
                        ".half 0x1234\n"       /* aligned to 0x10010004 */
                        ".byte 2\n"
                        ".word 0x11223344\n"   /* aligned to 0x10010008 */
                        ".word -2, 4294967295\n"
                        ".half -2\n");
    assert_assembled(r);
    assert_bytes(r, 0x10010000, 0x01, 0xff, 0x61, 0x00, 0x34, 0x12, 0x02, 0x00);
    assert_words(r, 0x10010008, 0x11223344, 0xfffffffe, 0xffffffff);
    assert_bytes(r, 0x10010014, 0xfe, 0xff);
    assert_segment(&r, MIPS_SEG_DATA, 0x10010000, 0x16);
    assert_string_equal(r.diags, "");
    release(&r);
}

static void test_labels_move_with_alignment(void **state)
{
    (void)state;
    /* A label on a line of its own, or on the line, before an aligned item
     * names the aligned address; .align n aligns (labels too); .space does
     * not align. */
    result r = assemble(".data\n"
                        "b: .byte 7\n"
                        "alone:\n"
                        "w: .word 9\n"
                        "c: .byte 8\n"
                        "a: .align 3\n"
                        "s: .space 3\n"
                        "h: .half 5\n");
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "b"), 0x10010000);
    assert_int_equal(label(&r, 0, "alone"), 0x10010004);
    assert_int_equal(label(&r, 0, "w"), 0x10010004);
    assert_int_equal(label(&r, 0, "c"), 0x10010008);
    assert_int_equal(label(&r, 0, "a"), 0x10010010);
    assert_int_equal(label(&r, 0, "s"), 0x10010010);
    assert_int_equal(label(&r, 0, "h"), 0x10010014);
    assert_words(r, 0x10010004, 9);
    assert_bytes(r, 0x10010008, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0);
    release(&r);
}

static void test_align_zero(void **state)
{
    (void)state;
    /* .align 0 turns automatic alignment off until the next .data. */
    result r = assemble(".data\n"
                        ".byte 1\n"
                        ".align 0\n"
                        "u: .word 0x05060708\n"
                        ".half 0x0a09\n"
                        ".text\n"
                        "nop\n"
                        ".data\n"
                        "v: .word 3\n");
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "u"), 0x10010001);
    assert_bytes(r, 0x10010000, 0x01, 0x08, 0x07, 0x06, 0x05, 0x09, 0x0a);
    assert_int_equal(label(&r, 0, "v"), 0x10010008);
    assert_words(r, 0x10010008, 3);
    release(&r);
}

static void test_repetition_and_continuation(void **state)
{
    (void)state;
    result r = assemble(".data\n"
                        "r: .word 7:3\n"
                        ".byte 9:2\n"
                        ".float 2:2\n"     /* aligned to 0x10010010 */
                        ".word 1\n"
                        "2, 3\n"           /* continues .word */
                        ".asciiz \"x\"\n"
                        "\"yz\"\n");       /* continues .asciiz */
    assert_assembled(r);
    assert_words(r, 0x10010000, 7, 7, 7);
    assert_bytes(r, 0x1001000c, 9, 9, 0, 0);
    assert_words(r, 0x10010010, 0x40000000, 0x40000000, 1, 2, 3);
    assert_bytes(r, 0x10010024, 'x', 0, 'y', 'z', 0);
    release(&r);
}

static void test_truncation_warnings(void **state)
{
    (void)state;
    result r = assemble(".data\n"
                        ".byte 0xe9, -128, 127, 255\n"
                        ".half 0xffff, -32768, 32767\n"
                        ".word 0xffffffff, 2147483647\n");
    assert_assembled(r); /* warnings only */
    assert_bytes(r, 0x10010000, 0xe9, 0x80, 0x7f, 0xff);
    assert_bytes(r, 0x10010004, 0xff, 0xff, 0x00, 0x80, 0xff, 0x7f);
    assert_string_equal(
        r.diags,
        "t.asm:2:7: warning: \"0xe9\" is out-of-range for a signed value and possibly truncated\n"
        "t.asm:2:24: warning: \"255\" is out-of-range for a signed value and possibly truncated\n"
        "t.asm:3:7: warning: \"0xffff\" is out-of-range for a signed value and possibly truncated\n");
    release(&r);

    /* MARS's "we": the same warnings fail the assembly. */
    const char *text = ".data\n.byte 300\n";
    mips_asm_options options = mips_asm_default_options();
    options.warnings_are_errors = true;
    r = assemble_files(&text, 1, &options);
    assert_false(r.ok);
    assert_string_equal(r.diags, "t.asm:2:7: warning: \"300\" is out-of-range for a signed "
                                 "value and possibly truncated\n");
    assert_bytes(r, 0x10010000, 0x2c);
    release(&r);
}

static void test_strings(void **state)
{
    (void)state;
    result r = assemble(".data\n"
                        "a: .ascii \"ab\", \"c\"\n"
                        "z: .asciiz \"\\n\\t\\\"\\\\\\q\\0\", \"\"\n"
                        "e: .ascii \"\xc3\xa9\"\n" /* UTF-8 e-acute: one byte, 0xe9 */
                        "w: .word 1\n");
    assert_assembled(r);
    assert_bytes(r, 0x10010000, 'a', 'b', 'c');
    assert_int_equal(label(&r, 0, "z"), 0x10010003);
    assert_bytes(r, 0x10010003, '\n', '\t', '"', '\\', 'q', 0, 0, 0);
    assert_int_equal(label(&r, 0, "e"), 0x1001000b);
    assert_bytes(r, 0x1001000b, 0xe9);
    assert_int_equal(label(&r, 0, "w"), 0x1001000c);
    release(&r);
}

static void test_reals(void **state)
{
    (void)state;
    result r = assemble(".data\n"
                        ".float 1.5, -2, 010, 'a'\n"
                        ".byte 1\n"
                        ".double 1.5, 1e309\n"); /* aligned to 8; 1e309 is infinity */
    assert_assembled(r);
    /* 010 is 10.0 for Double.parseDouble, not octal; 'a' is 97.0 */
    assert_words(r, 0x10010000, 0x3fc00000, 0xc0000000, 0x41200000, 0x42c20000);
    assert_bytes(r, 0x10010010, 1);
    assert_words(r, 0x10010018, 0x00000000, 0x3ff80000, 0x00000000, 0x7ff00000);
    release(&r);
}

static void test_word_labels(void **state)
{
    (void)state;
    result r = assemble(".data\n"
                        "table: .word back, fwd, table\n"
                        ".half fwd\n"
                        ".byte fwd\n"
                        ".text\n"
                        "back: nop\n"
                        "nop\n"
                        "fwd: nop\n");
    assert_assembled(r);
    assert_words(r, 0x10010000, 0x00400000, 0x00400008, 0x10010000);
    assert_bytes(r, 0x1001000c, 0x08, 0x00, 0x08);
    release(&r);

    /* A backward reference takes the address the label has then, before
     * the .word's own alignment moves the label (MARS does the same). */
    r = assemble(".data\n.byte 1\nx:\n.word x\n");
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "x"), 0x10010004);
    assert_words(r, 0x10010004, 0x10010001);
    release(&r);
}

static void test_segments(void **state)
{
    (void)state;
    result r = assemble(".text 0x00400020\n"
                        "t: nop\n"
                        ".data 0x10010100\n"
                        "d: .word 1\n"
                        ".ktext\n"
                        "kt: eret\n"
                        ".kdata\n"
                        "kd: .word 2\n"
                        ".text\n"
                        "t2: nop\n"
                        ".data\n"
                        "d2: .word 3\n"
                        ".ktext 0x80000180\n"
                        "handler: eret\n");
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "t"), 0x00400020);
    assert_int_equal(label(&r, 0, "t2"), 0x00400024);
    assert_int_equal(label(&r, 0, "d"), 0x10010100);
    assert_int_equal(label(&r, 0, "d2"), 0x10010104);
    assert_int_equal(label(&r, 0, "kt"), 0x80000000);
    assert_int_equal(label(&r, 0, "kd"), 0x90000000);
    assert_int_equal(label(&r, 0, "handler"), 0x80000180);
    assert_segment(&r, MIPS_SEG_TEXT, 0x00400020, 8);
    assert_segment(&r, MIPS_SEG_DATA, 0x10010100, 8);
    assert_segment(&r, MIPS_SEG_KTEXT, 0x80000000, 0x184);
    assert_segment(&r, MIPS_SEG_KDATA, 0x90000000, 4);
    assert_words(r, 0x80000000, 0x42000018); /* eret */
    assert_words(r, 0x80000180, 0x42000018);
    assert_words(r, 0x90000000, 2);
    assert_null(mips_program_origin(&r.prog, 0x80000004)); /* the gap holds no code */
    assert_non_null(mips_program_origin(&r.prog, 0x80000180));
    release(&r);
}

static void test_kdata_alignment_quirk(void **state)
{
    (void)state;
    /* Java's % on a negative int: a kernel-data word after a byte lands one
     * word further than needed, at 0x90000008. */
    result r = assemble(".kdata\n.byte 1\nk: .word 2\n");
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "k"), 0x90000008);
    assert_words(r, 0x90000008, 2);
    release(&r);
}

static void test_extern(void **state)
{
    (void)state;
    result r = assemble(".extern buf 16\n"
                        ".extern more 4\n"
                        ".extern buf 8\n" /* known already: nothing happens */
                        ".text\n"
                        "la $t0, more\n");
    assert_assembled(r);
    const symbol *s = symtab_find(&r.prog.globals, "buf", 3);
    assert_non_null(s);
    assert_int_equal(s->value, 0x10000000);
    assert_true(s->flags & MIPS_SYM_GLOBAL);
    assert_int_equal(label(&r, 0, "more"), 0x10000010);
    assert_segment(&r, MIPS_SEG_EXTERN, 0x10000000, 20);
    /* la: lui $1, 0x1000; ori $8, $1, 0x0010 */
    assert_words(r, 0x00400000, 0x3c011000, 0x34280010);
    release(&r);
}

static void test_globl_across_files(void **state)
{
    (void)state;
    const char *files[] = {".globl main\n"
                           ".text\n"
                           "main: jal helper\n"
                           "loop: j loop\n",
                           ".globl helper, value\n"
                           ".data\n"
                           "value: .word main\n" /* a global of the first file */
                           ".text\n"
                           "helper: lw $v0, value\n"
                           "loop: jr $ra\n"};
    result r = assemble_files(files, 2, NULL);
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "main"), 0x00400000);
    assert_int_equal(label(&r, 1, "helper"), 0x00400008);
    /* each file's loop is its own */
    assert_int_equal(label(&r, 0, "loop"), 0x00400004);
    assert_int_equal(label(&r, 1, "loop"), 0x00400010);
    assert_null(symtab_find(&r.prog.locals[1], "helper", 6)); /* moved to the globals */
    assert_null(symtab_find(&r.prog.globals, "loop", 4));
    /* jal 0x00400008; j 0x00400004; lui $1,0x1001; lw $2,0($1); jr $ra */
    assert_words(r, 0x00400000, 0x0c100002, 0x08100001, 0x3c011001, 0x8c220000, 0x03e00008);
    assert_words(r, 0x10010000, 0x00400000);
    const mips_origin *o = mips_program_origin(&r.prog, 0x0040000c);
    assert_non_null(o);
    assert_int_equal(o->file, 1);
    assert_int_equal(o->line, 5);
    assert_int_equal(o->column, 9);
    assert_int_equal(o->part, 1);
    assert_int_equal(o->parts, 2);
    release(&r);

    /* A local label of another file is not seen. */
    const char *hidden[] = {"jal helper\n", "helper: jr $ra\n"};
    r = assemble_files(hidden, 2, NULL);
    assert_false(r.ok);
    assert_string_equal(r.diags,
                        "a.asm:1:5: error: Symbol \"helper\" not found in symbol table.\n");
    release(&r);

    /* Errors come by file, then line: b.asm's line 1 after a.asm's line 2. */
    const char *twice[] = {".globl x\nx: nop\n.globl y\n", ".globl x\nx: nop\n"};
    r = assemble_files(twice, 2, NULL);
    assert_false(r.ok);
    assert_string_equal(r.diags,
                        "a.asm:3:8: error: \"y\" declared global label but not defined.\n"
                        "b.asm:1:8: error: \"x\" already defined as global in a different file.\n");
    release(&r);
}

static void test_hello_world(void **state)
{
    (void)state;
    result r = assemble("        .data\n"
                        "msg:    .asciiz \"Hello\\n\"\n"
                        "        .text\n"
                        "        .globl main\n"
                        "main:   la   $a0, msg\n"
                        "        li   $v0, 4\n"
                        "        syscall\n"
                        "        li   $v0, 10\n"
                        "        syscall\n");
    assert_assembled(r);
    assert_string_equal(r.diags, "");
    /* la $a0,msg (msg = 0x10010000) is lui $at,0x1001 (001111 00000 00001
     * 0x1001) then ori $a0,$at,0 (001101 00001 00100 0x0000); li $v0,4 is
     * addiu $v0,$zero,4 (001001 00000 00010 0x0004); syscall is 0x0000000c. */
    assert_words(r, 0x00400000, 0x3c011001, 0x34240000, 0x24020004, 0x0000000c, 0x2402000a,
                 0x0000000c);
    assert_segment(&r, MIPS_SEG_TEXT, 0x00400000, 24);
    assert_bytes(r, 0x10010000, 'H', 'e', 'l', 'l', 'o', '\n', 0);
    assert_segment(&r, MIPS_SEG_DATA, 0x10010000, 7);
    const symbol *s = symtab_find(&r.prog.globals, "main", 4);
    assert_non_null(s);
    assert_int_equal(s->flags, MIPS_SYM_GLOBAL | MIPS_SYM_TEXT);
    const mips_origin *o = mips_program_origin(&r.prog, 0x00400004);
    assert_non_null(o);
    assert_int_equal(o->line, 5);
    assert_int_equal(o->column, 9);
    assert_int_equal(o->part, 1);
    assert_int_equal(o->parts, 2);
    o = mips_program_origin(&r.prog, 0x00400008);
    assert_int_equal(o->line, 6);
    assert_int_equal(o->parts, 1);
    assert_null(mips_program_origin(&r.prog, 0x00400018));
    assert_null(mips_program_origin(&r.prog, 0x00400002));
    release(&r);
}

static void test_branches_and_operator_labels(void **state)
{
    (void)state;
    result r = assemble("b: beq $t0, $t1, b\n" /* an operator name as a label */
                        "bne $t0, $zero, end\n"
                        "add $t0, $t1, 5\n"    /* becomes addi */
                        "end: j b\n");
    assert_assembled(r);
    /* beq $8,$9,-1; bne $8,$0,+1; addi $8,$9,5; j 0x00400000 */
    assert_words(r, 0x00400000, 0x1109ffff, 0x15000001, 0x21280005, 0x08100000);
    release(&r);
}

static void test_data_segment_ignores_instructions(void **state)
{
    (void)state;
    /* MARS drops a line in .data that starts with an instruction. */
    result r = assemble(".data\nadd $t0, $t1, $t2\n.word 1\n");
    assert_assembled(r);
    assert_string_equal(r.diags, "");
    assert_segment(&r, MIPS_SEG_TEXT, MIPS_TEXT_BASE, 0);
    assert_words(r, 0x10010000, 1);
    release(&r);
}

static void test_options(void **state)
{
    (void)state;
    mips_asm_options options = mips_asm_default_options();
    options.allow_pseudo = false;
    const char *text = "add $t0, $t1, $t2\nli $t0, 5\nnext: nop\n";
    result r = assemble_files(&text, 1, &options);
    assert_false(r.ok);
    assert_string_equal(r.diags, "t.asm:2:1: error: Extended (pseudo) instruction or format not "
                                 "permitted.  See Settings.\n");
    /* MARS still sizes the refused statement, but it makes no code */
    assert_int_equal(label(&r, 0, "next"), 0x00400008);
    assert_null(mips_program_origin(&r.prog, 0x00400004));
    assert_non_null(mips_program_origin(&r.prog, 0x00400008));
    release(&r);

    /* Delayed branching: the DBNOP of a 3-operand mulo's expansion is a nop. */
    text = "mulo $t0, $t1, $t2\nnext: nop\n";
    r = assemble(text);
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "next"), 0x00400000 + 4 * 7);
    release(&r);
    options = mips_asm_default_options();
    options.delayed_branching = true;
    r = assemble_files(&text, 1, &options);
    assert_assembled(r);
    assert_int_equal(label(&r, 0, "next"), 0x00400000 + 4 * 8);
    assert_words(r, 0x00400014, 0x00000000); /* the nop after the beq */
    release(&r);
}

typedef struct error_case {
    const char *source;
    const char *message; /* the whole first diagnostic line */
} error_case;

/* One source per message; each must report exactly the diagnostic shown
 * first (sorted by line and column). */
static const error_case error_cases[] = {
    /* MARS's own table expands swr $t1,100 (its format for 32768..65535)
     * into "swr RG1, 0", which is no basic instruction. */
    {"        swr $t1, 40000\n",
     "t.asm:1:9: error: INTERNAL ERROR: pseudo-instruction expansion contained a "
     "pseudo-instruction"},
    {"main: add $t0, $t1\n",
     "t.asm:1:7: error: \"add\": Too few or incorrectly formatted operands. Expected: add "
     "$t1,$t2,$t3"},
    {"  li $t0, 1, 2\n",
     "t.asm:1:3: error: \"li\": Too many or incorrectly formatted operands. Expected: li "
     "$t1,-100"},
    {"addi $t0, $t1, $t2\n", "t.asm:1:16: error: \"$t2\": operand is of incorrect type"},
    {"sll $t0, $t1, 40\n", "t.asm:1:15: error: \"40\": operand is out of range"},
    {"addi $t0, 1.5, 2\n", "t.asm:1:11: error: \"1.5\": operand is of incorrect type"},
    {"\tfoo $t0\n", "t.asm:1:2: error: \"foo\" is not a recognized operator"},
    {"5 $t0\n", "t.asm:1:1: error: \"5\" is not a recognized operator"},
    {"a: b: nop\n", "t.asm:1:4: error: \"b\": Too many or incorrectly formatted operands. "
                    "Expected: b label"},
    {"  lw $t0, nowhere\n", "t.asm:1:11: error: Symbol \"nowhere\" not found in symbol table."},
    {".data\n.word nowhere\n", "t.asm:2:7: error: Symbol \"nowhere\" not found in symbol table."},
    {"ld $ra, ($t0)\n", "t.asm:1:4: error: Symbol \"$32\" not found in symbol table."},
    {"x: nop\nx: nop\n", "t.asm:2:1: error: label \"x\" already defined"},
    {".globl nothere\n", "t.asm:1:8: error: \"nothere\" declared global label but not defined."},
    {".globl x x\nx: nop\n", "t.asm:1:10: error: \"x\" declared global label but not defined."},
    {".globl\n", "t.asm:1:1: error: \".globl\" directive requires at least one argument."},
    {".globl 5\n", "t.asm:1:1: error: \".globl\" directive argument must be label."},
    {".text\n.word 5\n", "t.asm:2:1: error: \".word\" directive cannot appear in text segment"},
    {".asciiz \"a\"\n", "t.asm:1:1: error: \".asciiz\" directive cannot appear in text segment"},
    {"add $t0, $t1, @\n", "t.asm:1:15: error: Invalid language element: @"},
    {".data\n.word 1.5\n",
     "t.asm:2:7: error: \"1.5\" is not a valid integer constant or label"},
    {".data\nx: .word x+4\n", "t.asm:2:11: error: \"+\" is not a valid integer constant or label"},
    {".data\n.float 0x10\n", "t.asm:2:8: error: \"0x10\" is not a valid floating point constant"},
    {".data\n.float 1e39\n", "t.asm:2:8: error: \"1e39\" is an out-of-range value"},
    {".data\n.ascii 5\n", "t.asm:2:8: error: \"5\" is not a valid character string"},
    {".data\n.word x : 3\n", "t.asm:2:7: error: malformed expression"},
    {".data\n.word 5:0\n", "t.asm:2:9: error: repetition factor must be positive"},
    {".data\n.align\n", "t.asm:2:1: error: \".align\" requires one operand"},
    {".data\n.space -1\n", "t.asm:2:1: error: \".space\" requires a non-negative integer"},
    {".extern x\n",
     "t.asm:1:1: error: \".extern\" directive requires two operands (label and size)."},
    {".extern x $t0\n", "t.asm:1:1: error: \".extern\" requires a non-negative integer size"},
    {".data 0x10400000\n.word 1\n",
     "t.asm:2:7: error: \"272629760\" is not a valid data segment address"},
    {"j far\n.text 0x10000000\nfar: nop\n",
     "t.asm:1:1: error: Jump target word address beyond 26-bit range"},
    {".text 0x00400002\nnop\n", "t.asm:2:1: error: Invalid address for text segment: 4194306"},
    {"nop\n.text 0x00400000\nnop\n",
     "t.asm:3:1: error: Duplicate text segment address: 0x00400000 already occupied by t.asm line "
     "1 (caused by use of .text operand)"},
    {".macro m %a\n.end_macro\n  m 1 2\n",
     "t.asm:3:3: error: forward reference or invalid parameters for macro \"m\""},
    {".data\n.byte 0xe9\n",
     "t.asm:2:7: warning: \"0xe9\" is out-of-range for a signed value and possibly truncated"},
    {".foo 3\n", "t.asm:1:1: warning: MARS does not recognize the .foo directive.  Ignored."},
    {"  .set noat\n", "t.asm:1:3: warning: MARS currently ignores the .set directive."},
};

static void test_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
        const error_case *c = &error_cases[i];
        result r = assemble(c->source);
        size_t len = strcspn(r.diags, "\n");
        if (strlen(c->message) != len || strncmp(r.diags, c->message, len) != 0)
            fail_msg("source %zu:\n%s\nreported:\n%s\nexpected:\n%s", i, c->source, r.diags,
                     c->message);
        bool warning = strstr(c->message, ": warning: ") != NULL;
        if (r.ok != warning)
            fail_msg("source %zu: assembled = %d", i, r.ok);
        release(&r);
    }
}

static void test_invalid_element_stops_assembly(void **state)
{
    (void)state;
    /* MARS assembles nothing once a token is invalid: the undefined label
     * on line 2 is not reported. */
    result r = assemble("x: .word @\nj nowhere\n");
    assert_false(r.ok);
    assert_string_equal(r.diags, "t.asm:1:10: error: Invalid language element: @\n");
    release(&r);
}

static void test_token_errors_of_every_file(void **state)
{
    (void)state;
    /* MARS would stop at a.asm; every file's errors are reported here, and
     * still nothing is assembled (b.asm's bad jump is not reported). */
    const char *texts[] = {"x: .word @\n", "nop\n.word `\nj nowhere\n"};
    result r = assemble_files(texts, 2, NULL);
    assert_false(r.ok);
    assert_string_equal(r.diags, "a.asm:1:10: error: Invalid language element: @\n"
                                 "b.asm:2:7: error: Invalid language element: `\n");
    release(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_label_addresses),
        cmocka_unit_test(test_integers_and_alignment),
        cmocka_unit_test(test_labels_move_with_alignment),
        cmocka_unit_test(test_align_zero),
        cmocka_unit_test(test_repetition_and_continuation),
        cmocka_unit_test(test_truncation_warnings),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_reals),
        cmocka_unit_test(test_word_labels),
        cmocka_unit_test(test_segments),
        cmocka_unit_test(test_kdata_alignment_quirk),
        cmocka_unit_test(test_extern),
        cmocka_unit_test(test_globl_across_files),
        cmocka_unit_test(test_hello_world),
        cmocka_unit_test(test_branches_and_operator_labels),
        cmocka_unit_test(test_data_segment_ignores_instructions),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_invalid_element_stops_assembly),
        cmocka_unit_test(test_token_errors_of_every_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
