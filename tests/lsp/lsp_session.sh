#!/usr/bin/env bash
# lsp_session.sh NAME: the SIMULATOR run_golden.sh calls for a language
# server session (tests/lsp/CMakeLists.txt), from tests/lsp: the client runs
# the script NAME.lsp against `$LSP_SERVER --lsp`, paths of this folder
# shown as $DIR.
set -uo pipefail
exec "$LSP_CLIENT" -p . "$1.lsp" -- "$LSP_SERVER" --lsp
