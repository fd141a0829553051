// views.js SITE MIPSSIM LC3SIM LC3AS ROOT SHOTS: the page's machine half in
// headless Chromium (web/README.md). A dozen golden programs of both ISAs
// (hw4 with its main and map, the LC-3 Nim played with keys) give in the
// console exactly the CLI's bytes, computed here; a breakpoint, Continue,
// Step, Step back, Step out and Step over change the register table as
// `mipssim -d`'s and `lc3sim -d`'s transcripts say, the call stack is
// their `bt` and the text view their disassembly; the FPU, coprocessor 0 and the value formats; the
// speed control; Pause within 0.1 s while Continue records; the device
// windows (devices_check.js) against the CLI's devices. Screenshots
// of both ISAs' pages go to SHOTS. Fails, never skips, without a browser.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const lib = require('./page_lib.js');
const { devices } = require('./devices_check.js');

const { check } = lib;
const [site, mipssim, lc3sim, , root, shots] = process.argv.slice(2);
if (!shots) {
  console.error('usage: views.js SITE MIPSSIM LC3SIM LC3AS ROOT SHOTS');
  process.exit(2);
}
const at = (p) => path.join(root, p);
const read = (p) => fs.readFileSync(at(p));

// MIPS: files from the project root, run there by mipssim as the golden
// tests do; the first goes in the editor, the rest (and data) beside it.
const MIPS = [
  { files: ['tests/golden/mips/hello.asm'] },
  { files: ['tests/golden/mips/read_int_string.asm'], input: 'tests/golden/mips/read_int_string.in' },
  { files: ['reference-asm/mips/hw4_main.asm', 'reference-asm/mips/hw4.asm'],
    data: ['maps/map3.txt'], input: 'tests/golden/hw4/win.in' },
  { files: ['reference-asm/mips/nim.asm'], data: ['reference-asm/mips/input.asm'],
    input: 'tests/golden/nim/no_seed.in' },
  { files: ['reference-asm/mips/strings/strings_main.asm', 'reference-asm/mips/strings/strings.asm'],
    input: 'tests/golden/strings/all.in' },
  { files: ['reference-asm/mips/recursion/recursion_main.asm',
            'reference-asm/mips/recursion/recursion.asm'], input: 'tests/golden/recursion/all.in' },
];
// LC-3: one file, run by lc3sim in its folder; input typed key by key.
const LC3 = [
  { file: 'reference-asm/lc3/nim.asm', input: 'tests/golden/lc3/nim/sample_game.in' },
  { file: 'tests/golden/lc3/lc3tools/putsp.asm' },
  { file: 'reference-asm/lc3/nim.asm', input: 'tests/golden/lc3/nim/invalid_examples.in' },
  { file: 'tests/golden/lc3/book/high_bytes.asm', input: 'tests/golden/lc3/book/high_bytes.in' },
  { file: 'tests/golden/lc3/book/jsrr_r7.asm' },
  { file: 'tests/golden/lc3/lc3tools/system_start.asm' },
];

async function goldens(page, base) {
  for (const c of MIPS) {
    const input = c.input ? read(c.input) : Buffer.alloc(0);
    const want = lib.cli(mipssim, c.files, root, input).stdout;
    // Data keep their path from the root (hw4 opens maps/map3.txt); an
    // included file sits beside the program, as it does on disk.
    const text = (f) => read(f).toString('utf8');
    const files = c.files.slice(1).map((f) => ({ name: path.basename(f), data: text(f), assemble: true }))
      .concat((c.data || []).map((f) => ({ name: f.startsWith('maps/') ? f : path.basename(f),
                                           data: text(f), assemble: false })));
    await lib.open(page, base, 'mips', read(c.files[0]).toString('utf8'), files);
    const got = await lib.runTyped(page, 'mips', input);
    const name = c.files.map((f) => path.basename(f)).join(' + ');
    check(got.state === 'exited' && got.bytes.equals(want),
          name + ' (MIPS): the console\'s bytes are mipssim\'s (' + got.state + ', ' +
          got.bytes.length + ' and ' + want.length + ' bytes)');
  }
  for (const c of LC3) {
    const input = c.input ? read(c.input) : Buffer.alloc(0);
    const want = lib.cli(lc3sim, [path.basename(c.file)], path.dirname(at(c.file)), input).stdout;
    await lib.open(page, base, 'lc3', read(c.file).toString('utf8'));
    const got = await lib.runTyped(page, 'lc3', input);
    check(got.state === 'exited' && got.bytes.equals(want),
          path.basename(c.file) + ' (LC-3): the console\'s bytes are lc3sim\'s (' + got.state + ', ' +
          got.bytes.length + ' and ' + want.length + ' bytes)');
  }
}

