#!/usr/bin/env bash
# gradescope.sh [OUT_DIR]: builds the bundles Gradescope runs
# (docs/gradescope.md), autograder-hw4.zip (MipsHack, mipsgrade) and
# autograder-lc3-nim.zip (the LC-3 Nim, lc3grade): setup.sh and
# run_autograder at the root, autograder.conf (which grader, which file), and
# in src/ the sources the graders build from (the tracked files of this
# checkout, without tests). The bundles differ only in autograder.conf.
# GRADESCOPE_SEED=N: the course's secret seed for this term, kept in
# autograder.conf (docs/gradescope.md); unset, the graders' public default.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(cd "${1:-.}" && pwd)
seed=${GRADESCOPE_SEED-}
if [[ -n $seed && ! $seed =~ ^[0-9]{1,18}$ ]]; then
    echo "gradescope.sh: GRADESCOPE_SEED must be a number (up to 18 digits), not '$seed'" >&2
    exit 2
fi
[[ -z $seed ]] && echo "gradescope.sh: no GRADESCOPE_SEED: the bundles grade with the" \
    "graders' public default seed (docs/gradescope.md, \"The seed\")" >&2

make_zip() { # bundle grader assignment file max_score
    local stage
    stage=$(mktemp -d "${TMPDIR:-/tmp}/gradescope.XXXXXX")
    cp scripts/gradescope/setup.sh scripts/gradescope/run_autograder "$stage/"
    printf 'grader=%s\nassignment=%s\nfile=%s\nmax_score=%s\n' "$2" "$3" "$4" "$5" \
        > "$stage/autograder.conf"
    [[ -z $seed ]] || printf 'seed=%s\n' "$seed" >> "$stage/autograder.conf"
    mkdir "$stage/src"
    git ls-files -z -- CMakeLists.txt asm lc3sim mipssim maps docs/man scripts/embed_obj.cmake \
        reference-asm/lc3/os.asm | xargs -0 cp --parents -t "$stage/src"
    rm -f "$out/autograder-$1.zip"
    (cd "$stage" && cmake -E tar cf "$out/autograder-$1.zip" --format=zip -- *)
    rm -rf "$stage"
    echo "$out/autograder-$1.zip"
}

make_zip hw4 mipsgrade hw4 hw4.asm 100
make_zip lc3-nim lc3grade nim nim.asm 100
