#!/usr/bin/env bash
# dap_session.sh NAME: the SIMULATOR run_golden.sh calls for a DAP session
# (tests/dap/CMakeLists.txt), from tests/dap: the client runs the script
# NAME.dap against `$DAP_SIM --dap`, paths of this folder shown as $DIR.
set -uo pipefail
exec "$DAP_CLIENT" -p . "$1.dap" -- "$DAP_SIM" --dap
