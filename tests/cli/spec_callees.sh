#!/usr/bin/env bash
# spec_callees.sh MIPSGRADE LC3GRADE PROJECT_DIR: `callees from the
# reference` (tests/spec/callees): sum_twice's calls of twice run the
# reference's twice, so a broken twice costs twice's points alone (and
# sum_twice's too without the key); must-call still counts the call; a
# submission that runs off its end still leaves its code; the key's errors,
# a reference without the callee, and the LC-3's refusal.
mipsgrade=$1 lc3grade=$2 project=$3 name=spec_callees
tool=$mipsgrade
source "$(dirname "$0")/cli_lib.sh"
dir=$project/tests/spec/callees
spec=$dir/callees.spec

score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }

# graded NAME FILE TWICE SUM [SPEC]: the scores of twice and sum_twice.
graded() {
    expect "$1" 0 -- --spec "${5:-$spec}" "$2" --seed 3
    [[ $(score twice) == "$3" && $(score sum_twice) == "$4" ]] &&
        pass "$1: twice $3, sum_twice $4" ||
        { fail "$1: twice $(score twice), sum_twice $(score sum_twice)"; cat "$tmp/out"; }
}

graded "the reference" "$dir/callees_ref.asm" 4.0/4.0 6.0/6.0
graded "a solution of its own, the same .globl labels" "$dir/student.asm" 4.0/4.0 6.0/6.0

# variant NAME SED: the student's solution edited.
variant() {
    sed -e "$2" "$dir/student.asm" > "$tmp/$1.asm"
    cmp -s "$tmp/$1.asm" "$dir/student.asm" && fail "$1: the edit changed nothing"
}

# A wrong twice: sum_twice keeps its points by the key, loses them without.
variant triples 's/^        add \$v0, \$a0, \$a0$/        add $v0, $a0, $a0\n        add $v0, $v0, $a0/'
graded "twice triples" "$tmp/triples.asm" 0.0/4.0 6.0/6.0
cp "$dir/callees_ref.asm" "$tmp/callees_ref.asm" # the spec's reference is beside it
sed '/^    callees from the reference/d' "$spec" > "$tmp/own.spec"
cmp -s "$tmp/own.spec" "$spec" && fail "the spec without the key: the edit changed nothing"
graded "twice triples, its own callee run" "$tmp/triples.asm" 0.0/4.0 0.0/6.0 "$tmp/own.spec"

# sum_twice wrong itself, or not calling twice: it loses, twice keeps.
variant plus_one 's/^        addu \$v0, \$v0, \$t0$/        addu $v0, $v0, $t0\n        addi $v0, $v0, 1/'
graded "sum_twice adds one" "$tmp/plus_one.asm" 4.0/4.0 0.0/6.0
variant no_call 's/^        jal twice$/        add $v0, $a0, $a0/'
graded "sum_twice calls no twice" "$tmp/no_call.asm" 4.0/4.0 0.0/6.0
prints "sum_twice calls no twice: why" "did not call twice"

# sum_twice last, with no return: it runs off its code, as it does alone,
# not into the reference's text after it.
sed -e '/^sum_twice:/,/^        jr \$ra$/d' "$dir/student.asm" > "$tmp/off_end.asm"
sed -n '/^sum_twice:/,/^        addi \$sp, \$sp, 8$/p' "$dir/student.asm" >> "$tmp/off_end.asm"
graded "sum_twice runs off its end" "$tmp/off_end.asm" 4.0/4.0 0.0/6.0
prints "sum_twice runs off its end: why" "jumped to 0x00400034, where there is no code"

# The key's errors, each at its line and column; nothing graded.
expect "the key's errors" 1 -- --spec "$dir/bad.spec" "$dir/student.asm"
sed -n 's|^.*/\(bad.spec:[0-9]*:[0-9]*: error: .*\)|\1|p' "$tmp/err" > "$tmp/errors"
cat > "$tmp/want" <<'ERR'
bad.spec:5:18: error: expected 'callees from the reference LABEL...'
bad.spec:6:31: error: expected the labels of the callees the reference's code runs for
bad.spec:7:32: error: 'sum_twice' is the function graded
bad.spec:8:38: error: expected the labels of the callees the reference's code runs for
bad.spec:9:32: error: 'twice' is a reference callee already
bad.spec:10:38: error: at most 4 reference callees, each a label
ERR
diff -u "$tmp/want" "$tmp/errors" > "$tmp/diff" &&
    pass "the key's errors, each where it is" || { fail "the key's errors"; cat "$tmp/diff" "$tmp/err"; }

# A callee the reference does not have: the spec is wrong, nothing graded.
expect "a callee the reference lacks" 1 -- --spec "$dir/missing.spec" "$dir/student.asm"
grep -qF "has no function thrice, whose code \`callees from the reference\` runs" \
    "$tmp/out" "$tmp/err" && pass "a callee the reference lacks: why" ||
    { fail "a callee the reference lacks: why"; cat "$tmp/out" "$tmp/err"; }

# The LC-3 grader runs no reference callees: an error, not a silent grade.
printf 'reference r.asm\nfunction F\n    points 1\n    compare R0\n    callees from the reference G\n' \
    > "$tmp/lc3.spec"
tool=$lc3grade
expect "the LC-3 refuses the key" 1 -- --spec "$tmp/lc3.spec" "$tmp/none.asm"
says "the LC-3's error" "lc3.spec:5:5: error: an LC-3 grader runs no reference callees"
exit $failed
