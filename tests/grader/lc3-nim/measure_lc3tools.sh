#!/usr/bin/env bash
# measure_lc3tools.sh: scores every variant here with lc3tools' own Nim
# grader and prints lc3tools-scores.txt (the facts the lc3grade tests compare
# with). Not run by ctest: it needs lc3tools, which the project does not ship.
#
#   measure_lc3tools.sh LC3TOOLS_BIN_DIR > lc3tools-scores.txt
#
# Each variant is assembled with lc3tools' assembler and graded once per seed
# (--seed only changes the randomized test). A test every seed scores alike
# gets its points; one whose points depend on the seed gets LOW-HIGH, with a
# comment line before it giving each seed's points.
# kbsr_poll is graded again with --ignore-privilege, as kbsr_poll:ignore-privilege.
set -euo pipefail

bin=${1:?usage: $0 LC3TOOLS_BIN_DIR}
here=$(cd "$(dirname "$0")" && pwd)
seeds=(1 2 3 4 5 1234 99991)
variants=(table_rows stack_frames packed_strings whitespace lowercase accepts_zero too_many kbsr_poll
          assumes_zero never_halts)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lc3nim.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$here/derive.sh" "$tmp" # the variants are kept as their changes (VARIANT.sed)

# points [OPTION...] OBJ: the "TEST POINTS" lines of one run of the grader.
points() {
    "$bin/nim" "$@" | awk '
        /^Test: / { name = $2; if ($0 ~ /Randomized/) name = name "-random" }
        /^Test points earned: / { split($4, p, "/"); print name, p[1] }'
}

echo "# lc3tools' Nim grader (src/test/tests/samples/nim.cpp, built in"
echo "# /work/oracle/lc3tools/build/bin) on each variant of this folder:"
echo "# bin/assembler VARIANT.asm, then bin/nim --seed=S VARIANT.obj for S in ${seeds[*]}"
echo "# (the seed only moves ExampleTest-random). POINTS: the same under every seed, or"
echo "# LOW-HIGH over the seeds when they differ, after a comment with each seed's."
echo "# kbsr_poll:ignore-privilege is kbsr_poll graded with --ignore-privilege."
echo "# Written by measure_lc3tools.sh. Columns: VARIANT TEST POINTS."
for v in "${variants[@]}"; do
    "$bin/assembler" "$tmp/$v.asm" > "$tmp/$v.log" 2>&1 ||
        { cat "$tmp/$v.log" >&2; exit 1; }
    runs=("$v")
    [[ $v == kbsr_poll ]] && runs+=("$v:ignore-privilege")
    for run in "${runs[@]}"; do
        opts=()
        [[ $run == *:ignore-privilege ]] && opts=(--ignore-privilege)
        files=()
        for s in "${seeds[@]}"; do
            points "${opts[@]}" --seed="$s" "$tmp/$v.obj" > "$tmp/$run.$s"
            files+=("$tmp/$run.$s")
        done
        # one row per test: its name and points under each seed
        paste -d' ' "${files[@]}" |
            awk -v run="$run" -v seeds="${seeds[*]}" '
                { n = split(seeds, sd, " "); lo = hi = $2; each = ""
                  for (i = 1; i <= n; i++) {
                      p = $(2 * i); if (p < lo) lo = p; if (p > hi) hi = p
                      each = each " " sd[i] ":" p }
                  if (lo == hi) { print run, $1, lo; next }
                  print "# " run " " $1 " by seed:" each
                  print run, $1, lo "-" hi }'
    done
done
