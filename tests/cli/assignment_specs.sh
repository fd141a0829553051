#!/usr/bin/env bash
# assignment_specs.sh MIPSGRADE PROJECT_DIR SEEDS: the specs of the
# assignments of issue 23 (reference-asm/mips/strings/strings.spec and
# reference-asm/mips/recursion/recursion.spec) and of issue 33's linked
# lists on the heap (linkedlist/linkedlist.spec) grade their variants in
# tests/grader/spec/NAME (VARIANTS.md) as the handout wants, on seeds
# 1..SEEDS:
# - the reference and every correct/*.asm score full marks;
# - every broken/*.sed, applied to the reference, loses points in the
#   function its `# function:` header names, for the reason its
#   `# caught-by:` header gives (output: a wrong value or byte; check: a
#   preserved register; calls F: "did not call F"; budget: "ran past"), and
#   keeps full marks in every other function;
# - the same file and seed give the same bytes of --json, twice (but for
#   the wall-clock execution_time).
# ASSIGNMENTS (the 4th argument, words) grades those of reference-asm/mips
# instead, alone (reference-asm/mips/cars: records and constant inputs).
tool=$1 project=$2 seeds=${3:-3} assignments=${4:-} name=assignment_specs
source "$(dirname "$0")/cli_lib.sh"
tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool") # used from other folders too

# scores: "F:GOT/MAX" for each function of the spec, from the report in
# $out, one awk for them all (it runs for every file and seed).
scores() {
    awk -v fs="$functions" '$3 == "/" { got[$1] = got[$1] $1 ":" $2 "/" $4 "\n" }
        END { n = split(fs, f, " ")
              for (i = 1; i <= n; i++)
                  printf "%s", (f[i] in got) ? got[f[i]] : f[i] ":missing\n" }' "$out"
}

# grade_all FILE...: every FILE graded on every seed, two at a time (the
# gradings are independent), each report in $tmp/reports/N.SEED for the
# N-th FILE, its exit status after it in N.SEED.status.
grade_all() {
    local n=0 file seed
    rm -rf "$tmp/reports"
    mkdir -p "$tmp/reports"
    for file in "$@"; do
        n=$((n + 1))
        graded[$file]=$n
    done
    for file in "$@"; do
        for ((seed = 1; seed <= seeds; seed++)); do
            printf '%s\0%s\0%s\0' "$file" "$seed" "$tmp/reports/${graded[$file]}.$seed"
        done
    done | xargs -0 -n 3 -P 2 sh -c '"$0" --spec "$1" "$2" --seed "$3" > "$4" 2> "$4.err"
                                    echo $? > "$4.status"' "$tool" "$spec"
}

# grade FILE SEED: the paths of FILE's report on SEED in $out (stderr in $err),
# its status in $status.
grade() {
    local at=$tmp/reports/${graded[$1]}.$2
    out=$at err=$at.err
    read -r status < "$at.status"
}

# full NAME FILE: full marks in every function on every seed.
full() {
    local seed s bad=""
    for ((seed = 1; seed <= seeds; seed++)); do
        grade "$2" "$seed"
        s=$(scores)
        if [[ $status != 0 || $s == *missing* ]] || grep -q "Not graded" "$out" ||
           [[ $(awk -F'[:/]' '$2 != $3' <<< "$s") ]]; then
            bad="$bad $seed"
            [[ -z ${shown:-} ]] && { cat "$out" "$err"; shown=1; }
        fi
    done
    if [[ -z $bad ]]; then
        pass "$1: full marks on seeds 1..$seeds"
    else
        fail "$1: not full marks on seeds$bad"
    fi
}

# reason CAUGHT_BY FUNCTION: the words the report gives for that kind of catch.
reason() {
    case $1 in
    output) echo "is .*, expected\|byte [0-9]* is 0x\|wrote byte" ;;
    check) echo "changed: 0x" ;;
    calls\ *) echo "did not call ${1#calls }" ;;
    budget) echo "ran past [0-9]* instructions" ;;
    *) echo "no such catch: $1" ;;
    esac
}

