/* The LC-3 assembler: every error with its exact text and position, the
 * words it produces, and the object, symbol and listing files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lc3_asm.h"

typedef struct result {
    bool ok;
    char *diags; /* everything printed, without source lines and carets */
    lc3_program prog;
    source_file *src;
} result;

static result assemble(const char *text)
{
    result r;
    size_t size = 0;
    FILE *out = open_memstream(&r.diags, &size);
    diag_sink sink;
    diag_init(&sink, out);
    sink.show_source = 0;
    r.src = source_from_memory("t.asm", text, strlen(text));
    r.ok = lc3_assemble(r.src, &sink, &r.prog);
    fclose(out);
    return r;
}

static void release(result *r)
{
    lc3_program_free(&r->prog);
    source_free(r->src);
    free(r->diags);
}

/* What a writer (lc3_write_obj, _sym, _listing) produces; the caller frees it. */
static char *written(bool (*write)(const lc3_program *, FILE *), const lc3_program *prog,
                     size_t *size)
{
    char *buf = NULL;
    FILE *out = open_memstream(&buf, size);
    assert_true(write(prog, out));
    fclose(out);
    return buf;
}

/* Asserts the program assembled into one block of these words. */
#define assert_words(r, org, ...)                                               \
    do {                                                                           \
        const uint16_t want[] = {__VA_ARGS__};                                     \
        if (!(r).ok)                                                               \
            fail_msg("assembly failed:\n%s", (r).diags);                           \
        assert_int_equal((r).prog.block_count, 1);                                 \
        assert_int_equal((r).prog.blocks[0].origin, org);                          \
        assert_int_equal((r).prog.blocks[0].count, sizeof want / sizeof want[0]);  \
        assert_memory_equal((r).prog.blocks[0].words, want, sizeof want);          \
    } while (0)

typedef struct error_case {
    const char *source;
    const char *message; /* the whole first diagnostic line */
} error_case;

/* One source per error the assembler reports; each must report exactly the
 * message shown first. */
