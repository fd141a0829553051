// The machine's thread: the wasm module (asmtools.js) through WebMachine
// (web_module.js), run in slices of about SLICE_MS so that a Pause or a
// typed line is seen between two slices and the page never waits on it.
'use strict';
importScripts('asmtools.js', 'web_module.js', 'worker_files.js');

const SLICE_MS = 20;          // one slice's target length
const STATE_EVERY_MS = 100;   // the register table's refresh while running

let mod = null;
let machine = null;
let last = null;              // the last program loaded: Reset loads it again
let running = false;          // a run is under way (paused: false)
let recording = false;        // that run records each step (Continue)
let sliceSteps = 10000;       // adapted so that a slice lasts about SLICE_MS
let lastState = 0;
const queue = [];             // messages that came before the module was ready

// A way to yield to the message loop at once (setTimeout clamps to 4 ms).
const channel = new MessageChannel();
channel.port1.onmessage = () => slice();

function post(type, data) {
  postMessage(Object.assign({ type }, data));
}

function flushOutput() {
  const bytes = machine.takeOutput();
  if (bytes.length) post('output', { bytes });
}

function sendState(status) {
  const s = machine.state();
  s.statusName = status;
  post('state', { state: s, running });
  postFindings();
  lastState = performance.now();
}

function load(msg) {
  if (machine) machine.free();
  running = false;
  last = msg;
  machine = loadProgram(mod, msg);   // worker_files.js: its files, breakpoints, checks
  post('loaded', { diagnostics: machine.diagnostics() });
  if (machine.diagnostics().ok) sendState('running');
}

function slice() {
  if (!running || !machine) return;
  const t0 = performance.now();
  const before = machine.state().instructions;
  const status = machine.run(sliceSteps, recording);
  const ms = performance.now() - t0;
  flushOutput();
  if (status !== 'running') {
    running = false;
    sendState(status);
    return;
  }
  // Aim for SLICE_MS per slice, never more than doubling at once.
  if (ms > 0) sliceSteps = Math.max(100, Math.min(sliceSteps * 2, Math.round(sliceSteps * SLICE_MS / ms)));
  const now = performance.now();
  if (now - lastState >= STATE_EVERY_MS) {
    sendState(status);
    post('speed', { ips: Math.round((machine.state().instructions - before) / (ms / 1000)) });
  }
  channel.port2.postMessage(null);
}

function handle(msg) {
  switch (msg.cmd) {
  case 'load':
    load(msg);
    break;
  case 'reset':
    if (last) load(last);
    break;
  case 'run':
  case 'continue':
    if (!machine) return;
    recording = msg.cmd === 'continue';
    if (running) return; // one chain of slices at a time
    running = true;
    slice();
    break;
  case 'pause':
    if (running) {
      running = false;
      sendState('paused');
    }
    break;
  case 'step':
    if (!machine) return;
    running = false;
    sendState(machine.step());
    flushOutput();
    break;
  case 'back':
    if (!machine) return;
    running = false;
    machine.stepBack();
    sendState('running');
    break;
  case 'input': {
    if (!machine) return;
    machine.feed(new TextEncoder().encode(msg.text));
    break;
  }
  case 'bench': {
    // The speed of a run at full speed: instructions per second.
    const t0 = performance.now();
    const before = machine.state().instructions;
    const status = machine.run(msg.steps, false);
    const ms = performance.now() - t0;
    post('bench', { status, ms, instructions: machine.state().instructions - before });
    break;
  }
  default:
    editorCommand(mod, machine, msg);
  }
}

onmessage = (e) => (mod ? handle(e.data) : queue.push(e.data));

createAsmtools({ print: printed }).then((m) => {
  mod = m;
  post('ready', {});
  while (queue.length) handle(queue.shift());
}, (e) => post('error', { message: String(e) }));
