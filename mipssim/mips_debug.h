/* mipssim -d: the shared debugger (asm/debug/dbg.h) on the MIPS machine. */
#ifndef MIPS_DEBUG_H
#define MIPS_DEBUG_H

#include <stdint.h>

#include "mips_program.h"
#include "mipssim.h"

/* Debugs the assembled program, started at start, with the options of
 * mipssim's command line (-x, --input, --limit, --args ...). Returns the
 * exit status. */
int mips_debug_main(const mips_program *prog, const mipssim_options *opt, uint32_t start);

#endif
