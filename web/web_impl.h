/* Private to web/: the machine the page drives (wasm_api.c), whichever
 * ISA it runs, and what each ISA's file (web_mips.c, web_lc3.c) gives it.
 * Every step, register and byte of output comes from the debugger's
 * target (dbg.h) and the machine's session; nothing here knows an
 * instruction. */
#ifndef WEB_IMPL_H
#define WEB_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "console.h"
#include "dbg.h"
#include "dbg_control.h"
#include "json.h"
#include "web_status.h"

typedef struct web_machine web_machine;

/* What differs between the ISAs. */
typedef struct web_isa {
    /* Assembles the file at path and makes the target on w->con: w->target
     * set, or false with the messages on errors. */
    bool (*load)(web_machine *w, const char *path, FILE *errors);
    /* Up to max_steps instructions at full speed through the session's run
     * loop (no undo records); *ran gets how many ran. */
    web_status (*run)(web_machine *w, uint64_t max_steps, uint64_t *ran);
    /* The next instruction would wait for input nobody has typed yet. */
    bool (*needs_input)(web_machine *w);
    void (*free)(web_machine *w);
    /* Condition codes as letters ("N", "Z", "P"), NULL where the ISA has
     * none; buf holds 4 bytes. */
    const char *(*condition)(web_machine *w, char *buf);
    /* The registers the page's table shows, in the target's numbering. */
    const unsigned *shown_regs;
    unsigned shown_count;
    /* Devices (wasm_devices.c), NULL where the ISA has none. MIPS: MARS's
     * Keyboard and Display MMIO attached (its words to web_mmio_show), and
     * a key for its receiver, refused (false) until the program has read
     * the last one. */
    bool (*mmio_attach)(web_machine *w, unsigned delay);
    bool (*mmio_key)(web_machine *w, uint8_t key);
    /* The display's units as 0xRRGGBB, row by row, into colours (NULL: the
     * shape only): MIPS's Bitmap Display as spec says (mipssim --bitmap's
     * text), the LC-3's video (spec unused). False on a bad spec. */
    bool (*screen)(web_machine *w, const char *spec, uint32_t *colours, unsigned *cols,
                   unsigned *rows);
} web_isa;

struct web_machine {
    const web_isa *isa;
    void *isa_state;        /* the ISA file's own */
    console *con;           /* the program's console: output to out, input fed */
    dbg_target *target;     /* NULL when the program did not load */
    dbg_control *control;   /* the debugger core's steps, journal, call trace, breakpoints */
    bool command_on;        /* a Step over, Step out or Continue goes on in the next slice */
    int command_mode;       /* the one begun (dbg_control_mode) */
    bool wants_input;       /* the last slice stopped before a read of nothing typed */
    bool input_closed;      /* no more input will come: a read finds the end */
    web_status status;
    char message[DBG_MESSAGE_SIZE];
    char *diagnostics;      /* the assembler's text, as the command line prints it */
    uint8_t *out;           /* console output the page has not taken */
    size_t out_len, out_size;
    char *json;             /* the last JSON answer, freed by the next */
    uint32_t *mmio;         /* words the MMIO display showed, not yet taken */
    size_t mmio_len, mmio_size;
    uint32_t *colours;      /* the last screen the page asked for */
    size_t colours_size;
    unsigned break_count;   /* breakpoints set (web_break_line): a run goes through the core */
    bool fresh;             /* nothing ran since the load: the entry's breakpoint holds */
};

/* The MMIO transmitter's sink: keeps the word for the page. */
void web_mmio_show(void *ctx, uint32_t word);

/* Keeps j's text as the last answer (freeing the one before; j is freed)
 * and returns it: valid until the next answer. */
const char *web_answer(web_machine *w, json_writer *j);

extern const web_isa web_mips_isa;
extern const web_isa web_lc3_isa;

#endif
