// node_golden.js MODULE MIPSSIM LC3SIM ROOT: the wasm module (the one-file
// build) runs golden programs of both ISAs and its console gives exactly
// the bytes the command-line tools give for the same program and input,
// computed here by running them. Also: a runtime error's message, slices
// and recorded runs give the same bytes, and stepping back undoes them.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { WebMachine } = require('../site/web_module.js');

const [modulePath, mipssim, lc3sim, root] = process.argv.slice(2);
if (!root) {
  console.error('usage: node_golden.js MODULE MIPSSIM LC3SIM ROOT');
  process.exit(2);
}

// Each: the ISA, the program and its input (tests/golden), relative to ROOT.
const CASES = [
  { isa: 'mips', program: 'tests/golden/mips/hello.asm' },
  { isa: 'mips', program: 'tests/golden/mips/read_int_string.asm',
    input: 'tests/golden/mips/read_int_string.in' },
  { isa: 'mips', program: 'tests/golden/mips/bad_int.asm', input: 'tests/golden/mips/bad_int.in',
    fault: true },
  { isa: 'mips', program: 'tests/golden/mips/overflow.asm', fault: true },
  { isa: 'lc3', program: 'reference-asm/lc3/nim.asm', input: 'tests/golden/lc3/nim/sample_game.in' },
  { isa: 'lc3', program: 'tests/golden/lc3/lc3tools/putsp.asm' },
  { isa: 'lc3', program: 'tests/golden/lc3/lc3tools/acv.asm' },
];

let failures = 0;
function check(ok, what) {
  if (!ok) {
    failures++;
    console.log('FAIL: ' + what);
  }
}

// What the command-line tool prints, run in the program's folder so that
// messages name the file as the module does.
function cli(c) {
  const sim = c.isa === 'mips' ? mipssim : lc3sim;
  const input = c.input ? fs.readFileSync(path.join(root, c.input)) : Buffer.alloc(0);
  const r = spawnSync(sim, [path.basename(c.program)],
                      { cwd: path.join(root, path.dirname(c.program)), input, timeout: 60000 });
  if (r.error) throw r.error;
  return { out: r.stdout, err: r.stderr.toString(), status: r.status, input };
}

// Runs the program in the module in slices; returns the console's bytes.
function page(mod, c, input, slice, record) {
  const source = fs.readFileSync(path.join(root, c.program));
  const m = new WebMachine(mod, c.isa, path.basename(c.program), source);
  check(m.diagnostics().ok, c.program + ': assembles in the module');
  m.feed(input);
  m.closeInput();
  const chunks = [];
  let status = 'running', slices = 0;
  while (status === 'running' && slices++ < 100000) {
    status = m.run(slice, record);
    chunks.push(Buffer.from(m.takeOutput()));
  }
  const result = { out: Buffer.concat(chunks), status, state: m.state(), machine: m };
  return result;
}

function showDiff(a, b) {
  return JSON.stringify(a.toString('latin1').slice(0, 400)) + '\n   vs ' +
         JSON.stringify(b.toString('latin1').slice(0, 400));
}

require(path.resolve(modulePath))().then((mod) => {
  for (const c of CASES) {
    const want = cli(c);
    const got = page(mod, c, want.input, 1000000, false);
    check(got.out.equals(want.out), c.program + ': console bytes equal the CLI\'s: ' +
          showDiff(got.out, want.out));
    if (c.fault) {
      // The CLI's error line says the same runtime error at the same pc.
      const what = got.state.message.replace(/^[^ ]* /, '');
      check(got.status === 'fault' && want.status !== 0 && want.err.includes(what),
            c.program + ': the runtime error "' + got.state.message + '" is the CLI\'s: ' + want.err);
    } else {
      check(got.status === 'exited', c.program + ': ends as the CLI does (' + got.status + ')');
    }
    got.machine.free();
    // Small slices and recorded steps change nothing the program prints.
    const sliced = page(mod, c, want.input, 997, true);
    check(sliced.out.equals(want.out), c.program + ': recorded slices give the same bytes: ' +
          showDiff(sliced.out, want.out));
    // Stepping back over every recorded step returns to the start.
    const m = sliced.machine;
    const before = sliced.state.instructions;
    let back = 0;
    while (m.stepBack()) back++;
    const start = m.state();
    check(start.instructions === 0 && back > 0 && back <= before,
          c.program + ': step back undid ' + back + ' of ' + before + ' steps to instruction ' +
          start.instructions);
    m.free();
  }
  // A syntax error is a diagnostic at its line and column.
  const bad = new WebMachine(mod, 'lc3', 'bad.asm', '.ORIG x3000\n  ADD R1, R1, #40\n.END\n');
  const d = bad.diagnostics();
  check(!d.ok && d.diagnostics.length === 1 && d.diagnostics[0].line === 2 &&
        d.diagnostics[0].column === 15 && d.diagnostics[0].file === 'bad.asm',
        'the LC-3 syntax error at 2:15: ' + JSON.stringify(d));
  bad.free();
  console.log(failures ? failures + ' failure(s)' : 'web module: ' + CASES.length +
              ' golden programs give the CLI\'s bytes');
  process.exit(failures ? 1 : 0);
}, (e) => {
  console.log('FAIL: the module did not load: ' + e);
  process.exit(1);
});
