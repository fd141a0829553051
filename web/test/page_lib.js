// What the web IDE's browser tests share: the site served over http on
// 127.0.0.1, Debian's headless Chromium through playwright-core (a failure,
// never a skip, when it cannot start), checks counted, and waits on the
// page's status.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const { chromium } = require('playwright-core');

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
                '.wasm': 'application/wasm', '.asm': 'text/plain', '.json': 'application/json' };

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

// A browser with a profile of its own (its localStorage lasts across
// reloads, as a user's does), or the process ends failing.
async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'web-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1200, height: 760 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
             '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    return { context, profile };
  } catch (e) {
    console.log('FAIL: Chromium did not start: ' + e.message);
    process.exit(1);
  }
}

async function status(page) {
  return page.$eval('#status', (el) => el.dataset.status || '');
}

// Waits until the status is one of names.
async function until(page, names, ms) {
  await page.waitForFunction((n) => n.includes(document.getElementById('status').dataset.status),
                             names, { timeout: ms || 20000 });
  return status(page);
}

function failed() {
  return failures;
}

module.exports = { check, serve, launch, status, until, failed };
