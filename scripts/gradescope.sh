#!/usr/bin/env bash
# gradescope.sh [OUT_DIR]: builds the bundles Gradescope runs
# (docs/gradescope.md), autograder-hw4.zip (MipsHack, mipsgrade) and
# autograder-lc3-nim.zip (the LC-3 Nim, lc3grade): setup.sh and
# run_autograder at the root, autograder.conf (which grader, which file), and
# in src/ the sources the graders build from (the tracked files of this
# checkout, without tests). The bundles differ only in autograder.conf.
# gradescope.sh --spec FILE [--file NAME] [--isa mips|lc3] [OUT_DIR]: the
# bundle of any assignment graded by a spec, autograder-STEM.zip (STEM: the
# spec's name): the same, with the spec's folder in spec/ (the spec, its
# reference and every file it names must lie in it), the grader chosen by
# the reference (.ORIG: the LC-3), students uploading NAME (default: the
# reference's file name), out of the spec's points.
# GRADESCOPE_SEED=N: the course's secret seed for this term, kept in
# autograder.conf (docs/gradescope.md); unset, the graders' public default.
set -euo pipefail
here=$PWD
cd "$(dirname "${BASH_SOURCE[0]}")/.."
spec= upload= isa= out_arg=
usage() { echo "usage: gradescope.sh [--spec FILE [--file NAME] [--isa mips|lc3]] [OUT_DIR]" >&2; exit 2; }
while (($#)); do
    case $1 in
    --spec) (($# > 1)) || usage; spec=$2; shift 2 ;;
    --file) (($# > 1)) || usage; upload=$2; shift 2 ;;
    --isa) (($# > 1)) || usage; isa=$2; shift 2 ;;
    -*) usage ;;
    *) [[ -z $out_arg ]] || usage; out_arg=$1; shift ;;
    esac
done
[[ -n $spec || (-z $upload && -z $isa) ]] || usage
out=$(cd "$here" && cd "${out_arg:-.}" && pwd)
seed=${GRADESCOPE_SEED-}
if [[ -n $seed && ! $seed =~ ^[0-9]{1,18}$ ]]; then
    echo "gradescope.sh: GRADESCOPE_SEED must be a number (up to 18 digits), not '$seed'" >&2
    exit 2
fi
[[ -z $seed ]] && echo "gradescope.sh: no GRADESCOPE_SEED: the bundles grade with the" \
    "graders' public default seed (docs/gradescope.md, \"The seed\")" >&2

# make_zip bundle grader assignment file max_score [spec_dir spec_name]
make_zip() {
    local stage
    stage=$(mktemp -d "${TMPDIR:-/tmp}/gradescope.XXXXXX")
    cp scripts/gradescope/setup.sh scripts/gradescope/run_autograder "$stage/"
    printf 'grader=%s\nassignment=%s\nfile=%s\nmax_score=%s\n' "$2" "$3" "$4" "$5" \
        > "$stage/autograder.conf"
    [[ -z $seed ]] || printf 'seed=%s\n' "$seed" >> "$stage/autograder.conf"
    if [[ -n ${6:-} ]]; then
        # the spec's folder, regular files only (a link could reach anywhere)
        mkdir "$stage/spec"
        (cd "$6" && find . -type f -print0 | xargs -0 -r cp --parents -t "$stage/spec")
        printf 'spec=spec/%s\n' "$7" >> "$stage/autograder.conf"
    fi
    mkdir "$stage/src"
    # What the top-level CMakeLists.txt reads: the C of every folder it adds
    # (web/ and editors/grammar/ build natively too), and what the graders
    # embed (the LC-3 OS; hw4's spec and reference).
    git ls-files -z -- CMakeLists.txt asm lc3sim mipssim maps docs/man scripts/embed_obj.cmake \
        scripts/embed_text.cmake reference-asm/lc3/os.asm reference-asm/mips/hw4.spec \
        reference-asm/mips/hw4.asm editors/grammar 'web/CMakeLists.txt' 'web/*.[ch]' |
        xargs -0 cp --parents -t "$stage/src"
    rm -f "$out/autograder-$1.zip"
    (cd "$stage" && cmake -E tar cf "$out/autograder-$1.zip" --format=zip -- *)
    rm -rf "$stage"
    echo "$out/autograder-$1.zip"
}

if [[ -z $spec ]]; then
    make_zip hw4 mipsgrade hw4 hw4.asm 100
    make_zip lc3-nim lc3grade nim nim.asm 100
    exit 0
fi

# A spec's bundle: what it needs, checked before anything is built.
refuse() { echo "gradescope.sh: $spec: $*" >&2; exit 2; }
spec=$(cd "$here" && realpath -e -- "$spec") || refuse "no such file"
spec_dir=$(dirname "$spec") spec_name=$(basename "$spec")
# the spec's words, comments dropped (a # inside quotes is rare in paths)
words() { sed -e 's/#.*$//' "$spec"; }
reference=$(words | awk '$1 == "reference" && r == "" { r = $2 } END { print r }' | tr -d '"')
[[ -n $reference ]] || refuse "it names no reference solution"
[[ $reference != /* && -f $spec_dir/$reference ]] ||
    refuse "its reference $reference is not a file beside it"
# every file the spec names is read from the bundle's copy of its folder
# (grep -q on a here-string: in a pipe, sed's SIGPIPE would fail the test)
grep -qE '(^|[[:space:]"])(/|\.\./)|/\.\./' <<< "$(words)" &&
    refuse "it names a file outside its folder (an absolute path or ..): the bundle holds" \
        "only $spec_dir"
if [[ -z $isa ]]; then
    grep -qiE '^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*[[:space:]]+)?\.ORIG' "$spec_dir/$reference" &&
        isa=lc3 || isa=mips
fi
case $isa in
mips) grader=mipsgrade ;;
lc3) grader=lc3grade ;;
*) usage ;;
esac
upload=${upload:-$(basename "$reference")}
[[ $upload =~ ^[A-Za-z0-9_.-]+\.(asm|s)$ ]] || refuse "students upload a plain .asm name, not '$upload'"
points=$(words | awk '$1 == "points" { total += $2 } END { print total + 0 }')
((points > 0)) || refuse "it gives no points"
make_zip "${spec_name%.spec}" "$grader" --spec "$upload" "$points" "$spec_dir" "$spec_name"