// A program with calls, and what the CLI debugger says of it.
const CALLS = [
  '        .text',
  'main:   li $a0, 3',
  '        jal count',
  '        move $s0, $v0',
  '        jal count',
  '        move $s1, $v0',
  '        li $v0, 10',
  '        syscall',
  'count:  li $v0, 0',
  'loop:   addi $v0, $v0, 1',
  '        bne $v0, $a0, loop',
  '        jr $ra', ''].join('\n');
const BREAK_LINE = 10;
// The same for the LC-3: a subroutine, a TRAP to step over.
const LC3_CALLS = [
  '        .ORIG x3000',
  '        LD R1, N',
  '        JSR COUNT',
  '        ADD R2, R0, #0',
  '        LEA R0, MSG',
  '        PUTS',
  '        HALT',
  'COUNT   AND R0, R0, #0',
  'LOOP    ADD R0, R0, #1',
  '        ADD R1, R1, #-1',
  '        BRp LOOP',
  '        RET',
  'N       .FILL #3',
  'MSG     .STRINGZ "ok"',
  '        .END', ''].join('\n');
const LC3_BREAK_LINE = 9;

// `SIM -d` on source with commands: each command's answer.
function transcript(sim, source, commands) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-views-'));
  fs.writeFileSync(path.join(dir, 'program.asm'), source);
  const r = spawnSync(sim, ['-d', 'program.asm'], { cwd: dir, input: commands.join('\n') + '\nquit\n' });
  fs.rmSync(dir, { recursive: true, force: true });
  // Each answer after the command's echo.
  return r.stdout.toString().split('(ldb) ').slice(1).map((b) => b.replace(/^.*\n/, ''));
}

// A stop's registers that changed (name: new value) and its pc.
function stopOf(block) {
  const changed = {};
  for (const m of block.matchAll(/^ {2}(\S+): \S+ -> (\S+) /gm)) changed[m[1]] = m[2];
  const pc = /=> (0?x[0-9a-f]+)/.exec(block);
  return { changed, pc: pc ? pc[1] : null };
}

async function pageStop(page) {
  const table = await lib.regs(page);
  const changed = {};
  for (const [name, r] of Object.entries(table)) {
    if (r.changed && !['pc', 'PC', 'CC'].includes(name)) changed[name] = r.value;  // CC: PSR's bits
  }
  return { changed, pc: (table.pc || table.PC).value };
}

// The stack view follows $sp, and paging leaves the register.
async function stackView(page) {
  const sp = (await lib.regs(page)).$sp.value;
  const first = () => page.$eval('#memory tr', (tr) => tr.cells[0].textContent);
  await page.selectOption('#mem-kind', 'stack');
  await page.waitForFunction((a) => document.querySelector('#memory tr').cells[0].textContent === a, sp,
                             { timeout: 5000 }).catch(() => {});
  const follows = await page.$eval('#mem-follow', (el) => el.value);
  const at = await first();
  await page.click('#mem-next');
  const next = '0x' + (parseInt(sp, 16) + 128).toString(16).padStart(8, '0');
  await page.waitForFunction((a) => document.querySelector('#memory tr').cells[0].textContent === a, next,
                             { timeout: 5000 }).catch(() => {});
  check(follows === '$sp' && at === sp && await first() === next &&
        await page.$eval('#mem-follow', (el) => el.value) === '',
        'the stack view starts at $sp (' + at + '), the next page 32 words on (' + await first() + ')');
  await page.selectOption('#mem-kind', 'text');
}

