/* The practices a MIPS handout penalizes that show in one line of text:
 * keeping values in $k0/$k1 or $at, and $gp-relative memory. The grader's
 * source rules (mipssim/grade) and the language server's checks both read
 * them here, so the two never disagree on what a line does. */
#ifndef MIPS_PRACTICES_H
#define MIPS_PRACTICES_H

#include <stddef.h>

#include "mips_lex.h"

typedef enum mips_practice {
    MIPS_PRACTICE_RESERVED_REGISTER, /* $k0, $k1 or $at named */
    MIPS_PRACTICE_GP_MEMORY,         /* an address "($gp)" */
} mips_practice;

/* Called for each finding: its column (1-based), what it is and its text. */
typedef void mips_practice_report(void *ctx, mips_practice what, int col, const char *message);

/* Reports the practices of a lexed line's n tokens (mips_lex_line), its
 * leading "label:" skipped. */
void mips_line_practices(const mips_token *t, size_t n, mips_practice_report *report, void *ctx);

#endif
