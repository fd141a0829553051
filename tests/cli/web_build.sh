#!/usr/bin/env bash
# web_build.sh SOURCE_DIR WASM_DIR: the ctest fixture that builds the web
# IDE's module once for the web tests (web_node, web_browser); fails when
# Emscripten or node is missing, never skips. Prints how long it took.
set -uo pipefail
start=$(date +%s)
if ! "$1/scripts/web_build.sh" "$2"; then
    echo "FAIL: the web module did not build (scripts/web_build.sh $2)"
    exit 1
fi
echo "web module built in $(($(date +%s) - start)) s"