# broken NAME FILE FUNCTION CAUGHT_BY: FUNCTION loses points, for its
# reason, on every seed; every other function keeps full marks.
broken() {
    local seed line f got max bad="" why
    why=$(reason "$4")
    for ((seed = 1; seed <= seeds; seed++)); do
        grade "$2" "$seed"
        local ok=1
        [[ $status == 0 ]] || ok=0
        while IFS=: read -r f line; do
            got=${line%/*} max=${line#*/}
            if [[ $line == missing ]]; then
                ok=0
            elif [[ $f == "$3" ]]; then
                [[ $got != "$max" ]] || ok=0
            else
                [[ $got == "$max" ]] || ok=0
            fi
        done < <(scores)
        # the reason is given under one of the function's failed tests (grep
        # reads it all: -q would quit early and, under pipefail, fail the
        # pipe with awk's SIGPIPE on a long report)
        awk -v f="$3" '/^  FAIL / { mine = ($2 == f ":") } /^       / && mine' "$out" |
            grep -- "$why" > /dev/null || ok=0
        if [[ $ok == 0 ]]; then
            bad="$bad $seed"
            [[ -z ${shown:-} ]] && { cat "$out" "$err"; shown=1; }
        fi
    done
    if [[ -z $bad ]]; then
        pass "$1: loses points in $3 only ($4), on seeds 1..$seeds"
    else
        fail "$1: not exactly $3's points lost ($4) on seeds$bad"
    fi
}

# same_json NAME FILE: two gradings with one seed write the same bytes of
# results.json, but for the wall-clock seconds Gradescope shows
# (execution_time).
same_json() {
    local i
    for i in a b; do
        "$tool" --spec "$spec" "$2" --seed 7 --json "$tmp/$i.json" > /dev/null 2>&1
        grep -v '^  "execution_time": [0-9]*,$' "$tmp/$i.json" > "$tmp/$i.bytes"
    done
    if [[ -s $tmp/a.bytes ]] && cmp -s "$tmp/a.bytes" "$tmp/b.bytes"; then
        pass "$1: the same seed writes the same results.json"
    else
        fail "$1: two gradings with seed 7 differ (or wrote nothing)"
        diff "$tmp/a.bytes" "$tmp/b.bytes" | head -5
    fi
}

for assignment in ${assignments:-strings recursion linkedlist}; do
    spec=$project/reference-asm/mips/$assignment/$assignment.spec
    reference=$project/reference-asm/mips/$assignment/$assignment.asm
    dir=$project/tests/grader/spec/$assignment
    functions=$(sed -n 's/^function \([a-z_]*\)$/\1/p' "$spec")
    [[ -n $functions ]] || fail "$assignment: the spec grades no function"

    declare -A graded=()
    broken_files=()
    for script in "$dir"/broken/*.sed; do
        v=$(basename "$script" .sed)
        sed -f "$script" "$reference" > "$tmp/$v.asm"
        broken_files+=("$tmp/$v.asm")
    done
    grade_all "$reference" "$dir"/correct/*.asm "${broken_files[@]}"

    full "$assignment: the reference" "$reference"
    for variant in "$dir"/correct/*.asm; do
        full "$assignment/correct/$(basename "$variant" .asm)" "$variant"
    done
    for script in "$dir"/broken/*.sed; do
        v=$(basename "$script" .sed)
        function=$(sed -n 's/^# function: //p' "$script")
        caught_by=$(sed -n 's/^# caught-by: //p' "$script")
        cmp -s "$reference" "$tmp/$v.asm" && fail "$assignment/$v: the script changes nothing"
        broken "$assignment/broken/$v" "$tmp/$v.asm" "$function" "$caught_by"
    done
    same_json "$assignment: the reference" "$reference"
    same_json "$assignment: a broken variant" "$tmp/$v.asm"
done

[[ -z $assignments ]] || exit $failed
# The keys these specs brought, each used wrongly (tests/spec/bad/keys.spec):
# every error, as keys.err records it.
(cd "$project/tests/spec/bad" && "$tool" --spec keys.spec nothing.asm > "$tmp/out" 2> "$tmp/err")
status=$?
if [[ $status == 1 ]] && diff "$project/tests/spec/bad/keys.err" "$tmp/err" > "$tmp/diff"; then
    pass "the new keys misused: every error, as keys.err"
else
    fail "the new keys misused: status $status, the errors differ from keys.err:"; cat "$tmp/diff"
fi
# A budget per call that the reference itself runs past is the spec's error
# in fib: fib is not graded (exit status 3, the report says why), the
# other functions are.
sed 's/^    budget 50 per call of fib$/    budget 10 per call of fib/' \
    "$project/reference-asm/mips/recursion/recursion.spec" > "$tmp/over.spec"
cp "$project/reference-asm/mips/recursion/recursion.asm" "$tmp/"
"$tool" --spec "$tmp/over.spec" "$tmp/recursion.asm" > "$tmp/out" 2> "$tmp/err"
status=$?
if [[ $status == 3 ]] && grep -q "partly graded: the spec is wrong in fib" "$tmp/err" &&
   grep -q "on fib .* the reference solution runs [0-9]* instructions, over its budget of [0-9]*$" "$tmp/out"; then
    pass "a budget per call the reference breaks: the spec is wrong"
else
    fail "a budget per call the reference breaks: status $status"; cat "$tmp/err"
fi
exit $failed
