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
#define MIPS_SYSCALL(id, number, spec_name, mars_name, what) {spec_name, MIPS_SYS_##id},
#include "mips_syscalls.def"
#undef MIPS_SYSCALL
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
