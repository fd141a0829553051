/* The LC-3 names a spec uses (docs/grader-spec.md, "The LC-3"): R0-R7 (any
 * case, as lc3as reads them), the TRAPs by their names, numbered by their
 * vectors, and the textbook's conventions. */
#include "spec_lc3.h"

#include <ctype.h>
#include <string.h>

#include "lc3_call.h"

enum { TRAP_OUT = 0x21, TRAP_PUTS = 0x22, TRAP_PUTSP = 0x24 };

static int lc3_spec_register(const char *name, size_t len)
{
    if (len == 2 && (name[0] == 'R' || name[0] == 'r') && name[1] >= '0' && name[1] <= '7')
        return name[1] - '0';
    return -1;
}

static const struct { const char *name; int vector; } traps[] = {
    {"GETC", 0x20}, {"OUT", TRAP_OUT}, {"PUTS", TRAP_PUTS},
    {"IN", 0x23}, {"PUTSP", TRAP_PUTSP}, {"HALT", 0x25},
};

static bool same_word(const char *a, const char *b, size_t len)
{
    if (strlen(b) != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (toupper((unsigned char)a[i]) != b[i])
            return false;
    return true;
}

static int lc3_spec_trap(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof traps / sizeof traps[0]; i++)
        if (same_word(name, traps[i].name, len))
            return traps[i].vector;
    return -1;
}

/* Arguments in R0-R5 (R6 is the stack, R7 the return address), the result
 * in R0; a subroutine gives back R1-R5 and R6 (the book's habit). */
const grade_spec_isa spec_lc3_isa = {
    .name = "LC-3",
    .article = "an",
    .reg = lc3_spec_register,
    .syscall = lc3_spec_trap,
    .arg_regs = 0x3F,
    .default_preserved = LC3_CALL_TEXTBOOK | LC3_CALL_REG(6),
    .return_regs = {0, -1},
    .print_syscalls = UINT64_C(1) << TRAP_OUT | UINT64_C(1) << TRAP_PUTS |
                      UINT64_C(1) << TRAP_PUTSP,
    .rules_absent = GRADE_RULE_ALL,
    .no_program_args = true,
    .word_elements = true,
    .random_machine = true,
    .function_input = true,
    .hex_prefix = "x",
};
