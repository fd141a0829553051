#!/usr/bin/env bash
# mips_program.sh NAME: the SIMULATOR run_golden.sh calls for transcripts of
# one fixed MIPS program played with many inputs (golden_mips_program in
# CMakeLists.txt). Runs $MIPSSIM on the files listed in $PROGRAM_FILES
# (separated by ';', as CMake lists are), with the program arguments in
# $TRANSCRIPT_DIR/NAME.args (one a line) when that file exists.
set -uo pipefail
name=$1
IFS=';' read -r -a files <<< "$PROGRAM_FILES"
args=()
if [[ -f $TRANSCRIPT_DIR/$name.args ]]; then
    mapfile -t args < "$TRANSCRIPT_DIR/$name.args"
fi
if [[ ${#args[@]} -gt 0 ]]; then
    exec "$MIPSSIM" "${files[@]}" --args "${args[@]}"
fi
exec "$MIPSSIM" "${files[@]}"