static const error_case error_cases[] = {
    {".ORIG x3000\nADDD R1, R1, R2\n.END\n",
     "t.asm:2:1: error: unknown opcode 'ADDD'; did you mean 'ADD'?"},
    {".ORIG x3000\nLOOP FOO R1\n.END\n",
     "t.asm:2:6: error: unknown opcode 'FOO'"},
    {".ORIG x3000\n  BRpn LOOP\nLOOP .END\n",
     "t.asm:2:3: error: unknown opcode 'BRpn'; did you mean 'BRnp'?"},
    {".ORIG x3000\n  JSRRR R3\n.END\n",
     "t.asm:2:3: error: unknown opcode 'JSRRR'; did you mean 'JSRR'?"},
    {".ORIG x3000\n  ADD R1, R2\n.END\n",
     "t.asm:2:3: error: 'ADD' takes 3 operands (register, register, register or imm5 number), but 2 were given"},
    {".ORIG x3000\n  NOT R1, R2, R3\n.END\n",
     "t.asm:2:15: error: 'NOT' takes 2 operands (register, register), but 3 were given"},
    {".ORIG x3000\n  RET R7\n.END\n",
     "t.asm:2:7: error: 'RET' takes no operands, but 1 was given"},
    {".ORIG x3000\n  ADD R1, R2, L\nL .FILL 0\n.END\n",
     "t.asm:2:15: error: operand 3 of 'ADD' must be a register or an imm5 number, not a label"},
    {".ORIG x3000\n  LD #3, R1\n.END\n",
     "t.asm:2:6: error: operand 1 of 'LD' must be a register, not a number"},
    {".ORIG x3000\n  JMP LOOP\nLOOP .END\n",
     "t.asm:2:7: error: operand 1 of 'JMP' must be a register, not a label"},
    {".ORIG x3000\n  .FILL \"s\"\n.END\n",
     "t.asm:2:9: error: .FILL needs one number or label"},
    {".ORIG x3000\nnop\n.END\n",
     "t.asm:2:1: warning: 'nop' is a label here and takes no word; lc3tools assembles NOP as the word x0000 (write .FILL x0000 for that)"},
    {".ORIG x3000\n  ADD R5, R5, xFFFF\n.END\n",
     "t.asm:2:15: warning: xFFFF does not fit in imm5 (-16..15); taken as the field's bit pattern, -1 (x1F), as Lumetta's lc3as takes it"},
    {".ORIG x3000\n  TRAP #-1\n.END\n",
     "t.asm:2:8: warning: #-1 does not fit in trapvect8 (0..255); taken as the field's bit pattern, 255 (xFF), as Lumetta's lc3as takes it"},
    {".ORIG x3000\n  ADD R1, R1, #32\n.END\n",
     "t.asm:2:15: error: #32 does not fit in imm5 (-16..15)"},
    {".ORIG x3000\n  AND R1, R1, #-17\n.END\n",
     "t.asm:2:15: error: #-17 does not fit in imm5 (-16..15)"},
    {".ORIG x3000\n  LDR R1, R2, x40\n.END\n",
     "t.asm:2:15: error: x40 does not fit in offset6 (-32..31)"},
    {".ORIG x3000\n  BRz FAR\n  .BLKW 256\nFAR .END\n",
     "t.asm:2:7: error: 'FAR' is 256 words away, but PCoffset9 reaches only -256..255"},
    {".ORIG x3000\nBACK .BLKW 300\n  LEA R0, BACK\n.END\n",
     "t.asm:3:11: error: 'BACK' is -301 words away, but PCoffset9 reaches only -256..255"},
    {".ORIG x3000\n  JSR FAR\n  .BLKW 1024\nFAR .END\n",
     "t.asm:2:7: error: 'FAR' is 1024 words away, but PCoffset11 reaches only -1024..1023"},
    {".ORIG x3000\n  LD R1, x10\n.END\n",
     "t.asm:2:10: warning: x10 is used as an offset from the next instruction (x3001), not as an address: the target is x3011"},
    {".ORIG x3000\n  HALT\n",
     "t.asm:1:1: warning: the block from line 1 has no .END"},
    {".ORIG x3000\n  BR #600\n.END\n",
     "t.asm:2:6: error: #600 does not fit in PCoffset9 (-256..255)"},
    {".ORIG x3000\n  TRAP x100\n.END\n",
     "t.asm:2:8: error: trap vector x100 is outside x00-xFF"},
    {".ORIG x3000\n  TRAP #-129\n.END\n",
     "t.asm:2:8: error: trap vector #-129 is outside x00-xFF"},
    {".ORIG x3000\n  .FILL #65536\n.END\n",
     "t.asm:2:9: error: .FILL value #65536 is outside -32768..65535"},
    {".ORIG x3000\n  .FILL -32769\n.END\n",
     "t.asm:2:9: error: .FILL value -32769 is outside -32768..65535"},
    {".ORIG x3000\n  LD R1, NOWHERE\n.END\n",
     "t.asm:2:10: error: undefined label 'NOWHERE'"},
    {".ORIG x3000\n  .FILL NOWHERE\n.END\n",
     "t.asm:2:9: error: undefined label 'NOWHERE'"},
    {".ORIG x3000\nA ADD R1, R1, #1\na ADD R1, R1, #1\n.END\n",
     "t.asm:3:1: error: label 'a' is already defined"},
    {".ORIG x3000\nADD: HALT\n.END\n",
     "t.asm:2:1: error: 'ADD' is an opcode and cannot be a label"},
    {".ORIG x3000\nPUTC: HALT\n.END\n",
     "t.asm:2:1: error: 'PUTC' is an opcode and cannot be a label"},
    {".ORIG x3000\nR3 HALT\n.END\n",
     "t.asm:2:1: error: 'R3' is a register name and cannot be a label"},
    {".ORIG x3000\nr0: HALT\n.END\n",
     "t.asm:2:1: error: 'R0' is a register name and cannot be a label"},
    {".ORIG x3000\n  BRnz PUTS\n.END\n",
     "t.asm:2:8: error: 'PUTS' is an opcode and cannot be used as a label"},
    {"  ADD R1, R1, #1\n.ORIG x3000\n.END\n",
     "t.asm:1:3: error: instruction before .ORIG: a program starts with .ORIG and an address"},
    {"X .FILL 1\n",
     "t.asm:1:3: error: directive before .ORIG: a program starts with .ORIG and an address"},
    {"LONELY\n.ORIG x3000\n.END\n",
     "t.asm:1:1: error: label before .ORIG: a program starts with .ORIG and an address"},
    {".ORIG x3000\n.END\n  HALT\n",
     "t.asm:3:3: error: instruction after .END: start a new block with .ORIG"},
    {".ORIG x3000\n.BLKW 4\n.END\n.ORIG x3003\n.FILL 1\n.END\n",
     "t.asm:4:1: warning: block x3003-x3003 overlaps the block from line 1 (x3000-x3003): where "
     "they overlap, this later block's words are kept"},
    {".END\n", "t.asm:1:1: error: .END without a .ORIG block to end"},
    {".ORIG\n.END\n", "t.asm:1:1: error: .ORIG needs one address from x0000 to xFFFF"},
    {".ORIG x10000\n.END\n", "t.asm:1:1: error: .ORIG needs one address from x0000 to xFFFF"},
    {".ORIG xFFFE\n.BLKW 3\n.END\n",
     "t.asm:2:1: error: the block from line 1 runs past the end of memory at xFFFF"},
    {".ORIG x3000\n.BLKW 0\n.END\n",
     "t.asm:2:1: error: .BLKW needs a word count from 1 to 65536 and an optional fill value"},
    {".ORIG x3000\n.STRINGZ 5\n.END\n", "t.asm:2:10: error: .STRINGZ needs one string in double quotes"},
    {".ORIG x3000\n.STRINGZ \"open\n.END\n", "t.asm:2:10: error: missing closing quote in \"open"},
    {".ORIG x3000\n.WORD 5\n.END\n",
     "t.asm:2:1: error: unknown directive '.WORD' (LC-3 has .ORIG, .FILL, .BLKW, .STRINGZ and .END)"},
    {".ORIG x3000\n  ADD R1, R1, #1a\n.END\n", "t.asm:2:15: error: '#1a' is not a valid number"},
    {".ORIG x3000\n  ADD R1, R1, @\n.END\n", "t.asm:2:15: error: unexpected character '@'"},
    {".ORIG x3000\n  ADD R1, R1, \x01\n.END\n", "t.asm:2:15: error: unexpected character x01"},
    {".ORIG x3000\n.END 5\n", "t.asm:2:6: error: .END takes no operands"},
    {".ORIG x3000\n  , ADD\n.END\n",
     "t.asm:2:3: error: unexpected ','"},
    {".ORIG x3000\n  HALT : R1\n.END\n",
     "t.asm:2:3: error: 'HALT' is an opcode and cannot be a label"},
    {".ORIG x3000\nL: R1\n.END\n",
     "t.asm:2:4: error: unexpected register, expecting end of line or opcode or directive"},
};

