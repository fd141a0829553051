/* mipssim --dap: the Debug Adapter Protocol server on the MIPS machine
 * (docs/dap.md). */
#ifndef MIPS_DAP_H
#define MIPS_DAP_H

/* Serves DAP on stdin and stdout until disconnect; the exit status. */
int mips_dap_main(void);

#endif
