/* Private to the MIPS debugger target (mips_debug.c: registers, memory and
 * the session; mips_debug_step.c: stepping and undo; mips_debug_code.c:
 * code, symbols and source): its state and the dbg_target functions each
 * file gives the others. */
#ifndef MIPS_DEBUG_IMPL_H
#define MIPS_DEBUG_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dbg.h"
#include "dbg_symbols.h"
#include "mips_check_say.h"
#include "mips_debug.h"

/* Register indices: $0-$31, then these, then $f0-$f31, then CP0's four. */
enum {
    REG_PC = 32, REG_HI, REG_LO, GENERAL_COUNT,
    REG_F0 = GENERAL_COUNT, REG_CP0 = REG_F0 + 32, REG_COUNT = REG_CP0 + 4,
};

typedef struct mips_dbg {
    const mips_program *prog;
    const mips_debug_config *config;
    uint32_t start;
    mips_session *session; /* runs the program; m and sys are its machine and OS */
    mips_machine *m;
    mips_syscalls *sys;
    console *con;
    dbg_symbols symbols;
    char names[REG_COUNT][10];
    /* --check, or the check command: the checks on (0: none, no checker),
     * the checker attached to m, and how it says a finding. */
    unsigned check_set;
    mips_checker *checker;
    mips_check_sayer sayer;
} mips_dbg;

/* mips_debug.c: the target for prog on con, in d and t; false when it
 * cannot be made (said on stderr). mips_debug_close frees it, made or not. */
bool mips_debug_open(mips_dbg *d, dbg_target *t, const mips_program *prog,
                     const mips_debug_config *config, uint32_t start, console *con);
void mips_debug_close(mips_dbg *d);

/* mips_debug_step.c */
void mips_dbg_record_free(void *ctx, void *record);
void mips_dbg_record_undo(void *ctx, void *record);
dbg_step_result mips_dbg_step(void *ctx, void **undo, size_t *undo_size, char *message);
bool mips_dbg_build(mips_dbg *d);
void mips_dbg_unbuild(mips_dbg *d);
void mips_dbg_restart(void *ctx);
bool mips_dbg_checks(void *ctx, const char *spec, char *message);

/* mips_debug_code.c */
dbg_insn_kind mips_dbg_classify(void *ctx, uint32_t addr, uint32_t *return_addr);
int mips_dbg_disasm(void *ctx, uint32_t addr, char *buf, size_t size);
uint32_t mips_dbg_next_addr(void *ctx, uint32_t addr);
bool mips_dbg_add_symbols(mips_dbg *d, const symtab *table);
bool mips_dbg_symbol_value(void *ctx, const char *name, uint32_t *addr);
const char *mips_dbg_symbol_at(void *ctx, uint32_t addr, uint32_t *offset);
bool mips_dbg_symbol_nth(void *ctx, size_t i, const char **name, uint32_t *addr);
bool mips_dbg_source_of(void *ctx, uint32_t addr, dbg_source *out);
bool mips_dbg_line_addr(void *ctx, size_t file, int line, uint32_t *addr);

#endif