static void test_every_error(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
        result r = assemble(error_cases[i].source);
        size_t want = strlen(error_cases[i].message);
        bool is_error = strstr(error_cases[i].message, ": error: ") != NULL;
        if (r.ok == is_error || strncmp(r.diags, error_cases[i].message, want) != 0 ||
            r.diags[want] != '\n')
            fail_msg("case %zu: expected\n%s\ngot\n%s", i, error_cases[i].message, r.diags);
        release(&r);
    }
}

static void test_all_errors_reported_in_order(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\n"
                        "  ADD R1, R1, #99\n"
                        "  LD R1, MISSING\n"
                        "  BOGUS R1\n"
                        "  TRAP x1FF\n"
                        ".END\n");
    assert_false(r.ok);
    assert_string_equal(r.diags,
                        "t.asm:2:15: error: #99 does not fit in imm5 (-16..15)\n"
                        "t.asm:3:10: error: undefined label 'MISSING'\n"
                        "t.asm:4:3: error: unknown opcode 'BOGUS'\n"
                        "t.asm:5:8: error: trap vector x1FF is outside x00-xFF\n");
    release(&r);
}

static void test_duplicate_points_at_first(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\nL HALT\nl: HALT\n.END\n");
    assert_string_equal(r.diags, "t.asm:3:1: error: label 'l' is already defined\n"
                                 "t.asm:2:1: note: 'L' was first defined here\n");
    release(&r);
}

