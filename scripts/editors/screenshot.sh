#!/usr/bin/env bash
# screenshot.sh BUILD_DIR [OUT.png]: the picture in docs/editors.md. Renders
# tests/editors' two samples, tokenized by the generated grammars with
# vscode-textmate, to a self-contained HTML page and photographs it with
# headless chromium. Needs the build's grammars and its npm packages
# (editors/vscode/build.sh BUILD_DIR/editors/vscode ... deps).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(cd "$1" && pwd)
out=${2:-$root/docs/images/editors.png}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
NODE_PATH=$build/editors/vscode/node_modules node "$root/scripts/editors/render_html.js" \
    "$tmp/page.html" "$build/editors/grammars" \
    "$root/tests/editors/sample_mips.asm" "$root/tests/editors/sample_lc3.asm"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$tmp/profile" --window-size=1280,820 --screenshot="$tmp/shot.png" \
    "file://$tmp/page.html" > "$tmp/chromium.log" 2>&1 ||
    { cat "$tmp/chromium.log" >&2; exit 1; }
cp "$tmp/shot.png" "$out"
echo "wrote $out"
