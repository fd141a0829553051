// editor.js SITE MIPSSIM LC3SIM LC3AS: the web IDE's editor in headless Chromium
// (web/site/editor.js, files.js, highlight.js). Highlighting gives an
// instruction, a pseudo-instruction (LC-3: a TRAP alias), a directive and a
// register their classes in each ISA; a syntax error typed (no Assemble)
// shows the assembler's message, a gutter marker and a mark at its column;
// a breakpoint clicked in the gutter stops Continue and Run there as the
// CLI debugger's break does; several files (.include, syscall 13) run as
// mipssim runs them, survive a reload and travel in a share link; "With
// main" assembles a second file after the main one as mipssim does; the
// checks' findings show at the line mipssim's and lc3sim's --check name.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { check, serve, launch, status, until, ready, finish } = require('./page_lib.js');

// ONLY: the parts whose names contain it (when a part is being debugged).
const [site, mipssim, lc3sim, lc3as, only] = process.argv.slice(2);
if (!lc3as) {
  console.error('usage: editor.js SITE MIPSSIM LC3SIM LC3AS [ONLY]');
  process.exit(2);
}

// files ({name: text}) in a new folder, and a tool run there on the first.
function cliIn(files, tool, args, input) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-editor-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const r = spawnSync(tool, args, { cwd: dir, input: input || '', timeout: 60000 });
  fs.rmSync(dir, { recursive: true, force: true });
  if (r.error) throw r.error;
  return r;
}

// The page with no files kept: each part starts from the example.
async function fresh(page, base, query) {
  if (!page.url().startsWith(base)) await ready(page, base, query);   // the origin's storage
  await page.evaluate(() => localStorage.clear());
  await ready(page, base, query);
}

async function setText(page, text) {
  await page.$eval('#source', (el, t) => {
    el.value = t;
    el.dispatchEvent(new Event('input'));
  }, text);
}

async function serial(page, sel) {
  return page.$eval(sel, (el) => el.dataset.serial || '0');
}

// Clicks a button and waits for the state the worker sends after it.
async function press(page, button, names) {
  await page.click(button);
  return until(page, names);
}

async function highlighting(page, base, isa, text, want) {
  await fresh(page, base, '?isa=' + isa);
  await setText(page, text);
  const spans = await page.$$eval('#highlight span', (all) => all.map((s) => [s.textContent, s.className]));
  for (const [word, cls] of want) {
    check(spans.some(([t, c]) => t === word && c.split(' ').includes(cls)),
          isa + ': "' + word + '" is highlighted as ' + cls);
  }
  const layer = await page.$eval('#highlight', (el) => el.textContent);
  check(layer === text + '\n', isa + ': the highlight layer holds the text as typed, character for character');
}

// A syntax error typed at line 2 of a good program: the message comes by
// itself, after the typing pauses, where the command line puts it.
async function liveDiagnostic(page, base, isa, good, typed, cli) {
  await fresh(page, base, '?isa=' + isa);
  await setText(page, good);
  await page.waitForTimeout(500);   // the good program's (empty) answer
  const bad = good.replace(/\n/, '\n' + typed);
  const r = cli(bad);
  const m = /^program\.asm:(\d+):(\d+): error: (.*)$/m.exec(r.stderr.toString());
  check(m !== null, isa + ': the command line finds the error: ' + r.stderr.toString().split('\n')[0]);
  if (!m) return;
  const before = await serial(page, '#diagnostics');
  await page.$eval('#source', (el) => {
    el.focus();
    const end = el.value.indexOf('\n') + 1;
    el.setSelectionRange(end, end);
  });
  await page.keyboard.type(typed, { delay: 5 });
  const typedAt = Date.now();
  await page.waitForFunction(
    (b) => document.getElementById('diagnostics').dataset.serial !== b &&
           document.querySelector('#diagnostics li'), before, { timeout: 10000 });
  const waited = Date.now() - typedAt;
  const shown = await page.$$eval('#diagnostics li', (li) => li.map((l) => ({
    line: l.dataset.line, column: l.dataset.column, text: l.textContent })));
  check(shown.length === 1 && shown[0].line === m[1] && shown[0].column === m[2] &&
        shown[0].text === m[1] + ':' + m[2] + ': error: ' + m[3],
        isa + ': typing shows the error as the assembler says it: ' + JSON.stringify(shown) + ' / ' + m[0]);
  check(waited >= 150, isa + ': after a pause in typing (' + waited + ' ms)');
  check(await status(page) === 'ready', isa + ': nobody pressed Assemble');
  const marker = await page.$eval('#gutter [data-line="' + m[1] + '"]',
                                  (el) => [el.classList.contains('error'), el.title]);
  check(marker[0] && marker[1].includes(m[3]), isa + ': a gutter marker at line ' + m[1] + ' says it');
  const mark = await page.$$eval('#highlight .diag-error', (els) => els.map((e) => [e.dataset.line, e.dataset.column]));
  const prefix = bad.split('\n')[Number(m[1]) - 1].slice(0, Number(m[2]) - 1);
  const at = await page.$eval('#highlight', (el, line) => {
    const mark = el.querySelector('.diag-error[data-line="' + line + '"]');
    const range = document.createRange();
    range.setStart(el, 0);
    range.setEndBefore(mark);
    return range.toString().split('\n').pop();
  }, m[1]);
  check(mark.length === 1 && mark[0][0] === m[1] && mark[0][1] === m[2] && at === prefix,
        isa + ': the text is marked at column ' + m[2] + ': ' + JSON.stringify(mark));
}

