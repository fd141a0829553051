/* The web page's C API (wasm_api.c; web/README.md): what the module
 * exports to JavaScript. A handle is one machine with one program; statuses
 * are web_status (web_status.h). */
#ifndef WASM_API_H
#define WASM_API_H

#include <stdint.h>

#include "web_status.h"

typedef struct web_machine web_machine;

/* Assembles the file at path in the module's file system for isa ("mips"
 * or "lc3") and loads it; MIPS takes several paths, one a line, assembled
 * together as mipssim does (the first runs first). A handle even when it
 * does not assemble (web_diagnostics says why); NULL only when out of
 * memory. */
web_machine *web_load(const char *isa, const char *path);
void web_free(web_machine *w);

/* {"ok", "text": the assembler's messages as the command line prints them,
 * "diagnostics": [{"file", "line", "column", "severity", "message"}]}. */
const char *web_diagnostics(web_machine *w);

/* Runs up to max_steps instructions: recorded (each can be stepped back)
 * or at full speed (the history is dropped). Returns the status. */
int web_run(web_machine *w, double max_steps, int record);
int web_step(web_machine *w);
/* Undoes the newest recorded step: 1, or 0 when there is none. */
int web_step_back(web_machine *w);

/* {"status", "message", "pc", "line", "instructions", "backsteps", "cc"
 * (LC-3), "registers": [{"name", "value"}]}. Valid until the next call. */
const char *web_state(web_machine *w);
/* The size-byte value at addr (size 1, 2 or 4 on MIPS; 2 on the LC-3),
 * or -1 where nothing is mapped. */
double web_read(web_machine *w, double addr, int size);

/* Console input: bytes typed, and the end of input (a read then ends the
 * program as at the end of a file). */
int web_feed(web_machine *w, const char *bytes, int len);
void web_close_input(web_machine *w);

/* Console output not yet taken, and taking it. */
const uint8_t *web_output(web_machine *w);
int web_output_length(web_machine *w);
void web_output_clear(web_machine *w);

/* The runtime checks (mipssim/lc3sim --check: spec is a check list such as
 * "all"; NULL asks which are on): {"ok", "message"}. The checker writes
 * each finding to stdout as --check does ("FILE:LINE: check [NAME]: ..."). */
const char *web_checks(web_machine *w, const char *spec);

/* The debugger core's commands (dbg_control.h), begun here and run by
 * web_run(w, n, 1) in slices: 0 Step, 1 Step over, 2 Step out, 3 Continue
 * (web_run begins a Continue when none is under way). 0 when it cannot
 * begin (a Step out outside any call the trace saw). */
int web_begin(web_machine *w, int mode);

/* Views (wasm_views.c). A breakpoint of the debugger core, as its break
 * FILE:LINE: at the first code at or after line of the program's file
 * named file. A run (more than one step, recorded or not) stops before it
 * with the status "break"; a fresh load's entry holds one. Returns its
 * number, or 0 when there is no code there. */
int web_break_line(web_machine *w, const char *file, int line);
int web_break_delete(web_machine *w, int id);
/* {"text"}: the debugger's backtrace, as `bt` prints it. */
const char *web_backtrace(web_machine *w);
/* {"unit", "rows": [{"addr", "value" (null: unmapped), "disasm", "line",
 * "source"}]}: count words from addr; code adds each word's disassembly
 * (the CLI's disassembler) and the source line it came from. */
const char *web_memory(web_machine *w, double addr, int count, int code);

/* Devices (wasm_devices.c). MIPS: MARS's Keyboard and Display MMIO
 * attached before the first instruction (delay: the transmitter's, 0 for
 * MARS's 5); 0 where the ISA has none. A key for its receiver: 0 until
 * the program has read the last one (the page keeps it until then). The
 * words the display showed since the last call, as a JSON array. */
int web_mmio(web_machine *w, int delay);
int web_mmio_key(web_machine *w, int key);
const char *web_mmio_take(web_machine *w);
/* The display's units as 0x00RRGGBB words, row by row: MIPS's Bitmap
 * Display as spec says (mipssim --bitmap's WxH[,unit=N][,base=ADDR]), the
 * LC-3's video (spec unused); NULL on a bad spec. Valid until the next
 * call. Its shape: columns << 16 | rows, 0 on a bad spec. */
const uint32_t *web_screen(web_machine *w, const char *spec);
int web_screen_shape(web_machine *w, const char *spec);

#endif
