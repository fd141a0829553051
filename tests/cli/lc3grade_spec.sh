#!/usr/bin/env bash
# lc3grade_spec.sh LC3GRADE PROJECT_DIR SEEDS: lc3grade --spec grades right.
# The LC-3 lab of tests/spec/lc3 (strings.spec): its reference and both
# correct solutions score full marks on seeds 1..SEEDS; each broken variant
# (broken/*.sed, the functions it breaks in its `# caught-by:` line) loses
# points in exactly those functions; the same file and seed give the same
# bytes; a reference that breaks its spec is the TA's mistake (exit 1, no
# results.json); a malformed spec gets every error (bad.err, byte for
# byte). reference-asm/lc3/nim.spec gives the Nim reference and the correct
# solutions of tests/grader/lc3-nim what `lc3grade nim` gives them, and
# every broken one loses points under both graders. Then the options.
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") project=$2 seeds=${3:-2}
name=lc3grade_spec
source "$(dirname "$0")/cli_lib.sh"
lab=$project/tests/spec/lc3
nim_spec=$project/reference-asm/lc3/nim.spec

# read_scores: each part's "score/max" in $tmp/out into scores[PART], read
# in bash (a process per part and seed was most of the test's own time).
declare -A scores
read_scores() {
    scores=()
    local part got _ max
    while read -r part got _ max _; do
        [[ -n $part && -z ${scores[$part]-} ]] && scores[$part]=$got/$max
    done < "$tmp/out"
}
# score PART: "score/max" of PART in $tmp/out; total: "score/max".
score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }
total() { sed -n 's/^Total: \(.*\) \/ \(.*\)$/\1\/\2/p' "$tmp/out"; }
functions="STRLEN ARRAY_MAX REVERSE CLAMP PRINT_LINE READ_DIGIT"

# The reference and the correct solutions: full marks on every seed.
for sub in "$lab/strings_ref.asm" "$lab"/correct/*.asm; do
    for seed in $(seq 1 "$seeds"); do
        expect "$(basename "$sub"), seed $seed" 0 -- --spec "$lab/strings.spec" "$sub" --seed "$seed"
        [[ $(total) == 60.0/60.0 ]] && pass "$(basename "$sub"), seed $seed: full marks" ||
            { fail "$(basename "$sub"), seed $seed: $(total)"; cat "$tmp/out"; }
    done
done

# Each broken variant: the functions its header names lose points, the
# others keep all of theirs.
for script in "$lab"/broken/*.sed; do
    variant=$(basename "$script" .sed)
    caught=$(sed -n '1s/^# caught-by: \([A-Z_ ]*[A-Z_]\)  .*/\1/p' "$script")
    [[ -n $caught ]] || { fail "$variant: no '# caught-by: FUNCTION...  why' line"; continue; }
    sed -f "$script" "$lab/strings_ref.asm" > "$tmp/$variant.asm"
    cmp -s "$tmp/$variant.asm" "$lab/strings_ref.asm" && fail "$variant: the edit changed nothing"
    for seed in $(seq 1 "$seeds"); do
        expect "$variant, seed $seed" 0 -- --spec "$lab/strings.spec" "$tmp/$variant.asm" \
            --seed "$seed"
        read_scores
        for fn in $functions; do
            got=${scores[$fn]-}
            if [[ " $caught " == *" $fn "* ]]; then
                [[ $got != 10.0/10.0 && -n $got ]] && pass "$variant: $fn loses points ($got)" ||
                    { fail "$variant: $fn scores $got"; cat "$tmp/out"; }
            else
                [[ $got == 10.0/10.0 ]] && pass "$variant: $fn keeps its points" ||
                    { fail "$variant: $fn scores $got"; cat "$tmp/out"; }
            fi
        done
    done
done
# What the TA reads, one reason of each kind (the last seed's runs).
reason() { # reason VARIANT TEXT
    "$tool" --spec "$lab/strings.spec" "$tmp/$1.asm" --seed 1 > "$tmp/out" 2> "$tmp/err"
    prints "$1: says why" "$2"
}
reason array_max_r4_lost "R4 changed: x"
reason reverse_r7_lost "R7 was overwritten (a JSR or JSRR changes it) and not restored"
reason clamp_no_low 'FAIL CLAMP: "below" (x=-999 lo=-5 hi=5)'
reason clamp_no_low "R0 is -999 (xFC19), expected -5"
reason array_max_trap "ran TRAP x21 at line"
reason reverse_writes_past "(1 word past the end of the argument s): x"
reason strlen_counts_nul "the argument s word 0 is x0000, expected x0062"
reason read_digit_echoes 'FAIL READ_DIGIT: "a seven"'
reason read_digit_echoes "ran TRAP x23 (IN), which the spec does not allow"

