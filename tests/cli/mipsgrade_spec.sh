#!/usr/bin/env bash
# mipsgrade_spec.sh MIPSGRADE PROJECT_DIR: mipsgrade --spec grades right.
# The strings spec's reference scores full marks and each broken variant
# (tests/spec/strings/broken/*.sed) loses exactly its function's points;
# the seeds' whole programs (reference-asm/mips/nim.spec, table_game.spec)
# give their references full marks and a broken copy loses its tests'
# points; a malformed spec gets every error (tests/spec/bad/bad.err and
# bad_expr.err, byte for byte) and nothing graded; a reference that breaks
# its spec in one function is the TA's mistake there, never a 0 for the
# student, and the other functions are graded; the shared
# options work.
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") project=$2 name=mipsgrade_spec
source "$(dirname "$0")/cli_lib.sh"
strings=$project/tests/spec/strings

# score PART: "score/max" of PART in $tmp/out.
score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }
total() { sed -n 's/^Total: \(.*\) \/ \(.*\)$/\1\/\2/p' "$tmp/out"; }
full() { [[ $(total) == 40.0/40.0 ]] && pass "$1: full marks" || { fail "$1: $(total)"; cat "$tmp/out"; }; }

for seed in 1 2 3; do
    expect "strings reference, seed $seed" 0 -- --spec "$strings/strings.spec" \
        "$strings/strings_ref.asm" --seed "$seed"
    full "strings reference, seed $seed"
done

