// Syntax highlighting from the editors' TextMate grammars, which tmgrammar
// generates from the instruction tables (editors/grammar/): this file
// knows the grammar format's rules (match, begin/end, captures, include),
// never a mnemonic. Every rule tmgrammar writes ends at the line's end, so
// lines are highlighted one by one.
'use strict';

class Highlighter {
  constructor(grammar) {
    this.repository = grammar.repository || {};
    this.compiled = {};
    this.top = this.list(grammar.patterns || []);
  }

  // Oniguruma's leading (?i) is JavaScript's i flag; d gives the captures'
  // offsets.
  static regex(source) {
    let flags = 'dg';
    if (source.startsWith('(?i)')) {
      source = source.slice(4);
      flags += 'i';
    }
    return new RegExp(source, flags);
  }

  // A scope ("keyword.other.instruction.mips") as a class name without the
  // language: tok-keyword-other-instruction.
  static cls(scope) {
    if (!scope) return '';
    const parts = scope.split('.');
    if (parts.length > 1) parts.pop();
    return 'tok-' + parts.join('-');
  }

  list(patterns) {
    const out = [];
    for (const p of patterns) out.push(...this.rule(p));
    return out;
  }

  // The rules one grammar entry stands for (an include or a group is many).
  rule(p) {
    if (p.include) {
      const name = p.include.replace(/^#/, '');
      if (!(name in this.compiled)) {
        this.compiled[name] = [];   // a cycle finds it empty, not forever
        this.compiled[name] = this.rule(this.repository[name] || {});
      }
      return this.compiled[name];
    }
    if (p.match) return [{ re: Highlighter.regex(p.match), name: p.name, captures: p.captures }];
    if (p.begin) {
      const r = { re: Highlighter.regex(p.begin), name: p.name, captures: p.beginCaptures || p.captures,
                  end: Highlighter.regex(p.end), endCaptures: p.endCaptures, inner: null, source: p };
      return [r];
    }
    if (p.patterns) return this.list(p.patterns);
    return [];
  }

  // The earliest match of any rule at or after pos (the first rule wins a tie).
  static first(rules, line, pos) {
    let best = null;
    for (const r of rules) {
      r.re.lastIndex = pos;
      const m = r.re.exec(line);
      if (m && (!best || m.index < best.m.index)) best = { r, m };
    }
    return best;
  }

  // Segments of a match: its captures named inside the rule's scope.
  static matched(m, name, captures, stack, out) {
    const outer = name ? stack.concat(Highlighter.cls(name)) : stack;
    const end = m.index + m[0].length;
    let at = m.index;
    const groups = [];
    for (const k of Object.keys(captures || {})) {
      const span = m.indices[Number(k)];
      if (span && captures[k].name && span[1] > span[0]) groups.push({ span, name: captures[k].name });
    }
    groups.sort((a, b) => a.span[0] - b.span[0]);
    for (const g of groups) {
      if (g.span[0] < at) continue;
      if (g.span[0] > at) out.push({ text: m.input.slice(at, g.span[0]), cls: outer });
      out.push({ text: m.input.slice(g.span[0], g.span[1]), cls: outer.concat(Highlighter.cls(g.name)) });
      at = g.span[1];
    }
    if (end > at) out.push({ text: m.input.slice(at, end), cls: outer });
  }

  // Scans line from pos with rules until end (a begin rule's) matches;
  // returns where it stopped.
  scan(line, pos, rules, end, stack, out) {
    while (pos <= line.length) {
      let e = null;
      if (end) {
        end.lastIndex = pos;
        e = end.exec(line);
      }
      const best = pos < line.length ? Highlighter.first(rules, line, pos) : null;
      if (e && (!best || e.index <= best.m.index)) {
        if (e.index > pos) out.push({ text: line.slice(pos, e.index), cls: stack });
        return e;
      }
      if (!best) {
        if (pos < line.length) out.push({ text: line.slice(pos), cls: stack });
        return null;
      }
      const { r, m } = best;
      if (m.index > pos) out.push({ text: line.slice(pos, m.index), cls: stack });
      if (m[0].length === 0 && !r.end) {   // an empty match: step past a character
        out.push({ text: line.charAt(m.index), cls: stack });
        pos = m.index + 1;
        continue;
      }
      if (!r.end) {
        Highlighter.matched(m, r.name, r.captures, stack, out);
        pos = m.index + m[0].length;
        continue;
      }
      const inside = r.name ? stack.concat(Highlighter.cls(r.name)) : stack;
      Highlighter.matched(m, null, r.captures, inside, out);
      if (!r.inner) r.inner = this.list(r.source.patterns || []);
      const stop = this.scan(line, m.index + m[0].length, r.inner, r.end, inside, out);
      if (!stop) return null;
      Highlighter.matched(stop, null, r.endCaptures, inside, out);
      pos = stop.index + stop[0].length;
      if (stop[0].length === 0 && pos >= line.length) return null;
      if (stop[0].length === 0 && m[0].length === 0) {   // nothing consumed: move on
        if (pos < line.length) out.push({ text: line.charAt(pos), cls: stack });
        pos++;
      }
    }
    return null;
  }

  // One line's segments: [{text, cls: [class, ...]}], in order, covering it.
  line(text) {
    const out = [];
    this.scan(text, 0, this.top, null, [], out);
    return out;
  }
}

if (typeof module !== 'undefined') module.exports = { Highlighter };