# A subroutine the submission lacks, and a callee it does not call.
sed 's/^STRLEN  ST R1, SL_R1$/STRLEN2 ST R1, SL_R1/; s/JSR STRLEN$/JSR STRLEN2/' \
    "$lab/strings_ref.asm" > "$tmp/renamed.asm"
expect "a missing subroutine" 0 -- --spec "$lab/strings.spec" "$tmp/renamed.asm" --seed 1
[[ $(score STRLEN) == 0.0/10.0 && $(score REVERSE) == 0.0/10.0 ]] &&
    pass "a missing subroutine: STRLEN and REVERSE (which must call it) score 0" ||
    { fail "a missing subroutine"; cat "$tmp/out"; }
prints "a missing subroutine: why" "has no subroutine STRLEN"
# PRINT_LINE printing one more character, and with a TRAP the spec does not allow.
sed 's/^        LD R0, PL_NL$/        LD R0, PL_NL\n        ADD R0, R0, #1/' "$lab/strings_ref.asm" \
    > "$tmp/print_other.asm"
expect "other output" 0 -- --spec "$lab/strings.spec" "$tmp/print_other.asm" --seed 1
prints "other output: what and what not" 'printed "\x0b", expected "\n"'
# A case's keys run out: the call ends there.
sed 's/^        GETC$/        GETC\n        GETC/' "$lab/strings_ref.asm" > "$tmp/two_keys.asm"
expect "a second key" 0 -- --spec "$lab/strings.spec" "$tmp/two_keys.asm" --seed 1
[[ $(score READ_DIGIT) == 0.0/10.0 ]] && pass "a second key: READ_DIGIT scores 0" ||
    { fail "a second key: $(score READ_DIGIT)"; cat "$tmp/out"; }
prints "a second key: why" "for a key that never came (it read all 1 keys it was given)"

# The same file and seed: the same bytes; no seed: the spec's.
for i in 1 2; do
    expect "seeded run $i" 0 -- --spec "$lab/strings.spec" "$tmp/clamp_no_low.asm" --seed 9 \
        --json "$tmp/same$i.json"
done
# execution_time is the wall clock's (Gradescope's field), not the grading's.
for i in 1 2; do sed 's/"execution_time": [0-9.]*/"execution_time": T/' "$tmp/same$i.json" \
    > "$tmp/same$i.cut"; done
cmp -s "$tmp/same1.cut" "$tmp/same2.cut" && pass "same seed, same results.json" ||
    { fail "same seed, other results.json"; diff "$tmp/same1.json" "$tmp/same2.json"; }
expect "no seed" 0 -- --spec "$lab/strings.spec" "$lab/strings_ref.asm"
prints "the seed is printed" "replays these tests)"

# A reference breaking its own spec in one function (past STRLEN's budget):
# the TA is told, STRLEN is not graded, the other functions are (exit 3).
cp "$lab/strings_ref.asm" "$tmp/"
sed 's/^    budget 20 + 6 per s$/    budget 20/' "$lab/strings.spec" > "$tmp/tight.spec"
cmp -s "$tmp/tight.spec" "$lab/strings.spec" && fail "tight.spec: the edit changed nothing"
expect "a reference past its budget" 3 -- --spec "$tmp/tight.spec" "$lab/strings_ref.asm" \
    --json "$tmp/tight.json"
says "the TA reads why" "partly graded: the spec is wrong in STRLEN"
prints "the report says it is no fault of the student's" "Not graded: the spec is wrong in STRLEN"
prints "the reference's problem" "the reference solution fails STRLEN random case 1: did not return within 20"
jq -e '.max_score == 50 and .score == 50 and
       ((.tests[] | select(.name == "STRLEN")) | .max_score == 0)' "$tmp/tight.json" > /dev/null &&
    pass "results.json: the other functions graded" || { fail "results.json"; cat "$tmp/tight.json"; }
printf 'reference strings_ref.asm\nfunction STRLEN\n  points 1\n  arg R0 s = string 0..3 letters\n  compare R0\n  case "x"\n    s = "ab"\n    expect R0 = 3\n' > "$tmp/expect.spec"
expect "a hand-written answer the reference does not give" 1 -- --spec "$tmp/expect.spec" \
    "$lab/strings_ref.asm"
says "the answer's line" "gives R0 = 2, the spec expects 3 (line 6)"

# A malformed spec: every error, as the assembler reports them; exit 1.
(cd "$lab" && "$tool" --spec bad.spec nothing.asm > "$tmp/out" 2> "$tmp/err")
status=$?
[[ $status == 1 ]] && pass "bad spec: exit status 1" || fail "bad spec: exit status $status"
diff "$lab/bad.err" "$tmp/err" > "$tmp/diff" && pass "bad spec: every error" ||
    { fail "bad spec: the errors differ from bad.err:"; cat "$tmp/diff"; }
