// The module's API (wasm_api.h) for JavaScript: one class the worker and
// the Node test share, so both drive the machine the same way.
'use strict';

// web_status (web_impl.h), by number.
const STATUS = ['running', 'exited', 'fault', 'waiting', 'input ended', 'stopped', 'not loaded',
                'break', 'stepped'];
// web_begin's commands: the debugger's stepi, nexti, finish, continue.
const COMMANDS = { step: 0, next: 1, finish: 2, continue: 3 };

class WebMachine {
  // mod: the instantiated module; isa 'mips' or 'lc3'; name the file name
  // the program gets (messages name it, as the command line's do); keep:
  // the file stays (the page's files are all written, worker_files.js).
  // more: names of files already written that MIPS assembles after it, as
  // mipssim assembles several (a homework's functions beside its main).
  constructor(mod, isa, name, source, keep, more) {
    this.mod = mod;
    mod.FS.writeFile(name, source);
    const paths = [name].concat(more || []);
    this.handle = mod.ccall('web_load', 'number', ['string', 'string'], [isa, paths.join('\n')]);
    if (!keep) mod.FS.unlink(name);
  }
  diagnostics() {
    return JSON.parse(this.mod.ccall('web_diagnostics', 'string', ['number'], [this.handle]));
  }
  state() {
    return JSON.parse(this.mod.ccall('web_state', 'string', ['number'], [this.handle]));
  }
  // Runs up to steps instructions; record: each can be stepped back.
  run(steps, record) {
    return STATUS[this.mod.ccall('web_run', 'number', ['number', 'number', 'number'],
                                 [this.handle, steps, record ? 1 : 0])];
  }
  step() {
    return STATUS[this.mod.ccall('web_step', 'number', ['number'], [this.handle])];
  }
  stepBack() {
    return this.mod.ccall('web_step_back', 'number', ['number'], [this.handle]) === 1;
  }
  read(addr, size) {
    return this.mod.ccall('web_read', 'number', ['number', 'number', 'number'],
                          [this.handle, addr, size]);
  }
  // bytes: a Uint8Array typed or read from a file.
  feed(bytes) {
    this.mod.ccall('web_feed', 'number', ['number', 'array', 'number'],
                   [this.handle, bytes, bytes.length]);
  }
  closeInput() {
    this.mod.ccall('web_close_input', null, ['number'], [this.handle]);
  }
  // The console output since the last call, as bytes.
  takeOutput() {
    const len = this.mod.ccall('web_output_length', 'number', ['number'], [this.handle]);
    if (len === 0) return new Uint8Array(0);
    const ptr = this.mod.ccall('web_output', 'number', ['number'], [this.handle]);
    const bytes = this.mod.HEAPU8.slice(ptr, ptr + len);
    this.mod.ccall('web_output_clear', null, ['number'], [this.handle]);
    return bytes;
  }
  // The runtime checks (spec as --check's, "all"): {ok, message}.
  checks(spec) {
    return JSON.parse(this.mod.ccall('web_checks', 'string', ['number', 'string'], [this.handle, spec]));
  }
  // Begins a debugger command (COMMANDS) that run(n, true) then runs.
  begin(command) {
    return this.mod.ccall('web_begin', 'number', ['number', 'number'],
                          [this.handle, COMMANDS[command]]) === 1;
  }
  // A breakpoint at the first code at or after line of file (the
  // debugger's break FILE:LINE): its number, 0 where there is none.
  breakLine(file, line) {
    return this.mod.ccall('web_break_line', 'number', ['number', 'string', 'number'],
                          [this.handle, file, line]);
  }
  breakDelete(id) {
    return this.mod.ccall('web_break_delete', 'number', ['number', 'number'], [this.handle, id]);
  }
  backtrace() {
    return JSON.parse(this.mod.ccall('web_backtrace', 'string', ['number'], [this.handle])).text;
  }
  // count words from addr; code: with disassembly and source lines.
  memory(addr, count, code) {
    return JSON.parse(this.mod.ccall('web_memory', 'string', ['number', 'number', 'number', 'number'],
                                     [this.handle, addr, count, code ? 1 : 0]));
  }
  // MIPS: MARS's Keyboard and Display MMIO, before the first instruction.
  mmio(delay) {
    return this.mod.ccall('web_mmio', 'number', ['number', 'number'], [this.handle, delay || 0]) === 1;
  }
  // A key for the MMIO receiver: false until the program read the last one.
  mmioKey(key) {
    return this.mod.ccall('web_mmio_key', 'number', ['number', 'number'], [this.handle, key]) === 1;
  }
  // The words the MMIO display showed since the last call.
  mmioTake() {
    return JSON.parse(this.mod.ccall('web_mmio_take', 'string', ['number'], [this.handle]));
  }
  // The Bitmap Display (spec: mipssim --bitmap's) or the LC-3 video:
  // {cols, rows, colours: 0xRRGGBB a unit}, or null on a bad spec.
  screen(spec) {
    const shape = this.mod.ccall('web_screen_shape', 'number', ['number', 'string'], [this.handle, spec]);
    const ptr = shape && this.mod.ccall('web_screen', 'number', ['number', 'string'], [this.handle, spec]);
    if (!ptr) return null;
    const cols = shape >>> 16, rows = shape & 0xffff;
    return { cols, rows, colours: new Uint32Array(this.mod.HEAPU8.buffer.slice(ptr, ptr + 4 * cols * rows)) };
  }
  free() {
    this.mod.ccall('web_free', null, ['number'], [this.handle]);
    this.handle = 0;
  }
}

if (typeof module !== 'undefined') module.exports = { WebMachine, STATUS, COMMANDS };
