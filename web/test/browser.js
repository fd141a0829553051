// browser.js SITE MIPSSIM LC3SIM LC3AS ROOT SHOTS: the web IDE in headless
// Chromium (Debian's, driven by playwright-core): two golden programs, one
// per ISA, typed in and run, give exactly the CLI's console bytes; Step and
// Step back change the register table; a syntax error is shown at its line
// and column; Pause stops a running loop within 0.1 s. Screenshots of both
// pages go to SHOTS. Fails, never skips, when the browser cannot start.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const { spawnSync } = require('child_process');
const { chromium } = require('playwright-core');

const [site, mipssim, lc3sim, lc3as, root, shots] = process.argv.slice(2);
if (!shots) {
  console.error('usage: browser.js SITE MIPSSIM LC3SIM LC3AS ROOT SHOTS');
  process.exit(2);
}
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
                '.wasm': 'application/wasm', '.asm': 'text/plain' };

let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok: ' : 'FAIL: ') + what);
  if (!ok) failures++;
}

// The site's folder over http on 127.0.0.1 (what scripts/web.sh serves).
function serve() {
  const server = http.createServer((req, res) => {
    const file = path.join(site, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(site) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function cli(sim, program, input) {
  const r = spawnSync(sim, [path.basename(program)],
                      { cwd: path.dirname(program), input: input || Buffer.alloc(0), timeout: 60000 });
  if (r.error) throw r.error;
  return r;
}

async function status(page) {
  return page.$eval('#status', (el) => el.dataset.status || '');
}

// Waits until the status is one of names (a run's end, or waiting).
async function until(page, names, ms) {
  await page.waitForFunction((n) => n.includes(document.getElementById('status').dataset.status),
                             names, { timeout: ms || 20000 });
  return status(page);
}

async function open(page, base, isa, source) {
  await page.goto(base + '/index.html?isa=' + isa);
  await until(page, ['ready']);
  await page.$eval('#source', (el, text) => {
    el.value = text;
    el.dispatchEvent(new Event('input'));
  }, source);
  await page.click('#assemble');
  await until(page, ['running', 'not loaded']);
}

async function regs(page) {
  return page.$$eval('#registers tr', (rows) => Object.fromEntries(rows.map((r) => [
    r.dataset.reg, { value: r.cells[1].textContent, changed: r.classList.contains('changed') }])));
}

// A golden program run in the page with its input typed as a user would:
// MIPS a line at a time when the program waits for one, LC-3 key by key.
async function golden(page, base, isa, program, inputFile) {
  const input = inputFile ? fs.readFileSync(inputFile) : Buffer.alloc(0);
  const want = cli(isa === 'mips' ? mipssim : lc3sim, program, input).stdout;
  await open(page, base, isa, fs.readFileSync(program, 'utf8'));
  await page.click('#run');
  const lines = input.toString('latin1').split(/(?<=\n)/).filter((l) => l.length);
  let state = await until(page, ['exited', 'fault', 'waiting', 'input ended', 'stopped']);
  for (const line of lines) {
    if (state !== 'waiting') break;
    const serial = await page.$eval('#status', (el) => el.dataset.serial);
    if (isa === 'mips') {
      await page.fill('#input', line.replace(/\n$/, ''));
      await page.press('#input', 'Enter');
    } else {
      await page.type('#input', line);
    }
    // The next state the worker sends, whatever it says.
    await page.waitForFunction((n) => document.getElementById('status').dataset.serial !== n, serial);
    state = await until(page, ['exited', 'fault', 'waiting', 'input ended', 'stopped']);
  }
  const got = Buffer.from(await page.evaluate(() => window.consoleBytes));
  check(state === 'exited', path.basename(program) + ' (' + isa + ') runs to its end: ' + state);
  check(got.equals(want), path.basename(program) + ': the console\'s bytes are the CLI\'s (' +
        got.length + ' and ' + want.length + ' bytes)');
  const shown = await page.$eval('#output', (el) => [...el.childNodes]
    .filter((n) => !(n.classList && n.classList.contains('typed'))).map((n) => n.textContent).join(''));
  check(shown === want.toString('utf8'), path.basename(program) + ': the console shows that text');
}

async function main() {
  const server = await serve();
  const base = 'http://127.0.0.1:' + server.address().port;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'web-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1200, height: 760 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
             '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  } catch (e) {
    console.log('FAIL: Chromium did not start: ' + e.message);
    process.exit(1);
  }
  const page = context.pages()[0] || await context.newPage();
  page.on('pageerror', (e) => check(false, 'no error in the page: ' + e.message));
  try {
    await golden(page, base, 'mips', path.join(root, 'tests/golden/mips/read_int_string.asm'),
                 path.join(root, 'tests/golden/mips/read_int_string.in'));
    await golden(page, base, 'lc3', path.join(root, 'reference-asm/lc3/nim.asm'),
                 path.join(root, 'tests/golden/lc3/nim/sample_game.in'));
    await page.screenshot({ path: path.join(shots, 'web-lc3.png') });

    // Step and Step back on the MIPS example: li $v0, 4 is its first word.
    await open(page, base, 'mips', fs.readFileSync(path.join(root, 'web/site/examples/mips.asm'), 'utf8'));
    const start = await regs(page);
    await page.click('#step');
    await page.waitForFunction(() => /\(1 instructions\)/.test(document.getElementById('status').textContent));
    const one = await regs(page);
    check(start.pc.value === '0x00400000' && one.pc.value === '0x00400004' && one.pc.changed,
          'Step moves pc from 0x00400000 to 0x00400004, highlighted');
    check(one.$v0.value === '0x00000004' && one.$v0.changed && !one.$t0.changed,
          'Step sets $v0 to 4, highlighted, and leaves $t0 alone');
    await page.click('#back');
    await page.waitForFunction(() => /\(0 instructions\)/.test(document.getElementById('status').textContent));
    const back = await regs(page);
    check(back.pc.value === '0x00400000' && back.$v0.value === '0x00000000' && back.$v0.changed,
          'Step back restores pc and $v0');
    await page.fill('#input', '3');
    await page.click('#continue');
    await until(page, ['waiting']);
    await page.press('#input', 'Enter');
    await until(page, ['exited']);
    await page.screenshot({ path: path.join(shots, 'web-mips.png') });
    await page.click('#reset');
    await page.waitForFunction(() => /\(0 instructions\)/.test(document.getElementById('status').textContent));
    const reset = await regs(page);
    check(reset.pc.value === '0x00400000' && await status(page) === 'running' &&
          (await page.$eval('#output', (el) => el.textContent)) === '',
          'Reset loads the program again: pc at the start, the console empty');

    // Pause stops a loop that never ends within 0.1 s.
    await open(page, base, 'mips', '        .text\nmain:   addi $t0, $t0, 1\n        j main\n');
    await page.click('#run');
    await page.waitForTimeout(300);
    await page.click('#pause');
    await until(page, ['paused'], 2000);
    const took = Math.round(await page.evaluate(() => window.pauseMs));
    check(took <= 100, 'Pause stops a running loop within 0.1 s (' + took + ' ms)');

    // A syntax error: the assembler's message at its line and column.
    const bad = '        .ORIG x3000\n        ADD R1, R1, #40\n        HALT\n        .END\n';
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'web-bad-'));
    fs.writeFileSync(path.join(tmp, 'program.asm'), bad);
    const err = spawnSync(lc3as, ['-o', path.join(tmp, 'p.obj'), 'program.asm'], { cwd: tmp }).stderr.toString();
    const m = /^program\.asm:(\d+):(\d+): error: (.*)$/m.exec(err);
    await open(page, base, 'lc3', bad);
    const shown = await page.$$eval('#diagnostics li', (li) => li.map((l) => ({
      line: l.dataset.line, column: l.dataset.column, text: l.textContent })));
    check(m && shown.length === 1 && shown[0].line === m[1] && shown[0].column === m[2] &&
          shown[0].text === m[1] + ':' + m[2] + ': error: ' + m[3],
          'the syntax error is shown as lc3as says it: ' + JSON.stringify(shown) + ' / ' + err.split('\n')[0]);
    const marked = await page.$eval('#gutter', (g) => [...g.querySelectorAll('.error')].map((e) => e.dataset.line));
    check(m && marked.length === 1 && marked[0] === m[1], 'its line is marked in the gutter');
  } catch (e) {
    check(false, 'the browser test ran to its end: ' + e.message);
  }
  await context.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
  console.log(failures ? failures + ' failure(s)' : 'web page: all checks passed');
  process.exit(failures ? 1 : 0);
}

main();