# Each broken variant: its function 0 of 10, every other one full.
for script in "$strings"/broken/*.sed; do
    variant=$(basename "$script" .sed)
    fn=${variant%%_[a-z]*}
    case $variant in
        strlen_*) fn=strlen ;; count_char_*) fn=count_char ;;
        upcase_*) fn=upcase ;; sum_array_*) fn=sum_array ;;
    esac
    sed -f "$script" "$strings/strings_ref.asm" > "$tmp/$variant.asm"
    cmp -s "$tmp/$variant.asm" "$strings/strings_ref.asm" && fail "$variant: the edit changed nothing"
    for seed in 1 2; do
        expect "$variant, seed $seed" 0 -- --spec "$strings/strings.spec" "$tmp/$variant.asm" \
            --seed "$seed"
        [[ $(score "$fn") == 0.0/10.0 ]] && pass "$variant: $fn scores 0" ||
            fail "$variant: $fn scores $(score "$fn")"
        [[ $(total) == 30.0/40.0 ]] && pass "$variant: loses only $fn's points" ||
            { fail "$variant: total $(total)"; cat "$tmp/out"; }
    done
done
prints "a lost point names its reason" "did not call strlen" # upcase_no_call's, the last run

# The same file and seed: the same report; no seed: the spec's.
expect "seeded again" 0 -- --spec "$strings/strings.spec" "$tmp/upcase_no_call.asm" --seed 2
cp "$tmp/out" "$tmp/first"
expect "seeded again, twice" 0 -- --spec "$strings/strings.spec" "$tmp/upcase_no_call.asm" --seed 2
cmp -s "$tmp/out" "$tmp/first" && pass "same seed, same report" || fail "same seed, other report"
expect "no seed" 0 -- --spec "$strings/strings.spec" "$strings/strings_ref.asm"
prints "the seed is printed" "replays these tests)"

# The seeds' whole programs against their references, and broken copies
# (in a folder of their own: the input.asm they include is the spec's).
for game in nim table_game; do
    expect "$game reference" 0 -- --spec "$project/reference-asm/mips/$game.spec" \
        "$project/reference-asm/mips/$game.asm"
    [[ $(total) == 100.0/100.0 ]] && pass "$game reference: full marks" || { fail "$game: $(total)"; cat "$tmp/out"; }
done
mkdir -p "$tmp/nim"
# A typo in the computer's name, printed only when it wins: only
# computer_wins sees it.
sed 's/"the computer"/"the computr"/' "$project/reference-asm/mips/nim.asm" > "$tmp/nim/nim.asm"
cmp -s "$tmp/nim/nim.asm" "$project/reference-asm/mips/nim.asm" && fail "nim: the edit changed nothing"
expect "broken nim" 0 -- --spec "$project/reference-asm/mips/nim.spec" "$tmp/nim/nim.asm"
[[ $(score computer_wins) == 0.0/20.0 ]] && pass "broken nim: computer_wins scores 0" ||
    { fail "broken nim: computer_wins $(score computer_wins)"; cat "$tmp/out"; }
[[ $(total) == 80.0/100.0 ]] && pass "broken nim: loses only that test's points" ||
    { fail "broken nim: $(total)"; cat "$tmp/out"; }
prints "broken nim: the first differing line" "the output differs from line"
# A table game that loops forever: every test hits its cap and scores 0.
mkdir -p "$tmp/table"
printf '.text\nforever: j forever\n' > "$tmp/table/table_game.asm"
expect "looping table game" 0 -- --spec "$project/reference-asm/mips/table_game.spec" \
    "$tmp/table/table_game.asm"
[[ $(total) == 0.0/100.0 ]] && pass "looping table game scores 0" || { fail "looping: $(total)"; cat "$tmp/out"; }
prints "looping table game: the cap" "ran past 10000000 instructions without ending"

# Statements over several lines (long.spec): a 100-element literal held
# open by '[' and a budget ended by '\' grade the reference full; its
# written sum is checked (a wrong one is the spec's error); an error in a
# continued line names that line and column.
expect "long literals" 0 -- --spec "$strings/long.spec" "$strings/strings_ref.asm"
[[ $(total) == 10.0/10.0 ]] && pass "long literals: full marks" || { fail "long: $(total)"; cat "$tmp/out"; }
cp "$strings/strings_ref.asm" "$tmp/"
sed 's/5050/5051/' "$strings/long.spec" > "$tmp/long.spec"
expect "a continued literal's answer is checked" 1 -- --spec "$tmp/long.spec" "$strings/strings_ref.asm"
says "the literal's sum" "gives \$v0 = 5050, the spec expects 5051"
printf 'reference strings_ref.asm\nfunction f\n  points 1\n  compare $v0\n  arg $a0 a = array 0..3 of word 0..9\n  case "x"\n    a = [1,\n         2 3]\n' > "$tmp/cont.spec"
expect "an error in a continued line" 1 -- --spec "$tmp/cont.spec" "$strings/strings_ref.asm"
says "its own line and column" "cont.spec:8:12: error: expected ',' or ']' in the list"

# `expect wins` (issue 33, item 1): the written answer is the truth; the
# reference's other answer is a warning to the TA, not a spec error, and
# the submission is held to the written one (here the reference itself, as
# a submission, loses that case); on a function, for all its cases.
sed 's/5050/5051/; s/^    case "one to a hundred"/&\n        expect wins/' "$strings/long.spec" > "$tmp/wins.spec"
expect "expect wins on a case" 0 -- --spec "$tmp/wins.spec" "$strings/strings_ref.asm"
# A warning is wrapped at spaces (7 spaces before each further line): read whole.
warnings_joined() {
    awk '/^       [^ ]/ { sub(/^ +/, ""); printf " %s", $0; next } NR > 1 { print "" }
         { printf "%s", $0 } END { print "" }' "$tmp/out"
}
warnings_joined | grep -qF "the reference gives \$v0 = 5050, the spec 5051 (line 15): the spec's counts" &&
    pass "expect wins: the TA's warning" || { fail "expect wins: the TA's warning"; cat "$tmp/out"; }
prints "expect wins: held to the written answer" "\$v0 is 5050, expected 5051"
[[ $(total) == 7.5/10.0 ]] && pass "expect wins: that case lost" || { fail "wins: $(total)"; cat "$tmp/out"; }
sed 's/5050/5051/; s/^    compare \$v0$/&\n    expect wins/' "$strings/long.spec" > "$tmp/wins.spec"
expect "expect wins on a function" 0 -- --spec "$tmp/wins.spec" "$strings/strings_ref.asm"
[[ $(total) == 7.5/10.0 ]] && pass "expect wins on a function" || { fail "wins: $(total)"; cat "$tmp/out"; }

# A random case the reference faults on (issue 33, item 7) is dropped and
# named to the TA; the other cases share the points; a reference that
# faults on every case leaves its function ungraded.
printf '.text\nf:\n    li $t0, 3\n    bne $a0, $t0, ok\n    lw $v0, 0($zero)\nok:\n    sll $v0, $a0, 1\n    jr $ra\n' > "$tmp/faulty_ref.asm"
sed 's/^    jr \$ra/    addi $v0, $v0, 1\n&/' "$tmp/faulty_ref.asm" > "$tmp/faulty_bad.asm"
printf 'reference faulty_ref.asm\nfunction f\n    points 10\n    arg $a0 n = int 0..9 uniform\n    compare $v0\n' > "$tmp/faulty.spec"
expect "a reference faulting on some cases" 0 -- --spec "$tmp/faulty.spec" "$tmp/faulty_ref.asm" --cases 60
prints "the dropped case, for the TA" "spec warning: dropped f random case"
prints "why it was dropped" "(n=3): the reference fails it: address out of range"
[[ $(total) == 10.0/10.0 ]] && pass "the other cases give full marks" || { fail "faulty: $(total)"; cat "$tmp/out"; }
expect "a reference faulting on some cases, a wrong submission" 0 -- --spec "$tmp/faulty.spec" \
    "$tmp/faulty_bad.asm" --cases 60
[[ $(total) == 0.0/10.0 ]] && pass "a wrong submission still loses" || { fail "faulty: $(total)"; cat "$tmp/out"; }
sed 's/int 0..9 uniform/int 3..3/' "$tmp/faulty.spec" > "$tmp/faulty3.spec"
expect "a reference faulting on every case" 1 -- --spec "$tmp/faulty3.spec" "$tmp/faulty_ref.asm"
says "every case" "the reference solution fails f on every case"

# `compare char $v0` (issue 33, item 8): a character result is shown as one.
printf '.text\nf:\n    addi $v0, $a0, 65\n    jr $ra\n' > "$tmp/char_ref.asm"
printf '.text\nf:\n    addi $v0, $zero, 58\n    jr $ra\n' > "$tmp/char_bad.asm"
printf 'reference char_ref.asm\nfunction f\n    points 1\n    cases 0\n    arg $a0 n = int 0..9\n    compare char $v0\n    case "X"\n        n = 23\n' > "$tmp/char.spec"
expect "a character result" 0 -- --spec "$tmp/char.spec" "$tmp/char_bad.asm"
prints "shown as a character" "\$v0 is ':' (58), expected 'X' (88)"
# The same when a written `expect` decides (`expect wins`, the reference
# answering 'Y' there): the student's report and the TA's warning show
# characters too.
printf 'reference char_ref.asm\nfunction f\n    points 1\n    cases 0\n    arg $a0 n = int 0..9\n    compare char $v0\n    expect wins\n    case "X"\n        n = 24\n        expect $v0 = 88\n' > "$tmp/char_wins.spec"
expect "a character result, expect wins" 0 -- --spec "$tmp/char_wins.spec" "$tmp/char_bad.asm"
prints "expect decides: shown as a character" "\$v0 is ':' (58), expected 'X' (88)"
prints "expect decides: the TA's warning in characters" "the reference gives \$v0 = 'Y' (89), the spec 'X' (88)"

# Every argument of a failing case, wrapped at spaces (issue 33, item 8):
# the scalar after three long arrays is shown, and no line runs past 110.
printf 'reference char_ref.asm\nfunction f\n    points 1\n    cases 1\n    arg $a1 a = array 40..40 of word 100000..999999\n    arg $a2 b = array 40..40 of word 100000..999999\n    arg $a3 c = array 40..40 of word 100000..999999\n    arg $a0 n = int 7..7\n    compare char $v0\n' > "$tmp/wrap.spec"
expect "a long failing case" 0 -- --spec "$tmp/wrap.spec" "$tmp/char_bad.asm"
prints "the last argument" "n=7)"
[[ $(awk 'length > 110' "$tmp/out" | wc -l) == 0 ]] && pass "the lines wrapped" || { fail "a long line"; cat "$tmp/out"; }

# Malformed specs (bad.spec; bad_expr.spec, the expressions): every error,
# as the assembler reports them; exit 1.
for bad in bad bad_expr; do
    (cd "$project/tests/spec/bad" && "$tool" --spec $bad.spec nothing.asm > "$tmp/out" 2> "$tmp/err")
    status=$?
    [[ $status == 1 ]] && pass "$bad spec: exit status 1" || fail "$bad spec: exit status $status"
    diff "$project/tests/spec/bad/$bad.err" "$tmp/err" > "$tmp/diff" && pass "$bad spec: every error" ||
        { fail "$bad spec: the errors differ from $bad.err:"; cat "$tmp/diff"; }
    [[ ! -s $tmp/out ]] && pass "$bad spec: no report" || fail "$bad spec: a report on stdout"
done
expect "no spec file" 1 -- --spec "$tmp/none.spec" "$strings/strings_ref.asm"
says "no spec file: why" "cannot read the spec"
expect "--spec without a file" 2 -- --spec
says "--spec without a file: why" "a value must follow --spec"

# A reference wrong in one function (issue 33, item 1): that function is
# not graded (loud, every problem, exit status 3, out of the maximum), the
# other three are graded as usual: a student broken in strlen loses strlen.
sed -f "$strings/broken/count_char_uses_s0.sed" "$strings/strings_ref.asm" > "$tmp/bad_ref.asm"
sed 's/^reference strings_ref.asm$/reference bad_ref.asm/' "$strings/strings.spec" > "$tmp/wrong.spec"
expect "a reference wrong in count_char" 3 -- --spec "$tmp/wrong.spec" "$strings/strings_ref.asm"
says "the TA reads why on stderr" "partly graded: the spec is wrong in count_char"
prints "the report says it is no fault of the student's" \
    "Not graded: the spec is wrong in count_char (its reference breaks it; no fault of the submission's"
prints "every problem found" "fails count_char random case 8: \$s0 changed"
[[ $(total) == 30.0/30.0 && $(score strlen) == 10.0/10.0 && $(score upcase) == 10.0/10.0 ]] &&
    pass "the other functions graded, count_char out of the total" || { fail "partly graded"; cat "$tmp/out"; }
expect "a reference wrong in count_char, a student wrong in strlen" 3 -- --spec "$tmp/wrong.spec" \
    "$tmp/strlen_counts_nul.asm" --json "$tmp/wrong.json"
[[ $(total) == 20.0/30.0 && $(score strlen) == 0.0/10.0 && $(score sum_array) == 10.0/10.0 ]] &&
    pass "the student's own fault still costs its function" || { fail "partly graded"; cat "$tmp/out"; }
jq -e '.score == 20 and .max_score == 30 and
       ((.tests[] | select(.name == "count_char")) | .max_score == 0 and
        (.output | test("spec is wrong")))' "$tmp/wrong.json" > /dev/null &&
    pass "results.json: count_char not graded, worth nothing" || { fail "results.json"; cat "$tmp/wrong.json"; }
printf 'reference strings_ref.asm\nfunction strlen\n  points 1\n  arg $a0 s = string 0..3 letters\n  compare $v0\n  case "x"\n    s = "ab"\n    expect $v0 = 3\n' > "$tmp/expect.spec"
cp "$strings/strings_ref.asm" "$tmp/"
expect "a hand-written answer the reference does not give" 1 -- --spec "$tmp/expect.spec" \
    "$strings/strings_ref.asm"
says "the answer's line" "the spec expects 3 (line 6)"

# The shared options: --json, --only, --cases, a batch with --csv and --reports.
expect "--json" 0 -- --spec "$strings/strings.spec" "$tmp/strlen_counts_nul.asm" --json "$tmp/r.json" --seed 4
jq -e '.score == 30 and .max_score == 40 and (.tests | length) == 4 and
       (.tests[] | select(.name == "strlen") | .score) == 0' "$tmp/r.json" > /dev/null &&
    pass "--json: the scores" || { fail "--json"; cat "$tmp/r.json"; }
expect "--only" 0 -- --spec "$strings/strings.spec" "$strings/strings_ref.asm" --only upcase --cases 3
[[ $(total) == 10.0/10.0 && $(grep -c 'tests passed' "$tmp/out") == 1 ]] && pass "--only: one function" ||
    { fail "--only"; cat "$tmp/out"; }
prints "--cases: three cases" "3 of 3 tests passed"
expect "--only names no part" 2 -- --spec "$strings/strings.spec" "$strings/strings_ref.asm" --only nope
says "--only: why" "--only names no function or test of the spec: nope"
printf '%s\n' "$strings/strings_ref.asm" "$tmp/sum_array_one_more.asm" > "$tmp/list"
mkdir "$tmp/reports"
expect "a batch" 0 -- --spec "$strings/strings.spec" --list "$tmp/list" --csv "$tmp/scores.csv" \
    --reports "$tmp/reports" --jobs 2 --seed 5
grep -q ',40.00,40.00,' "$tmp/scores.csv" && grep -q ',30.00,40.00,' "$tmp/scores.csv" &&
    pass "the batch's CSV" || { fail "the batch's CSV"; cat "$tmp/scores.csv"; }
[[ $(ls "$tmp/reports" | wc -l) == 2 ]] && pass "the batch's reports" || fail "the batch's reports"

exit $failed
