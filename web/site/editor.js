// The editor's layers over app.js's textarea: the highlighting (a <pre>
// under the transparent textarea, from highlight.js), breakpoints toggled
// in the gutter, the assembler's diagnostics as you type (debounced) at
// their line and column, and the runtime checks' findings at their line.
'use strict';

const LINT_DELAY_MS = 300;

const Editor = {
  highlighters: {},     // by ISA, once its grammar is read
  diagnostics: [],      // the last assembly's, all files
  findings: [],         // the checks' findings of this run: {file, line, check, message}
  pc: { file: '', line: 0 },   // where the machine is: its line stays marked
  lintTimer: null,
  lintSerial: 0,

  async changedIsa() {
    const which = isa();
    if (!this.highlighters[which]) {
      try {
        const r = await fetch('grammars/' + which + '.tmLanguage.json');
        this.highlighters[which] = new Highlighter(await r.json());
      } catch (e) {
        fileMessage('no highlighting: ' + e.message);
      }
    }
    this.diagnostics = [];
    this.findings = [];
    this.render();
    this.lintSoon();
  },

  // Whether a diagnostic's file (as the assembler named it) is this one.
  here(file, name) {
    return file === name || file === './' + name;
  },

  // The highlighted copy of the text, with the diagnostics' columns marked.
  render() {
    const h = this.highlighters[isa()];
    const name = Files.fs ? Files.fs.current : '';
    const marks = {};
    for (const d of this.diagnostics)
      if (this.here(d.file, name)) (marks[d.line] = marks[d.line] || []).push(d);
    const out = [];
    $('source').value.split('\n').forEach((text, i) => {
      const segments = h ? h.line(text) : [{ text, cls: [] }];
      out.push(this.lineHtml(segments, marks[i + 1] || [], i + 1));
    });
    // A last newline keeps the layer as tall as the textarea's text.
    $('highlight').innerHTML = out.join('\n') + '\n';
    this.scroll();
  },

  // A line's HTML: each segment in its classes, the word at a diagnostic's
  // column (or the column's character, or a space past the end) marked.
  lineHtml(segments, marks, line) {
    const text = segments.map((s) => s.text).join('');
    const cuts = [];
    for (const d of marks) {
      const start = Math.max(0, d.column - 1);
      const word = /^[\w.$#%-]+/.exec(text.slice(start));
      cuts.push({ start, end: start + (word ? word[0].length : 1), d });
    }
    let html = '';
    let at = 0;
    for (const s of segments) {
      const end = at + s.text.length;
      let pos = at;
      // Split the segment where a mark starts or ends.
      const points = [end];
      for (const c of cuts) for (const p of [c.start, c.end]) if (p > at && p < end) points.push(p);
      points.sort((a, b) => a - b);
      for (const p of points) {
        if (p <= pos) continue;
        const cls = s.cls.slice();
        const mark = cuts.find((c) => pos >= c.start && pos < c.end);
        let attrs = '';
        if (mark) {
          cls.push('diag-' + mark.d.severity);
          attrs = ' data-line="' + line + '" data-column="' + mark.d.column + '" title="' +
                  escapeHtml(mark.d.message) + '"';
        }
        html += '<span' + (cls.length ? ' class="' + cls.join(' ') + '"' : '') + attrs + '>' +
                escapeHtml(text.slice(pos, p)) + '</span>';
        pos = p;
      }
      at = end;
    }
    // A mark past the line's end (a missing operand) is a space to underline.
    for (const c of cuts) {
      if (c.start >= text.length) {
        html += ' '.repeat(c.start - text.length) + '<span class="diag-' + c.d.severity +
                '" data-line="' + line + '" data-column="' + c.d.column + '" title="' +
                escapeHtml(c.d.message) + '"> </span>';
      }
    }
    return html;
  },

  scroll() {
    const hl = $('highlight');
    hl.scrollTop = $('source').scrollTop;
    hl.scrollLeft = $('source').scrollLeft;
  },

  // The gutter's marks for the current file: breakpoints, errors, findings.
  decorate() {
    if (!Files.fs) return;
    const name = Files.fs.current;
    const gutter = $('gutter');
    const at = (line) => gutter.querySelector('[data-line="' + line + '"]');
    if (this.pc.line && this.here(this.pc.file, name)) {
      const el = at(this.pc.line);
      if (el) el.classList.add('current');
    }
    for (const line of Files.fs.breaks[name] || []) {
      const el = at(line);
      if (el) el.classList.add('breakpoint');
    }
    for (const d of this.diagnostics) {
      const el = this.here(d.file, name) ? at(d.line) : null;
      if (el && (d.severity === 'error' || !el.classList.contains('error'))) {
        el.classList.add(d.severity === 'error' ? 'error' : 'warning');
        el.title = d.line + ':' + d.column + ': ' + d.message;
      }
    }
    for (const f of this.findings) {
      const el = this.here(f.file, name) ? at(f.line) : null;
      if (el) {
        el.classList.add('finding');
        el.title = 'check [' + f.check + ']: ' + f.message;
      }
    }
  },

  // Called by app.js after it numbers the lines.
  refresh() {
    this.render();
    this.decorate();
  },

  toggleBreak(line) {
    const name = Files.fs.current;
    const lines = new Set(Files.fs.breaks[name] || []);
    if (lines.has(line)) lines.delete(line);
    else lines.add(line);
    Files.fs.breaks[name] = [...lines].sort((a, b) => a - b);
    Files.save();
    numberLines();
    this.sendBreaks();
  },

  breakList() {
    const list = [];
    for (const [file, lines] of Object.entries(Files.fs ? Files.fs.breaks : {}))
      for (const line of lines) list.push({ file, line });
    return list;
  },

  sendBreaks() {
    worker.postMessage({ cmd: 'breaks', list: this.breakList() });
  },

  // Assembles the files again after a pause in typing: the messages at
  // their place while the machine (if any) runs on untouched.
  lintSoon() {
    clearTimeout(this.lintTimer);
    this.lintTimer = setTimeout(() => {
      if (!Files.fs) return;
      const p = Files.program();
      worker.postMessage({ cmd: 'lint', isa: isa(), name: p.name, files: p.files,
                           assemble: p.assemble, serial: ++this.lintSerial });
    }, LINT_DELAY_MS);
  },

  // The diagnostics in app.js's list, this file's only.
  show(d) {
    this.diagnostics = d.diagnostics;
    const name = Files.fs.current;
    showDiagnostics(Object.assign({}, d, { diagnostics: d.diagnostics.filter((x) => this.here(x.file, name)) }));
    $('diagnostics').dataset.serial = Number($('diagnostics').dataset.serial || 0) + 1;
    numberLines();
  },

  showFindings() {
    const list = $('findings');
    list.innerHTML = '';
    for (const f of this.findings) {
      const li = document.createElement('li');
      li.dataset.file = f.file;
      li.dataset.line = f.line;
      li.textContent = f.file + ':' + f.line + ': check [' + f.check + ']: ' + f.message;
      li.onclick = () => {
        Files.select(f.file.replace(/^\.\//, ''));
        goTo(f.line, 1);
      };
      list.appendChild(li);
    }
    numberLines();
  },
};

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

worker.addEventListener('message', (e) => {
  const m = e.data;
  switch (m.type) {
  case 'lint':
    if (m.serial === Editor.lintSerial) Editor.show(m.diagnostics);
    break;
  case 'loaded':
    Editor.findings = [];
    Editor.pc = { file: '', line: 0 };
    Editor.showFindings();
    Editor.show(m.diagnostics);
    break;
  case 'findings':
    Editor.findings.push(...m.findings);
    Editor.showFindings();
    break;
  case 'state': {
    // The pc in another file: show that file, its line marked.
    const file = m.state.file ? m.state.file.replace(/^\.\//, '') : '';
    Editor.pc = { file, line: m.state.line || 0 };
    if (file && Files.fs && file !== Files.fs.current && file in Files.fs.files) {
      Files.select(file);
      markLine(m.state.line, 'current');
    }
    break;
  }
  }
});

$('source').addEventListener('input', () => {
  Files.edited($('source').value);
  Editor.lintSoon();
});
$('source').addEventListener('scroll', () => Editor.scroll());
$('gutter').addEventListener('click', (e) => {
  const el = e.target.closest('[data-line]');
  if (el) Editor.toggleBreak(Number(el.dataset.line));
});