static void test_caret_output(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    diag_sink sink;
    diag_init(&sink, out);
    const char *text = ".ORIG x3000\n\tADD R1, R1, #40\n.END\n";
    source_file *src = source_from_memory("p.asm", text, strlen(text));
    lc3_program prog;
    assert_false(lc3_assemble(src, &sink, &prog));
    fclose(out);
    assert_string_equal(buf, "p.asm:2:14: error: #40 does not fit in imm5 (-16..15)\n"
                             "    2 | \tADD R1, R1, #40\n"
                             "      | \t            ^~~\n");
    lc3_program_free(&prog);
    source_free(src);
    free(buf);
}

static void test_warning_number_like_label(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\nxAB HALT\n.END\n");
    assert_true(r.ok); /* legal, but suspicious */
    assert_string_equal(r.diags, "t.asm:2:1: warning: label 'xAB' looks like a number: an operand "
                                 "spelled 'xAB' is read as the number, not this label\n");
    assert_words(r, 0x3000, 0xF025);
    release(&r);
}

/* lc3tools reads a label up to a blank, ',' or ':'; such labels assemble,
 * each use warned about. */
static void test_lc3tools_labels(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\nPOLL-N-PRINT LD R0,character_?\n  BRnzp POLL-N-PRINT\n"
                        "character_? .FILL x41\n.END\n");
    assert_words(r, 0x3000, 0x2001, 0x0FFE, 0x0041);
#define WIDE(at, name) \
    "t.asm:" at ": warning: label '" name "' is accepted as lc3tools accepts it, but the " \
    "book's labels have only letters, digits and '_'\n"
    /* Once a name, at its first appearance (a label used ten times warns once). */
    assert_string_equal(r.diags, WIDE("2:1", "POLL-N-PRINT") WIDE("2:20", "character_?"));
#undef WIDE
    release(&r);
}

static void test_whole_isa_and_spellings(void **state)
{
    (void)state;
    result r = assemble("; every form\n"
                        "        .orig x3000\n"
                        "START   add r1, r2, r3\n"
                        "        ADD R1 R1 #-1           ; commas are optional\n"
                        "        AND R0, R0, x0\n"
                        "        and R2, R3, b1010\n"
                        "        NOT R4, R5\n"
                        "LOOP:   BR LOOP\n"
                        "        BRn START\n"
                        "        brZ START\n"
                        "        BRP START\n"
                        "        BRnz START\n"
                        "        BRNP START\n"
                        "        BRzp START\n"
                        "        BRnzp START\n"
                        "        JMP R2\n"
                        "        RET\n"
                        "        JSR start\n"
                        "        JSRR R4\n"
                        "        LD R1, DATA\n"
                        "        LDI R2, DATA\n"
                        "        LDR R3, R6, #-2\n"
                        "        LEA R4, DATA\n"
                        "        ST R5, DATA\n"
                        "        STI R6, DATA\n"
                        "        STR R7, R6, 0x3\n"
                        "        TRAP x23\n"
                        "        GETC\n"
                        "        OUT\n"
                        "        PUTS\n"
                        "        IN\n"
                        "        PUTSP\n"
                        "        HALT\n"
                        "        RTI\n"
                        "DATA    .FILL #-1\n"
                        "        .FILL START\n"
                        "        .FILL 65535\n"
                        "        .END\n");
    assert_words(r, 0x3000,
                 0x1283, 0x127F, 0x5020, 0x54EA, 0x997F, 0x0FFF, 0x09F9, 0x05F8,
                 0x03F7, 0x0DF6, 0x0BF5, 0x07F4, 0x0FF3, 0xC080, 0xC1C0, 0x4FF0,
                 0x4100, 0x220E, 0xA40D, 0x67BE, 0xE80B, 0x3A0A, 0xBC09, 0x7F83,
                 0xF023, 0xF020, 0xF021, 0xF022, 0xF023, 0xF024, 0xF025, 0x8000,
                 0xFFFF, 0x3000, 0xFFFF);
    assert_string_equal(r.diags, "");
    symbol *s = symtab_find(&r.prog.symbols, "loop", 4); /* labels ignore case */
    assert_non_null(s);
    assert_int_equal(s->value, 0x3005);
    release(&r);
}

