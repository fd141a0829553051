/* `mipsas --lsp`: the language server (asm/lsp) with MIPS's adapter. */
#ifndef MIPS_LSP_H
#define MIPS_LSP_H

#include <stdio.h>

/* Serves one client on in_fd and out; the exit status. */
int mips_lsp_serve(int in_fd, FILE *out);

#endif
