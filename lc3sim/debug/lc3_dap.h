/* lc3sim --dap: the Debug Adapter Protocol server on the LC-3 machine
 * (docs/dap.md). */
#ifndef LC3_DAP_H
#define LC3_DAP_H

/* Serves DAP on stdin and stdout until disconnect; the exit status. */
int lc3_dap_main(void);

#endif
