// The page: the editor with its line numbers and diagnostics, the buttons,
// the register table and the console. The machine runs in worker.js; this
// thread only shows what it says, so the page never waits on a program.
'use strict';

const $ = (id) => document.getElementById(id);
const worker = new Worker('worker.js');
const decoder = { text: null };

let lastRun = null;             // 'run' or 'continue' while a run goes on
let previous = {};              // register values at the last state, by name
let loaded = false;
// Every byte the program printed, as it printed them (tests read it).
window.consoleBytes = [];

function isa() {
  return $('isa').value;
}

function numberLines() {
  const lines = $('source').value.split('\n').length;
  const gutter = $('gutter');
  let html = '';
  for (let i = 1; i <= lines; i++) html += '<span data-line="' + i + '">' + i + '</span>\n';
  gutter.innerHTML = html;
  gutter.scrollTop = $('source').scrollTop;
  Editor.refresh();   // editor.js: highlighting and the gutter's marks
}

function markLine(line, cls) {
  for (const el of $('gutter').querySelectorAll('.' + cls)) el.classList.remove(cls);
  const el = $('gutter').querySelector('[data-line="' + line + '"]');
  if (el) el.classList.add(cls);
}

// Puts the caret at line:column (1-based) and shows it.
function goTo(line, column) {
  const text = $('source').value.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < text.length; i++) offset += text[i].length + 1;
  offset += Math.max(0, column - 1);
  $('source').focus();
  $('source').setSelectionRange(offset, offset);
}

function showDiagnostics(d) {
  const list = $('diagnostics');
  list.innerHTML = '';
  for (const el of $('gutter').querySelectorAll('.error')) el.classList.remove('error');
  for (const item of d.diagnostics) {
    const li = document.createElement('li');
    li.className = item.severity;
    li.dataset.line = item.line;
    li.dataset.column = item.column;
    li.textContent = item.line + ':' + item.column + ': ' + item.severity + ': ' + item.message;
    li.onclick = () => goTo(item.line, item.column);
    list.appendChild(li);
    if (item.severity === 'error') {
      const g = $('gutter').querySelector('[data-line="' + item.line + '"]');
      if (g) {
        g.classList.add('error');
        g.title = item.message;
      }
    }
  }
  if (!d.ok && d.diagnostics.length === 0) {
    const li = document.createElement('li');
    li.textContent = d.text;
    list.appendChild(li);
  }
}

function hex(value, digits) {
  return (digits === 4 ? 'x' : '0x') + (value >>> 0).toString(16).padStart(digits, '0');
}

function showState(s, running) {
  const digits = isa() === 'lc3' ? 4 : 8;
  const body = $('registers').tBodies[0];
  body.innerHTML = '';
  const rows = s.registers.slice();
  if (s.cc !== undefined) rows.push({ name: 'CC', text: s.cc });
  for (const r of rows) {
    const tr = document.createElement('tr');
    tr.dataset.reg = r.name;
    const value = r.text !== undefined ? r.text : hex(r.value, digits);
    const before = previous[r.name];
    if (before !== undefined && before !== value) tr.classList.add('changed');
    previous[r.name] = value;
    const signed = r.text !== undefined ? '' : digits === 4 ? (r.value << 16) >> 16 : r.value | 0;
    tr.innerHTML = '<td>' + r.name + '</td><td class="value">' + value + '</td><td class="value">' +
                   signed + '</td>';
    body.appendChild(tr);
  }
  markLine(s.line, 'current');   // line 0 (no code there) clears the mark
  let status = s.statusName;
  if (status === 'waiting') status = 'waiting for input';
  $('status').textContent = status + (s.message ? ': ' + s.message : '') +
                            ' (' + s.instructions + ' instructions)';
  $('status').dataset.status = s.statusName;
  $('status').dataset.serial = Number($('status').dataset.serial || 0) + 1;
  if (!running && lastRun && s.statusName !== 'waiting') lastRun = null;
  if (s.statusName === 'waiting') $('input').focus();
}

function appendOutput(bytes, cls) {
  const span = document.createElement('span');
  if (cls) span.className = cls;
  span.textContent = typeof bytes === 'string' ? bytes
                                               : decoder.text.decode(bytes, { stream: true });
  $('output').appendChild(span);
  $('output').scrollTop = $('output').scrollHeight;
}