/* lc3tools' PUTC is another name for OUT, TRAP x21. */
static void test_putc_is_trap_x21(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\n  LD R0,CH\n  PUTC\n  putc\nCH .FILL x41\n.END\n");
    assert_words(r, 0x3000, 0x2002, 0xF021, 0xF021, 0x0041);
    assert_string_equal(r.diags, "");
    release(&r);
}

static void test_data_directives(void **state)
{
    (void)state;
    result r = assemble(".ORIG x4000\n"
                        "A .BLKW 2\n"
                        "B .BLKW #3, xBEEF\n"
                        "C .BLKW 1 A\n"
                        "S .STRINGZ \"a\\n\\t\\r\\\"\\\\\"\n"
                        "E .STRINGZ \"\"\n"
                        ".END\n");
    assert_words(r, 0x4000, 0, 0, 0xBEEF, 0xBEEF, 0xBEEF, 0x4000,
                 'a', '\n', '\t', '\r', '"', '\\', 0, 0);
    assert_int_equal(symtab_find(&r.prog.symbols, "E", 1)->value, 0x400D);
    release(&r);
}

/* An escape lc3tools does not know keeps its backslash and letter. */
static void test_unknown_escapes_kept(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\nS .STRINGZ \"a\\eb\\0\\a\\q\"\n.END\n");
    assert_words(r, 0x3000, 'a', '\\', 'e', 'b', '\\', '0', '\\', 'a', '\\', 'q', 0);
#define KEPT(col, seq) \
    "t.asm:2:" col ": warning: unknown escape sequence '\\" seq "' is kept as these two " \
    "characters, as lc3tools keeps it (the escapes are \\n \\t \\r \\\" and \\\\)\n"
    assert_string_equal(r.diags, KEPT("14", "e") KEPT("17", "0") KEPT("19", "a") KEPT("21", "q"));
#undef KEPT
    release(&r);
}

static void test_crlf_and_last_line_without_newline(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\r\nGO ADD R1, R1, #1 ; done\r\nBR GO\r\n.END");
    assert_words(r, 0x3000, 0x1261, 0x0FFE);
    release(&r);
}

static void test_several_blocks(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\nLD R0, PTR\nHALT\nPTR .FILL DATA\n.END\n"
                        ".ORIG x3005\nDATA .FILL x1234\n.END\n");
    assert_true(r.ok);
    assert_int_equal(r.prog.block_count, 2);
    assert_int_equal(r.prog.blocks[1].origin, 0x3005);
    assert_int_equal(r.prog.blocks[0].words[2], 0x3005);
    assert_int_equal(lc3_program_entry(&r.prog), 0x3000);

    /* The gap x3003-x3004 is no block's: the classic format cannot hold
     * the program (zeros there would overwrite memory on load), lc3tools'
     * keeps each block, and reads back as the same two blocks. */
    uint16_t from = 0, to = 0;
    size_t next = 0;
    assert_true(lc3_obj_gap(&r.prog, &from, &to, &next));
    assert_int_equal(from, 0x3003);
    assert_int_equal(to, 0x3004);
    assert_int_equal(next, 1);
    FILE *sink = tmpfile();
    assert_false(lc3_write_obj(&r.prog, sink));
    assert_int_equal(ftell(sink), 0);
    fclose(sink);

    size_t size = 0;
    char *buf = written(lc3_write_obj_lc3tools, &r.prog, &size);
    lc3_program back;
    const char *why;
    assert_true(lc3_read_obj((const uint8_t *)buf, size, &back, &why));
    assert_int_equal(back.block_count, 2);
    assert_int_equal(back.blocks[0].origin, 0x3000);
    assert_int_equal(back.blocks[0].count, 3);
    assert_int_equal(back.blocks[0].words[2], 0x3005);
    assert_int_equal(back.blocks[1].origin, 0x3005);
    assert_int_equal(back.blocks[1].count, 1);
    assert_int_equal(back.blocks[1].words[0], 0x1234);
    lc3_program_free(&back);
    free(buf);
    release(&r);
}

