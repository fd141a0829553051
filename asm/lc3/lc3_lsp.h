/* `lc3as --lsp`: the language server (asm/lsp) with the LC-3's adapter. */
#ifndef LC3_LSP_H
#define LC3_LSP_H

#include <stdio.h>

/* Serves one client on in_fd and out; the exit status. */
int lc3_lsp_serve(int in_fd, FILE *out);

#endif
