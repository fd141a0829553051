// extension_host.js BUNDLE ASMTOOLS_PATH FILE...: loads the packed
// extension's bundle (dist/extension.js) in node under a stand-in for VS
// Code's API, opens FILE... as documents (each as VS Code would first
// classify it: .lc3 as lc3, anything else as mips), activates it, and
// prints, one a line, what it did that a student would see:
//   language FILE ID          it switched a document's language
//   spawn COMMAND ARGS...     it started a process (the language server)
//   adapter TYPE COMMAND ARGS the debug adapter it gives for a debug type
// The real vscode-languageclient inside the bundle does the spawning; only
// child_process.spawn is replaced, by a process that never answers.
'use strict';

const fs = require('fs');
const Module = require('module');
const childProcess = require('child_process');
const { PassThrough } = require('stream');

const [bundle, toolPath, ...files] = process.argv.slice(2);
const seen = [];
const say = (line) => { seen.push(line); };

// Any API the client library touches and this test does not care about:
// callable, constructible, every property another such stand-in.
function anything(name) {
    const target = function () {};
    return new Proxy(target, {
        get(_, key) {
            if (key === 'then' || typeof key === 'symbol')
                return undefined; // not a promise, not iterable
            if (key === 'dispose')
                return () => {};
            return anything(`${name}.${String(key)}`);
        },
        apply: () => anything(`${name}()`),
        construct: () => anything(`new ${name}`),
    });
}

function document(file, languageId) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    return {
        uri: { scheme: 'file', fsPath: file, toString: () => `file://${file}` },
        fileName: file, languageId, version: 1, lineCount: lines.length,
        lineAt: (i) => ({ text: lines[i] }), getText: () => lines.join('\n'),
    };
}

const documents = files.map((f) => document(f, f.endsWith('.lc3') ? 'lc3' : 'mips'));
const settings = { path: toolPath === '-' ? '' : toolPath, detectLc3: true, languageServer: true };

const vscode = new Proxy({
    workspace: new Proxy({
        getConfiguration: () => ({ get: (key, fallback) => key in settings ? settings[key] : fallback }),
        textDocuments: documents,
        workspaceFolders: undefined,
        onDidOpenTextDocument: () => ({ dispose() {} }),
        onDidChangeConfiguration: () => ({ dispose() {} }),
    }, { get: (t, k) => (k in t ? t[k] : anything(`workspace.${String(k)}`)) }),
    languages: new Proxy({
        setTextDocumentLanguage: async (doc, id) => {
            say(`language ${doc.fileName} ${id}`);
            return Object.assign({}, doc, { languageId: id });
        },
    }, { get: (t, k) => (k in t ? t[k] : anything(`languages.${String(k)}`)) }),
    debug: new Proxy({
        registerDebugAdapterDescriptorFactory: (type, factory) => {
            const d = factory.createDebugAdapterDescriptor({ type });
            say(`adapter ${type} ${d.command} ${d.args.join(' ')}`);
            return { dispose() {} };
        },
    }, { get: (t, k) => (k in t ? t[k] : anything(`debug.${String(k)}`)) }),
    DebugAdapterExecutable: class { constructor(command, args) { this.command = command; this.args = args; } },
    version: '1.90.0', // what the client library checks against its engine range
    window: anything('window'),
}, { get: (t, k) => (k in t ? t[k] : anything(String(k))) });

childProcess.spawn = (command, args) => {
    say(`spawn ${command} ${args.join(' ')}`);
    const child = new PassThrough();
    Object.assign(child, { pid: 4242, stdin: new PassThrough(), stdout: new PassThrough(),
                           stderr: new PassThrough(), kill() {} });
    return child;
};

const load = Module.prototype.require;
Module.prototype.require = function (id) {
    return id === 'vscode' ? vscode : load.apply(this, arguments);
};

const extension = require(require('path').resolve(bundle));
extension.activate({ subscriptions: [] });
// The clients start asynchronously: print once nothing new happened for
// 300 ms (two seconds at most).
let count = -1, quietSince = Date.now();
const started = Date.now();
const timer = setInterval(() => {
    if (seen.length !== count) {
        count = seen.length;
        quietSince = Date.now();
    }
    if (Date.now() - quietSince > 300 || Date.now() - started > 2000) {
        clearInterval(timer);
        process.stdout.write(seen.join('\n') + '\n');
        process.exit(0);
    }
}, 20);
