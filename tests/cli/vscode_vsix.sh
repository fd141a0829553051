#!/usr/bin/env bash
# vscode_vsix.sh SOURCE_DIR STAGE GRAMMAR_DIR: editors/vscode/build.sh packs
# the extension with vsce, and the .vsix holds what a student's VS Code
# needs outside a checkout: the manifest (name, publisher, entry point,
# activation on both languages and both debuggers, the grammars and the
# settings), the two generated grammars byte for byte, and one bundle that
# starts mipsas/lc3as with --lsp and mipssim/lc3sim with --dap; no
# node_modules (esbuild bundled the client), nothing that names build/.
# Then the shipped bundle runs under a stand-in for VS Code's API and must
# spawn `mipsas --lsp` / `lc3as --lsp` and give `mipssim --dap` / `lc3sim
# --dap` as adapters, from PATH or asmtools.path.
# Fails when node or npm is missing (build.sh says so).
name=vscode_vsix
tool=true
source "$(dirname "$0")/cli_lib.sh"
src=$1
stage=$2
grammars=$3

run "build.sh packs the .vsix" 0 bash "$src/editors/vscode/build.sh" "$stage" "$grammars" vsix
vsix=$stage/asmtools.vsix
[[ -f $vsix ]] || { fail "no $vsix"; cat "$tmp/err"; exit 1; }
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$vsix" "$tmp/x" &&
    pass "the .vsix is a zip" || fail "the .vsix does not unzip"
(cd "$tmp/x" && find . -type f | sed 's|^\./||' | sort) > "$tmp/files"
ext=$tmp/x/extension
pkg=$ext/package.json

for f in extension.vsixmanifest extension/package.json extension/dist/extension.js \
         extension/syntaxes/mips.tmLanguage.json extension/syntaxes/lc3.tmLanguage.json \
         extension/language-configuration/mips.json extension/language-configuration/lc3.json; do
    contains "the .vsix holds $f" "$tmp/files" "$f"
done
grep -q 'node_modules/' "$tmp/files" && fail "the .vsix carries node_modules" ||
    pass "no node_modules in the .vsix"
grep -q '^extension/src/' "$tmp/files" && fail "the .vsix carries the unbundled sources" ||
    pass "only the bundle, not src/"

# manifest CHECK JQ_FILTER
manifest() { jq -e "$2" "$pkg" > /dev/null && pass "$1" || fail "$1 ($2)"; }
manifest "name and publisher" '.name == "asmtools" and .publisher == "asmtools"'
manifest "the bundle is the entry point" '.main == "./dist/extension.js"'
manifest "an engine range" '.engines.vscode | startswith("^1.")'
for event in onLanguage:mips onLanguage:lc3 onDebugResolve:mipssim onDebugResolve:lc3sim; do
    manifest "activates on $event" "(.activationEvents | index(\"$event\")) != null"
done
manifest "grammars point into the package" \
    '[.contributes.grammars[].path] == ["./syntaxes/mips.tmLanguage.json", "./syntaxes/lc3.tmLanguage.json"]'
manifest "the setting asmtools.path" '.contributes.configuration.properties | has("asmtools.path")'
manifest "debuggers mipssim and lc3sim" '[.contributes.debuggers[].type] == ["mipssim", "lc3sim"]'
grep -q 'build/' "$pkg" && fail "the manifest names build/" || pass "the manifest names no build/"
grep -q 'Microsoft.VisualStudio.Code' "$tmp/x/extension.vsixmanifest" &&
    pass "a VS Code vsixmanifest" || fail "extension.vsixmanifest is not VS Code's"

for g in mips lc3; do
    cmp -s "$ext/syntaxes/$g.tmLanguage.json" "$grammars/$g.tmLanguage.json" &&
        pass "$g grammar is the generated one" || fail "$g grammar differs from tmgrammar's"
done

bundle=$ext/dist/extension.js
for word in "'mipsas'" "'lc3as'" "'mipssim'" "'lc3sim'" "'--lsp'" "'--dap'" "asmtools.path" \
            "DebugAdapterExecutable" "setTextDocumentLanguage"; do
    grep -qF -- "$word" "$bundle" 2>/dev/null || grep -qF -- "${word//\'/\"}" "$bundle" &&
        pass "the bundle has $word" || fail "the bundle lacks $word"
done
# The language client is inside the bundle, not required at run time.
grep -q 'require("vscode-languageclient' "$bundle" &&
    fail "the bundle requires vscode-languageclient at run time" || pass "the client is bundled"
node --check "$bundle" && pass "the bundle parses" || fail "the bundle is no valid script"

# The shipped bundle run under a stand-in for VS Code (tests/editors/
# extension_host.js): its real language client spawns the servers, and its
# adapters are the simulators, from PATH or from asmtools.path; a .asm file
# that starts with .ORIG becomes LC-3.
printf 'main:\tli $v0, 10\n\tsyscall\n' > "$tmp/prog.asm"
printf '; an LC-3 program named .asm\n\n\t.orig x3000\n\tHALT\n\t.END\n' > "$tmp/nim.asm"
# host CHECK ASMTOOLS_PATH WANT FILE...: what the extension did, sorted.
host() {
    local check=$1 path=$2 want=$3
    shift 3
    timeout 20 node "$src/tests/editors/extension_host.js" "$bundle" "$path" "$@" \
        2> "$tmp/host.err" | sort > "$tmp/host.out"
    if [[ $(cat "$tmp/host.out") == "$want" ]]; then pass "$check"
    else fail "$check:"; cat "$tmp/host.out"; tail -c 1000 "$tmp/host.err"; fi
}
host "on PATH: servers with --lsp, adapters with --dap, .ORIG means LC-3" - \
"adapter lc3sim lc3sim --dap
adapter mipssim mipssim --dap
language $tmp/nim.asm lc3
spawn lc3as --lsp
spawn mipsas --lsp" "$tmp/prog.asm" "$tmp/nim.asm"
host "from asmtools.path" /opt/asmtools/bin \
"adapter lc3sim /opt/asmtools/bin/lc3sim --dap
adapter mipssim /opt/asmtools/bin/mipssim --dap
spawn /opt/asmtools/bin/mipsas --lsp" "$tmp/prog.asm"
exit $failed
