// What the page's browser tests (browser.js, editor.js, views.js, devices_check.js)
// share: the site served on 127.0.0.1, Debian's headless Chromium through
// playwright-core (a failure, never a skip, when it cannot start), checks
// counted, the CLI's bytes for a program, and the page driven as a user
// drives it (its files, Assemble, a button, a wait for a status).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const { spawnSync } = require('child_process');
const { chromium } = require('playwright-core');

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
                '.wasm': 'application/wasm', '.asm': 'text/plain', '.json': 'application/json' };
// The statuses a run ends or pauses at (app.js's data-status).
const STOPS = ['exited', 'fault', 'waiting', 'input ended', 'stopped', 'break', 'stepped', 'paused'];

let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok: ' : 'FAIL: ') + what);
  if (!ok) failures++;
}

function serve(site) {
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

// Chromium with a profile of its own (its localStorage lasts across
// reloads, as a user's does), 1400 x 820 unless viewport says otherwise;
// exits the test (a failure) when it cannot start.
async function launch(viewport) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'web-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium', headless: true,
      viewport: viewport || { width: 1400, height: 820 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
             '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    return { context, profile };
  } catch (e) {
    console.log('FAIL: Chromium did not start: ' + e.message);
    process.exit(1);
  }
}

// The command-line tool's run of files (the first run first) in cwd.
function cli(sim, files, cwd, input, args) {
  const r = spawnSync(sim, (args || []).concat(files), { cwd, input: input || Buffer.alloc(0), timeout: 60000 });
  if (r.error) throw r.error;
  return r;
}

async function status(page) {
  return page.$eval('#status', (el) => el.dataset.status || '');
}

async function serial(page) {
  return page.$eval('#status', (el) => el.dataset.serial);
}

// Waits for the next state after serial `before`, then for one of names.
async function until(page, names, ms, before) {
  if (before !== undefined) {
    await page.waitForFunction((n) => document.getElementById('status').dataset.serial !== n, before,
                               { timeout: ms || 20000 });
  }
  await page.waitForFunction((n) => n.includes(document.getElementById('status').dataset.status),
                             names, { timeout: ms || 20000 });
  return status(page);
}

// The ISA's page loaded, its files shown.
async function ready(page, base, query) {
  await page.goto(base + '/index.html' + (query || ''));
  await until(page, ['ready']);
  await page.waitForSelector('#tabs .tab');
}

// Opens the ISA's page with source as its main file, program.asm, and
// files beside it ([{name, data, assemble}]; assemble: MIPS assembles it
// after the main one), as the file tabs hold them, and assembles it;
// setup(page), if given, runs before (ticking the devices to attach).
async function open(page, base, isa, source, files, setup) {
  await ready(page, base, '?isa=' + isa);
  if (setup) await setup(page);
  await page.evaluate(([main, more]) => {
    Files.fs = { files: { 'program.asm': main }, order: ['program.asm'], main: 'program.asm',
                 current: 'program.asm', breaks: {}, with: [] };
    for (const f of more) {
      Files.fs.files[f.name] = f.data;
      Files.fs.order.push(f.name);
      if (f.assemble) Files.fs.with.push(f.name);
    }
    Files.save();
    Files.show();
    Editor.sendBreaks();
  }, [source, files || []]);
  await page.click('#assemble');
  await until(page, ['running', 'not loaded']);
}

// Clicks a button and waits for the state it leads to.
async function press(page, button, names) {
  const before = await serial(page);
  await page.click(button);
  return until(page, names || STOPS, 20000, before);
}

// The register table: name -> {value, changed}.
async function regs(page) {
  return page.$$eval('#registers tr', (rows) => Object.fromEntries(rows.map((r) => [
    r.dataset.reg, { value: r.cells[1].textContent, changed: r.classList.contains('changed') }])));
}

// Runs the program with its input typed as a user would, typing ahead of
// the program (MIPS a line and Enter, the LC-3 key by key): its end and
// the console's bytes.
async function runTyped(page, isa, input) {
  await page.click('#run');
  const lines = input.toString('latin1').split(/(?<=\n)/).filter((l) => l.length);
  for (const line of lines) {
    if (isa === 'mips') {
      await page.fill('#input', line.replace(/\n$/, ''));
      await page.press('#input', 'Enter');
    } else {
      await page.type('#input', line);
    }
  }
  const state = await until(page, ['exited', 'fault', 'input ended', 'stopped'], 30000).catch(status.bind(null, page));
  return { state, bytes: Buffer.from(await page.evaluate(() => window.consoleBytes)) };
}

function failed() {
  return failures;
}

// The end of a test: the browser, the server and the profile gone, the
// count of failures (or passed) printed with suffix, the exit status set.
async function finish(context, server, profile, passed, suffix) {
  await context.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
  console.log((failures ? failures + ' failure(s)' : passed) + (suffix ? suffix() : ''));
  process.exit(failures ? 1 : 0);
}

module.exports = { STOPS, check, serve, launch, cli, status, serial, until, ready, open, press,
                   regs, runTyped, failed, finish };
