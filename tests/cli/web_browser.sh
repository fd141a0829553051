#!/usr/bin/env bash
# web_browser.sh SOURCE_DIR WASM_DIR WORK_DIR MIPSSIM LC3SIM LC3AS [TEST]: the
# web IDE in headless Chromium (web/test/TEST: browser.js by default, the
# editor's editor.js, the machine views' views.js): builds the site from the
# module the web_build fixture made, installs playwright-core from its
# lockfile (npm ci, in WORK_DIR), runs the page's checks and leaves the
# screenshots in WORK_DIR/shots. Fails, never skips, when node, npm or
# Chromium is missing or cannot start.
set -uo pipefail
source_dir=$1 wasm=$2 work=$3
for tool in node npm /usr/bin/chromium; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "FAIL: $tool is missing"
        exit 1
    fi
done
mkdir -p "$work/npm" "$work/shots"
cp "$source_dir/web/test/package.json" "$source_dir/web/test/package-lock.json" "$work/npm/"
# npm ci again only when the lockfile changed.
if ! cmp -s "$work/npm/package-lock.json" "$work/npm/node_modules/.installed-lock" 2>/dev/null; then
    if ! (cd "$work/npm" && npm ci --ignore-scripts --no-audit --no-fund >npm.log 2>&1); then
        echo "FAIL: npm ci of playwright-core failed:"
        cat "$work/npm/npm.log"
        exit 1
    fi
    cp "$work/npm/package-lock.json" "$work/npm/node_modules/.installed-lock"
fi
if ! "$source_dir/scripts/web.sh" --build-only --out "$work/site" --wasm "$wasm" 2>/dev/null; then
    echo "FAIL: the site did not build from $wasm (the web_build fixture failed?)"
    exit 1
fi
NODE_PATH=$work/npm/node_modules exec node "$source_dir/web/test/${7:-browser.js}" "$work/site" \
    "$4" "$5" "$6" "$source_dir" "$work/shots"
