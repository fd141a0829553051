// The page's files: a small file system per ISA (a homework file, its
// main, data files such as hw4's maps) shown as tabs, kept in
// localStorage across reloads, opened from and saved to the user's disk,
// and carried whole by a share link. The worker writes them all into the
// module's file system before assembling, so .include and syscall 13 find
// them; the main file is the one assembled.
'use strict';

const STORE = 'asmtools.files.';   // + isa: one file system per machine

const Files = {
  isa: null,
  // { files: {name: text}, order: [name], main, current, breaks: {name: [line]},
  //   with: [name] } (with: MIPS files assembled after the main one)
  fs: null,

  empty(name, text) {
    return { files: { [name]: text }, order: [name], main: name, current: name, breaks: {} };
  },

  save() {
    try {
      localStorage.setItem(STORE + this.isa, JSON.stringify(this.fs));
    } catch (e) {
      $('status').textContent = 'files not kept: ' + e.message;
    }
  },

  // The files kept for isa, or null.
  kept(isa) {
    try {
      const kept = JSON.parse(localStorage.getItem(STORE + isa) || 'null');
      return kept && kept.files && kept.order && kept.order.length ? kept : null;
    } catch (e) {
      return null;
    }
  },

  // The ISA's files: kept ones, else its example as program.asm.
  async open(isa) {
    if (this.fs) this.save();
    this.isa = isa;
    const kept = this.kept(isa);
    if (kept) {
      this.fs = Object.assign({ breaks: {} }, kept);
    } else {
      const r = await fetch('examples/' + isa + '.asm');
      this.fs = this.empty('program.asm', await r.text());
    }
    this.show();
  },

  // The editor shows the current file; the tabs all of them.
  show() {
    $('source').value = this.fs.files[this.fs.current];
    $('source').scrollTop = 0;
    const tabs = $('tabs');
    tabs.innerHTML = '';
    for (const name of this.fs.order) {
      const tab = document.createElement('button');
      tab.className = 'tab' + (name === this.fs.current ? ' current' : '') +
                      (name === this.fs.main ? ' main' : '') +
                      (this.withMain().includes(name) ? ' with' : '');
      tab.dataset.file = name;
      tab.setAttribute('role', 'tab');
      tab.textContent = name;
      tab.title = name === this.fs.main ? 'the main file: Assemble assembles it' : 'open ' + name;
      tab.onclick = () => this.select(name);
      tabs.appendChild(tab);
    }
    numberLines();
  },

  select(name) {
    if (!(name in this.fs.files) || name === this.fs.current) return;
    this.fs.current = name;
    this.save();
    this.show();
    Editor.lintSoon();
  },

  edited(text) {
    this.fs.files[this.fs.current] = text;
    this.save();
  },

  // A file's name: a path inside the folder (hw4 opens maps/map3.txt),
  // never above it nor absolute.
  plainName(name) {
    return Boolean(name) && !/\\/.test(name) &&
           name.split('/').every((part) => part && part !== '.' && part !== '..');
  },

  // Why name cannot be a new or renamed file's, or ''.
  valid(name) {
    if (!this.plainName(name)) return 'give a name inside the folder (no .., no leading /)';
    if (name in this.fs.files) return name + ' exists already';
    return '';
  },

  add(name, text) {
    if (!(name in this.fs.files)) this.fs.order.push(name);
    this.fs.files[name] = text;
    this.fs.current = name;
    this.save();
    this.show();
  },

  rename(to) {
    const from = this.fs.current;
    this.fs.files[to] = this.fs.files[from];
    delete this.fs.files[from];
    this.fs.order[this.fs.order.indexOf(from)] = to;
    if (this.fs.main === from) this.fs.main = to;
    if (this.fs.breaks[from]) this.fs.breaks[to] = this.fs.breaks[from];
    delete this.fs.breaks[from];
    this.fs.current = to;
    this.save();
    this.show();
    Editor.sendBreaks();
  },

  remove() {
    if (this.fs.order.length === 1) return 'the last file stays';
    const name = this.fs.current;
    delete this.fs.files[name];
    delete this.fs.breaks[name];
    this.fs.order.splice(this.fs.order.indexOf(name), 1);
    if (this.fs.main === name) this.fs.main = this.fs.order[0];
    this.fs.current = this.fs.main;
    this.save();
    this.show();
    Editor.sendBreaks();
    return '';
  },

  // The files assembled after the main one, in tab order.
  withMain() {
    const w = this.fs.with || [];
    return this.fs.order.filter((n) => n !== this.fs.main && w.includes(n));
  },

  // The open file joins the main one's assembly, or leaves it.
  toggleWith() {
    const name = this.fs.current, w = new Set(this.fs.with || []);
    if (w.has(name)) w.delete(name);
    else w.add(name);
    this.fs.with = [...w];
    this.save();
    this.show();
    Editor.lintSoon();
  },

  // What the worker needs to assemble: every file and the main one.
  program() {
    return { name: this.fs.main, source: this.fs.files[this.fs.main],
             files: Object.assign({}, this.fs.files), breaks: Editor.breakList(),
             assemble: this.withMain(),
             checks: $('checks').checked };
  },

  // The share link's payload: the ISA and all its files.
  async link() {
    const data = new TextEncoder().encode(JSON.stringify(
      { isa: this.isa, files: this.fs.files, order: this.fs.order, main: this.fs.main,
        with: this.withMain() }));
    let code = 'j=';
    let bytes = data;
    if (typeof CompressionStream === 'function') {
      const stream = new Blob([data]).stream().pipeThrough(new CompressionStream('deflate'));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
      code = 'z=';
    }
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    code += btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    return location.origin + location.pathname + '?isa=' + this.isa + '#' + code;
  },

  // The program a share link carries, or null when the fragment has none.
  async fromLink(hash) {
    const m = /^#([zj])=([A-Za-z0-9_-]+)$/.exec(hash);
    if (!m) return null;
    const binary = atob(m[2].replace(/-/g, '+').replace(/_/g, '/'));
    let bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    if (m[1] === 'z') {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    return JSON.parse(new TextDecoder().decode(bytes));
  },

  // Opens a shared program: its files join those kept for the ISA (same
  // names replaced), or are all there is when none are.
  async openShared(shared) {
    $('isa').value = shared.isa === 'lc3' ? 'lc3' : 'mips';
    if (this.kept(isa())) {
      await this.open(isa());
    } else {
      if (this.fs) this.save();
      this.isa = isa();
      this.fs = { files: {}, order: [], main: '', current: '', breaks: {} };
    }
    for (const name of shared.order || Object.keys(shared.files)) {
      if (typeof shared.files[name] !== 'string' || !this.plainName(name)) continue;
      if (!(name in this.fs.files)) this.fs.order.push(name);
      this.fs.files[name] = shared.files[name];
    }
    if (!this.fs.order.length) this.fs = this.empty('program.asm', '');
    if (shared.main in this.fs.files) this.fs.main = this.fs.current = shared.main;
    if (Array.isArray(shared.with)) this.fs.with = shared.with.filter((n) => n in this.fs.files);
    if (!(this.fs.main in this.fs.files)) this.fs.main = this.fs.current = this.fs.order[0];
    this.save();
    this.show();
  },
};

function fileMessage(text) {
  $('file-message').textContent = text;
}

$('file-new').onclick = () => {
  const name = $('file-name').value.trim();
  const why = Files.valid(name);
  fileMessage(why);
  if (!why) Files.add(name, '');
};
$('file-rename').onclick = () => {
  const name = $('file-name').value.trim();
  const why = Files.valid(name);
  fileMessage(why);
  if (!why) Files.rename(name);
};
$('file-delete').onclick = () => fileMessage(Files.remove());
$('file-main').onclick = () => {
  Files.fs.main = Files.fs.current;
  Files.save();
  Files.show();
  Editor.lintSoon();
};
$('file-with').onclick = () => Files.toggleWith();
$('file-open').onchange = async () => {
  for (const file of $('file-open').files) Files.add(file.name, await file.text());
  $('file-open').value = '';
};
$('file-save').onclick = () => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([Files.fs.files[Files.fs.current]], { type: 'text/plain' }));
  a.download = Files.fs.current;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
};
$('share').onclick = async () => {
  const url = await Files.link();
  $('share-link').value = url;
  $('share-link').hidden = false;
  $('share-link').select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
};
$('isa').onchange = async () => {
  await Files.open(isa());
  $('diagnostics').innerHTML = '';
  $('registers').tBodies[0].innerHTML = '';
  loaded = false;
  Editor.sendBreaks();
  Editor.changedIsa();
};

// The start: a share link's program, else the kept files, else the example.
(async () => {
  let shared = null;
  try {
    shared = await Files.fromLink(location.hash);
  } catch (e) {
    fileMessage('the share link could not be read: ' + e.message);
  }
  if (shared) {
    await Files.openShared(shared);
    // Kept now: a reload must not bring the link's version back over edits.
    history.replaceState(null, '', location.pathname + '?isa=' + isa());
  } else {
    await Files.open(isa());
  }
  Editor.sendBreaks();
  Editor.changedIsa();
})();