async function regValue(page, name) {
  return page.$eval('#registers tr[data-reg="' + name + '"] td.value', (td) => td.textContent);
}

// A breakpoint clicked in the gutter, against the CLI debugger's break.
async function breakpoints(page, base) {
  const program = '        .text\nmain:   li $t0, 3\nloop:   addi $t0, $t0, -1\n' +
                  '        bnez $t0, loop\n        li $v0, 10\n        syscall\n';
  const cli = cliIn({ 'program.asm': program }, mipssim, ['-d', 'program.asm'], 'break program.asm:3\n' +
                    'continue\ncontinue\nquit\n').stdout.toString();
  const pc = /Breakpoint 1 at (0x[0-9a-f]+)/.exec(cli)[1];
  const t0 = [...cli.matchAll(/\$t0: \S+ -> (\S+)/g)].map((x) => x[1]);
  await fresh(page, base, '?isa=mips');
  await setText(page, program);
  await page.click('#gutter [data-line="3"]');
  check(await page.$eval('#gutter [data-line="3"]', (el) => el.classList.contains('breakpoint')),
        'a click in the gutter shows a breakpoint at line 3');
  await press(page, '#assemble', ['running']);
  for (let i = 0; i < 2; i++) {
    const s = await press(page, '#continue', ['break', 'exited']);
    const line = await page.$eval('#gutter .current', (el) => el.dataset.line).catch(() => '');
    const value = await regValue(page, '$t0');
    check(s === 'break' && line === '3' && await regValue(page, 'pc') === pc && value === t0[i],
          'Continue ' + (i + 1) + ' stops at the breakpoint as the CLI\'s continue does: ' +
          [s, line, await regValue(page, 'pc'), value].join(' ') + ' / ' + pc + ' $t0 ' + t0[i]);
  }
  await page.click('#reset');
  await page.waitForFunction(() => /\(0 instructions\)/.test(document.getElementById('status').textContent));
  check(await press(page, '#run', ['break', 'exited']) === 'break' &&
        await regValue(page, 'pc') === pc, 'Run stops there too');
  await page.click('#gutter [data-line="3"]');
  check(await press(page, '#continue', ['break', 'exited']) === 'exited',
        'a second click takes it away: Continue runs to the end');
}

const MAIN = '        .data\nname:   .asciiz "data.txt"\nbuf:    .space 64\n        .text\n' +
             'main:   li $v0, 13\n        la $a0, name\n        li $a1, 0\n        li $a2, 0\n' +
             '        syscall\n        move $a0, $v0\n        li $v0, 14\n        la $a1, buf\n' +
             '        li $a2, 63\n        syscall\n        la $a0, buf\n        jal show\n' +
             '        li $v0, 10\n        syscall\n        .include "lib.asm"\n';
const LIB = '        .text\nshow:   li $v0, 4\n        syscall\n        jr $ra\n';
const DATA = 'hello from data.txt\n';

async function runToEnd(page) {
  await press(page, '#assemble', ['running', 'not loaded']);
  const s = await press(page, '#run', ['exited', 'fault', 'waiting', 'input ended', 'stopped']);
  return { s, bytes: Buffer.from(await page.evaluate(() => window.consoleBytes)) };
}

