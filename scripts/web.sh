#!/usr/bin/env bash
# web.sh [--build-only] [--port N] [--out DIR] [--wasm DIR]: builds the
# browser IDE (web/README.md) into a folder of static files (DIR, default
# build-web/) and serves it on http://127.0.0.1:N/ (default 8036) with
# python3's http.server until interrupted. The folder can be copied to any
# static host. --wasm reuses a module scripts/web_build.sh built there.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$root/build-web wasm=$root/build-wasm port=8036 serve=1 build=1
while (($#)); do
    case $1 in
    --build-only) serve=0 ;;
    --port) port=$2; shift ;;
    --out) out=$2; shift ;;
    --wasm) wasm=$2; build=0; shift ;;
    *) echo "usage: $0 [--build-only] [--port N] [--out DIR] [--wasm DIR]" >&2; exit 2 ;;
    esac
    shift
done

if ((build)); then
    echo "web.sh: building the module with emscripten (a minute or two the first time)" >&2
    "$root/scripts/web_build.sh" "$wasm"
fi
mkdir -p "$out/examples" "$out/grammars"
cp "$root"/web/site/*.html "$root"/web/site/*.js "$root"/web/site/*.css "$out/"
cp "$root"/web/site/examples/*.asm "$out/examples/"
cp "$wasm/web/asmtools.js" "$wasm/web/asmtools.wasm" "$out/"
# The keyword lists of the highlighting: generated from the instruction tables.
cp "$wasm"/editors/grammars/*.tmLanguage.json "$out/grammars/"
echo "web.sh: the site is in $out" >&2
if ((serve)); then
    echo "web.sh: serving http://127.0.0.1:$port/ (Ctrl-C stops)" >&2
    exec python3 -m http.server --bind 127.0.0.1 --directory "$out" "$port"
fi
