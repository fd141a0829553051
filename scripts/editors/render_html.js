// render_html.js OUT.html GRAMMAR_DIR SAMPLE_MIPS SAMPLE_LC3: a self-contained
// page showing the two samples side by side, coloured by the generated
// grammars as VS Code's Dark+ theme colours those scopes; for the
// screenshot of docs/editors.md (scripts/editors/screenshot.sh).
'use strict';

const fs = require('fs');
const path = require('path');
const { tokenizeFile } = require('../../tests/editors/tokenize.js');

// Scope prefixes and their style, the most specific first.
const STYLES = [
    ['comment', 'color:#6a9955;font-style:italic'],
    ['constant.character.escape', 'color:#d7ba7d'],
    ['invalid', 'color:#f44747;text-decoration:underline wavy'],
    ['string', 'color:#ce9178'],
    ['keyword.control.directive', 'color:#c586c0'],
    ['keyword.other.instruction.pseudo', 'color:#4ec9b0;font-style:italic'],
    ['keyword.other.instruction', 'color:#569cd6;font-weight:bold'],
    ['support.function.trap', 'color:#4ec9b0;font-weight:bold'],
    ['variable.language.register', 'color:#9cdcfe'],
    ['constant.numeric', 'color:#b5cea8'],
    ['entity.name.function.label', 'color:#dcdcaa;font-weight:bold'],
    ['entity.name.function.macro', 'color:#dcdcaa;font-style:italic'],
    ['entity.name.constant', 'color:#4fc1ff'],
    ['variable.parameter', 'color:#9cdcfe;font-style:italic'],
    ['variable.other.label', 'color:#dcdcaa'],
];

function escapeHtml(text) {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function styleOf(scopes) {
    for (let i = scopes.length - 1; i >= 0; i--)
        for (const [prefix, style] of STYLES)
            if (scopes[i] === prefix || scopes[i].startsWith(prefix + '.'))
                return style;
    return '';
}

async function panel(title, grammar, sample) {
    const { lines, tokens } = await tokenizeFile(grammar, sample);
    const rows = lines.map((line, i) => {
        let html = '', at = 0;
        for (const t of tokens.filter((token) => token.line === i + 1)) {
            html += escapeHtml(line.slice(at, t.start));
            const style = styleOf(t.scopes);
            html += style ? `<span style="${style}">${escapeHtml(t.text)}</span>`
                          : escapeHtml(t.text);
            at = t.end;
        }
        html += escapeHtml(line.slice(at));
        return `<div class="row"><span class="num">${i + 1}</span>${html}</div>`;
    });
    return `<section><h1>${escapeHtml(title)}</h1><pre>${rows.join('')}</pre></section>`;
}

async function main() {
    const [out, grammars, mips, lc3] = process.argv.slice(2);
    const panels = [
        await panel(path.basename(mips) + ' (MIPS, MARS)', path.join(grammars, 'mips.tmLanguage.json'), mips),
        await panel(path.basename(lc3) + ' (LC-3)', path.join(grammars, 'lc3.tmLanguage.json'), lc3),
    ];
    fs.writeFileSync(out, `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { margin: 0; background: #1e1e1e; color: #d4d4d4; display: flex; gap: 0; }
section { flex: 1; border-right: 1px solid #333; }
h1 { font: 13px sans-serif; margin: 0; padding: 6px 12px; background: #252526; color: #ccc; }
pre { margin: 0; padding: 8px 0; font: 13px/18px "DejaVu Sans Mono", monospace; }
.num { display: inline-block; width: 3em; padding-right: 1em; text-align: right; color: #858585; }
</style></head><body>${panels.join('')}</body></html>\n`);
}

main().catch((error) => {
    process.stderr.write(`render_html.js: ${error.stack || error}\n`);
    process.exit(1);
});
