#!/usr/bin/env bash
# lc3_check_program.sh PROGRAM: the SIMULATOR run_golden.sh calls for
# lc3sim --check transcripts. Runs $LC3SIM from PROGRAM's directory (so
# findings name the file as typed there) with the options in NAME.args
# beside it, one a line, or --check alone when there is none.
set -uo pipefail
dir=$(dirname "$1") file=$(basename "$1")
args=(--check)
if [[ -f $dir/${file%.*}.args ]]; then
    mapfile -t args < "$dir/${file%.*}.args"
fi
cd "$dir" || exit 2
exec "$LC3SIM" "${args[@]}" "$file"