// The tabs' names and each file's text, read through the tabs.
async function filesShown(page) {
  const names = await page.$$eval('#tabs .tab', (tabs) => tabs.map((t) => t.dataset.file));
  const files = {};
  for (const name of names) {
    await page.click('#tabs .tab[data-file="' + name + '"]');
    files[name] = await page.$eval('#source', (el) => el.value);
  }
  return files;
}

async function severalFiles(page, base) {
  const want = cliIn({ 'main.asm': MAIN, 'lib.asm': LIB, 'data.txt': DATA }, mipssim, ['main.asm']).stdout;
  await fresh(page, base, '?isa=mips');
  await page.fill('#file-name', 'main.asm');
  await page.click('#file-rename');
  await setText(page, MAIN);
  for (const [name, text] of [['lib.asm', LIB], ['data.txt', DATA]]) {
    await page.fill('#file-name', name);
    await page.click('#file-new');
    await setText(page, text);
  }
  await page.click('#tabs .tab[data-file="main.asm"]');
  const first = await runToEnd(page);
  check(first.s === 'exited' && first.bytes.equals(want),
        'three files (.include, syscall 13) run as mipssim runs them: ' + JSON.stringify(first.bytes.toString()));
  const expected = { 'main.asm': MAIN, 'lib.asm': LIB, 'data.txt': DATA };
  await ready(page, base, '?isa=mips');
  check(JSON.stringify(await filesShown(page)) === JSON.stringify(expected),
        'a reload keeps the files, their names, order and text');
  const again = await runToEnd(page);
  check(again.s === 'exited' && again.bytes.equals(want), 'and they run the same after it');

  await page.click('#share');
  const link = await page.$eval('#share-link', (el) => el.value);
  check(/\?isa=mips#z=[A-Za-z0-9_-]+$/.test(link), 'the share link carries the files compressed (' +
        link.length + ' characters)');
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await ready(page, base, link.slice(link.indexOf('/index.html') + '/index.html'.length));
  check(JSON.stringify(await filesShown(page)) === JSON.stringify(expected),
        'the share link opens the same files in a browser that had none');
  const shared = await runToEnd(page);
  check(shared.s === 'exited' && shared.bytes.equals(want), 'and the same program runs');
  check(await page.evaluate(() => location.hash) === '', 'the link is taken in once (a reload keeps edits)');
}

// "With main": a MIPS file assembled after the main one, as mipssim
// MAIN FILE assembles both (no .include; labels .globl, as in MARS); a
// data file in a folder.
const CALLER = '        .globl buf\n        .data\nname:   .asciiz "maps/m.txt"\n' +
               'buf:    .space 64\n        .text\n' +
               'main:   li $v0, 13\n        la $a0, name\n        li $a1, 0\n        li $a2, 0\n' +
               '        syscall\n        move $a0, $v0\n        li $v0, 14\n        la $a1, buf\n' +
               '        li $a2, 63\n        syscall\n        jal greet\n        li $v0, 10\n        syscall\n';
const CALLEE = '        .globl greet\n        .text\ngreet:  la $a0, buf\n        li $v0, 4\n' +
               '        syscall\n        jr $ra\n';

async function withMain(page, base) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-editor-'));
  fs.mkdirSync(path.join(dir, 'maps'));
  fs.writeFileSync(path.join(dir, 'main.asm'), CALLER);
  fs.writeFileSync(path.join(dir, 'greet.asm'), CALLEE);
  fs.writeFileSync(path.join(dir, 'maps', 'm.txt'), DATA);
  const want = spawnSync(mipssim, ['main.asm', 'greet.asm'], { cwd: dir, timeout: 60000 }).stdout;
  fs.rmSync(dir, { recursive: true, force: true });
  await fresh(page, base, '?isa=mips');
  await page.fill('#file-name', 'main.asm');
  await page.click('#file-rename');
  await setText(page, CALLER);
  for (const [name, text] of [['greet.asm', CALLEE], ['maps/m.txt', DATA]]) {
    await page.fill('#file-name', name);
    await page.click('#file-new');
    await setText(page, text);
  }
  await page.click('#tabs .tab[data-file="main.asm"]');
  const alone = await press(page, '#assemble', ['running', 'not loaded']);
  check(alone === 'not loaded', 'without With main the main file alone does not assemble (greet unknown)');
  await page.click('#tabs .tab[data-file="greet.asm"]');
  await page.click('#file-with');
  check(await page.$eval('#tabs .tab[data-file="greet.asm"]', (el) => el.classList.contains('with')),
        'With main marks the tab');
  await page.click('#tabs .tab[data-file="main.asm"]');
  const both = await runToEnd(page);
  check(both.s === 'exited' && both.bytes.equals(want),
        'With main assembles greet.asm after main.asm, and maps/m.txt opens, as mipssim main.asm ' +
        'greet.asm: ' + JSON.stringify(both.bytes.toString()) + ' / ' + JSON.stringify(want.toString()));
}

