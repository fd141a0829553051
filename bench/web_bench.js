// web_bench.js SITE MIPSSIM [RUNS]: the web page's speed on bench/mips_loops.asm
// (about 100 M instructions) in headless Chromium, run as a user runs it
// (Run: the worker's slices), against the native mipssim on the same file
// (wall clock, best of RUNS each). The goal: at least a third.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const { spawnSync } = require('child_process');
const { chromium } = require('playwright-core');

const [site, mipssim, runsArg] = process.argv.slice(2);
const runs = Number(runsArg || 3);
const program = path.join(__dirname, 'mips_loops.asm');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
                '.wasm': 'application/wasm' };

function best(times) {
  return Math.min(...times);
}

async function main() {
  const native = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    spawnSync(mipssim, [program], { stdio: 'ignore' });
    native.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  const server = http.createServer((req, res) => {
    const file = path.join(site, new URL(req.url, 'http://x').pathname);
    if (!file.startsWith(site) || !fs.existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'text/plain' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'web-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] || await context.newPage();
  await page.goto('http://127.0.0.1:' + server.address().port + '/index.html?isa=mips');
  await page.waitForFunction(() => document.getElementById('status').dataset.status === 'ready');
  const web = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    await page.$eval('#source', (el, t) => { el.value = t; }, fs.readFileSync(program, 'utf8'));
    await page.click('#assemble');
    await page.waitForFunction(() => document.getElementById('status').dataset.status === 'running');
    const t0 = await page.evaluate(() => performance.now());
    await page.click('#run');
    await page.waitForFunction(() => document.getElementById('status').dataset.status === 'exited',
                               null, { timeout: 300000, polling: 10 });
    web.push((await page.evaluate(() => performance.now()) - t0) / 1000);
    count = Number(/\((\d+) instructions\)/.exec(await page.$eval('#status', (e) => e.textContent))[1]);
  }
  await context.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
  const n = best(native), w = best(web);
  console.log('web: ' + count + ' MIPS instructions: native mipssim ' + n.toFixed(3) + ' s (' +
              (count / n / 1e6).toFixed(0) + ' M/s), the page ' + w.toFixed(3) + ' s (' +
              (count / w / 1e6).toFixed(0) + ' M/s): ' + (n / w).toFixed(2) +
              ' of native (goal: at least 0.33)');
}

main().catch((e) => {
  console.error('web_bench: ' + e.message);
  process.exit(1);
});
