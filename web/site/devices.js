// The device windows (docs/devices.md): MARS's Bitmap Display or the
// LC-3's video on a canvas, and MARS's Keyboard and Display MMIO as a text
// window. The worker reads the machine (wasm_devices.c); this file draws
// what it sends and sends the keys typed in a window: to the MMIO receiver
// (MIPS), or to the console's keyboard (the LC-3's GETC and KBDR).
'use strict';

const devices = (() => {
  const PANEL_PX = 360;       // the widest the canvas is drawn
  // The MMIO display: lines of text and a cursor, as MARS's window keeps them.
  let lines = [''];
  let row = 0, col = 0;

  function show(word) {
    const c = word & 0xff;
    if (c === 12) {           // clears the window
      lines = [''];
      row = col = 0;
    } else if (c === 7) {     // the cursor to column bits 20-31, row bits 8-19
      col = word >>> 20;
      row = (word >>> 8) & 0xfff;
    } else if (c === 10) {
      row++;
      col = 0;
    } else {
      while (lines.length <= row) lines.push('');
      const line = lines[row].padEnd(col);
      lines[row] = line.slice(0, col) + String.fromCharCode(c) + line.slice(col + 1);
      col++;
    }
    while (lines.length <= row) lines.push('');
  }

  function draw(screen) {
    const canvas = $('screen');
    if (canvas.width !== screen.cols || canvas.height !== screen.rows) {
      canvas.width = screen.cols;
      canvas.height = screen.rows;
      const scale = Math.max(1, Math.floor(PANEL_PX / screen.cols));
      canvas.style.width = screen.cols * scale + 'px';
      canvas.style.height = screen.rows * scale + 'px';
    }
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(screen.cols, screen.rows);
    const px = image.data;
    screen.colours.forEach((c, i) => {
      px[4 * i] = (c >>> 16) & 0xff;
      px[4 * i + 1] = (c >>> 8) & 0xff;
      px[4 * i + 2] = c & 0xff;
      px[4 * i + 3] = 255;
    });
    ctx.putImageData(image, 0, 0);
  }

  // A key typed in a device window, as a byte (Enter a newline).
  function byteOf(e) {
    if (e.key === 'Enter') return 10;
    if (e.key === 'Backspace') return 8;
    if (e.key === 'Escape') return 27;
    return e.key.length === 1 && e.key.charCodeAt(0) < 256 ? e.key.charCodeAt(0) : -1;
  }

  function onKey(e) {
    const key = byteOf(e);
    if (key < 0 || e.ctrlKey || e.metaKey || e.altKey || !loaded) return;
    e.preventDefault();
    if (isa() === 'lc3') sendInput(String.fromCharCode(key), false);
    else if ($('dev-mmio').checked) worker.postMessage({ cmd: 'mmio-key', key });
  }

  // The controls the ISA has: the LC-3 has its video and no MMIO.
  function forIsa() {
    const lc3 = isa() === 'lc3';
    $('dev-screen-name').textContent = lc3 ? 'Video (xC000)' : 'Bitmap Display';
    $('bitmap-spec').hidden = lc3;
    $('dev-mmio-label').hidden = lc3;
  }

  $('screen').onkeydown = onKey;
  $('mmio-display').onkeydown = onKey;
  $('isa').addEventListener('change', forIsa);
  forIsa();

  return {
    // What Assemble attaches, for the worker's load.
    config() {
      lines = [''];
      row = col = 0;
      $('mmio-display').textContent = '';
      const lc3 = isa() === 'lc3';
      const screen = $('dev-screen').checked ? (lc3 ? 'video' : $('bitmap-spec').value.trim()) : '';
      const mmio = !lc3 && $('dev-mmio').checked;
      $('screen').hidden = !screen;
      $('mmio-display').hidden = !mmio;
      return { screen, mmio };
    },
    message(m) {
      if (m.type === 'screen') {
        draw(m);
      } else if (m.type === 'mmio') {
        for (const w of m.words) show(w);
        $('mmio-display').textContent = lines.join('\n');
      }
    },
  };
})();
