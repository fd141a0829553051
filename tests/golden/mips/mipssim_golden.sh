#!/usr/bin/env bash
# mipssim_golden.sh: the SIMULATOR run_golden.sh calls for MIPS transcripts.
# Runs $MIPSSIM on PROGRAM, or with the arguments in PROGRAM's .args file
# (one a line, the program itself included where it belongs) when there is
# one, so a transcript can pin options, several files and --args.
set -uo pipefail
program=$1
argfile=${program%.asm}.args
if [[ -f $argfile ]]; then
    mapfile -t args < "$argfile"
    exec "$MIPSSIM" "${args[@]}"
fi
exec "$MIPSSIM" "$program"
