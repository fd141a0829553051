#!/usr/bin/env bash
# web_build.sh [BUILD_DIR]: builds the web IDE's module with Debian's
# Emscripten (web/README.md): asmtools.js + asmtools.wasm for the page and
# asmtools_node.js (one file) for the Node test, and the editors' TextMate
# grammars (editors/grammars/) the page's highlighting reads. BUILD_DIR
# defaults to build-wasm. Prints nothing but errors; exits 1 when emcc or
# node is missing.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build-wasm}

for tool in emcmake emcc node; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "web_build.sh: $tool is missing (apt-get install emscripten node-acorn; node from nodejs)" >&2
        exit 1
    fi
done
# Debian's emscripten finds acorn through NODE_PATH; this machine's node
# is not Debian's, so it must be told where Debian's node modules are.
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
# lc3as runs under node at build time (the LC-3 OS): plain node, without
# the flags the toolchain file adds for older versions that Node 20 refuses.
mkdir -p "$build"
emcmake cmake -S "$root" -B "$build" -DASMTOOLS_TESTS=OFF -DWERROR=ON \
    -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log" >&2; exit 1; }
jobs=$(nproc 2>/dev/null || echo 2)
cmake --build "$build" -j"$jobs" --target asmtools_web asmtools_node grammars >"$build/build.log" 2>&1 ||
    { grep -E 'error|Error' "$build/build.log" >&2 || tail -30 "$build/build.log" >&2; exit 1; }