/* Blocks that abut are one run: the classic format holds them. */
static void test_abutting_blocks_are_classic(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3001\n.FILL 2\n.END\n.ORIG x3000\n.FILL 1\n.END\n");
    uint16_t from, to;
    size_t next;
    assert_false(lc3_obj_gap(&r.prog, &from, &to, &next));
    size_t size;
    char *obj = written(lc3_write_obj, &r.prog, &size);
    assert_int_equal(size, 6);
    assert_memory_equal(obj, "\x30\x00\x00\x01\x00\x02", 6);
    free(obj);
    release(&r);
}

/* lc3tools' bytes for ".ORIG x3000 / HALT / .END", as its assembler
 * writes them: header, an .ORIG entry, a word entry, each with its line. */
static const uint8_t lc3tools_halt[] = {
    0x1C, 0x30, 0x15, 0xC0, 0x01, 0x01, 0x01,
    0x00, 0x30, 0x01, 0x0B, 0x00, 0x00, 0x00, '.', 'O', 'R', 'I', 'G', ' ', 'x', '3', '0', '0', '0',
    0x25, 0xF0, 0x00, 0x04, 0x00, 0x00, 0x00, 'H', 'A', 'L', 'T',
};

static void test_lc3tools_obj_written(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\nHALT   ; stop\n.END\n");
    size_t size;
    char *obj = written(lc3_write_obj_lc3tools, &r.prog, &size);
    assert_int_equal(size, sizeof lc3tools_halt);
    assert_memory_equal(obj, lc3tools_halt, sizeof lc3tools_halt);
    free(obj);
    release(&r);

    /* A line's text goes with its first word only, so a long .BLKW line
     * cannot make the file its length times the word count. */
    r = assemble(".ORIG x3000\n.BLKW 2\n.END\n");
    obj = written(lc3_write_obj_lc3tools, &r.prog, &size);
    static const uint8_t blkw[] = {
        0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, '.', 'B', 'L', 'K', 'W', ' ', '2',
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    };
    assert_int_equal(size, 7 + 18 + sizeof blkw);
    assert_memory_equal(obj + 7 + 18, blkw, sizeof blkw);
    free(obj);
    release(&r);
}

/* lc3tools' assembler's object file for blocks at x0180 and x3000 (its
 * bytes, source lines included). */
static void test_lc3tools_obj_read(void **state)
{
    (void)state;
    static const uint8_t two[] = {
        0x1C, 0x30, 0x15, 0xC0, 0x01, 0x01, 0x01,
        0x80, 0x01, 0x01, 0x0B, 0x00, 0x00, 0x00, '.', 'O', 'R', 'I', 'G', ' ', 'x', '0', '1', '8', '0',
        0x34, 0x12, 0x00, 0x0B, 0x00, 0x00, 0x00, '.', 'F', 'I', 'L', 'L', ' ', 'x', '1', '2', '3', '4',
        0x00, 0x30, 0x01, 0x0B, 0x00, 0x00, 0x00, '.', 'O', 'R', 'I', 'G', ' ', 'x', '3', '0', '0', '0',
        0x25, 0xF0, 0x00, 0x04, 0x00, 0x00, 0x00, 'H', 'A', 'L', 'T',
    };
    lc3_program p;
    const char *why = NULL;
    assert_true(lc3_read_obj(two, sizeof two, &p, &why));
    assert_int_equal(p.block_count, 2);
    assert_int_equal(p.blocks[0].origin, 0x0180);
    assert_int_equal(p.blocks[0].count, 1);
    assert_int_equal(p.blocks[0].words[0], 0x1234);
    assert_int_equal(p.blocks[1].origin, 0x3000);
    assert_int_equal(p.blocks[1].count, 1);
    assert_int_equal(p.blocks[1].words[0], 0xF025);
    assert_int_equal(lc3_program_entry(&p), 0x0180);
    lc3_program_free(&p);
}

