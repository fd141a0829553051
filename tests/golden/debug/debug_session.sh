#!/usr/bin/env bash
# debug_session.sh NAME: the SIMULATOR run_golden.sh calls for a golden
# debugger session (golden_debug in ../CMakeLists.txt), from the session's
# directory with NAME.cmds on stdin. Runs `$DEBUG_SIM -d ARGS` where ARGS
# are the lines of NAME.args (the program's files and options), adding
# `--input NAME.in` when that file exists.
set -uo pipefail
name=$1
mapfile -t args < "$name.args"
if [[ -f $name.in ]]; then
    args+=(--input "$name.in")
fi
exec "$DEBUG_SIM" -d "${args[@]}"
