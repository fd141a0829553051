// The asmtools extension: starts the language servers (mipsas --lsp,
// lc3as --lsp) and the debug adapters (mipssim --dap, lc3sim --dap) from the
// installed tools, on PATH or in the folder the setting asmtools.path names;
// it needs no checkout. Highlighting is the generated grammars alone.
'use strict';

const path = require('path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

// Each language: its server and its debugger, both one binary of asmtools.
const LANGUAGES = {
    mips: { server: 'mipsas', debugType: 'mipssim', simulator: 'mipssim' },
    lc3: { server: 'lc3as', debugType: 'lc3sim', simulator: 'lc3sim' },
};

const clients = new Map(); // language id -> LanguageClient, started once

function settings() {
    return vscode.workspace.getConfiguration('asmtools');
}

// A tool's command: in asmtools.path when set, else its bare name for PATH.
function toolCommand(name) {
    const dir = settings().get('path', '');
    return dir ? path.join(dir, name) : name;
}

function missingTool(name, error) {
    const where = settings().get('path', '') ? 'in asmtools.path' : 'on PATH';
    vscode.window.showErrorMessage(
        `asmtools: cannot start ${name} (${error.message || error}). ` +
        `Install asmtools or set asmtools.path to the folder of ${name}; looked ${where}.`);
}

function startServer(languageId) {
    if (clients.has(languageId) || !settings().get('languageServer', true))
        return;
    const tool = LANGUAGES[languageId].server;
    const client = new LanguageClient(
        `asmtools-${languageId}`,
        `asmtools ${languageId} (${tool} --lsp)`,
        { command: toolCommand(tool), args: ['--lsp'] },
        { documentSelector: [{ language: languageId }] });
    clients.set(languageId, client);
    client.start().catch((error) => missingTool(tool, error));
}

// MARS has no .ORIG: a .asm or .s file whose first statement is one is LC-3.
function looksLikeLc3(document) {
    const lines = Math.min(document.lineCount, 200);
    for (let i = 0; i < lines; i++) {
        const text = document.lineAt(i).text.trim();
        if (text === '' || text.startsWith(';') || text.startsWith('#'))
            continue;
        return /^\.orig\b/i.test(text);
    }
    return false;
}

async function documentOpened(document) {
    if (document.languageId === 'mips' && settings().get('detectLc3', true) &&
        looksLikeLc3(document)) {
        document = await vscode.languages.setTextDocumentLanguage(document, 'lc3');
    }
    if (LANGUAGES[document.languageId])
        startServer(document.languageId);
}

function activate(context) {
    for (const [, language] of Object.entries(LANGUAGES)) {
        const simulator = language.simulator;
        context.subscriptions.push(vscode.debug.registerDebugAdapterDescriptorFactory(
            language.debugType, {
                createDebugAdapterDescriptor() {
                    return new vscode.DebugAdapterExecutable(toolCommand(simulator), ['--dap']);
                },
            }));
    }
    context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(documentOpened));
    vscode.workspace.textDocuments.forEach(documentOpened);
    context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
        if (!event.affectsConfiguration('asmtools'))
            return;
        await deactivate(); // restart with the new path or setting
        vscode.workspace.textDocuments.forEach(documentOpened);
    }));
}

async function deactivate() {
    const stopping = [...clients.values()].map((client) => client.stop().catch(() => {}));
    clients.clear();
    await Promise.all(stopping);
}

module.exports = { activate, deactivate };
