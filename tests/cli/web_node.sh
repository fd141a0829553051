#!/usr/bin/env bash
# web_node.sh SOURCE_DIR WASM_DIR MIPSSIM LC3SIM: the web module under Node
# runs golden programs of both ISAs to the CLI's exact bytes
# (web/test/node_golden.js). Fails, never skips, without node or the module.
set -uo pipefail
source_dir=$1 wasm=$2/web/asmtools_node.js
if ! command -v node >/dev/null 2>&1; then
    echo "FAIL: node is missing"
    exit 1
fi
if [[ ! -f $wasm ]]; then
    echo "FAIL: $wasm is missing (the web_build fixture failed?)"
    exit 1
fi
exec node "$source_dir/web/test/node_golden.js" "$wasm" "$3" "$4" "$source_dir"
