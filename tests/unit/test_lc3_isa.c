/* Every LC-3 instruction through the ISA table in both directions: operands
 * to word (encode) and word to form, operands and text (decode, disassemble). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lc3_isa.h"

typedef struct vector {
    const char *mnemonic;
    int32_t operands[3];
    uint16_t word;
    uint16_t addr;   /* where the word sits, for PC-relative text */
    const char *text; /* disassembly */
} vector;

/* Words worked out by hand from Patt & Patel's encoding tables. */
static const vector vectors[] = {
    {"ADD", {1, 2, 3}, 0x1283, 0x3000, "ADD R1, R2, R3"},
    {"ADD", {7, 0, -16}, 0x1E30, 0x3000, "ADD R7, R0, #-16"},
    {"ADD", {1, 1, 15}, 0x126F, 0x3000, "ADD R1, R1, #15"},
    {"AND", {0, 0, 0}, 0x5000, 0x3000, "AND R0, R0, R0"},
    {"AND", {2, 2, 0}, 0x54A0, 0x3000, "AND R2, R2, #0"},
    {"NOT", {4, 5, 0}, 0x997F, 0x3000, "NOT R4, R5"},
    {"BRn", {-1, 0, 0}, 0x09FF, 0x3000, "BRn x3000"},
    {"BRz", {5, 0, 0}, 0x0405, 0x3000, "BRz x3006"},
    {"BRp", {-256, 0, 0}, 0x0300, 0x3100, "BRp x3001"},
    {"BRnz", {255, 0, 0}, 0x0CFF, 0x3000, "BRnz x3100"},
    {"BRnp", {0, 0, 0}, 0x0A00, 0x3000, "BRnp x3001"},
    {"BRzp", {2, 0, 0}, 0x0602, 0x3000, "BRzp x3003"},
    {"BRnzp", {-3, 0, 0}, 0x0FFD, 0x3000, "BRnzp x2FFE"},
    {"BR", {-3, 0, 0}, 0x0FFD, 0x3000, "BRnzp x2FFE"}, /* BR alone is BRnzp */
    {"JMP", {3, 0, 0}, 0xC0C0, 0x3000, "JMP R3"},
    {"RET", {0, 0, 0}, 0xC1C0, 0x3000, "RET"},
    {"JSR", {1023, 0, 0}, 0x4BFF, 0x3000, "JSR x3400"},
    {"JSR", {-1024, 0, 0}, 0x4C00, 0x3400, "JSR x3001"},
    {"JSRR", {5, 0, 0}, 0x4140, 0x3000, "JSRR R5"},
    {"LD", {2, 8, 0}, 0x2408, 0x3006, "LD R2, x300F"},
    {"LDI", {6, -1, 0}, 0xADFF, 0x3000, "LDI R6, x3000"},
    {"LDR", {3, 2, -32}, 0x66A0, 0x3000, "LDR R3, R2, #-32"},
    {"LDR", {1, 6, 31}, 0x639F, 0x3000, "LDR R1, R6, #31"},
    {"LEA", {0, 17, 0}, 0xE011, 0x3004, "LEA R0, x3016"},
    {"ST", {7, 1, 0}, 0x3E01, 0x3000, "ST R7, x3002"},
    {"STI", {1, 2, 0}, 0xB202, 0x3000, "STI R1, x3003"},
    {"STR", {4, 6, -1}, 0x79BF, 0x3000, "STR R4, R6, #-1"},
    {"TRAP", {0x30, 0, 0}, 0xF030, 0x3000, "TRAP x30"},
    {"TRAP", {0x25, 0, 0}, 0xF025, 0x3000, "HALT"},
    {"GETC", {0, 0, 0}, 0xF020, 0x3000, "GETC"},
    {"OUT", {0, 0, 0}, 0xF021, 0x3000, "OUT"},
    {"PUTS", {0, 0, 0}, 0xF022, 0x3000, "PUTS"},
    {"IN", {0, 0, 0}, 0xF023, 0x3000, "IN"},
    {"PUTSP", {0, 0, 0}, 0xF024, 0x3000, "PUTSP"},
    {"HALT", {0, 0, 0}, 0xF025, 0x3000, "HALT"},
    {"RTI", {0, 0, 0}, 0x8000, 0x3000, "RTI"},
};

