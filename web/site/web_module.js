// The module's API (wasm_api.h) for JavaScript: one class the worker and
// the Node test share, so both drive the machine the same way.
'use strict';

// web_status (web_impl.h), by number.
const STATUS = ['running', 'exited', 'fault', 'waiting', 'input ended', 'stopped', 'not loaded',
                'breakpoint'];

class WebMachine {
  // mod: the instantiated module; isa 'mips' or 'lc3'; name the file name
  // the program gets (messages name it, as the command line's do); keep:
  // the file stays (the page's files are all written, worker_files.js).
  constructor(mod, isa, name, source, keep) {
    this.mod = mod;
    mod.FS.writeFile(name, source);
    this.handle = mod.ccall('web_load', 'number', ['string', 'string'], [isa, name]);
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
  // A breakpoint at the first code at or after line of file: the line it
  // is at, or 0 when there is none (web_break).
  setBreak(file, line) {
    return this.mod.ccall('web_break', 'number', ['number', 'string', 'number', 'number'],
                          [this.handle, file, line, 1]);
  }
  clearBreaks() {
    this.mod.ccall('web_breaks_clear', null, ['number'], [this.handle]);
  }
  // The runtime checks (spec as --check's, "all"): {ok, message}.
  checks(spec) {
    return JSON.parse(this.mod.ccall('web_checks', 'string', ['number', 'string'], [this.handle, spec]));
  }
  free() {
    this.mod.ccall('web_free', null, ['number'], [this.handle]);
    this.handle = 0;
  }
}

if (typeof module !== 'undefined') module.exports = { WebMachine, STATUS };
