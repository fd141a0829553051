#!/usr/bin/env bash
# grade_load.sh MIPSGRADE PROJECT_DIR SMALL: a grade is a function of the
# submission, the assignment and the seed, never of the machine's load.
# The variants of hw4 (tests/grader/correct, tests/grader/broken, a
# submission that loops for ever in every function) and of the strings spec
# (reference-asm/mips/strings, tests/grader/spec/strings) are graded once
# on a quiet machine with the default CPU limit, then again with every core
# busy (busy-loop burners this test starts and kills) and a tiny --cpu 1.
# Every loaded grading must give the quiet grading's score and report byte
# for byte, or be "not graded" (status error, no score, exit 1, no
# results.json): never another score. At least one must be not graded, or
# the tiny limit proved nothing. SMALL=1 (a slow build run by hand, such as
# a sanitizer build): fewer variants.
tool=$1 project=$2 small=${3:-0} name=grade_load
source "$(dirname "$0")/cli_lib.sh"
burners=()
stop_burners() {
    [[ ${#burners[@]} -gt 0 ]] && kill "${burners[@]}" 2> /dev/null
    [[ ${#burners[@]} -gt 0 ]] && wait "${burners[@]}" 2> /dev/null
    burners=()
}
trap 'stop_burners; rm -rf "$tmp"' EXIT

too_slow='error: the machine was too slow to finish this grading; grade it again'
hw4=$project/reference-asm/mips/hw4.asm
strings=$project/reference-asm/mips/strings
mkdir -p "$tmp/hw4" "$tmp/strings"

# The submissions, one list per assignment.
correct=("$project"/tests/grader/correct/*.asm)
[[ $small == 1 ]] && correct=("${correct[@]:0:2}")
cp "$hw4" "$tmp/hw4/reference.asm"
cp "${correct[@]}" "$tmp/hw4/"
for s in "$project"/tests/grader/broken/*.sed; do
    grep -v '^#' "$s" | sed -f - "$hw4" > "$tmp/hw4/broken_$(basename "$s" .sed).asm"
done
# Every function spins until its budget ends it: the budgets, counted in
# instructions, stop it with an ordinary score on any machine.
sed -f "$project/tests/hostile/grader/spin_forever.sed" "$hw4" > "$tmp/hw4/spin_forever.asm"
cp "$strings/strings.asm" "$tmp/strings/reference.asm"
cp "$project"/tests/grader/spec/strings/correct/*.asm "$tmp/strings/"
broken=("$project"/tests/grader/spec/strings/broken/*.sed)
[[ $small == 1 ]] && broken=("${broken[@]:0:2}")
for s in "${broken[@]}"; do
    sed -f "$s" "$strings/strings.asm" > "$tmp/strings/broken_$(basename "$s" .sed).asm"
done
ls "$tmp"/hw4/*.asm > "$tmp/hw4.list"
ls "$tmp"/strings/*.asm > "$tmp/strings.list"
echo "# $(wc -l < "$tmp/hw4.list") hw4 and $(wc -l < "$tmp/strings.list") strings submissions"

# grade_all RUN ARGS...: both batches, CSV and reports in $tmp/RUN; then a
# single grading with --json of the hw4 reference and of spin_forever with
# many cases (single and spin: the report, results.json and exit status in
# $tmp/RUN too).
grade_all() {
    local run=$1
    shift
    mkdir -p "$tmp/$run/hw4" "$tmp/$run/strings"
    "$tool" hw4 --list "$tmp/hw4.list" --seed 1 --jobs 2 --csv "$tmp/$run/hw4.csv" \
        --reports "$tmp/$run/hw4" "$@" 2> "$tmp/$run/hw4.err"
    echo $? > "$tmp/$run/hw4.status"
    "$tool" --spec "$strings/strings.spec" --list "$tmp/strings.list" --seed 1 --jobs 2 \
        --csv "$tmp/$run/strings.csv" --reports "$tmp/$run/strings" "$@" 2> "$tmp/$run/strings.err"
    echo $? > "$tmp/$run/strings.status"
    "$tool" hw4 "$hw4" --seed 1 --json "$tmp/$run/single.json" "$@" > "$tmp/$run/single.txt"
    echo $? > "$tmp/$run/single.status"
    # Seconds of CPU in any build, every test ended by its budget.
    "$tool" hw4 "$tmp/hw4/spin_forever.asm" --seed 1 --cases 60 --json "$tmp/$run/spin.json" "$@" \
        > "$tmp/$run/spin.txt"
    echo $? > "$tmp/$run/spin.status"
}

grade_all quiet
for b in hw4 strings; do
    [[ $(cat "$tmp/quiet/$b.status") == 0 ]] && pass "quiet $b: every submission graded" ||
        { fail "quiet $b: exit $(cat "$tmp/quiet/$b.status")"; cat "$tmp/quiet/$b.csv" "$tmp/quiet/$b.err"; }
done
for single in single spin; do
    [[ $(cat "$tmp/quiet/$single.status") == 0 && -s $tmp/quiet/$single.json ]] &&
        pass "quiet $single: graded, results.json" || fail "quiet $single: $(cat "$tmp/quiet/$single.txt")"
done
grep -qx "Total: 0.0 / 100.0" "$tmp/quiet/spin.txt" && [[ $(grep -c "ran past" "$tmp/quiet/spin.txt") -gt 11 ]] &&
    pass "spin_forever, many cases: every test ended by its budget, 0 points" ||
    { fail "spin_forever, many cases"; tail -20 "$tmp/quiet/spin.txt"; }
grep -q "^\"$tmp/hw4/spin_forever.asm\",[0-9.]*,100.00,graded," "$tmp/quiet/hw4.csv" &&
    grep -qF "Total: " "$tmp/quiet/hw4/"*spin_forever.asm.txt &&
    pass "a submission that loops for ever: ended by the budgets, an ordinary score" ||
    { fail "spin_forever: not graded by its budgets"; cat "$tmp/quiet/hw4.csv"; }

for ((i = 0; i < $(nproc); i++)); do
    (while :; do :; done) &
    burners+=($!)
done
grade_all loaded --cpu 1
stop_burners

# A loaded grading: the quiet one's row and report, or not graded.
not_graded=0 same=0
for b in hw4 strings; do
    n=0
    while IFS= read -r path; do
        n=$((n + 1))
        quiet=$(grep -F "\"$path\"," "$tmp/quiet/$b.csv")
        loaded=$(grep -F "\"$path\"," "$tmp/loaded/$b.csv")
        report=$(cd "$tmp/loaded/$b" && ls | grep "^0*$n-")
        if [[ $loaded == "$quiet" ]] && cmp -s "$tmp/quiet/$b/$report" "$tmp/loaded/$b/$report"; then
            same=$((same + 1))
        # (A row with no score has its part columns empty: trailing commas.)
        elif [[ $(sed 's/,*$//' <<< "$loaded") == "\"$path\",,$(cut -d, -f2 <<< "${quiet#\"$path\",}"),$too_slow,\"$report\"" ]]; then
            grep -qF "Not graded: ${too_slow#error: }." "$tmp/loaded/$b/$report" &&
                ! grep -q "^Total:" "$tmp/loaded/$b/$report" &&
                not_graded=$((not_graded + 1)) ||
                { fail "$b $path: not graded, but its report says otherwise"; cat "$tmp/loaded/$b/$report"; }
        else
            fail "$b $path: another grade under load"
            echo "quiet:  $quiet"; echo "loaded: $loaded"
            diff "$tmp/quiet/$b/$report" "$tmp/loaded/$b/$report" | head -20
        fi
    done < "$tmp/$b.list"
    grep -qF ",$too_slow," "$tmp/loaded/$b.csv" && want=1 || want=0
    [[ $(cat "$tmp/loaded/$b.status") == "$want" ]] && pass "loaded $b: exit $want" ||
        fail "loaded $b: exit $(cat "$tmp/loaded/$b.status"), expected $want"
done
[[ $failed == 0 ]] && pass "every loaded batch grading: the quiet score or not graded"

# The single gradings: the same report and results.json (but for the
# wall-clock execution_time), or not graded with no results.json.
for single in single spin; do
    status=$(cat "$tmp/loaded/$single.status")
    if [[ $status == 0 ]]; then
        cmp -s "$tmp/quiet/$single.txt" "$tmp/loaded/$single.txt" &&
            cmp -s <(grep -v execution_time "$tmp/quiet/$single.json") \
                   <(grep -v execution_time "$tmp/loaded/$single.json") &&
            pass "$single under load: the same report and results.json" ||
            fail "$single under load: another report or results.json"
    else
        not_graded=$((not_graded + 1))
        [[ $status == 1 && ! -e $tmp/loaded/$single.json ]] &&
            grep -qF "Not graded: ${too_slow#error: }." "$tmp/loaded/$single.txt" &&
            ! grep -q "^Total:" "$tmp/loaded/$single.txt" &&
            pass "$single under load: not graded, exit 1, no results.json" ||
            { fail "$single under load: exit $status"; cat "$tmp/loaded/$single.txt"; }
    fi
done
echo "# under load: $same graded as on a quiet machine, $not_graded not graded"
[[ $not_graded -gt 0 ]] && pass "the tiny limit stopped $not_graded gradings" ||
    fail "no grading was stopped: the test proves nothing"
exit $failed
