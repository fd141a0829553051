// tokenize.js GRAMMAR.json SAMPLE: prints SAMPLE tokenized by GRAMMAR with
// vscode-textmate on the Oniguruma regex engine (what VS Code itself runs),
// one token a line: "line:start-end", the text as JSON, and its scopes.
// The packages come from NODE_PATH (the extension's npm ci in the build).
'use strict';

const fs = require('fs');
const path = require('path');
const textmate = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

async function main() {
    const [grammarPath, samplePath] = process.argv.slice(2);
    if (!samplePath) {
        process.stderr.write('usage: tokenize.js GRAMMAR.json SAMPLE\n');
        process.exit(2);
    }
    const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')),
                                           'onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.length));
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
    const out = [];
    lines.forEach((line, i) => {
        const result = grammar.tokenizeLine(line, state);
        for (const token of result.tokens) {
            const text = line.slice(token.startIndex, token.endIndex);
            if (text.trim() === '' && token.scopes.length === 1)
                continue; // blanks between tokens
            out.push(`${i + 1}:${token.startIndex + 1}-${token.endIndex}\t${JSON.stringify(text)}` +
                     `\t${token.scopes.slice(1).join(' ')}`);
        }
        state = result.ruleStack;
    });
    process.stdout.write(out.join('\n') + '\n');
}

main().catch((error) => {
    process.stderr.write(`tokenize.js: ${error.stack || error}\n`);
    process.exit(1);
});
