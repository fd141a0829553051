#!/bin/sh
# Builds the benchmarks in Release (build-bench/, or $BUILD) and runs them.
# CC=clang bench/run.sh measures a clang build.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-"$root/build-bench"}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSANITIZE=OFF >/dev/null
cmake --build "$build" -j2 --target lc3_bench lc3sim mips_asm_bench mips_bench mips_check_bench mipsgrade >/dev/null
"$build/bench/lc3_bench" "$root/bench/lc3_loops.asm"
# lc3sim --check: the checked interpreter against the plain one (at most 3x slower).
"$root/bench/lc3_check_bench.sh" "$build/lc3sim/lc3sim"
"$build/bench/mips_asm_bench"
"$build/bench/mips_bench" "$root/bench/mips_loops.asm"
# --check: the checked interpreter against the plain one (at most 3x slower).
"$build/bench/mips_check_bench"
# spim on the same program, when installed (never required).
if command -v spim >/dev/null 2>&1; then
  start=$(date +%s.%N)
  spim -file "$root/bench/mips_loops.asm" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  ours=$("$build/bench/mips_bench" "$root/bench/mips_loops.asm" | sed -n 's/^mips: best of [0-9]*: \([0-9]*\) M.*/\1/p')
  awk -v s="$start" -v e="$end" -v ours="$ours" 'BEGIN {
    t = e - s; rate = 100.0 / t
    printf "spim: about 100 M instructions in %.3f s = %.0f M instructions/s; mips_run is %.1fx faster\n", t, rate, ours / rate }'
fi
# The grader: 100 copies of the reference hw4.asm, two at a time.
"$root/bench/grade_bench.sh" "$build/mipssim/grade/mipsgrade" "$root/reference-asm/mips/hw4.asm"
# The web IDE's page in headless Chromium against mipssim (issue 36), when
# Emscripten, Chromium and npm are there (never required).
if command -v emcc >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && [ -x /usr/bin/chromium ]; then
  "$root/scripts/web_build.sh" "$build/web-wasm"
  "$root/scripts/web.sh" --build-only --out "$build/web-site" --wasm "$build/web-wasm" 2>/dev/null
  mkdir -p "$build/web-npm"
  cp "$root/web/test/package.json" "$root/web/test/package-lock.json" "$build/web-npm/"
  (cd "$build/web-npm" && npm ci --ignore-scripts --no-audit --no-fund >/dev/null 2>&1)
  NODE_PATH="$build/web-npm/node_modules" node "$root/bench/web_bench.js" "$build/web-site" \
    "$build/mipssim/mipssim"
fi
