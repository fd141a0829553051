#!/usr/bin/env bash
# lc3_run_here.sh PROGRAM: the SIMULATOR run_golden.sh calls for the LC-3
# probes. Runs $LC3SIM on PROGRAM from PROGRAM's directory, so what lc3sim
# says on stderr names the file as typed there, not by a checkout's path.
set -uo pipefail
cd "$(dirname "$1")" || exit 2
exec "$LC3SIM" "$(basename "$1")"
