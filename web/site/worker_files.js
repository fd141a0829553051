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

// Empties dir, folders in it too.
function emptyDir(mod, dir) {
  for (const name of mod.FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    const p = dir + '/' + name;
    if (mod.FS.isDir(mod.FS.stat(p).mode)) {
      emptyDir(mod, p);
      mod.FS.rmdir(p);
    } else {
      mod.FS.unlink(p);
    }
  }
}

// Writes files ({name: text}) as the only files of dir and makes it the
// working directory: the main file's .include and syscall 13 find them.
// A name with a folder (hw4's maps/map3.txt, from a share link) gets it.
function writeFiles(mod, dir, files) {
  if (!mod.FS.analyzePath(dir).exists) mod.FS.mkdir(dir);
  emptyDir(mod, dir);
  mod.FS.chdir(dir);
  for (const [name, text] of Object.entries(files)) {
    const folder = name.replace(/\/?[^/]*$/, '');
    if (folder) mod.FS.mkdirTree(dir + '/' + folder);
    mod.FS.writeFile(dir + '/' + name, text);
  }
}

// The breakpoints on machine, the debugger core's: by the name the
// assembler gave each file. Those set before are deleted first.
function applyBreaks(machine) {
  for (const id of machine.breakIds || []) machine.breakDelete(id);
  machine.breakIds = [];
  for (const b of breakList) {
    const id = machine.breakLine(b.file, b.line) || machine.breakLine('./' + b.file, b.line);
    if (id) machine.breakIds.push(id);
  }
}

// The page's program on a new machine, its breakpoints and checks set.
function loadProgram(mod, msg) {
  if (msg.files) writeFiles(mod, FILES_DIR, msg.files);
  if (msg.breaks) breakList = msg.breaks;
  if (msg.checks !== undefined) checksOn = msg.checks;
  findings.length = 0;
  const machine = new WebMachine(mod, msg.isa, msg.name, msg.source, Boolean(msg.files),
                                 msg.isa === 'mips' ? msg.assemble : []);
  if (machine.diagnostics().ok) {
    applyBreaks(machine);
    if (checksOn) machine.checks('all');
  }
  return machine;
}

// What the assembler says of the files now, the running machine untouched.
function lint(mod, msg) {
  writeFiles(mod, LINT_DIR, msg.files);
  const scratch = new WebMachine(mod, msg.isa, msg.name, msg.files[msg.name] || '', true,
                                 msg.isa === 'mips' ? msg.assemble : []);
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
