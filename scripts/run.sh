#!/usr/bin/env bash
# run.sh: builds the release simulator in build/ and plays Nim on it.
# At a terminal you type the moves; otherwise (a pipe, a file, /dev/null)
# a scripted game is played: the assignment's example game.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The keystrokes of the example game (000_sample_io.txt), typed without Enter.
scripted_game='B2A1C6G1B3A3C2A1A*&4A1'

# Build chatter goes to stderr, so stdout is the game alone.
{
    scripts/setup-deps.sh
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
    cmake --build build -j2 --target lc3sim
} >&2

sim=build/lc3sim/lc3sim
program=reference-asm/lc3/nim.asm
if [[ -t 0 ]]; then
    exec "$sim" "$program"
fi
printf '%s' "$scripted_game" | "$sim" "$program"
