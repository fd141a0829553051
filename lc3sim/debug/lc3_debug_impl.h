/* Private to the LC-3 debugger target (lc3_debug.c: the machine,
 * registers, memory and the session; lc3_debug_step.c: a step and its
 * undo record; lc3_debug_code.c: code, symbols and source): its state and what the files give each other. */
#ifndef LC3_DEBUG_IMPL_H
#define LC3_DEBUG_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "console.h"
#include "dbg.h"
#include "dbg_symbols.h"
#include "lc3_check.h"
#include "lc3_debug.h"
#include "lc3_load.h"
#include "lc3_machine.h"
#include "lc3_session.h"

/* Register indices: R0-R7, then these. */
enum { REG_PC = LC3_DBG_PC, REG_PSR, GENERAL_COUNT, REG_USP = GENERAL_COUNT, REG_SSP, REG_COUNT };
typedef struct lc3_dbg {
    const lc3_debug_options *opt;
    lc3_session *s;       /* the program, the OS, the checker and the run loop */
    const lc3_loaded *prog; /* the session's */
    lc3_machine *m;       /* the session's, renewed by each (re)start */
    console *con;
    dbg_symbols symbols;
    unsigned check_set;   /* the check command's setting */
    const source_file *files[1];
    bool signal_shown;    /* the step at signal_pc stopped for its exception: the */
    uint16_t signal_pc;   /* next step there enters the handler */
    bool faulted;         /* the program raised an exception: lc3sim -d exits 6 */
    dbg_target t;
} lc3_dbg;

/* lc3_debug_step.c: a step and its undo record (dbg_target's step,
 * undo and free_undo). */
dbg_step_result lc3_dbg_step(void *ctx, void **undo, size_t *undo_size, char *message);
void lc3_dbg_record_undo(void *ctx, void *record);
void lc3_dbg_record_free(void *ctx, void *record);

/* lc3_debug_code.c */
dbg_insn_kind lc3_dbg_classify(void *ctx, uint32_t addr, uint32_t *return_addr);
int lc3_dbg_disasm(void *ctx, uint32_t addr, char *buf, size_t size);
uint32_t lc3_dbg_next_addr(void *ctx, uint32_t addr);
bool lc3_dbg_symbol_value(void *ctx, const char *name, uint32_t *addr);
const char *lc3_dbg_symbol_at(void *ctx, uint32_t addr, uint32_t *offset);
bool lc3_dbg_symbol_nth(void *ctx, size_t i, const char **name, uint32_t *addr);
bool lc3_dbg_source_of(void *ctx, uint32_t addr, dbg_source *out);
bool lc3_dbg_line_addr(void *ctx, size_t file, int line, uint32_t *addr);
/* The program's labels into d->symbols, sorted; false when out of memory. */
bool lc3_dbg_collect_symbols(lc3_dbg *d);

#endif
