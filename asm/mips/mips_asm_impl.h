/* Private to the MIPS assembler (mips_driver.c, mips_asm.c, mips_data.c,
 * mips_text.c, mips_program.c): the state of one assembly and what the
 * pieces share. */
#ifndef MIPS_ASM_IMPL_H
#define MIPS_ASM_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../front/alloc.h"
#include "mips_asm.h"
#include "mips_isa.h"
#include "mips_lex.h"
#include "mips_preproc.h"

typedef enum mips_msg {
#define MIPS_MSG(id, level, format) MIPS_MSG_##id,
#include "mips_messages.def"
#undef MIPS_MSG
    MIPS_MSG_COUNT
} mips_msg;

/* A local label that .globl moved to the global table (MARS removes it from
 * the file's table; ours cannot remove, so it is marked and skipped). */
enum { MIPS_SYM_MOVED = 1u << 8 };

/* A label used as a .word/.half/.byte value before it was defined: its
 * address is patched in when the file, or failing that the whole program,
 * has been read (MARS's DataSegmentForwardReferences). */
typedef struct mips_fixup {
    uint32_t address; /* where the label's address goes */
    uint8_t length;   /* 4, 2 or 1 bytes */
    uint32_t unit;    /* the file whose labels it sees */
    char *name;
    src_loc loc;
} mips_fixup;

typedef struct mips_fixups {
    mips_fixup *items;
    size_t count, capacity;
} mips_fixups;

/* An operand of a statement, as pass 2 needs it: 8 bytes (a program has
 * three a line). Its length is its label's name's, or for a register, in
 * value above the register's number; pass 2 needs no other (lines are
 * under 2^23 bytes, so column and length fit). */
typedef struct mips_stmt_operand {
    int32_t value;     /* a label's: where its name starts in mips_asm.names;
                          a register's: its number | its length << 8 */
    uint32_t col_kind; /* mips_tok in the low 8 bits; above, its column on the line */
} mips_stmt_operand;

/* An instruction statement: chosen and sized in pass 1, encoded in pass 2.
 * Sized to what it holds (a program has one per line, 32 bytes each): its
 * operands are in mips_asm.operands, its labels' names in mips_asm.names;
 * what follows from its form (the operator's length, its column clamped)
 * is not kept. */
typedef struct mips_stmt {
    uint32_t address;
    uint32_t unit;          /* the top-level file whose labels it sees */
    uint32_t first_operand; /* into mips_asm.operands */
    uint32_t file, line;    /* its origin's (mips_origin: file index, line) */
    int32_t col;            /* the operator's, on that line */
    int32_t first_col;      /* the line's first token (a label's), for address errors */
    uint16_t row;           /* its row's index, with the MIPS_STMT_ flags */
    uint8_t parts;          /* words it makes */
    uint8_t operand_count;
} mips_stmt;

enum {
    MIPS_STMT_PSEUDO = 1u << 15,  /* row indexes mips_pseudo_at, else mips_basic_at */
    MIPS_STMT_REFUSED = 1u << 14, /* pass 1 refused it (pseudo not allowed): not encoded */
    MIPS_STMT_ROW_MASK = MIPS_STMT_REFUSED - 1,
};

static inline mips_form mips_stmt_form(const mips_stmt *s)
{
    size_t i = s->row & MIPS_STMT_ROW_MASK;
    return s->row & MIPS_STMT_PSEUDO ? (mips_form){NULL, mips_pseudo_at(i)}
                                     : (mips_form){mips_basic_at(i), NULL};
}

/* The column of its origin (mips_origin.column), clamped. */
static inline uint16_t mips_stmt_column(const mips_stmt *s)
{
    return (uint16_t)(s->col > UINT16_MAX ? UINT16_MAX : s->col);
}

/* A word of code placed by pass 2: its statement's part (address -
 * statement's address) / 4. Words are made in statement order. */
typedef struct mips_word {
    uint32_t address;
    uint32_t word;
    int32_t shown;   /* its origin's (mips_origin.shown) */
    uint32_t stmt;   /* index of its statement, whose origin and first_col it has */
} mips_word;

/* A .globl name waiting for the end of its file. */
typedef struct mips_global_decl {
    char *name;
    src_loc loc;
} mips_global_decl;

/* MARS keeps one address for user and one for kernel space in each of text
 * and data (UserKernelAddressSpace); the directives switch between them. */
enum { MIPS_USER = 0, MIPS_KERNEL = 1 };

