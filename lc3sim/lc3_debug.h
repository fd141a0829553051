/* lc3sim -d: the shared debugger (asm/debug/dbg.h) on the LC-3 machine. */
#ifndef LC3_DEBUG_H
#define LC3_DEBUG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct lc3_debug_options {
    const char *program;     /* .asm or .obj */
    const char *os_path;     /* NULL: the built-in OS */
    bool has_pc;
    uint16_t pc;
    bool ignore_privilege;
    uint64_t limit;          /* 0: none */
    const char *script;      /* -x: commands run first */
    const char *input_path;  /* --input: the program's keyboard */
    unsigned check_set;      /* --check: bits by LC3_CHECK_* (lc3_check.h); 0: none */
    unsigned check_saved;    /* --check-saved: the registers the saved check wants back */
} lc3_debug_options;

/* Loads the program and debugs it; returns lc3sim's exit status (0, or 1
 * when it could not be loaded). */
int lc3_debug_main(const lc3_debug_options *opt);

#endif