/* Malformed lc3tools object files: each a clear reason, never a crash. */
static void test_lc3tools_obj_rejects(void **state)
{
    (void)state;
    static const struct {
        const char *bytes;
        size_t size;
        const char *why;
    } cases[] = {
        {"\x1C\x30\x15\xC0\x01\x01", 6, "lc3tools' header is cut short"},
        {"\x1C\x30\x15\xC0\x01\x01\x02", 7, "an lc3tools object file of another version than 1.1"},
        {"\x1C\x30\x15\xC0\x01\x01\x01\x00\x30\x01\x00", 11,
         "the last entry is cut short (each is 7 bytes and a source line)"},
        {"\x1C\x30\x15\xC0\x01\x01\x01\x00\x30\x02\x00\x00\x00\x00", 14,
         "an entry's .ORIG flag is neither 0 nor 1"},
        {"\x1C\x30\x15\xC0\x01\x01\x01\x00\x30\x01\x05\x00\x00\x00.ORI", 18,
         "an entry's source line runs past the end of the file"},
        {"\x1C\x30\x15\xC0\x01\x01\x01\x00\x30\x01\xFF\xFF\xFF\xFF", 14,
         "an entry's source line runs past the end of the file"},
        {"\x1C\x30\x15\xC0\x01\x01\x01\x25\xF0\x00\x00\x00\x00\x00", 14,
         "a word comes before the first .ORIG entry"},
        {"\x1C\x30\x15\xC0\x01\x01\x01\xFF\xFF\x01\x00\x00\x00\x00"
         "\x01\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00", 28,
         "a block runs past the end of memory at xFFFF"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lc3_program p;
        const char *why = NULL;
        if (lc3_read_obj((const uint8_t *)cases[i].bytes, cases[i].size, &p, &why))
            fail_msg("case %zu was read", i);
        assert_string_equal(why, cases[i].why);
        lc3_program_free(&p);
    }
}

static void test_symbol_file(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\nMAIN HALT\nmsg .STRINGZ \"hi\"\nEND_LABEL .END\n");
    size_t size;
    char *buf = written(lc3_write_sym, &r.prog, &size);
    assert_string_equal(buf, "// Symbol table\n"
                             "// Scope level 0:\n"
                             "//\tSymbol Name       Page Address\n"
                             "//\t----------------  ------------\n"
                             "//\tMAIN              3000\n"
                             "//\tmsg               3001\n"
                             "//\tEND_LABEL         3004\n"
                             "\n");
    free(buf);
    release(&r);
}

static void test_listing_file(void **state)
{
    (void)state;
    result r = assemble("; hi\n.ORIG x3000\nGO .BLKW 2 #7\n.END\n");
    size_t size;
    char *buf = written(lc3_write_listing, &r.prog, &size);
    assert_string_equal(buf,
        "                                    1  ; hi\n"
        "                                    2  .ORIG x3000\n"
        "x3000  x0007  0000000000000111      3  GO .BLKW 2 #7\n"
        "x3001  x0007  0000000000000111\n"
        "                                    4  .END\n");
    free(buf);
    release(&r);
}

/* Overlapping blocks are a warning, and the later block's words win in
 * the object file and the listing (and in memory: lc3sim loads in order). */