typedef struct mips_asm {
    mips_asm_options options;
    diag_sink *diags;
    mips_program *prog;
    size_t warnings;
    bool failed; /* an error was reported */
    /* A template named "$32" (mips_missing_next_register): MARS's pass 2
     * goes on to the next statement's operands, then stops. */
    bool template_failed;

    /* The top-level file being read in pass 1 and what is local to it. */
    size_t unit_count; /* the files given, prog->files[0 .. unit_count-1] */
    /* Per unit, MARS's line list with includes spliced in (NULL when it
     * includes nothing): its line-only errors map a statement's line
     * through it once more (fuzz D11). */
    mips_spliced_line **spliced;
    size_t *spliced_count;
    uint32_t unit;
    mips_preproc *pp; /* its preprocessor, which knows its macros */
    const mips_line *line; /* the line being read, for notes on macro uses */
    mips_global_decl *decls;
    size_t decl_count, decl_capacity;
    size_t moved_count; /* labels .globl moved: without any, no table is rebuilt */
    mips_fixups file_fixups;  /* this file's forward references */
    mips_fixups later_fixups; /* left for the global labels of later files */

    /* Where things go. These persist from file to file except where
     * mips_asm_begin_file resets them, exactly as in MARS. */
    bool in_data;
    bool auto_align;            /* .align 0 turns it off until the next .data/.kdata */
    mips_directive data_directive; /* what a continuation line continues */
    int text_space, data_space; /* MIPS_USER or MIPS_KERNEL */
    uint32_t text_address[2];
    uint32_t data_address[2];
    uint32_t extern_address;

    mips_stmt *stmts;
    size_t stmt_count, stmt_capacity;
    mips_stmt_operand *operands;
    size_t operand_count, operand_capacity;
    char *names; /* the statements' label names, each NUL-terminated */
    size_t names_len, names_capacity;
    mips_word *words;
    size_t word_count, word_capacity;
} mips_asm;

/* mips_asm.c: diagnostics, symbols, pass 1 line by line. */
void mips_report(mips_asm *as, src_loc loc, mips_msg msg, ...);
src_loc mips_token_loc(const mips_line *line, const mips_token *t);
/* A token as MARS quotes it in messages: its text, but a character
 * literal by its value ('a' is "97"). The caller frees it. */
char *mips_spell(const mips_token *t);
/* A label's address the way MARS looks it up: the file's own labels,
 * then the global ones. */
bool mips_lookup(const mips_asm *as, uint32_t unit, const char *name, size_t len,
                 uint32_t *address);
/* Takes one line through pass 1: labels, directives, statements. The
 * preprocessor (.include, .eqv, .macro) feeds it its lines. */
void mips_asm_line(mips_asm *as, const mips_line *line);
/* Around the lines of one command-line file: begin resets what MARS resets
 * per file; end moves its .globl labels and resolves its forward data
 * references (MARS's transferGlobals). */
void mips_asm_begin_file(mips_asm *as, uint32_t unit, mips_preproc *pp);
void mips_asm_end_file(mips_asm *as);

/* mips_data.c: the data directives and data memory. */
bool mips_data_check(mips_asm *as, const mips_line *line, const mips_token *t);
void mips_data_numeric(mips_asm *as, const mips_line *line, const mips_token *t, size_t n,
                       mips_directive directive);
void mips_data_strings(mips_asm *as, const mips_line *line, const mips_token *t, size_t n,
                       mips_directive directive);
void mips_data_align(mips_asm *as, const mips_line *line, const mips_token *t, size_t n);
void mips_data_space(mips_asm *as, const mips_line *line, const mips_token *t, size_t n);
/* Patches the references whose labels are now known; keeps the others. */
void mips_data_resolve(mips_asm *as, mips_fixups *fixups, bool globals_only);

/* mips_text.c: instruction statements. */
void mips_text_statement(mips_asm *as, const mips_line *line, const mips_token *t, size_t n);
/* Pass 2; false when it stopped where MARS's does (else every statement's
 * words were made, maybe with errors of MARS's code generation). */
bool mips_text_encode(mips_asm *as);

/* The origin of a placed word: its statement's, with its part and shown value. */
static inline mips_origin mips_word_origin(const mips_asm *as, const mips_word *w)
{
    const mips_stmt *s = &as->stmts[w->stmt];
    return (mips_origin){s->file, s->line, mips_stmt_column(s),
                         (uint8_t)((w->address - s->address) / 4), s->parts, w->shown};
}

/* mips_program.c: the image. */
/* Stores n bytes at addr in the segment holding it, growing the segment. */
void mips_segment_store(mips_segment *seg, uint32_t addr, const uint8_t *bytes, size_t n);
/* Checks the placed words (addresses, duplicates) and lays them out in
 * the text segments with their origins. */
void mips_program_place_text(mips_asm *as);
size_t mips_program_file_index(mips_program *prog, const source_file *file);

#endif
