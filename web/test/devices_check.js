// The device windows in the page (web/test/views.js calls it): a bitmap
// program's units read back from the canvas equal mipssim --bitmap's
// frame; a keyboard MMIO program answers keys typed in its window as
// mipssim --mmio does; the LC-3 paint program, played with keys on the
// canvas, leaves lc3sim --video's frame.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const lib = require('./page_lib.js');

const { check } = lib;

// Each unit of a 16 x 16 display a colour of its own, from its index.
const BITMAP = [
  '        .text',
  'main:   lui $t0, 0x1001',
  '        li $t1, 0',
  'loop:   sll $t2, $t1, 16',
  '        sll $t3, $t1, 9',
  '        or $t2, $t2, $t3',
  '        ori $t2, $t2, 0x5a',
  '        sw $t2, 0($t0)',
  '        addi $t0, $t0, 4',
  '        addi $t1, $t1, 1',
  '        slti $t4, $t1, 256',
  '        bne $t4, $zero, loop',
  '        li $v0, 10',
  '        syscall', ''].join('\n');
const SPEC = '64x64,unit=4';

// Echoes each key plus one on the MMIO display until 'q'.
const ECHO = [
  '        .text',
  'main:   lui $s0, 0xffff',
  'wait:   lw $t0, 0($s0)',
  '        andi $t0, $t0, 1',
  '        beq $t0, $zero, wait',
  '        lw $t1, 4($s0)',
  "        li $t2, 'q'",
  '        beq $t1, $t2, done',
  '        addi $t1, $t1, 1',
  'ready:  lw $t0, 8($s0)',
  '        andi $t0, $t0, 1',
  '        beq $t0, $zero, ready',
  '        sw $t1, 12($s0)',
  '        j wait',
  'done:   li $v0, 10',
  '        syscall', ''].join('\n');

// The CLI's run of source with options in a scratch folder: its stdout
// and its last frame as a data URL.
function cliFrame(sim, options, source, input) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-devices-'));
  fs.mkdirSync(path.join(dir, 'frames'));
  fs.writeFileSync(path.join(dir, 'program.asm'), source);
  const r = spawnSync(sim, options.concat(['program.asm']), { cwd: dir, input: input || '', timeout: 60000 });
  const frames = fs.readdirSync(path.join(dir, 'frames')).sort();
  const png = frames.length ? fs.readFileSync(path.join(dir, 'frames', frames[frames.length - 1])) : null;
  fs.rmSync(dir, { recursive: true, force: true });
  return { out: r.stdout, url: png && 'data:image/png;base64,' + png.toString('base64') };
}

// How many units of the canvas differ from the PNG's (sampled at each
// unit's top left pixel), and how many units there are.
async function compare(page, url, unit) {
  return page.evaluate(async ([url, unit]) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const off = document.createElement('canvas');
    off.width = img.width;
    off.height = img.height;
    off.getContext('2d').drawImage(img, 0, 0);
    const want = off.getContext('2d').getImageData(0, 0, img.width, img.height).data;
    const canvas = document.getElementById('screen');
    const got = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let differ = 0, nonBlack = 0;
    for (let y = 0; y < canvas.height; y++) {
      for (let x = 0; x < canvas.width; x++) {
        const g = 4 * (y * canvas.width + x), w = 4 * (y * unit * img.width + x * unit);
        if (got[g] || got[g + 1] || got[g + 2]) nonBlack++;
        if (got[g] !== want[w] || got[g + 1] !== want[w + 1] || got[g + 2] !== want[w + 2]) differ++;
      }
    }
    return { differ, nonBlack, units: canvas.width * canvas.height,
             fits: img.width === canvas.width * unit && img.height === canvas.height * unit };
  }, [url, unit]);
}

// The LC-3's screenshot (SHOTS/web-lc3-video.png) is the painted picture.
async function devices(page, base, mipssim, lc3sim, root, shots) {
  // The bitmap.
  const want = cliFrame(mipssim, ['--bitmap', SPEC, '--frames', 'frames'], BITMAP);
  await lib.open(page, base, 'mips', BITMAP, [], async (p) => {
    await p.check('#dev-screen');
    await p.fill('#bitmap-spec', SPEC);
  });
  check(await lib.press(page, '#run') === 'exited', 'the bitmap program runs to its end');
  const bitmap = await compare(page, want.url, 4);
  check(bitmap.fits && bitmap.differ === 0 && bitmap.nonBlack >= 255,
        'the canvas\'s units are mipssim --bitmap\'s frame: ' + JSON.stringify(bitmap));

  // The keyboard and display MMIO: keys typed in its window.
  const echo = cliFrame(mipssim, ['--mmio'], ECHO, 'abcq').out.toString();
  await lib.open(page, base, 'mips', ECHO, [], (p) => p.check('#dev-mmio'));
  await page.click('#run');
  await page.click('#mmio-display');
  await page.keyboard.type('abc');
  await page.waitForFunction(() => document.getElementById('mmio-display').textContent === 'bcd',
                             null, { timeout: 10000 }).catch(() => {});
  const shown = await page.$eval('#mmio-display', (el) => el.textContent);
  await page.keyboard.type('q');
  const end = await lib.until(page, ['exited'], 10000).catch(() => 'not exited');
  check(shown === echo && end === 'exited',
        'the MMIO program answers keys as mipssim --mmio does: ' + JSON.stringify(shown) + ' / ' +
        JSON.stringify(echo) + ', ' + end);

  // The LC-3's video: paint played with keys on the canvas.
  const keys = 'dddddsssraaq';
  const paint = fs.readFileSync(path.join(root, 'reference-asm/lc3/paint.asm'), 'utf8');
  const video = cliFrame(lc3sim, ['--video', '--frames', 'frames'], paint, keys);
  await lib.open(page, base, 'lc3', paint, [], (p) => p.check('#dev-screen'));
  await lib.press(page, '#run', ['waiting']);
  await page.click('#screen');
  await page.keyboard.type(keys.slice(0, -1), { delay: 20 });
  await lib.until(page, ['waiting'], 10000).catch(() => {});
  await page.screenshot({ path: path.join(shots, 'web-lc3-video.png') });
  await page.keyboard.type(keys.slice(-1));
  const ended = await lib.until(page, ['exited'], 10000).catch(() => 'not exited');
  const drawn = await compare(page, video.url, 1);
  check(ended === 'exited' && drawn.fits && drawn.differ === 0 && drawn.nonBlack > 128,
        'paint played on the canvas leaves lc3sim --video\'s frame: ' + ended + ' ' + JSON.stringify(drawn));
}

module.exports = { devices };
