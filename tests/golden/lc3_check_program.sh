#!/usr/bin/env bash
# lc3_check_program.sh PROGRAM: the SIMULATOR run_golden.sh calls for
# lc3sim --check transcripts. Runs $LC3SIM from PROGRAM's directory (so
# findings name the file as typed there) with the options in NAME.args
# beside it, one a line, or --check alone when there is none. PROGRAM may
# be an .args file itself: then it holds the whole command line, the program
# included, so one program serves several option sets.
set -uo pipefail
dir=$(dirname "$1") file=$(basename "$1")
cd "$dir" || exit 2
if [[ $file == *.args ]]; then
    mapfile -t args < "$file"
    exec "$LC3SIM" "${args[@]}"
fi
args=(--check)
if [[ -f ${file%.*}.args ]]; then
    mapfile -t args < "${file%.*}.args"
fi
exec "$LC3SIM" "${args[@]}" "$file"
