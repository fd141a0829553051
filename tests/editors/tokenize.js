// tokenize.js GRAMMAR.json SAMPLE: prints SAMPLE tokenized by GRAMMAR with
// vscode-textmate on the Oniguruma regex engine (what VS Code itself runs),
// one token a line: "line:start-end", the text as JSON, and its scopes.
// The packages come from NODE_PATH (the extension's npm ci in the build).
// render_html.js uses tokenizeFile for the screenshot in docs/editors.md.
'use strict';

const fs = require('fs');
const path = require('path');
const textmate = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

let onigLoaded = null; // the engine loads once per process

function onigWasm() {
    const file = path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm');
    const wasm = fs.readFileSync(file);
    return wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.length);
}

// The tokens of SAMPLE under GRAMMAR: {line, start, end, text, scopes}, the
// root scope left out, blanks between tokens skipped.
async function tokenizeFile(grammarPath, samplePath) {
    onigLoaded = onigLoaded || oniguruma.loadWASM(onigWasm());
    await onigLoaded;
    const grammarText = fs.readFileSync(grammarPath, 'utf8');
    const scopeName = JSON.parse(grammarText).scopeName;
    const registry = new textmate.Registry({
        onigLib: Promise.resolve({
            createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
            createOnigString: (text) => new oniguruma.OnigString(text),
        }),
        loadGrammar: async (name) => name === scopeName
            ? textmate.parseRawGrammar(grammarText, grammarPath) : null,
    });
    const grammar = await registry.loadGrammar(scopeName);
    if (!grammar)
        throw new Error(`cannot load ${grammarPath}`);
    const lines = fs.readFileSync(samplePath, 'utf8').replace(/\n$/, '').split('\n');
    let state = textmate.INITIAL;
    const tokens = [];
    lines.forEach((line, i) => {
        const result = grammar.tokenizeLine(line, state);
        for (const token of result.tokens) {
            const text = line.slice(token.startIndex, token.endIndex);
            if (text.trim() === '' && token.scopes.length === 1)
                continue;
            tokens.push({ line: i + 1, start: token.startIndex, end: token.endIndex, text,
                          scopes: token.scopes.slice(1) });
        }
        state = result.ruleStack;
    });
    return { lines, tokens };
}

async function main() {
    const [grammarPath, samplePath] = process.argv.slice(2);
    if (!samplePath) {
        process.stderr.write('usage: tokenize.js GRAMMAR.json SAMPLE\n');
        process.exit(2);
    }
    const { tokens } = await tokenizeFile(grammarPath, samplePath);
    process.stdout.write(tokens.map((t) => `${t.line}:${t.start + 1}-${t.end}\t` +
                                           `${JSON.stringify(t.text)}\t${t.scopes.join(' ')}`)
                             .join('\n') + '\n');
}

module.exports = { tokenizeFile };

if (require.main === module) {
    main().catch((error) => {
        process.stderr.write(`tokenize.js: ${error.stack || error}\n`);
        process.exit(1);
    });
}
