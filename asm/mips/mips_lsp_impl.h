/* The MIPS adapter's parts beyond mips_lsp.c: the checks that need no
 * run, and the semantic tokens. */
#ifndef MIPS_LSP_IMPL_H
#define MIPS_LSP_IMPL_H

#include "../lsp/lsp.h"
#include "mips_program.h"

/* The findings of an assembled program (no errors) in its first file,
 * whose text is text[0..len). */
void mips_lsp_checks(const mips_program *prog, const char *text, size_t len, lsp_program *out);

/* lsp_isa.tokens for MIPS. */
void mips_lsp_tokens(const char *text, size_t len, const lsp_program *prog, lsp_tokens *out);

#endif
