#!/usr/bin/env bash
# build.sh STAGE GRAMMAR_DIR [deps|vsix]: stages the extension in STAGE (a
# build folder; the checkout stays clean), installs its pinned npm packages
# there with `npm ci` (once per package-lock.json: later runs reuse them,
# offline), and with `vsix` (the default) copies in the grammars tmgrammar
# generated, bundles src/extension.js with esbuild and packs STAGE/asmtools.vsix
# with vsce. Fails when node or npm is missing.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
stage=$1
grammars=$2
what=${3:-vsix}

for tool in node npm; do
    command -v "$tool" > /dev/null ||
        { echo "build.sh: $tool is not installed (see README.md, Dependencies)" >&2; exit 1; }
done
mkdir -p "$stage"
rm -rf "$stage/src" "$stage/language-configuration" "$stage/dist" "$stage/syntaxes"
cp -r "$here/package.json" "$here/package-lock.json" "$here/README.md" "$here/.vscodeignore" \
      "$here/src" "$here/language-configuration" "$stage/"
if ! cmp -s "$here/package-lock.json" "$stage/node_modules/.asmtools-lock"; then
    (cd "$stage" && npm ci --no-audit --no-fund --prefer-offline --loglevel=error)
    cp "$here/package-lock.json" "$stage/node_modules/.asmtools-lock"
fi
[[ $what == deps ]] && exit 0

mkdir -p "$stage/syntaxes"
cp "$grammars/mips.tmLanguage.json" "$grammars/lc3.tmLanguage.json" "$stage/syntaxes/"
cd "$stage"
node_modules/.bin/esbuild src/extension.js --bundle --platform=node --format=cjs \
    --external:vscode --minify --outfile=dist/extension.js --log-level=warning
rm -f asmtools.vsix
log=$(mktemp)
trap 'rm -f "$log"' EXIT
node_modules/.bin/vsce package --no-dependencies --allow-missing-repository --skip-license \
    --out asmtools.vsix > "$log" 2>&1 || { cat "$log" >&2; exit 1; }
