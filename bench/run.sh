#!/bin/sh
# Builds the benchmarks in Release (build-bench/, or $BUILD) and runs them.
# CC=clang bench/run.sh measures a clang build.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-"$root/build-bench"}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSANITIZE=OFF >/dev/null
cmake --build "$build" -j2 --target lc3_bench mips_asm_bench >/dev/null
"$build/bench/lc3_bench" "$root/bench/lc3_loops.asm"
"$build/bench/mips_asm_bench"
