#!/usr/bin/env bash
# program_specs.sh LC3GRADE MIPSGRADE PROJECT_DIR SEEDS: whole programs on
# data (issue 33, items 10-12), on seeds 1..SEEDS.
# - The LC-3 labs reference-asm/lc3/charcount (a string at x4000, counts at
#   x3F00-x3F02 and the length in R5, HALT) and hexconv (keys in, the
#   number printed in hex and left in R5): the reference and every
#   correct solution of tests/grader/spec/LAB/correct full marks (hexconv's
#   print x00B4 and 00b4); every broken/*.sed, applied to the reference,
#   loses points for the reason its `# caught-by:` line names.
# - Exact comparison would charge the handout's second form (00b4) with
#   its points: `compare output values hex` is what keeps them.
# - MIPS (tests/spec/program/sum.spec): an array at a fixed address, the
#   sum at a fixed address, in $s0 and printed in decimal or hex.
lc3grade=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mipsgrade=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
project=$3 seeds=${4:-2} name=program_specs tool=$lc3grade
source "$(dirname "$0")/cli_lib.sh"

total() { sed -n 's/^Total: \(.*\) \/ \(.*\)$/\1\/\2/p' "$tmp/out"; }
full() { local t; t=$(total); [[ -n $t && ${t%/*} == "${t#*/}" ]]; }

# grade SPEC FILE SEED: the report in $tmp/out, the status in $status.
grade() {
    "$tool" --spec "$1" "$2" --seed "$3" > "$tmp/out" 2> "$tmp/err"
    status=$?
}

# lab NAME: the lab's reference and variants on every seed.
lab() {
    local spec=$project/reference-asm/lc3/$1/$1.spec ref=$project/reference-asm/lc3/$1/$1.asm
    local dir=$project/tests/grader/spec/$1 sub script v why seed bad
    for sub in "$ref" "$dir"/correct/*.asm; do
        bad=""
        for ((seed = 1; seed <= seeds; seed++)); do
            grade "$spec" "$sub" "$seed"
            if [[ $status != 0 ]] || ! full; then
                [[ -z $bad ]] && cat "$tmp/out" "$tmp/err"
                bad="$bad $seed"
            fi
        done
        [[ -z $bad ]] && pass "$1/$(basename "$sub"): full marks on seeds 1..$seeds" ||
            fail "$1/$(basename "$sub"): not full marks on seeds$bad"
    done
    for script in "$dir"/broken/*.sed; do
        v=$(basename "$script" .sed)
        why=$(sed -n 's/^# caught-by: //p' "$script")
        sed -f "$script" "$ref" > "$tmp/$v.asm"
        if cmp -s "$tmp/$v.asm" "$ref" || [[ -z $why ]]; then
            fail "$1/$v: the script changes nothing, or names no reason"
            continue
        fi
        bad=""
        for ((seed = 1; seed <= seeds; seed++)); do
            grade "$spec" "$tmp/$v.asm" "$seed"
            if [[ $status != 0 ]] || full || ! grep -qF -- "$why" "$tmp/out"; then
                [[ -z $bad ]] && cat "$tmp/out" "$tmp/err"
                bad="$bad $seed"
            fi
        done
        [[ -z $bad ]] && pass "$1/$v: loses points ($why) on seeds 1..$seeds" ||
            fail "$1/$v: kept its points or not for '$why' on seeds$bad"
    done
}

lab charcount
lab hexconv

# Exact comparison takes the points of the handout's second form.
mkdir "$tmp/exact"
cp "$project/reference-asm/lc3/hexconv/hexconv.asm" "$tmp/exact/"
sed 's/^    compare output values hex.*/    compare output exact/' \
    "$project/reference-asm/lc3/hexconv/hexconv.spec" > "$tmp/exact/hexconv.spec"
grade "$tmp/exact/hexconv.spec" "$project/tests/grader/spec/hexconv/correct/plain_lower.asm" 1
full && fail "exact: 00b4 kept its points" || pass "exact: 00b4 loses its points ($(total))"
grade "$tmp/exact/hexconv.spec" "$project/tests/grader/spec/hexconv/correct/rotate_x.asm" 1
full && pass "exact: x00B4, the reference's form, keeps them" || fail "exact: x00B4 $(total)"

# MIPS: the same keys on the other machine.
tool=$mipsgrade
mips=$project/tests/spec/program
for sub in sum_ref.asm sum_hex.asm; do
    grade "$mips/sum.spec" "$mips/$sub" 1
    [[ $status == 0 ]] && full && pass "mips $sub: full marks" ||
        { fail "mips $sub: $(total)"; cat "$tmp/out"; }
done
sed 's/addiu \$t1, \$t1, -1/addiu $t1, $t1, -2/' "$mips/sum_ref.asm" > "$tmp/sum_skip.asm"
grade "$mips/sum.spec" "$tmp/sum_skip.asm" 1
! full && grep -q '^ *\$s0 is' "$tmp/out" && grep -q '^ *0x10040800 is' "$tmp/out" &&
    grep -q "the output's item 2 is" "$tmp/out" &&
    pass "mips sum_skip: loses its output, memory and register shares" ||
    { fail "mips sum_skip"; cat "$tmp/out"; }
# A memory input where a program cannot write is the spec's mistake.
sed 's/^    memory 0x10040000 n/    memory 0x00000010 n/' "$mips/sum.spec" > "$tmp/low.spec"
cp "$mips/sum_ref.asm" "$tmp/"
grade "$tmp/low.spec" "$mips/sum_ref.asm" 1
[[ $status == 1 ]] && grep -q "not memory a program may write" "$tmp/out" &&
    pass "mips: an input outside writable memory is the spec's error" ||
    { fail "mips: input outside memory ($status)"; cat "$tmp/out"; }

exit $failed