static void test_overlap_later_block_wins(void **state)
{
    (void)state;
    result r = assemble(".ORIG x3000\n.FILL 1\n.FILL 2\n.END\n.ORIG x3001\n.FILL 9\n.END\n");
    assert_true(r.ok);
    assert_int_equal(r.prog.block_count, 2);
    size_t size;
    char *obj = written(lc3_write_obj, &r.prog, &size);
    assert_int_equal(size, 6);
    assert_memory_equal(obj, "\x30\x00\x00\x01\x00\x09", 6);
    free(obj);
    char *lst = written(lc3_write_listing, &r.prog, &size);
    assert_string_equal(lst,
        "                                    1  .ORIG x3000\n"
        "x3000  x0001  0000000000000001      2  .FILL 1\n"
        "                                    3  .FILL 2\n"
        "                                    4  .END\n"
        "                                    5  .ORIG x3001\n"
        "x3001  x0009  0000000000001001      6  .FILL 9\n"
        "                                    7  .END\n");
    free(lst);
    release(&r);
}

static void test_read_obj_rejects(void **state)
{
    (void)state;
    lc3_program p;
    const char *why = NULL;
    const uint8_t odd[] = {0x30, 0x00, 0x12};
    assert_false(lc3_read_obj(odd, sizeof odd, &p, &why));
    assert_string_equal(why, "odd number of bytes (words are 2 bytes)");
    lc3_program_free(&p);
    assert_false(lc3_read_obj(odd, 1, &p, &why));
    assert_string_equal(why, "too short to hold an origin");
    lc3_program_free(&p);
    const uint8_t wraps[] = {0xFF, 0xFF, 0x00, 0x01, 0x00, 0x02};
    assert_false(lc3_read_obj(wraps, sizeof wraps, &p, &why));
    assert_string_equal(why, "runs past the end of memory at xFFFF");
    lc3_program_free(&p);
}

static void test_hostile_bytes_do_not_crash(void **state)
{
    (void)state;
    /* NULs, invalid UTF-8 and a very long line: errors, never a crash. */
    static const char head[] = ".ORIG x3000\n\0\xff\xfe ADD\n";
    char text[70000];
    memcpy(text, head, sizeof head - 1);
    memset(text + sizeof head - 1, 'A', sizeof text - sizeof head);
    text[sizeof text - 1] = '\0';
    result r;
    size_t size = 0;
    FILE *out = open_memstream(&r.diags, &size);
    diag_sink sink;
    diag_init(&sink, out);
    r.src = source_from_memory("t.asm", text, sizeof text - 1);
    r.ok = lc3_assemble(r.src, &sink, &r.prog);
    fclose(out);
    assert_false(r.ok);
    assert_non_null(strstr(r.diags, "t.asm:2:1: error: unexpected character x00"));
    release(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_error),
        cmocka_unit_test(test_all_errors_reported_in_order),
        cmocka_unit_test(test_duplicate_points_at_first),
        cmocka_unit_test(test_caret_output),
        cmocka_unit_test(test_warning_number_like_label),
        cmocka_unit_test(test_lc3tools_labels),
        cmocka_unit_test(test_whole_isa_and_spellings),
        cmocka_unit_test(test_putc_is_trap_x21),
        cmocka_unit_test(test_data_directives),
        cmocka_unit_test(test_unknown_escapes_kept),
        cmocka_unit_test(test_crlf_and_last_line_without_newline),
        cmocka_unit_test(test_several_blocks),
        cmocka_unit_test(test_symbol_file),
        cmocka_unit_test(test_listing_file),
        cmocka_unit_test(test_overlap_later_block_wins),
        cmocka_unit_test(test_read_obj_rejects),
        cmocka_unit_test(test_abutting_blocks_are_classic),
        cmocka_unit_test(test_lc3tools_obj_written),
        cmocka_unit_test(test_lc3tools_obj_read),
        cmocka_unit_test(test_lc3tools_obj_rejects),
        cmocka_unit_test(test_hostile_bytes_do_not_crash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
