/* The penalized practices one MIPS line shows (mips_practices.h). */
#include "mips_practices.h"

#include <stdio.h>

#include "mips_isa.h"

static int is_register(const mips_token *t)
{
    return t->kind == MIPS_LEX_REG_NAME || t->kind == MIPS_LEX_REG_NUMBER;
}

void mips_line_practices(const mips_token *t, size_t n, mips_practice_report *report, void *ctx)
{
    size_t first = 0;
    if (n >= 2 && t[1].kind == MIPS_LEX_COLON &&
        (t[0].kind == MIPS_LEX_IDENT || t[0].kind == MIPS_LEX_OPERATOR))
        first = 2;
    for (size_t i = first; i < n; i++) {
        if (!is_register(&t[i]))
            continue;
        int r = t[i].value;
        if (r == MIPS_REG_K0 || r == MIPS_REG_K1 || r == MIPS_REG_AT) {
            char message[96];
            snprintf(message, sizeof message, "uses %.*s (reserved for the kernel and the "
                     "assembler, not for keeping values)", (int)t[i].len, t[i].text);
            report(ctx, MIPS_PRACTICE_RESERVED_REGISTER, t[i].col, message);
        } else if (r == MIPS_REG_GP && i > first && t[i - 1].kind == MIPS_LEX_LPAREN) {
            report(ctx, MIPS_PRACTICE_GP_MEMORY, t[i].col, "keeps values in $gp-relative memory");
        }
    }
}
