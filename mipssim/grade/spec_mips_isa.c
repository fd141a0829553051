/* The MIPS names a spec uses (docs/grader-spec.md): MARS's register names
 * and numbers, and the syscalls by the names of their services. */
#include "spec_mips.h"

#include <string.h>

#include "mips_isa.h"
#include "mips_syscall.h"

static int mips_spec_register(const char *name, size_t len)
{
    bool is_number, is_float;
    int r = mips_register(name, len, &is_number, &is_float);
    return is_float ? -1 : r;
}

static const struct { const char *name; int service; } services[] = {
    {"print_int", MIPS_SYS_PRINT_INT}, {"print_float", MIPS_SYS_PRINT_FLOAT},
    {"print_double", MIPS_SYS_PRINT_DOUBLE}, {"print_string", MIPS_SYS_PRINT_STRING},
    {"read_int", MIPS_SYS_READ_INT}, {"read_float", MIPS_SYS_READ_FLOAT},
    {"read_double", MIPS_SYS_READ_DOUBLE}, {"read_string", MIPS_SYS_READ_STRING},
    {"sbrk", MIPS_SYS_SBRK}, {"exit", MIPS_SYS_EXIT}, {"print_char", MIPS_SYS_PRINT_CHAR},
    {"read_char", MIPS_SYS_READ_CHAR}, {"open", MIPS_SYS_OPEN}, {"read", MIPS_SYS_READ},
    {"write", MIPS_SYS_WRITE}, {"close", MIPS_SYS_CLOSE}, {"exit2", 17},
    {"time", MIPS_SYS_TIME}, {"midi_out", MIPS_SYS_MIDI_OUT}, {"sleep", MIPS_SYS_SLEEP},
    {"midi_out_sync", MIPS_SYS_MIDI_OUT_SYNC}, {"print_hex", MIPS_SYS_PRINT_HEX},
    {"print_binary", MIPS_SYS_PRINT_BINARY}, {"print_unsigned", MIPS_SYS_PRINT_UNSIGNED},
    {"set_seed", MIPS_SYS_RAND_SEED}, {"random_int", MIPS_SYS_RAND_INT},
    {"random_int_range", MIPS_SYS_RAND_INT_RANGE}, {"random_float", MIPS_SYS_RAND_FLOAT},
    {"random_double", MIPS_SYS_RAND_DOUBLE},
};

static int mips_spec_syscall(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof services / sizeof services[0]; i++)
        if (strlen(services[i].name) == len && memcmp(services[i].name, name, len) == 0)
            return services[i].service;
    return -1;
}

/* CSE 220's conventions: $a0-$a3 carry arguments, $s0-$s7 $gp $sp $fp
 * come back. */
const grade_spec_isa spec_mips_isa = {
    .name = "MIPS",
    .reg = mips_spec_register,
    .syscall = mips_spec_syscall,
    .arg_regs = 0xfu << MIPS_REG_A0,
    .default_preserved = UINT64_C(0xff) << MIPS_REG_S0 | UINT64_C(1) << MIPS_REG_GP |
                         UINT64_C(1) << MIPS_REG_SP | UINT64_C(1) << MIPS_REG_FP,
    .return_regs = {MIPS_REG_V0, MIPS_REG_V1},
    .print_syscalls = UINT64_C(1) << MIPS_SYS_PRINT_INT | UINT64_C(1) << MIPS_SYS_PRINT_STRING |
                      UINT64_C(1) << MIPS_SYS_PRINT_CHAR,
    .reference_callees = true,
};
