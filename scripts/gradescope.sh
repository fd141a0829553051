#!/usr/bin/env bash
# gradescope.sh [OUT_DIR]: builds autograder-hw4.zip, the bundle Gradescope
# runs (docs/gradescope.md): setup.sh and run_autograder at its root,
# autograder.conf (which grader, which file), and in src/ the sources the
# graders build from (the tracked files of this checkout, without tests).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(cd "${1:-.}" && pwd)

make_zip() { # assignment grader file max_score
    local stage
    stage=$(mktemp -d "${TMPDIR:-/tmp}/gradescope.XXXXXX")
    cp scripts/gradescope/setup.sh scripts/gradescope/run_autograder "$stage/"
    printf 'grader=%s\nassignment=%s\nfile=%s\nmax_score=%s\n' "$2" "$1" "$3" "$4" \
        > "$stage/autograder.conf"
    mkdir "$stage/src"
    git ls-files -z -- CMakeLists.txt asm lc3sim mipssim maps docs/man scripts/embed_obj.cmake \
        reference-asm/lc3/os.asm | xargs -0 cp --parents -t "$stage/src"
    rm -f "$out/autograder-$1.zip"
    (cd "$stage" && cmake -E tar cf "$out/autograder-$1.zip" --format=zip -- *)
    rm -rf "$stage"
    echo "$out/autograder-$1.zip"
}

make_zip hw4 mipsgrade hw4.asm 100
