#!/usr/bin/env bash
# mips_program.sh NAME: the SIMULATOR run_golden.sh calls for transcripts of
# one fixed MIPS program played with many inputs (golden_mips_program in
# CMakeLists.txt). Runs $MIPSSIM on the files listed in $PROGRAM_FILES
# (separated by ';', as CMake lists are), with the program arguments in
# $TRANSCRIPT_DIR/NAME.args (one a line) when that file exists.
# With $MARS set it runs the mars front end instead (`mars nc FILES pa
# ARGS`): the same transcript must come out, plus MARS's one newline after
# the run, which is checked and taken off here. With $CHECK set it runs
# mipssim --check (the same transcript, and no finding on stderr).
set -uo pipefail
name=$1
IFS=';' read -r -a files <<< "$PROGRAM_FILES"
args=()
if [[ -f $TRANSCRIPT_DIR/$name.args ]]; then
    mapfile -t args < "$TRANSCRIPT_DIR/$name.args"
fi
if [[ -n ${MARS:-} ]]; then
    out=$(mktemp "${TMPDIR:-/tmp}/mars.XXXXXX") || exit 2
    trap 'rm -f "$out"' EXIT
    "$MARS" nc "${files[@]}" ${args[@]+pa "${args[@]}"} > "$out"
    status=$?
    if [[ $(tail -c 1 "$out" | od -An -c | tr -d ' ') == '\n' ]]; then
        head -c -1 "$out"
    else
        cat "$out"
        echo "mips_program.sh: no newline after the run, as MARS prints" >&2
    fi
    exit $status
fi
check=()
if [[ -n ${CHECK:-} ]]; then
    check=(--check)
fi
if [[ ${#args[@]} -gt 0 ]]; then
    exec "$MIPSSIM" ${check[@]+"${check[@]}"} "${files[@]}" --args "${args[@]}"
fi
exec "$MIPSSIM" ${check[@]+"${check[@]}"} "${files[@]}"