[[ ! -s $tmp/out ]] && pass "bad spec: no report" || fail "bad spec: a report on stdout"

# The LC-3 Nim: nim.spec against lc3grade nim, total for total.
"$project/tests/grader/lc3-nim/derive.sh" "$tmp/nim" || fail "derive.sh made the submissions"
cp "$project/reference-asm/lc3/nim.asm" "$tmp/nim/reference.asm"
json_score() { sed -n 's/^  *"score": \([0-9.]*\),*$/\1/p' "$1" | head -1; }
for sub in "$tmp"/nim/*.asm; do
    v=$(basename "$sub" .asm)
    for opts in "--seed 3" "--seed 3 --ignore-privilege"; do
        [[ $opts == *privilege* && $v != kbsr_poll ]] && continue
        expect "nim.spec: $v $opts" 0 -- --spec "$nim_spec" "$sub" $opts --json "$tmp/spec.json"
        expect "lc3grade nim: $v $opts" 0 -- nim "$sub" $opts --json "$tmp/nim.json"
        s=$(json_score "$tmp/spec.json") n=$(json_score "$tmp/nim.json")
        case $v:$opts in
            reference:* | table_rows:* | stack_frames:* | packed_strings:* | kbsr_poll:*privilege)
                [[ $s == 100* && $n == 100* ]] && pass "$v $opts: full marks by both ($s, $n)" ||
                    fail "$v $opts: spec $s, nim $n, expected 100 from both" ;;
            *)
                [[ -n $s && -n $n && $s != 100* && $n != 100* ]] &&
                    pass "$v $opts: loses points by both (spec $s, nim $n)" ||
                    fail "$v $opts: spec '$s', nim '$n': both should lose points" ;;
        esac
        # Where the two rules are the same, so are the totals (docs/grader-spec.md).
        case $v in
            accepts_zero | kbsr_poll | lowercase | too_many | whitespace)
                [[ $s == "$n" ]] && pass "$v $opts: the same total ($s)" ||
                    fail "$v $opts: spec $s, nim $n" ;;
        esac
    done
done

# The options: --only, --cases, a batch with --csv and --reports; usage errors.
expect "--only" 0 -- --spec "$lab/strings.spec" "$lab/strings_ref.asm" --only CLAMP --cases 3
[[ $(total) == 10.0/10.0 && $(grep -c 'tests passed' "$tmp/out") == 1 ]] &&
    pass "--only: one function" || { fail "--only"; cat "$tmp/out"; }
prints "--cases: three random cases and the two written" "5 of 5 tests passed"
expect "--only a program test" 0 -- --spec "$nim_spec" "$project/reference-asm/lc3/nim.asm" \
    --only zero_count
[[ $(total) == 10.0/10.0 ]] && pass "--only a program test: its points" || fail "--only zero_count: $(total)"
expect "--only names no part" 2 -- --spec "$lab/strings.spec" "$lab/strings_ref.asm" --only nope
says "--only: why" "--only names no function or test of the spec: nope"
expect "--mode with --spec" 2 -- --spec "$lab/strings.spec" "$lab/strings_ref.asm" --mode exact
says "--mode with --spec: why" "--mode is the Nim grader's"
expect "--only without --spec" 2 -- nim "$lab/strings_ref.asm" --only STRLEN
says "--only without --spec: why" "--only and --cases go with --spec"
printf '%s\n' "$lab/strings_ref.asm" "$tmp/clamp_no_low.asm" > "$tmp/list"
mkdir "$tmp/reports"
expect "a batch" 0 -- --spec "$lab/strings.spec" --list "$tmp/list" --csv "$tmp/scores.csv" \
    --reports "$tmp/reports" --jobs 2 --seed 5
grep -q ',60.00,60.00,' "$tmp/scores.csv" && grep -Eq ',5[0-9]\.[0-9]+,60.00,' "$tmp/scores.csv" &&
    pass "the batch's CSV" || { fail "the batch's CSV"; cat "$tmp/scores.csv"; }
[[ $(ls "$tmp/reports" | wc -l) == 2 ]] && pass "the batch's reports" || fail "the batch's reports"
expect "--json" 0 -- --spec "$lab/strings.spec" "$tmp/clamp_no_low.asm" --seed 4 --json "$tmp/r.json"
grep -q '"name": "CLAMP' "$tmp/r.json" && grep -q '"max_score": 60' "$tmp/r.json" &&
    pass "--json: the tests and the total" || { fail "--json"; cat "$tmp/r.json"; }

exit $failed
