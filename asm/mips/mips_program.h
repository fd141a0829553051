/* What the MIPS assembler produces and the simulator and debugger load: the
 * segments as MARS lays them out, the symbols, and for every word of code
 * the source statement it came from. */
#ifndef MIPS_PROGRAM_H
#define MIPS_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "../front/source.h"
#include "../front/symtab.h"

/* MARS's default memory configuration (BEHAVIOUR.md, "Memory map"). */
enum {
    MIPS_TEXT_BASE = 0x00400000,
    MIPS_TEXT_END = 0x00800000, /* exclusive: textLimitAddress, 4 MiB of text blocks */
    MIPS_EXTERN_BASE = 0x10000000,
    MIPS_GP_INIT = 0x10008000,
    MIPS_DATA_BASE = 0x10010000,
    MIPS_HEAP_BASE = 0x10040000,
    MIPS_DATA_END = 0x10400000, /* exclusive */
    MIPS_SP_INIT = 0x7fffeffc,
    MIPS_KTEXT_BASE = 0x80000000,
    MIPS_EXCEPTION_HANDLER = 0x80000180,
    MIPS_KDATA_BASE = 0x90000000,
    MIPS_MMIO_BASE = 0xffff0000,
};

typedef enum mips_segment_id {
    MIPS_SEG_TEXT,
    MIPS_SEG_DATA,
    MIPS_SEG_KTEXT,
    MIPS_SEG_KDATA,
    MIPS_SEG_EXTERN,
    MIPS_SEG_COUNT
} mips_segment_id;

/* Bytes placed from base upward (little-endian, as MARS stores them).
 * Addresses a directive skipped (.space, alignment) are zero. The extern
 * segment is the exception: .extern reserves size bytes and places none,
 * so its bytes stay NULL. */
typedef struct mips_segment {
    uint32_t base;
    uint32_t size;     /* bytes from base to the last one placed */
    uint8_t *bytes;
    /* Per byte, 1 where a directive placed it (not .space, .extern or an
     * alignment gap): what --check counts as written. NULL where bytes is
     * (and for text, whose words are all placed). */
    uint8_t *placed;
    size_t capacity;
} mips_segment;

/* Where a word of code came from. A pseudo-instruction's words share the
 * statement and say which of its expansion they are. A statement from an
 * included file has that file's line; one from a macro expansion has the
 * body line in the file that defines the macro (MARS's Text Segment shows
 * that line too; its messages show the use's line as well). */
typedef struct mips_origin {
    uint32_t file;   /* index into files */
    uint32_t line;   /* 1-based */
    uint16_t column; /* of the statement's operator */
    uint8_t part;    /* 0 .. parts-1 */
    uint8_t parts;   /* 1 for a basic instruction */
    int32_t shown;   /* the value MARS's statement holds for the word's last
                        operand that is no register (mips_encode_shown):
                        what its Basic column shows, and a branch's whole
                        offset, which MARS runs */
} mips_origin;

enum mips_symbol_flags {
    MIPS_SYM_GLOBAL = 1 << 0, /* .globl, or .extern */
    MIPS_SYM_TEXT = 1 << 1,   /* defined in .text or .ktext */
};

typedef struct mips_program {
    mips_segment segments[MIPS_SEG_COUNT];
    /* One per word of .text / .ktext, in address order. */
    mips_origin *text_origin;
    mips_origin *ktext_origin;
    size_t text_origin_capacity, ktext_origin_capacity; /* big_array's (big_array.h) */
    const source_file **files; /* in command-line order, then the included files
                                  in the order they were first included */
    size_t file_count;
    source_file **owned;       /* the included files, which the program frees */
    size_t owned_count;
    symtab globals;  /* .globl symbols (case-sensitive, as in MARS) */
    symtab *locals;  /* one table per file given on the command line */
    bool text_stored; /* pass 2 made every statement's words, whether or not
                         the assembly failed (MARS's dumps show them) */
} mips_program;

/* Frees the image and the included files (diagnostics and debugger views
 * that show their lines must be done with first). */
void mips_program_free(mips_program *prog);

/* The origin of the code word at addr, or NULL when addr holds none. */
const mips_origin *mips_program_origin(const mips_program *prog, uint32_t addr);

/* MARS's Basic column for word at addr (mips_disasm_shown): from the
 * statement when the program put this word there, else (no code, or code
 * rewritten at run time, which MARS decodes afresh) from the word. */
int mips_program_disasm(const mips_program *prog, uint32_t addr, uint32_t word, char *buf,
                        size_t size);

#endif
