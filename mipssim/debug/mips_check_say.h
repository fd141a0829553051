/* How mipssim and its debugger say a --check finding (mips_check.h): on
 * stderr, at the source line, with the function it is about and the lines
 * that explain it, in asm/runtime/check.h's format. */
#ifndef MIPS_CHECK_SAY_H
#define MIPS_CHECK_SAY_H

#include <stdbool.h>
#include <stdio.h>

#include "console.h"
#include "mips_check.h"
#include "mips_program.h"

typedef struct mips_check_sayer {
    const mips_program *prog;
    console *con;    /* flushed first, so a finding follows the output before it;
                        may be NULL */
    FILE *out;
    bool stop;       /* the callback asks to stop at every finding */
} mips_check_sayer;

/* Prints finding f for prog. */
void mips_check_say_finding(FILE *out, const mips_program *prog, const mips_finding *f);

/* A mips_finding_fn: ctx is a mips_check_sayer. */
bool mips_check_say(void *ctx, const mips_finding *f);

#endif
