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
// Adapted so that a slice lasts about SLICE_MS: one count for Run, one for
// the recorded commands (many times slower), so a switch keeps Pause prompt.
const sliceSize = { run: 10000, recorded: 1000 };
let lastState = 0;
let ipsLimit = 0;             // the speed control: instructions per second, 0 full speed
let credit = 0;               // instructions the speed control allows and not yet run
let lastSlice = 0;
let devices = {};             // {mmio, screen: a bitmap spec or 'video'}, from the load
const mmioKeys = [];          // keys typed for the MMIO receiver, given one once the last is read
let lastScreen = 0;
const queue = [];             // messages that came before the module was ready

// A way to yield to the message loop at once (setTimeout clamps to 4 ms).
const channel = new MessageChannel();
channel.port1.onmessage = () => slice();

function post(type, data) {
  postMessage(Object.assign({ type }, data));
}

// The device windows: the MMIO display's words, and the screen at most
// every SCREEN_MS while running (always when the machine stops).
const SCREEN_MS = 40;
function flushDevices(always) {
  if (devices.mmio) {
    const words = machine.mmioTake();
    if (words.length) post('mmio', { words });
  }
  const now = performance.now();
  if (devices.screen && (always || now - lastScreen >= SCREEN_MS)) {
    lastScreen = now;
    const screen = machine.screen(devices.screen);
    if (screen) post('screen', screen);
  }
}

function giveKeys() {
  while (devices.mmio && mmioKeys.length && machine.mmioKey(mmioKeys[0])) mmioKeys.shift();
}

function flushOutput() {
  const bytes = machine.takeOutput();
  if (bytes.length) post('output', { bytes });
  flushDevices(false);
}

function sendState(status, message) {
  const s = machine.state();
  s.statusName = status;
  if (message) s.message = message;
  flushDevices(true);  // the windows as they are when the state says so
  post('state', { state: s, running });
  postFindings();
  lastState = performance.now();
}

function load(msg) {
  if (machine) machine.free();
  running = false;
  last = msg;
  machine = loadProgram(mod, msg);   // worker_files.js: its files, breakpoints, checks
  devices = msg.devices || {};
  mmioKeys.length = 0;
  if (devices.mmio) machine.mmio(0);
  post('loaded', { diagnostics: machine.diagnostics() });
  if (machine.diagnostics().ok) sendState('running');
}

// The steps the speed control allows now (0: wait), or a time slice's.
function allowed() {
  const sliceSteps = sliceSize[recording ? 'recorded' : 'run'];
  if (!ipsLimit) return sliceSteps;
  const now = performance.now();
  credit = Math.min(credit + ipsLimit * (now - lastSlice) / 1000, Math.max(1, ipsLimit / 10));
  lastSlice = now;
  const steps = Math.min(sliceSteps, Math.floor(credit));
  credit -= steps;
  return steps;
}

function nextSlice() {
  if (ipsLimit) setTimeout(slice, Math.max(4, Math.min(25, 1000 / ipsLimit)));
  else channel.port2.postMessage(null);
}

function startRun() {
  running = true;
  credit = 1;  // the first instruction at once
  lastSlice = performance.now();
  slice();
}

function slice() {
  if (!running || !machine) return;
  const steps = allowed();
  if (steps < 1) {
    nextSlice();
    return;
  }
  giveKeys();
  const t0 = performance.now();
  const before = machine.state().instructions;
  const status = machine.run(steps, recording);
  const ms = performance.now() - t0;
  flushOutput();
  if (status !== 'running') {
    running = false;
    sendState(status);
    return;
  }
  // Aim for SLICE_MS per slice, never more than doubling at once.
  const mode = recording ? 'recorded' : 'run', size = sliceSize[mode];
  if (ms > 0 && steps === size) sliceSize[mode] = Math.max(100, Math.min(size * 2, Math.round(size * SLICE_MS / ms)));
  const now = performance.now();
  // Slowed down, the table follows the program more closely.
  if (now - lastState >= (ipsLimit ? STATE_EVERY_MS / 4 : STATE_EVERY_MS)) {
    sendState(status);
    post('speed', { ips: Math.round((machine.state().instructions - before) / (ms / 1000)) });
  }
  nextSlice();
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
    // With breakpoints, Run stops at them too: it runs as Continue does.
    recording = msg.cmd === 'continue' || breakList.length > 0;
    if (running) return; // one chain of slices at a time
    if (recording) machine.begin('continue');
    startRun();
    break;
  case 'next':
  case 'finish':
    if (!machine || running) return;
    if (!machine.begin(msg.cmd)) {
      sendState('stepped', 'not in a subroutine: there is no call to step out of');
      return;
    }
    recording = true;
    startRun();
    break;
  case 'resume':  // the command under way goes on (after typed input)
    if (!machine || running) return;
    startRun();
    break;
  case 'speed':
    ipsLimit = msg.ips;
    break;
  case 'mmio-key':
    mmioKeys.push(msg.key);
    if (machine && !running) giveKeys();
    break;
  case 'views':
    if (!machine) return;
    post('views', { memory: machine.memory(msg.addr, msg.count, msg.code), backtrace: machine.backtrace() });
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
    {
      const status = machine.step();
      flushOutput();  // the step's output before the state that follows it
      sendState(status);
    }
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