/* The row of `mnemonic` whose operands accept these values. */
static const lc3_insn_info *form_for(const vector *v)
{
    const lc3_insn_info *first = lc3_find_mnemonic(v->mnemonic, strlen(v->mnemonic));
    assert_non_null(first);
    for (const lc3_insn_info *f = first; f < lc3_insns + LC3_INSN_COUNT &&
                                         strcmp(f->mnemonic, first->mnemonic) == 0; f++) {
        uint16_t w;
        if (lc3_encode(f, v->operands, &w) < 0 && w == v->word)
            return f;
    }
    return NULL;
}

static void test_encode_every_instruction(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        const lc3_insn_info *form = form_for(&vectors[i]);
        if (!form)
            fail_msg("%s %d,%d,%d does not encode to x%04X", vectors[i].mnemonic,
                     vectors[i].operands[0], vectors[i].operands[1], vectors[i].operands[2],
                     vectors[i].word);
    }
}

static void test_decode_every_instruction(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
        const vector *v = &vectors[i];
        char text[64];
        lc3_disasm(v->word, v->addr, NULL, NULL, text, sizeof text);
        assert_string_equal(text, v->text);
        const lc3_insn_info *in = lc3_decode(v->word);
        assert_non_null(in);
        /* Operand values read back equal what was encoded (aliases like
         * HALT carry none). */
        if (strcmp(in->mnemonic, "HALT") != 0 && strcmp(v->mnemonic, "BR") != 0)
            for (unsigned k = 0; k < in->operand_count; k++)
                assert_int_equal(lc3_operand_value(in, k, v->word), v->operands[k]);
    }
}

static void test_every_row_round_trips(void **state)
{
    (void)state;
    /* Each row's canonical word decodes to a row of the same mnemonic
     * (BR decodes as BRnzp, its spelled-out name; PUTC as OUT). */
    for (size_t i = 0; i < LC3_INSN_COUNT; i++) {
        const lc3_insn_info *row = &lc3_insns[i];
        const lc3_insn_info *back = lc3_decode(row->match);
        assert_non_null(back);
        if (i == LC3_BR)
            assert_string_equal(back->mnemonic, "BRnzp");
        else if (i == LC3_PUTC)
            assert_string_equal(back->mnemonic, "OUT");
        else
            assert_string_equal(back->mnemonic, row->mnemonic);
    }
}

static void test_ranges_refused(void **state)
{
    (void)state;
    const lc3_insn_info *add_imm = &lc3_insns[LC3_ADD_IMM];
    uint16_t w;
    assert_int_equal(lc3_encode(add_imm, (int32_t[]){1, 1, 16}, &w), 2);
    assert_int_equal(lc3_encode(add_imm, (int32_t[]){1, 1, -17}, &w), 2);
    assert_int_equal(lc3_encode(add_imm, (int32_t[]){8, 1, 0}, &w), 0);
    assert_int_equal(lc3_encode(&lc3_insns[LC3_LDR], (int32_t[]){1, 1, 32}, &w), 2);
    assert_int_equal(lc3_encode(&lc3_insns[LC3_BRZ], (int32_t[]){256, 0, 0}, &w), 0);
    assert_int_equal(lc3_encode(&lc3_insns[LC3_JSR], (int32_t[]){1024, 0, 0}, &w), 0);
    assert_int_equal(lc3_encode(&lc3_insns[LC3_TRAP], (int32_t[]){256, 0, 0}, &w), 0);
    int32_t min, max;
    lc3_operand_range(LC3_OPND_PC11, &min, &max);
    assert_int_equal(min, -1024);
    assert_int_equal(max, 1023);
}

static const char *label_at(void *ctx, uint16_t addr)
{
    (void)ctx;
    return addr == 0x3000 ? "START" : NULL;
}

static void test_disasm_details(void **state)
{
    (void)state;
    char text[64];
    lc3_disasm(0xD123, 0x3000, NULL, NULL, text, sizeof text);
    assert_string_equal(text, ".FILL xD123"); /* reserved opcode */
    lc3_disasm(0x0000, 0x3000, NULL, NULL, text, sizeof text);
    assert_string_equal(text, "NOP");
    lc3_disasm(0x0FFF, 0x3000, label_at, NULL, text, sizeof text);
    assert_string_equal(text, "BRnzp START");
    /* Mnemonic lookup ignores case; NOP is not an assembler mnemonic. */
    assert_ptr_equal(lc3_find_mnemonic("brNZ", 4), &lc3_insns[LC3_BRNZ]);
    assert_null(lc3_find_mnemonic("NOP", 3));
    assert_null(lc3_find_mnemonic("ADDD", 4));
    assert_int_equal(lc3_disasm(0x1283, 0, NULL, NULL, text, 4), 14); /* truncation is safe */
    assert_string_equal(text, "ADD");
}

