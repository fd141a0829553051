// browser.js SITE MIPSSIM LC3SIM LC3AS ROOT SHOTS: the web IDE in headless
// Chromium (Debian's, driven by playwright-core): two golden programs, one
// per ISA, typed in and run, give exactly the CLI's console bytes; Step and
// Step back change the register table as the CLI debugger's transcript
// says; Reset starts over; a syntax error is shown at its line and
// column; Pause stops a running loop within 0.1 s. Screenshots of both
// pages go to SHOTS. Fails, never skips, when the browser cannot start.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const lib = require('./page_lib.js');
const { check, serve, launch, status, until, ready, regs } = lib;

const [site, mipssim, lc3sim, lc3as, root, shots] = process.argv.slice(2);
if (!shots) {
  console.error('usage: browser.js SITE MIPSSIM LC3SIM LC3AS ROOT SHOTS');
  process.exit(2);
}

// The CLI's run of program in its folder.
function cli(sim, program, input) {
  return lib.cli(sim, [path.basename(program)], path.dirname(program), input);
}

// The ISA's page with source typed into the editor's text, assembled.
async function open(page, base, isa, source) {
  await ready(page, base, '?isa=' + isa);
  await page.$eval('#source', (el, text) => {
    el.value = text;
    el.dispatchEvent(new Event('input'));
  }, source);
  await page.click('#assemble');
  await until(page, ['running', 'not loaded']);
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

// What `SIM -d` says after each of steps stepi and then as many
// reverse-stepi: the registers that changed (name: new value) and the pc.
function cliSteps(isa, program, steps) {
  const commands = 'stepi\n'.repeat(steps) + 'reverse-stepi\n'.repeat(steps) + 'quit\n';
  const r = spawnSync(isa === 'mips' ? mipssim : lc3sim, ['-d', path.basename(program)],
                      { cwd: path.dirname(program), input: commands, timeout: 60000 });
  const blocks = r.stdout.toString().split('(ldb) ').slice(1, 1 + 2 * steps);
  return blocks.map((b) => {
    const changed = {};
    for (const m of b.matchAll(/^ {2}(\S+): \S+ -> (\S+) /gm)) changed[m[1]] = m[2];
    // The program's output may come first on the line (no newline).
    return { changed, pc: /=> (0?x[0-9a-f]+)/.exec(b)[1] };
  });
}

// The page's Step and Step back against the CLI's transcript: after each,
// the rows highlighted (but pc and CC) are the registers the CLI says
// changed, with its values, and the pc is the CLI's.
async function transcript(page, base, isa, program, steps) {
  const want = cliSteps(isa, program, steps);
  await open(page, base, isa, fs.readFileSync(program, 'utf8'));
  for (let i = 0; i < 2 * steps; i++) {
    const serial = await page.$eval('#status', (el) => el.dataset.serial);
    await page.click(i < steps ? '#step' : '#back');
    await page.waitForFunction((n) => document.getElementById('status').dataset.serial !== n, serial);
    const table = await regs(page);
    const changed = {};
    let pc = '';
    for (const [name, r] of Object.entries(table)) {
      if (name === 'pc' || name === 'PC') pc = r.value;
      else if (r.changed && name !== 'CC') changed[name] = r.value;
    }
    const what = isa + ' ' + (i < steps ? 'Step ' + (i + 1) : 'Step back ' + (i - steps + 1));
    check(JSON.stringify(changed) === JSON.stringify(want[i].changed) && pc === want[i].pc,
          what + ' changes the table as the CLI debugger says: ' + JSON.stringify(changed) +
          ' pc ' + pc + ' / ' + JSON.stringify(want[i].changed) + ' pc ' + want[i].pc);
  }
}

async function main() {
  const server = await serve(site);
  const base = 'http://127.0.0.1:' + server.address().port;
  // The size of the README's screenshots (docs/images).
  const { context, profile } = await launch({ width: 1200, height: 760 });
  const page = context.pages()[0] || await context.newPage();
  page.on('pageerror', (e) => check(false, 'no error in the page: ' + e.message));
  try {
    await golden(page, base, 'mips', path.join(root, 'tests/golden/mips/read_int_string.asm'),
                 path.join(root, 'tests/golden/mips/read_int_string.in'));
    await golden(page, base, 'lc3', path.join(root, 'reference-asm/lc3/nim.asm'),
                 path.join(root, 'tests/golden/lc3/nim/sample_game.in'));
    await page.screenshot({ path: path.join(shots, 'web-lc3.png') });

    // Step and Step back as the CLI debugger's transcript says, both ISAs.
    await transcript(page, base, 'lc3', path.join(root, 'web/site/examples/lc3.asm'), 6);
    await transcript(page, base, 'mips', path.join(root, 'web/site/examples/mips.asm'), 5);
    // Continue from a fresh start, the number typed when it is asked for.
    await open(page, base, 'mips', fs.readFileSync(path.join(root, 'web/site/examples/mips.asm'), 'utf8'));
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
  await lib.finish(context, server, profile, 'web page: all checks passed');
}

main();