// A breakpoint, Continue, Step, Step back, Step out, Step over: after each
// the table's changes and pc are what the CLI debugger says, and at the
// breakpoint the call stack is its bt and the text view its x/i.
async function debugging(page, base, isa, source, breakLine, steps) {
  const sim = isa === 'mips' ? mipssim : lc3sim;
  const blocks = transcript(sim, source, ['break program.asm:' + breakLine, 'continue', 'bt', 'x/3i $pc']
    .concat(steps.slice(1).map((s) => s[0])));
  await lib.open(page, base, isa, source);
  await page.click('#gutter [data-line="' + breakLine + '"]');  // the breakpoint, as a user sets it
  let i = 1;  // blocks[0] is the break command's
  for (const [command, button] of steps) {
    if (!button) {
      await page.click('#gutter [data-line="' + breakLine + '"]');  // a second click takes it away
      i++;
      continue;
    }
    // Step back leaves the machine ready to run on.
    await lib.press(page, button, button === '#back' ? ['running'] : lib.STOPS);
    const want = stopOf(blocks[i]);
    const got = await pageStop(page);
    check(JSON.stringify(got) === JSON.stringify(want),
          isa + ' ' + command + ' changes the table as the CLI debugger says: ' + JSON.stringify(got) + ' / ' +
          JSON.stringify(want));
    if (i === 1) {
      // At the breakpoint: the call stack is bt's, the text view x/i's.
      i++;
      await page.waitForFunction(() => document.getElementById('callstack').textContent !== '');
      const bt = await page.$eval('#callstack', (el) => el.textContent);
      check(bt === blocks[i], isa + ': the call stack is the debugger\'s bt: ' + JSON.stringify(bt));
      i++;
      const rows = await page.$$eval('#memory tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
      const here = rows.findIndex((r) => r[0] === want.pc);
      const shown = here < 0 ? [] : rows.slice(here, here + 3).map((r) => r[2]);
      const cli = blocks[i].trim().split('\n').map((l) => l.split('\t')[1]);
      check(JSON.stringify(shown) === JSON.stringify(cli),
            isa + ': the text view disassembles as x/i does: ' + JSON.stringify(shown) + ' / ' +
            JSON.stringify(cli));
      check(here >= 0 && rows[here][3] === breakLine + ': ' + source.split('\n')[breakLine - 1].trim(),
            'with the source line: ' + (rows[here] || []).join(' | '));
      if (isa === 'mips') {
        await page.screenshot({ path: path.join(shots, 'web-mips-debug.png') });
        await stackView(page);
      }
    }
    i++;
  }
  check(await lib.press(page, '#continue') === 'exited', isa + ': Continue runs it to its end');
}

// The commands, as the CLI's (null: only the breakpoints change) and the
// page's buttons.
const STEPS = [['continue', '#continue'], ['stepi', '#step'], ['stepi', '#step'],
               ['reverse-stepi', '#back'], ['delete', null], ['finish', '#finish'],
               ['stepi', '#step'], ['nexti', '#next']];
// The LC-3's last Step over runs the PUTS TRAP whole.
const LC3_STEPS = STEPS.slice(0, -1).concat([['stepi', '#step'], ['nexti', '#next']]);

// The FPU as bits, single and double; coprocessor 0; decimal and ASCII.
async function registerViews(page, base) {
  const program = '        .text\n        li $t0, 0x41424344\n        li $t1, 0x3ff00000\n' +
                  '        mtc1 $t1, $f1\n        mtc1 $zero, $f0\n        li $t2, 0x40490fdb\n' +
                  '        mtc1 $t2, $f2\n        sw $t0, 1($zero)\n';
  await lib.open(page, base, 'mips', program);
  const state = await lib.press(page, '#run', ['fault']);
  const more = await page.$$eval('#more-registers tbody tr', (trs) => Object.fromEntries(trs.map((tr) =>
    [tr.dataset.reg, [...tr.cells].map((c) => c.textContent)])));
  check(state === 'fault' && more.$f0 && more.$f0[3] === '1' && more.$f2[1] === '0x40490fdb' &&
        more.$f2[2].startsWith('3.14159') && more.$f1[2] === '1.875',
        'the FPU: $f0-$f1 as the double 1, $f2 as the single pi: ' +
        JSON.stringify([more.$f0, more.$f1, more.$f2]));
  // Coprocessor 0 as the CLI debugger prints it after the same run.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-views-'));
  fs.writeFileSync(path.join(dir, 'program.asm'), program);
  const cp0 = ['$vaddr', '$cause', '$epc', '$status'];
  const r = spawnSync(mipssim, ['-d', 'program.asm'], { cwd: dir,
    input: 'continue\n' + cp0.map((n) => 'p/x ' + n + '\n').join('') + 'quit\n' });
  fs.rmSync(dir, { recursive: true, force: true });
  const want = cp0.map((n) => (new RegExp('\\' + n + ' = (0x[0-9a-f]+)').exec(r.stdout.toString()) || [])[1]);
  const got = cp0.map((n) => (more[n] || [])[1]);
  check(JSON.stringify(got) === JSON.stringify(want) && want[0] === '0x00000001',
        'coprocessor 0 after the unaligned store is the CLI\'s: ' + got + ' / ' + want);
  await page.selectOption('#reg-format', 'ascii');
  const ascii = (await lib.regs(page)).$t0.value;
  await page.selectOption('#reg-format', 'decimal');
  const decimal = (await lib.regs(page)).$t0.value;
  check(ascii === 'ABCD' && decimal === String(0x41424344), 'ASCII and decimal views: ' + ascii + ', ' + decimal);
  await page.selectOption('#reg-format', 'hex');
}

// The speed control holds a loop near its pace; Pause stops Continue fast.
async function speedAndPause(page, base) {
  await lib.open(page, base, 'mips', '        .text\nmain:   addi $t0, $t0, 1\n        j main\n');
  await page.$eval('#speed', (el) => { el.value = '5'; el.dispatchEvent(new Event('input')); });
  const speed = await page.$eval('#speed-text', (el) => el.textContent);
  const t0 = Date.now();
  await page.click('#run');
  await page.waitForTimeout(600);
  await page.click('#pause');
  await lib.until(page, ['paused'], 2000);
  const seconds = (Date.now() - t0) / 1000;
  const count = Number(/\((\d+) instructions\)/.exec(await page.$eval('#status', (el) => el.textContent))[1]);
  check(speed === '100/s' && count >= 20 && count <= 100 * seconds + 20,
        'at 100 instructions a second the loop ran ' + count + ' in ' + seconds.toFixed(2) + ' s');
  await page.$eval('#speed', (el) => { el.value = '9'; el.dispatchEvent(new Event('input')); });
  await page.click('#continue');
  await page.waitForTimeout(300);
  await page.evaluate(() => { window.pausedAt = performance.now(); worker.postMessage({ cmd: 'pause' }); });
  await lib.until(page, ['paused'], 2000);
  const took = Math.round(await page.evaluate(() => window.pauseMs));
  const after = Number(/\((\d+) instructions\)/.exec(await page.$eval('#status', (el) => el.textContent))[1]);
  check(took <= 100 && after > count + 1000,
        'full speed ran on (' + after + ' instructions), Continue paused in ' + took + ' ms');
}

async function lc3Table(page, base) {
  await lib.open(page, base, 'lc3', read('reference-asm/lc3/nim.asm').toString('utf8'));
  await lib.press(page, '#run', ['waiting']);
  for (let i = 0; i < 3; i++) await lib.press(page, '#step');
  const table = await lib.regs(page);
  check(table.PSR && table.CC && table.R6, 'the LC-3 table: R0-R7, PC, PSR, CC');
}

async function main() {
  const server = await lib.serve(site);
  const base = 'http://127.0.0.1:' + server.address().port;
  const { context, profile } = await lib.launch();
  const page = context.pages()[0] || await context.newPage();
  page.on('pageerror', (e) => check(false, 'no error in the page: ' + e.message));
  const t0 = Date.now();
  for (const shot of ['web-mips-debug.png', 'web-lc3-video.png']) fs.rmSync(path.join(shots, shot), { force: true });
  try {
    await debugging(page, base, 'mips', CALLS, BREAK_LINE, STEPS);
    await debugging(page, base, 'lc3', LC3_CALLS, LC3_BREAK_LINE, LC3_STEPS);
    await registerViews(page, base);
    await speedAndPause(page, base);
    await lc3Table(page, base);
    await devices(page, base, mipssim, lc3sim, root, shots);
    await goldens(page, base);
    for (const shot of ['web-mips-debug.png', 'web-lc3-video.png']) {
      const file = path.join(shots, shot);
      const png = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
      check(png.length > 10000 && png.toString('latin1', 1, 4) === 'PNG', 'the screenshot ' + shot + ' is made');
    }
  } catch (e) {
    check(false, 'the views test ran to its end: ' + e.stack);
  }
  await lib.finish(context, server, profile, 'the page\'s machine half: all checks passed',
                   () => ' in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
}

main();
