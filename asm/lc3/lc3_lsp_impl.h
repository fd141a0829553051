/* The LC-3 adapter's parts beyond lc3_lsp.c: the checks that need no run,
 * and the semantic tokens (lc3_lsp_scan.c). */
#ifndef LC3_LSP_IMPL_H
#define LC3_LSP_IMPL_H

#include "../lsp/lsp.h"
#include "lc3_asm.h"

/* The findings of an assembled program (no errors) whose source text is
 * text[0..len). */
void lc3_lsp_checks(const lc3_program *prog, const char *text, size_t len, lsp_program *out);

/* lsp_isa.tokens for the LC-3. */
void lc3_lsp_tokens(const char *text, size_t len, const lsp_program *prog, lsp_tokens *out);

#endif
