#!/usr/bin/env bash
# spec_hostile.sh MIPSGRADE LC3GRADE PROJECT_DIR: the isolation of a spec
# grading (issue 30, observations 3-5), one hostile submission each from
# tests/hostile/spec: a run's file budget is its own (junk_files, stub);
# .include is refused unless the spec ships the file, and a refused one
# echoes nothing of it (include_ref, include_spec, include_neighbour_batch,
# allowed/); a function case's noise never covers the program's own .data
# (data_string, data_address).
mipsgrade=$1 lc3grade=$2 project=$3 name=spec_hostile
tool=$mipsgrade
source "$(dirname "$0")/cli_lib.sh"
hostile=$project/tests/hostile/spec

# score PART: "points/max" of PART in the last text report.
score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }

# Every attack sits beside the spec and its reference, as an upload would
# in a course folder.
cp -R "$hostile" "$tmp/course"
spec=$tmp/course/hostile.spec

# grade NAME [ARGS...]: grades the attack NAME.asm (exit status 0).
grade() {
    local attack=$1
    shift
    expect "$attack" 0 -- --spec "$spec" "$tmp/course/$attack.asm" --seed 1 "$@"
}

# part NAME PART WANT: PART of the last grading scored WANT ("0.0/10.0").
part() {
    [[ $(score "$2") == "$3" ]] && pass "$1: $2 scores $3" ||
        { fail "$1: $2 scores $(score "$2"), expected $3"; cat "$tmp/out"; }
}

grade hostile_ref
prints "the reference: full marks" "Total: 20.0 / 20.0"

# ---- 3: the reference's runs and the submission's share no file budget --
grade junk_files
part junk_files save 0.0/10.0
prints "junk_files: why" "wrote the file aAAA, which it should not"
grade stub --cases 80
part "a stub, 80 cases" save 0.0/10.0

# ---- 4: .include is refused unless the spec ships the file ------------
grade include_ref
prints "include_ref: refused" "uses .include, which this spec does not allow"
prints "include_ref: scores nothing" "Total: 0.0 / 20.0"
grade include_spec
prints "include_spec: refused" "uses .include, which this spec does not allow"
grep -q "secret42" "$tmp/out" "$tmp/err" &&
    { fail "include_spec: the spec's hidden case shows"; cat "$tmp/out"; } ||
    pass "include_spec: nothing of the spec shows"

cp "$hostile/hostile_ref.asm" "$tmp/course/include_neighbour_batch/alice.asm"
printf '%s\n' "$tmp/course/include_neighbour_batch/alice.asm" \
    "$tmp/course/include_neighbour_batch/eve.asm" > "$tmp/list"
expect "include_neighbour_batch" 0 -- --spec "$spec" --list "$tmp/list" --seed 1 \
    --csv "$tmp/batch.csv"
grep -q 'alice.asm",20.00,20.00,graded' "$tmp/batch.csv" &&
    grep -q 'eve.asm",0.00,20.00,graded' "$tmp/batch.csv" &&
    pass "include_neighbour_batch: Alice 20, Eve 0" ||
    { fail "include_neighbour_batch"; cat "$tmp/batch.csv"; }

allowed=$tmp/course/allowed
expect "allowed: uses_helper" 0 -- --spec "$allowed/allowed.spec" "$allowed/uses_helper.asm" \
    --seed 1
prints "allowed: the shipped file is included" "Total: 20.0 / 20.0"
expect "allowed: include_unlisted" 0 -- --spec "$allowed/allowed.spec" \
    "$allowed/include_unlisted.asm" --seed 1
prints "allowed: include_unlisted scores nothing" "Total: 0.0 / 20.0"
grep -q "SECRET-ALLOWED-7" "$tmp/out" "$tmp/err" &&
    { fail "include_unlisted: the spec's text shows"; cat "$tmp/out"; } ||
    pass "include_unlisted: nothing of the spec shows"

printf '.include "/etc/passwd"\n' > "$allowed/absolute.asm"
expect "allowed: an absolute path" 0 -- --spec "$allowed/allowed.spec" "$allowed/absolute.asm" \
    --seed 1
prints "allowed: an absolute path is refused" \
    "only files inside the submission's folder may be included"
grep -q "root:" "$tmp/out" && fail "allowed: /etc/passwd shows" ||
    pass "allowed: nothing of /etc/passwd shows"

# `include` names plain files beside the spec, once; the LC-3 has none.
bad_include() {
    printf 'reference hostile_ref.asm\n%s\nfunction greet\n    points 1\n    compare output\n' \
        "$2" > "$tmp/course/bad.spec"
    expect "$1" 1 -- --spec "$tmp/course/bad.spec" "$tmp/course/hostile_ref.asm"
    says "$1: why" "$3"
}
bad_include "include of a path" "include ../hostile.spec" \
    "bad.spec:2:9: error: '../hostile.spec' is not a plain file name"
bad_include "include of a missing file" "include nothing.asm" \
    "bad.spec:2:9: error: 'nothing.asm' cannot be read beside the spec"
bad_include "include twice" $'include stub.asm\ninclude junk_files.asm' \
    "bad.spec:3:1: error: include is already given (line 2)"
bad_include "include and no-include" $'rules all\ninclude stub.asm' \
    "bad.spec:3:1: error: include allows what the rule no-include forbids"
tool=$lc3grade
printf 'reference r.asm\ninclude r.asm\nfunction F\n    points 1\n    compare R0\n' \
    > "$tmp/course/lc3.spec"
expect "the LC-3 refuses include" 1 -- --spec "$tmp/course/lc3.spec" "$tmp/course/r.asm"
says "the LC-3's why" "lc3.spec:2:1: error: the LC-3 has no .include"
tool=$mipsgrade

# ---- 5: a function case's noise never covers the program's .data --------
grade data_string
part data_string greet 10.0/10.0
grade data_address
part data_address greet 0.0/10.0

exit $failed