/* Roles of words, written out by hand from Patt & Patel. */
static void test_roles_sample(void **state)
{
    (void)state;
    static const struct {
        uint16_t word;
        unsigned roles;
    } sample[] = {
        {0x1283, LC3_WRITES_DR},             /* ADD R1, R2, R3 */
        {0x997F, LC3_WRITES_DR},             /* NOT R4, R5 */
        {0xE1FF, LC3_WRITES_DR},             /* LEA R0, ...: reads no memory */
        {0x6283, LC3_WRITES_DR | LC3_LOAD},  /* LDR R1, R2, #3 */
        {0xA000, LC3_WRITES_DR | LC3_LOAD},  /* LDI */
        {0x7283, LC3_STORE},                 /* STR R1, R2, #3 */
        {0xB1FF, LC3_STORE},                 /* STI */
        {0x0000, 0},                         /* NOP never branches */
        {0x0405, LC3_BRANCH},                /* BRz */
        {0x0E00, LC3_BRANCH},                /* BRnzp */
        {0xC1C0, LC3_RETURN},                /* RET (JMP R7) */
        {0xC080, LC3_JUMP},                  /* JMP R2 */
        {0x4FFF, LC3_CALL | LC3_WRITES_R7},  /* JSR */
        {0x4080, LC3_CALL | LC3_WRITES_R7},  /* JSRR R2 */
        {0xF025, LC3_CALL},                  /* HALT */
        {0xF0FF, LC3_CALL},                  /* TRAP xFF */
        {0x8000, LC3_RETURN},                /* RTI */
        {0xD000, 0},                         /* the reserved opcode */
    };
    for (size_t i = 0; i < sizeof sample / sizeof sample[0]; i++)
        if (lc3_roles_of(sample[i].word) != sample[i].roles)
            fail_msg("x%04X: roles 0x%x, expected 0x%x", sample[i].word,
                     lc3_roles_of(sample[i].word), sample[i].roles);
}

static void test_roles_invariants(void **state)
{
    (void)state;
    const unsigned flow = LC3_CALL | LC3_RETURN | LC3_JUMP | LC3_BRANCH;
    for (size_t i = 0; i < LC3_INSN_COUNT; i++) {
        const lc3_insn_info *row = &lc3_insns[i];
        unsigned r = row->flags & LC3_ROLES, op = row->match >> 12;
        if ((r & flow) & ((r & flow) - 1))
            fail_msg("%s: more than one of call, return, jump, branch", row->mnemonic);
        if ((r & LC3_WRITES_R7) && !(r & LC3_CALL))
            fail_msg("%s: links but is no call", row->mnemonic);
        if ((r & LC3_CALL) && !(r & LC3_WRITES_R7) && op != 0xF)
            fail_msg("%s: a call that keeps no return address", row->mnemonic);
        if ((r & LC3_STORE) && (r & (LC3_WRITES_DR | LC3_WRITES_R7 | LC3_LOAD)))
            fail_msg("%s: a store writes no register", row->mnemonic);
        if ((r & LC3_WRITES_DR) && (row->operand_count == 0 || row->operands[0] != LC3_OPND_R_DR))
            fail_msg("%s: writes a DR it does not have", row->mnemonic);
        if ((r & LC3_LOAD) && !(r & LC3_WRITES_DR))
            fail_msg("%s: a load that writes no register", row->mnemonic);
        if (((r & LC3_BRANCH) != 0) != (op == 0 && row->match != 0))
            fail_msg("%s: branches are the BR rows with a condition", row->mnemonic);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_encode_every_instruction),
        cmocka_unit_test(test_decode_every_instruction),
        cmocka_unit_test(test_every_row_round_trips),
        cmocka_unit_test(test_ranges_refused),
        cmocka_unit_test(test_disasm_details),
        cmocka_unit_test(test_roles_sample),
        cmocka_unit_test(test_roles_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