// A program with a check's finding: the page, with Checks on, shows it
// where the simulator's --check=all puts it.
async function findings(page, base, isa, program, sim) {
  const err = cliIn({ 'program.asm': program }, sim, ['--check=all', 'program.asm']).stderr.toString();
  const m = /^program\.asm:(\d+): check \[([^\]]+)\]: (.*)$/m.exec(err);
  check(m !== null, isa + ': --check finds something: ' + err.split('\n')[0]);
  if (!m) return;
  await fresh(page, base, '?isa=' + isa);
  await setText(page, program);
  await page.check('#checks');
  await press(page, '#assemble', ['running']);
  await page.click('#run');
  await page.waitForSelector('#findings li', { timeout: 10000 }).catch(() => {});
  const shown = await page.$$eval('#findings li', (li) => li.map((l) => [l.dataset.line, l.textContent]));
  check(shown.length >= 1 && shown[0][0] === m[1] && shown[0][1] === m[0],
        isa + ': the checks\' finding is shown as --check says it: ' + JSON.stringify(shown) + ' / ' + m[0]);
  check(await page.$eval('#gutter [data-line="' + m[1] + '"]', (el) => el.classList.contains('finding')),
        isa + ': and marked at line ' + m[1] + ' in the gutter');
  await page.uncheck('#checks');
}

async function main() {
  const server = await serve(site);
  const base = 'http://127.0.0.1:' + server.address().port;
  const { context, profile } = await launch();
  const page = context.pages()[0] || await context.newPage();
  page.on('pageerror', (e) => check(false, 'no error in the page: ' + e.message));
  const parts = {
    'highlight-mips': () => highlighting(page, base, 'mips', '        .data\nv:      .word 1\n' +
      '        .text\nmain:   addi $t0, $t0, 1\n        li $v0, 10\n        syscall\n',
      [['addi', 'tok-keyword-other-instruction'], ['li', 'tok-keyword-other-instruction-pseudo'],
       ['.word', 'tok-keyword-control-directive'], ['$t0', 'tok-variable-language-register']]),
    'highlight-lc3': () => highlighting(page, base, 'lc3',
      '        .ORIG x3000\n        ADD R1, R1, #1\n        HALT\n        .END\n',
      [['ADD', 'tok-keyword-other-instruction'], ['HALT', 'tok-support-function-trap'],
       ['.ORIG', 'tok-keyword-control-directive'], ['R1', 'tok-variable-language-register']]),
    'lint-lc3': () => liveDiagnostic(page, base, 'lc3', '        .ORIG x3000\n        HALT\n        .END\n',
      '        ADD R1, R1, #40\n',
      (text) => cliIn({ 'program.asm': text }, lc3as, ['-o', 'p.obj', 'program.asm'])),
    'lint-mips': () => liveDiagnostic(page, base, 'mips', '        .text\nmain:   li $v0, 10\n        syscall\n',
      '        addi $t0, $t9x, 1\n', (text) => cliIn({ 'program.asm': text }, mipssim, ['program.asm'])),
    breakpoints: () => breakpoints(page, base),
    files: () => severalFiles(page, base),
    with: () => withMain(page, base),
    'findings-mips': () => findings(page, base, 'mips', '        .text\nmain:   li $t0, 40\n' +
      '        li $a0, 2\n        jal double\n        add $a0, $t0, $v0\n        li $v0, 1\n' +
      '        syscall\n        li $v0, 10\n        syscall\ndouble: add $v0, $a0, $a0\n        jr $ra\n',
      mipssim),
    'findings-lc3': () => findings(page, base, 'lc3', '        .ORIG x3000\n        JSR SUB\n' +
      '        HALT\nSUB     ADD R1, R1, #1\n        RET\n        .END\n', lc3sim),
  };
  try {
    for (const [name, part] of Object.entries(parts)) if (!only || name.includes(only)) await part();
  } catch (e) {
    check(false, 'the editor test ran to its end: ' + e.message);
  }
  await finish(context, server, profile, 'web editor: all checks passed');
}

main();
