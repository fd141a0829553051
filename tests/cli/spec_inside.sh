#!/usr/bin/env bash
# spec_inside.sh MIPSGRADE PROJECT_DIR: what a record and a table may hold
# (issue 33; tests/spec/inside/inside.spec): an array inside a record, a
# string table drawn for each case, a record's string field in
# expressions. inside.asm scores full marks on seeds 1..3; each
# broken/NAME.sed (NAME begins with its function) loses points in its
# function only, on every seed; reports show the inside array and the
# drawn table; the misused keys are errors.
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") project=$2 name=spec_inside
source "$(dirname "$0")/cli_lib.sh"
dir=$project/tests/spec/inside
score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }
total() { sed -n 's/^Total: \(.*\) \/ \(.*\)$/\1\/\2/p' "$tmp/out"; }
functions="best curve find_name count_initial"

for seed in 1 2 3; do
    expect "the reference, seed $seed" 0 -- --spec "$dir/inside.spec" "$dir/inside.asm" --seed $seed
    [[ $(total) == 40.0/40.0 ]] && pass "the reference: full marks, seed $seed" ||
        { fail "the reference, seed $seed: $(total)"; cat "$tmp/out"; }
done
for script in "$dir"/broken/*.sed; do
    v=$(basename "$script" .sed)
    sed -f "$script" "$dir/inside.asm" > "$tmp/$v.asm"
    cmp -s "$dir/inside.asm" "$tmp/$v.asm" && fail "$v: the script changes nothing"
    for seed in 1 2 3; do
        expect "$v, seed $seed" 0 -- --spec "$dir/inside.spec" "$tmp/$v.asm" --seed $seed
        ok=1
        for f in $functions; do
            s=$(score "$f")
            if [[ $v == "$f"_* ]]; then [[ $s != 10.0/10.0 ]] || ok=0
            else [[ $s == 10.0/10.0 ]] || ok=0; fi
        done
        [[ $ok == 1 ]] && pass "$v: loses points in its function only, seed $seed" ||
            { fail "$v, seed $seed"; cat "$tmp/out"; }
    done
done
expect "curve, broken" 0 -- --spec "$dir/inside.spec" "$tmp/curve_three_scores.asm" --seed 1
grep -q 'FAIL curve: random case 1 (s=\[{id=[0-9]*, scores=\[[0-9]*, [0-9]*, [0-9]*, [0-9]*\], name="' \
    "$tmp/out" && pass "a report shows the array inside a record" || { fail "scores"; cat "$tmp/out"; }
prints "an element inside a record compared" "s[0].scores[3] is"
expect "find_name, broken" 0 -- --spec "$dir/inside.spec" "$tmp/find_name_first_char.asm" --seed 1
[[ $(grep -o 'names=\[[^]]*\]' "$tmp/out" | sort -u | wc -l) -ge 3 ]] &&
    pass "the string tables differ from case to case" || { fail "tables"; cat "$tmp/out"; }
# count_initial's require: every case has a name beginning with c, so a
# count of 0 loses every case.
expect "count_initial, broken" 0 -- --spec "$dir/inside.spec" "$tmp/count_initial_none.asm" --seed 2
[[ $(score count_initial) == 0.0/10.0 ]] && pass "every case has a name beginning with c" ||
    { fail "count_initial: $(score count_initial)"; cat "$tmp/out"; }

# Misused, each an error at its place.
cat > "$tmp/bad.spec" <<'SPEC'
reference inside.asm
record r
    field a array 0 of byte 0..9
    field b array 3 of byte 0..999
    field name string 1..3 letters
    field n byte 0..9
function f
    points 1
    arg $a0 x = array 1..3 of r
    arg $a1 t = strings 1..3 of 0..3 letters
    require x[0].name > 0
    require length x[0].n > 0
SPEC
cp "$dir/inside.asm" "$tmp/"
expect "misused keys" 1 -- --spec "$tmp/bad.spec" "$tmp/inside.asm"
says "an array of no element" "expected the number of elements (1..64) inside the record"
says "an element out of its size" "an element's values"
says "a table's strings without 'string'" "expected 'of string LO..HI SET'"
says "a string field read as a number" "the field name holds an address: read its 'length' or an element"
says "length of a number field" "'length' of a record's field needs a string or array field"
exit $failed
