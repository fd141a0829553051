#!/usr/bin/env bash
# run.sh [GAME]: builds the release simulators in build/ and plays a game.
# At a terminal you type the keys (each acts at once); otherwise (a pipe, a
# file, /dev/null) a scripted game is played to its end.
#
#   mipshack   MipsHack, the CSE 220 hw4 game, on maps/map3.txt (default)
#   lc3-nim    Nim with 3 rows, on the LC-3 (the assignment's example game)
#   nim        Nim against the computer, in MIPS
#   table      the n x n table game, in MIPS
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
game=${1:-mipshack}

# Build chatter goes to stderr, so stdout is the game alone.
{
    scripts/setup-deps.sh --build
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
    cmake --build build -j2 --target lc3sim mipssim
} >&2

# play SCRIPT PROGRAM...: the program with the terminal, or with SCRIPT's
# keys when stdin is not one.
play() {
    local script=$1
    shift
    if [[ -t 0 ]]; then
        exec "$@"
    fi
    "$@" < "$script"
}

mips=build/mipssim/mipssim
case $game in
mipshack)
    # A won game: fights, coins, the gem, the exit (tests/golden/hw4/win).
    play tests/golden/hw4/win.in \
        "$mips" reference-asm/mips/hw4_main.asm reference-asm/mips/hw4.asm ;;
lc3-nim)
    # The keystrokes of the example game (000_sample_io.txt), typed without Enter.
    play <(printf '%s' 'B2A1C6G1B3A3C2A1A*&4A1') build/lc3sim/lc3sim reference-asm/lc3/nim.asm ;;
nim)
    play tests/golden/nim/random_picks.in "$mips" reference-asm/mips/nim.asm --args 42 ;;
table)
    play tests/golden/table_game/row_win.in "$mips" reference-asm/mips/table_game.asm --args 104 ;;
*)
    echo "usage: scripts/run.sh [mipshack|lc3-nim|nim|table]" >&2
    exit 2 ;;
esac
