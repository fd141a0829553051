#!/usr/bin/env bash
# spec_follow.sh MIPSGRADE PROJECT_DIR LC3GRADE: a record's pointer field followed
# in expressions (issue 33; tests/spec/follow): `require
# cars[0].owner.age >= 60` draws every owner from 60 up, so the reference
# scores full and a version wrong only from 60 up loses every case; `set
# cars[0].owner.age = 7` writes through the pointer into the owner's
# record, so a version that answers 7 scores full; misuse is an error at
# file:line:column, and a null link followed is the spec's error. The
# same require on the LC-3 (lc3_follow.spec: a word per field).
tool=$1 project=$2 lc3grade=$3 name=spec_follow
source "$(dirname "$0")/cli_lib.sh"
dir=$project/tests/spec/follow
cp "$dir"/*.asm "$tmp/"
score() { awk 'tolower($1) == "owner_age" { print $2 "/" $4 }' "$tmp/out"; }

# on SPEC FILE WANT [TOOL]: owner_age scores WANT on seeds 1..3.
on() {
    local seed bad=""
    for seed in 1 2 3; do
        "${4:-$tool}" --spec "$1" "$tmp/$2" --seed "$seed" > "$tmp/out" 2> "$tmp/err"
        [[ $(score) == "$3" ]] || bad="$bad $seed:$(score)"
    done
    [[ -z $bad ]] && pass "$(basename "$1") $2: $3" || { fail "$(basename "$1") $2:$bad"; cat "$tmp/out"; }
}
on "$dir/follow.spec" owner.asm 10.0/10.0
on "$dir/follow.spec" capped.asm 0.0/10.0
sed 's/^    require cars\[0\]\.owner\.age >= 60$/    set cars[0].owner.age = 7/' "$dir/follow.spec" \
    > "$tmp/set.spec"
grep -q "set cars\[0\].owner.age = 7" "$tmp/set.spec" || fail "the edit made no set"
on "$tmp/set.spec" owner.asm 10.0/10.0
on "$tmp/set.spec" seven.asm 10.0/10.0
on "$dir/lc3_follow.spec" lc3_owner.asm 10.0/10.0 "$lc3grade"
on "$dir/lc3_follow.spec" lc3_capped.asm 0.0/10.0 "$lc3grade"

# misuse NAME CONDITION MESSAGE: the require replaced, the spec refused.
misuse() {
    sed "s/^    require cars\[0\]\.owner\.age >= 60\$/    require $2/" "$dir/follow.spec" \
        > "$tmp/bad.spec"
    expect "$1" 1 -- --spec "$tmp/bad.spec" "$tmp/owner.asm"
    says "$1: where and why" "$tmp/bad.spec:$3"
}
misuse "a number followed" "cars[0].year.age > 1" \
    "21:25: error: the field year of car is a number, not a pointer"
misuse "a pointer read as a number" "cars[0].owner > 1" \
    "21:21: error: the field owner of car is an address (in people): read what it points to"
misuse "a field the pointee lacks" "cars[0].owner.year > 1" \
    "21:27: error: expected a field of the record type person"

# A pointer into a string: its characters from the one it points to.
cat > "$tmp/string.spec" <<'SPEC'
reference owner.asm
record car
    field year word 1990..2025
    field tag pointer into letters
function owner_age
    points 10
    cases 8
    arg $a0 letters = string 2..5 "ab"
    arg $a1 cars = array 1..4 of car
    require cars[0].tag[0] == 'a' and cars[0].tag[1] == 'b'
    compare $v0
SPEC
expect "a string's characters through a pointer" 0 -- --spec "$tmp/string.spec" "$tmp/owner.asm"
prints "graded" "owner_age             10.0 / 10.0"

cat > "$tmp/null.spec" <<'SPEC'
reference owner.asm
record node
    field value word 1..9
    field next link
function owner_age
    points 10
    cases 4
    arg $a0 nodes = array 1..1 of node
    arg $a1 other = int 0..1
    require nodes[0].next.value > 0
    compare $v0
SPEC
expect "a null link followed" 1 -- --spec "$tmp/null.spec" "$tmp/owner.asm"
says "the spec's error, where" "null.spec:10:22: an expression of owner_age follows a null pointer (a list's last link)"
exit $failed
