#!/usr/bin/env bash
# spec_records.sh LC3GRADE PROJECT_DIR SEEDS: records, string tables and a
# value planted at a drawn index on the LC-3 (tests/spec/records), where a
# record is a word per field and a pointer one word too: FIND_YEAR's
# reference full on seeds 1..SEEDS and a version that skips the last car
# losing on each (its year is planted at the last place often); a program
# with records and a string table as memory inputs at x4000 and x5000, its
# reference full, a version that reads the wrong name and one that sets
# the wrong car's year each losing a quarter; the failing runs shown by
# the records' field names, a changed record told field by field.
tool=$1 project=$2 seeds=${3:-2} name=spec_records
source "$(dirname "$0")/cli_lib.sh"
dir=$project/tests/spec/records

score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }

# graded NAME SPEC FILE TEST WANT: TEST's score is WANT on every seed
# ("lost": less than its points).
graded() {
    local seed bad="" got
    for ((seed = 1; seed <= seeds; seed++)); do
        "$tool" --spec "$2" "$3" --seed "$seed" > "$tmp/out" 2> "$tmp/err"
        got=$(score "$4")
        if [[ $5 == lost ]]; then
            [[ -n $got && ${got%/*} != "${got#*/}" ]] || bad="$bad $seed"
        else
            [[ $got == "$5" ]] || bad="$bad $seed"
        fi
    done
    [[ -z $bad ]] && pass "$1: $4 $5 on seeds 1..$seeds" ||
        { fail "$1: $4 not $5 on seeds$bad"; cat "$tmp/out" "$tmp/err"; }
}

graded "the reference" "$dir/find_year.spec" "$dir/find_year.asm" FIND_YEAR 10.0/10.0
sed 's/^        AND R3, R3, #0          ; the index$/&\n        ADD R1, R1, #-1/' \
    "$dir/find_year.asm" > "$tmp/skips_last.asm"
cmp -s "$tmp/skips_last.asm" "$dir/find_year.asm" && fail "skips_last: the edit changed nothing"
graded "skips the last car" "$dir/find_year.spec" "$tmp/skips_last.asm" FIND_YEAR lost
grep -q 'cars=\[{year=[0-9]*, name="[ab]*"}' "$tmp/out" &&
    pass "a failing case shows the records by field names" ||
    { fail "no record shown by its field names"; cat "$tmp/out"; }

graded "the program's reference" "$dir/firsts.spec" "$dir/firsts.asm" firsts 10.0/10.0
sed 's/^        LDR R2, R1, #1      ; the second name$/        LDR R2, R1, #0/' \
    "$dir/firsts.asm" > "$tmp/first_name.asm"
cmp -s "$tmp/first_name.asm" "$dir/firsts.asm" && fail "first_name: the edit changed nothing"
graded "reads the first name for the second" "$dir/firsts.spec" "$tmp/first_name.asm" firsts 7.5/10.0
grep -q 'names=\["Ann", "Bob"\]:$' "$tmp/out" && grep -q 'x3F01 is x0041 (65), expected x0042 (66)' "$tmp/out" &&
    pass "a failing run shows the table and the wrong character" ||
    { fail "the failing run is not shown as expected"; cat "$tmp/out"; }
sed 's/^        STR R2, R1, #0      ; the first car.s year$/        STR R2, R1, #2/' \
    "$dir/firsts.asm" > "$tmp/second_year.asm"
cmp -s "$tmp/second_year.asm" "$dir/firsts.asm" && fail "second_year: the edit changed nothing"
graded "sets the second car's year" "$dir/firsts.spec" "$tmp/second_year.asm" firsts 7.5/10.0
grep -q 'cars\[0\].year is [0-9]*, expected 2000$' "$tmp/out" &&
    grep -q 'cars\[1\].year is 2000, expected [0-9]*$' "$tmp/out" &&
    pass "a changed record is told by its fields" ||
    { fail "the changed record is not told by its fields"; cat "$tmp/out"; }
exit $failed
