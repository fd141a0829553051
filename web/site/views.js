// The debugger's panels beside the editor: Step over and Step out, the
// speed control, the register views (hex, decimal, ASCII; MIPS's FPU and
// coprocessor 0), the memory views that follow a register, and the call
// stack. The values come from the worker (the debugger's target through
// wasm_views.c); this file only lays them out. Loaded after app.js, whose
// worker, lastRun and isa() it shares.
'use strict';

const views = (() => {
  // The speed control's stops, instructions per second; the top: full speed.
  const SPEEDS = [1, 2, 5, 10, 30, 100, 300, 1000, 10000, 0];
  const PAGE_WORDS = 32;
  // Where each memory view starts, and the register it follows by default.
  const KINDS = {
    mips: { text: { base: 0x00400000, follow: 'pc' }, data: { base: 0x10010000, follow: '' },
            heap: { base: 0x10040000, follow: '' }, stack: { base: 0x7fffeffc, follow: '$sp' } },
    lc3: { text: { base: 0x3000, follow: 'PC' }, data: { base: 0x3000, follow: '' },
           stack: { base: 0xfdff, follow: 'R6' } },
  };
  let state = null;           // the last state the worker sent
  let moreBefore = {};        // the FPU and CP0 values at the last state, by name
  let base = 0;               // the memory view's first address
  let shownFor = '';          // the ISA the memory controls are set up for

  const digits = () => (isa() === 'lc3' ? 4 : 8);
  const hexOf = (v, n) => (n === 4 ? 'x' : '0x') + (v >>> 0).toString(16).padStart(n, '0');

  // A word as the register view's format says: decimal signed, ASCII its
  // bytes from the most significant (as MARS shows them), '.' unprintable.
  function format(value, how) {
    const n = digits();
    if (how === 'decimal') return String(n === 4 ? (value << 16) >> 16 : value | 0);
    if (how === 'ascii') {
      let text = '';
      for (let shift = n * 4 - 8; shift >= 0; shift -= 8) {
        const b = (value >>> shift) & 0xff;
        text += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
      }
      return text;
    }
    return hexOf(value, n);
  }

  // The register table app.js made, in the chosen format (CC is text).
  function formatRegisters() {
    const how = $('reg-format').value;
    for (const tr of $('registers').tBodies[0].rows) {
      const r = state && state.registers.find((x) => x.name === tr.dataset.reg);
      if (r) tr.cells[1].textContent = format(r.value, how);
    }
  }

  // MIPS: $f0-$f31 as bits, single and double (an even register and the
  // next: the low word in the even one), then vaddr, status, cause, epc.
  // LC-3: the saved stack pointers.
  function showMore() {
    const table = $('more-registers');
    const more = state.more || [];
    const fpu = more.filter((r) => /^\$f\d+$/.test(r.name));
    const rest = more.filter((r) => !/^\$f\d+$/.test(r.name));
    const bits = new DataView(new ArrayBuffer(8));
    let rows = '';
    const changed = (r) => (moreBefore[r.name] !== undefined && moreBefore[r.name] !== r.value ? ' class="changed"' : '');
    for (let i = 0; i < fpu.length; i++) {
      const r = fpu[i];
      bits.setUint32(0, r.value);
      const single = bits.getFloat32(0);
      let double = '';
      if (i % 2 === 0 && fpu[i + 1]) {
        bits.setUint32(0, fpu[i + 1].value);
        bits.setUint32(4, r.value);
        double = String(bits.getFloat64(0));
      }
      rows += '<tr data-reg="' + r.name + '"' + changed(r) + '><td>' + r.name + '</td><td>' +
              format(r.value, $('reg-format').value) + '</td><td>' + single + '</td><td>' + double + '</td></tr>';
    }
    for (const r of rest) {
      rows += '<tr data-reg="' + r.name + '"' + changed(r) + '><td>' + r.name.replace(/^\$/, '') + '</td><td>' +
              format(r.value, $('reg-format').value) + '</td><td colspan="2"></td></tr>';
    }
    table.tHead.innerHTML = fpu.length ? '<tr><th>FPU</th><th>bits</th><th>single</th><th>double</th></tr>' : '';
    table.tBodies[0].innerHTML = rows;
    for (const r of more) moreBefore[r.name] = r.value;
  }

  // The memory controls for the ISA shown: its views and its registers.
  function setUpMemory() {
    if (shownFor === isa() || !state) return;
    shownFor = isa();
    const kinds = KINDS[isa()];
    $('mem-kind').innerHTML = Object.keys(kinds).map((k) => '<option>' + k + '</option>').join('');
    const names = state.registers.map((r) => r.name);
    $('mem-follow').innerHTML = '<option value="">nothing</option>' +
      names.map((n) => '<option>' + n + '</option>').join('');
    pickKind();
  }

  function pickKind() {
    const k = KINDS[isa()][$('mem-kind').value];
    base = k.base;
    $('mem-follow').value = k.follow;
  }

  function followed() {
    const name = $('mem-follow').value;
    const r = name && state && state.registers.find((x) => x.name === name);
    return r ? r.value >>> 0 : null;
  }

  // Asks the worker for the memory page and the call stack.
  function request() {
    if (!state || state.pc === undefined) return;
    const unit = isa() === 'lc3' ? 1 : 4;
    const at = followed();
    if (at !== null) {
      // The text view shows the page the pc is in; the others start at the register.
      base = $('mem-kind').value === 'text' ? at - (at % (unit * PAGE_WORDS)) : at - (at % unit);
    }
    $('mem-addr').value = hexOf(base, digits());
    worker.postMessage({ cmd: 'views', addr: base, count: PAGE_WORDS, code: $('mem-kind').value === 'text' });
  }

  function showMemory(memory, backtrace) {
    const at = followed();
    const text = $('mem-kind').value === 'text';
    let rows = '';
    for (const row of memory.rows || []) {
      const value = row.value === null ? '--' : hexOf(row.value, digits());
      const here = at !== null && row.addr === at ? ' class="here"' : '';
      let rest;
      if (text) {
        rest = '<td>' + escape(row.disasm || '') + '</td><td class="src">' +
               (row.line ? row.line + ': ' + escape((row.source || '').trim()) : '') + '</td>';
      } else {
        rest = '<td>' + (row.value === null ? '' : escape(format(row.value, 'ascii'))) + '</td>';
      }
      rows += '<tr data-addr="' + row.addr + '"' + here + '><td>' + hexOf(row.addr, digits()) +
              '</td><td>' + value + '</td>' + rest + '</tr>';
    }
    $('memory').tBodies[0].innerHTML = rows;
    $('callstack').textContent = backtrace;
  }

  function escape(text) {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }

  // Step over and Step out run like Continue: typed input resumes them.
  function command(cmd) {
    if (!loaded) return;
    lastRun = 'resume';
    worker.postMessage({ cmd });
  }

  function setSpeed() {
    const ips = SPEEDS[Number($('speed').value)];
    $('speed-text').textContent = ips ? ips + '/s' : 'full';
    worker.postMessage({ cmd: 'speed', ips });
  }

  $('reset').addEventListener('click', () => { moreBefore = {}; });
  $('next').onclick = () => command('next');
  $('finish').onclick = () => command('finish');
  $('speed').oninput = setSpeed;
  $('reg-format').onchange = () => {
    formatRegisters();
    if (state) showMore();
  };
  $('mem-kind').onchange = () => {
    pickKind();
    request();
  };
  $('mem-follow').onchange = request;
  const turn = (pages) => {
    $('mem-follow').value = '';
    base = (base + pages * PAGE_WORDS * (isa() === 'lc3' ? 1 : 4)) >>> 0;
    request();
  };
  $('mem-prev').onclick = () => turn(-1);
  $('mem-next').onclick = () => turn(1);
  $('mem-addr').onkeydown = (e) => {
    if (e.key !== 'Enter') return;
    const value = parseInt($('mem-addr').value.replace(/^0?x/i, ''), 16);
    if (Number.isNaN(value)) return;
    $('mem-follow').value = '';
    base = value >>> 0;
    request();
  };

  let lastRequest = 0;
  return {
    // A state from the worker, after app.js showed it.
    state(s, running) {
      if (!s.registers) return;
      if (shownFor !== isa()) moreBefore = {};
      state = s;
      setUpMemory();
      formatRegisters();
      showMore();
      const now = performance.now();
      if (!running || now - lastRequest > 250) {
        lastRequest = now;
        request();
      }
    },
    // Messages app.js does not know.
    message(m) {
      if (m.type === 'views') showMemory(m.memory, m.backtrace);
    },
    // A new program (Assemble, Reset, another ISA): changes start over.
    reset() {
      moreBefore = {};
      shownFor = '';
    },
  };
})();