function assemble() {
  loaded = false;
  lastRun = null;
  previous = {};
  $('output').textContent = '';
  window.consoleBytes = [];
  decoder.text = new TextDecoder('utf-8');
  $('status').textContent = 'assembling…';
  $('status').dataset.status = 'assembling';
  if (typeof views !== 'undefined') views.reset();
  // files.js: every file, the main one assembled (and MIPS's to assemble with it).
  worker.postMessage(Object.assign({ cmd: 'load', isa: isa(),
                                     devices: typeof devices !== 'undefined' ? devices.config() : {} },
                                   Files.program()));
}

worker.onmessage = (e) => {
  const m = e.data;
  switch (m.type) {
  case 'ready':
    $('status').textContent = 'ready';
    $('status').dataset.status = 'ready';
    break;
  case 'loaded':
    showDiagnostics(m.diagnostics);
    loaded = m.diagnostics.ok;
    if (!loaded) {
      $('status').textContent = 'not assembled: ' +
        m.diagnostics.diagnostics.filter((d) => d.severity === 'error').length + ' error(s)';
      $('status').dataset.status = 'not loaded';
    }
    break;
  case 'output':
    for (const b of m.bytes) window.consoleBytes.push(b);
    appendOutput(m.bytes);
    break;
  case 'state':
    // How long Pause took, from the click to the stopped machine's state.
    if (m.state.statusName === 'paused') window.pauseMs = performance.now() - window.pausedAt;
    showState(m.state, m.running);
    if (typeof views !== 'undefined') views.state(m.state, m.running);
    break;
  case 'speed':
    $('status').title = m.ips + ' instructions per second';
    break;
  case 'bench':
    window.lastBench = m;
    break;
  case 'error':
    $('status').textContent = 'the module did not load: ' + m.message;
    break;
  default:
    if (typeof views !== 'undefined') views.message(m);
    if (typeof devices !== 'undefined') devices.message(m);
  }
};

$('source').oninput = numberLines;
$('source').onscroll = () => ($('gutter').scrollTop = $('source').scrollTop);
$('assemble').onclick = assemble;
$('run').onclick = () => { if (loaded) { lastRun = 'run'; worker.postMessage({ cmd: 'run' }); } };
$('continue').onclick = () => {
  if (loaded) { lastRun = 'continue'; worker.postMessage({ cmd: 'continue' }); }
};
$('pause').onclick = () => {
  lastRun = null;
  window.pausedAt = performance.now();
  worker.postMessage({ cmd: 'pause' });
};
$('step').onclick = () => loaded && worker.postMessage({ cmd: 'step' });
$('back').onclick = () => loaded && worker.postMessage({ cmd: 'back' });
$('reset').onclick = () => {
  if (!loaded) return;
  previous = {};
  $('output').textContent = '';
  window.consoleBytes = [];
  decoder.text = new TextDecoder('utf-8');
  worker.postMessage({ cmd: 'reset' });
};
// Sends typed input to the machine; a run that stopped for it goes on.
function sendInput(text, echo) {
  if (!loaded) return;
  if (echo) appendOutput(text, 'typed');   // shown, but not the program's bytes
  worker.postMessage({ cmd: 'input', text });
  if (lastRun) worker.postMessage({ cmd: lastRun });
}
// MIPS reads lines (syscalls 5-8), typed and echoed as a terminal does;
// the LC-3 reads keys (GETC, IN), each sent as it is typed, not echoed.
$('input').onkeydown = (e) => {
  if (e.key !== 'Enter') return;
  const text = $('input').value + '\n';
  $('input').value = '';
  sendInput(text, isa() === 'mips');
};
$('input').oninput = () => {
  if (isa() !== 'lc3') return;
  const text = $('input').value;
  $('input').value = '';
  sendInput(text, false);
};

// ?isa=lc3 opens the LC-3's page (files.js loads its files).
const wanted = new URLSearchParams(location.search).get('isa');
if (wanted === 'lc3' || wanted === 'mips') $('isa').value = wanted;
