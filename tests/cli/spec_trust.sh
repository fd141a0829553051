#!/usr/bin/env bash
# spec_trust.sh MIPSGRADE PROJECT_DIR: trust per part for whole-program tests
# (issue 33, item 1, tests/spec/trust/programs.spec): a reference that does
# not print a program test's written expect makes that test alone "not
# graded: the spec is wrong" (exit status 3, the other test graded); with
# `expect wins` the written output is the truth, the reference's other one a
# warning to the TA. And a batch's CSV gives a partly graded submission a
# status a TA can filter and "not graded" in the part's column, never a
# number that looks like a grade; its summary's totals are of the parts
# graded, and results.json says "partly graded" at the top.
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") project=$2 name=spec_trust
source "$(dirname "$0")/cli_lib.sh"
dir=$project/tests/spec/trust
total() { sed -n 's/^Total: \(.*\) \/ \(.*\)$/\1\/\2/p' "$tmp/out"; }

expect "a program test the reference breaks" 3 -- --spec "$dir/programs.spec" "$dir/hello.asm"
prints "that test alone not graded" "says_goodbye         NOT GRADED: the spec is wrong here"
prints "every problem named" "does not print the expected output of program test says_goodbye"
says "partly graded, on stderr" "partly graded: the spec is wrong in says_goodbye"
[[ $(total) == 5.0/5.0 ]] && pass "the other test graded, out of its own points" ||
    { fail "partly graded: $(total)"; cat "$tmp/out"; }

sed 's/^    expect "goodbye\\n"$/&\n    expect wins/' "$dir/programs.spec" > "$tmp/wins.spec"
cp "$dir/hello.asm" "$tmp/"
grep -q "expect wins" "$tmp/wins.spec" || fail "the edit added no expect wins"
expect "expect wins on a program test: the reference" 0 -- --spec "$tmp/wins.spec" "$dir/hello.asm"
prints "the TA's warning" "spec warning: on program test says_goodbye run 1 the reference does not print its expect"
# The warning whole, wrapped at spaces as a failing case's arguments are
# (it was cut mid-word at a finding's 160 bytes, its reason lost).
prints "the warning's end, on a line of its own" '       expected "goodbye"'
awk '/^Warnings:/ { w = 1 } w && length($0) > 100 { long = 1 } END { exit long }' "$tmp/out" &&
    pass "no warning line past 100 columns" || { fail "a long warning line"; cat "$tmp/out"; }
[[ $(total) == 5.0/10.0 ]] && pass "the reference held to the written output" ||
    { fail "expect wins: $(total)"; cat "$tmp/out"; }
expect "expect wins on a program test: the expected output" 0 -- --spec "$tmp/wins.spec" \
    "$dir/goodbye.asm"
[[ $(awk '$1 == "says_goodbye" { print $2 "/" $4 }' "$tmp/out") == 5.0/5.0 ]] &&
    pass "the written output earns the test's points" || { fail "goodbye"; cat "$tmp/out"; }
printf 'program says_goodbye\n    points 5\n    expect wins\n' > "$tmp/bad.spec"
printf 'reference hello.asm\n' | cat - "$tmp/bad.spec" > "$tmp/nothing.spec"
expect "expect wins without an expect" 1 -- --spec "$tmp/nothing.spec" "$dir/hello.asm"
says "its error" "program says_goodbye says expect wins but writes no expect"

# A batch: each submission's status "partly graded", the ungraded test's
# column "not graded" (never a number), the summary counting it apart; and
# results.json marks the test for a TA's filter.
expect "a batch, partly graded" 3 -- --spec "$dir/programs.spec" "$dir/hello.asm" \
    "$dir/goodbye.asm" --csv "$tmp/scores.csv" --html "$tmp/batch.html"
grep -qF '<p id="totals">Totals of 5.00 (the parts graded; not graded: says_goodbye;' \
    "$tmp/batch.html" && pass "the page's totals: of the parts graded" ||
    { fail "the page's totals"; grep -F 'id="totals"' "$tmp/batch.html"; }
if grep -qxF "\"$dir/hello.asm\",5.00,5.00,partly graded,5.00,not graded" "$tmp/scores.csv" &&
   grep -qxF "\"$dir/goodbye.asm\",0.00,5.00,partly graded,0.00,not graded" "$tmp/scores.csv"; then
    pass "the CSV: a status to filter on, the part not graded"
else
    fail "the CSV:"; cat "$tmp/scores.csv"
fi
says "the summary counts it apart" "says_goodbye: 0 full, 0 partial, 0 zero, 2 not graded"
says "the totals are of what was graded, the part named" \
    "totals of 5.00 (the parts graded; not graded: says_goodbye; the spec's full maximum 10.00)"
expect "results.json of a partly graded submission" 3 -- --spec "$dir/programs.spec" \
    "$dir/hello.asm" --json "$tmp/results.json"
grep -q '{"name": "says_goodbye", "score": 0, "max_score": 0, "extra_data": {"status": "not graded"}' \
    "$tmp/results.json" && pass "results.json: the test says not graded" ||
    { fail "results.json:"; cat "$tmp/results.json"; }
grep -qF '"extra_data": {"status": "partly graded"},' "$tmp/results.json" &&
    grep -qF '"output": "Partly graded: the spec is wrong in says_goodbye (' "$tmp/results.json" &&
    pass "results.json: the submission's status, first in its output" ||
    { fail "results.json: no overall status"; cat "$tmp/results.json"; }

# The README tells a TA what a reference that breaks its spec costs: that
# part alone, never the whole grading (trust is per part).
readme=$(tr '\n' ' ' < "$project/README.md" | tr -s ' ')
if [[ $readme == *"breaks its own spec in a function or program test is the TA's error there: that part alone goes ungraded"* &&
      $readme != *"(reported, nothing graded)"* ]]; then
    pass "the README: only that part goes ungraded"
else
    fail "the README still says a broken reference grades nothing"
fi
exit $failed
