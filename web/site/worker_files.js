// The worker's side of the editor (editor.js, files.js): the page's files
// written into the module's file system, the assembler run as you type on
// a machine of its own, the breakpoints set on each machine loaded, and the
// runtime checks' findings taken from what the checker prints.
'use strict';

const FILES_DIR = '/files';      // the program's files: its working directory
const LINT_DIR = '/lint';        // a copy for assembling as you type
let breakList = [];              // [{file, line}] the page's breakpoints
let checksOn = false;
const findings = [];             // found since the page was last told

// Writes files ({name: text}) as the only files of dir and makes it the
// working directory: the main file's .include and syscall 13 find them.
function writeFiles(mod, dir, files) {
  if (!mod.FS.analyzePath(dir).exists) mod.FS.mkdir(dir);
  for (const name of mod.FS.readdir(dir))
    if (name !== '.' && name !== '..') mod.FS.unlink(dir + '/' + name);
  for (const [name, text] of Object.entries(files)) mod.FS.writeFile(dir + '/' + name, text);
  mod.FS.chdir(dir);
}

// The breakpoints on machine: by the name the assembler gave each file.
function applyBreaks(machine) {
  machine.clearBreaks();
  for (const b of breakList)
    if (!machine.setBreak(b.file, b.line)) machine.setBreak('./' + b.file, b.line);
}

// The page's program on a new machine, its breakpoints and checks set.
function loadProgram(mod, msg) {
  if (msg.files) writeFiles(mod, FILES_DIR, msg.files);
  if (msg.breaks) breakList = msg.breaks;
  if (msg.checks !== undefined) checksOn = msg.checks;
  findings.length = 0;
  const machine = new WebMachine(mod, msg.isa, msg.name, msg.source, Boolean(msg.files));
  if (machine.diagnostics().ok) {
    applyBreaks(machine);
    if (checksOn) machine.checks('all');
  }
  return machine;
}

// What the assembler says of the files now, the running machine untouched.
function lint(mod, msg) {
  writeFiles(mod, LINT_DIR, msg.files);
  const scratch = new WebMachine(mod, msg.isa, msg.name, msg.files[msg.name] || '', true);
  const diagnostics = scratch.diagnostics();
  scratch.free();
  mod.FS.chdir(mod.FS.analyzePath(FILES_DIR).exists ? FILES_DIR : '/');
  postMessage({ type: 'lint', serial: msg.serial, diagnostics });
}

// The module's stdout: the checker's findings ("FILE:LINE: check [NAME]:
// TEXT", as --check prints them); the lines that show the source are not.
function printed(line) {
  const m = /^(.+?):(\d+): check \[([^\]]+)\]: (.*)$/.exec(line);
  if (m) findings.push({ file: m[1], line: Number(m[2]), check: m[3], message: m[4] });
}

function postFindings() {
  if (!findings.length) return;
  postMessage({ type: 'findings', findings: findings.splice(0) });
}

// The editor's commands; false for any other.
function editorCommand(mod, machine, msg) {
  switch (msg.cmd) {
  case 'lint':
    lint(mod, msg);
    return true;
  case 'breaks':
    breakList = msg.list;
    if (machine && machine.diagnostics().ok) applyBreaks(machine);
    return true;
  }
  return false;
}
