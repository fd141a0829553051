#!/usr/bin/env bash
# gradescope_cli.sh SOURCE_DIR: builds autograder-hw4.zip and
# autograder-lc3-nim.zip with scripts/gradescope.sh, unpacks it into a scratch AUTOGRADER_ROOT laid out
# as Gradescope lays it out, runs setup.sh's build (apt is skipped when the
# tools are present), then run_autograder on the uploads students make: the
# right file, other names, folders, several files, nothing, links, a broken
# variant and hostile ones (a folder x<newline>L beside a link L -> /,
# names with 0x01, 0xff and ESC, issue 30). Each results.json must follow
# Gradescope's schema (score, max_score, tests with name/score/max_score,
# execution_time, stdout_visibility), be valid UTF-8, stay under 1 MB, and
# carry the expected score; the student sees hw4.asm, never the grader's
# private folder. Then any spec's bundle (--spec): the LC-3 charcount lab and
# the MIPS strings assignment, graded in a relocated root.
name=gradescope_cli
tool=true
source "$(dirname "$0")/cli_lib.sh"
src=$1
reference=$src/reference-asm/mips/hw4.asm

zips=$("$src/scripts/gradescope.sh" "$tmp" 2> "$tmp/zip.err")
zip=$tmp/autograder-hw4.zip nim_zip=$tmp/autograder-lc3-nim.zip
[[ $zips == "$zip"$'\n'"$nim_zip" && -f $zip && -f $nim_zip ]] &&
    pass "scripts/gradescope.sh builds both zips" || { fail "gradescope.sh: $zips"; cat "$tmp/zip.err"; exit 1; }
ag=$tmp/autograder
mkdir -p "$ag/source"
(cd "$ag/source" && cmake -E tar xf "$zip")
for f in setup.sh run_autograder autograder.conf; do
    [[ -f $ag/source/$f ]] && pass "zip has $f at its root" || fail "zip lacks $f"
done
if bash "$ag/source/setup.sh" > "$tmp/setup.log" 2>&1; then pass "setup.sh builds"; else
    fail "setup.sh"; tail -20 "$tmp/setup.log"; exit 1; fi
# The graders only: no front end built or installed (the bundle runs none).
[[ -x $ag/source/install/bin/mipsgrade && -x $ag/source/install/bin/lc3grade &&
   ! -e $ag/source/install/bin/mipssim && ! -e $ag/source/build/mipssim/mipssim ]] &&
    pass "setup.sh builds the two graders only" || fail "setup.sh built: $(ls "$ag/source/install/bin")"
cp "$ag/source/run_autograder" "$ag/run_autograder" # as Gradescope does

# upload NAME FILE...: a fresh submission folder holding each FILE (a path
# relative to the submission, its content from $tmp/content/<basename>,
# else the reference), then run_autograder.
upload() {
    shape=$1; shift
    rm -rf "$ag/submission" "$ag/results"
    mkdir -p "$ag/submission"
    for f in "$@"; do
        mkdir -p "$ag/submission/$(dirname "$f")"
        cp "${content:-$reference}" "$ag/submission/$f"
    done
    AUTOGRADER_ROOT=$ag "$ag/run_autograder" > "$tmp/stdout" 2>&1
    status=$?
    json=$ag/results/results.json
}
schema='(.score|type=="number") and (.max_score|type=="number") and
        (.execution_time|type=="number") and (.stdout_visibility|type=="string") and
        (.output|type=="string") and (.tests|type=="array") and (.tests|length > 0) and
        all(.tests[]; (.name|type=="string") and (.score|type=="number") and
                      (.max_score|type=="number"))'
# expect_score SCORE [TEXT]: results.json follows the schema, is under 1 MB,
# scores SCORE of 100, and its output says TEXT.
expect_score() {
    if [[ $status != 0 || ! -f $json ]]; then
        fail "$shape: run_autograder status $status, no results.json"; cat "$tmp/stdout"; return
    fi
    jq -e "$schema" "$json" > /dev/null && pass "$shape: results.json follows the schema" ||
        { fail "$shape: results.json breaks the schema:"; head -c 2000 "$json"; }
    iconv -f UTF-8 -t UTF-8 "$json" > /dev/null 2>&1 && pass "$shape: results.json is UTF-8" ||
        fail "$shape: results.json is not valid UTF-8"
    (( $(stat -c %s "$json") < 1000000 )) && pass "$shape: results.json under 1 MB" ||
        fail "$shape: results.json is $(stat -c %s "$json") bytes"
    local got
    got=$(jq -r '"\(.score)/\(.max_score)"' "$json")
    [[ $got == "$1/100" ]] && pass "$shape: scores $1" || fail "$shape: scored $got, expected $1/100"
    if [[ -n ${2:-} ]]; then
        jq -r '.output, (.tests[].output // empty)' "$json" | grep -qF -- "$2" &&
            pass "$shape: says '$2'" || { fail "$shape: no '$2' in:"; jq -r .output "$json"; }
    fi
}

upload "hw4.asm" hw4.asm;                 expect_score 100
upload "hw4 (1).asm" "hw4 (1).asm";       expect_score 100 "Graded hw4 (1).asm as hw4.asm"
upload "HW4.asm" HW4.asm;                 expect_score 100 "Graded HW4.asm as hw4.asm"
upload "hw4.s" hw4.s;                     expect_score 100 "Graded hw4.s as hw4.asm"
upload "in a folder" hw4/src/hw4.asm;     expect_score 100
upload "with main" hw4.asm hw4_main.asm;  expect_score 100
upload "one other name" solution.asm;     expect_score 100 "Graded solution.asm as hw4.asm"
upload "several, no hw4" a.asm b.asm;     expect_score 0 "none is named hw4.asm"
upload "two hw4.asm" x/hw4.asm y/hw4.asm; expect_score 0 "Several files are named hw4.asm"
upload "nothing";                         expect_score 0 "No .asm file was found"
rm -rf "$ag/submission"; mkdir -p "$ag/submission"
ln -s "$reference" "$ag/submission/hw4.asm"
AUTOGRADER_ROOT=$ag "$ag/run_autograder" > "$tmp/stdout" 2>&1; status=$?; shape="a link"
expect_score 0 "symbolic links"

mkdir -p "$tmp/content"
# monster_attacks reads its neighbours without get_cell: it alone loses points.
content=$tmp/content/no_get_cell.asm
sed -f "$src/tests/grader/broken/no_get_cell.sed" "$reference" > "$content"
upload "broken monster_attacks" hw4.asm
if [[ -f $json ]] && jq -e '.score >= 90 and .score < 100 and
        ([.tests[] | select(.score < .max_score) | .name] == ["monster_attacks"])' "$json" > /dev/null &&
   jq -r '.tests[].output' "$json" | grep -qF 'did not call get_cell'; then
    pass "broken monster_attacks: loses only monster_attacks' points, and says why"
else
    fail "broken monster_attacks:"; jq -c '[.score, [.tests[] | [.name, .score]]]' "$json"
fi
content=$tmp/content/passwd.asm
printf '.include "/etc/passwd"\n' > "$content"
upload "includes /etc/passwd" hw4.asm;   expect_score 0
grep -q 'root:' "$json" && fail "includes /etc/passwd: the report shows the file" ||
    pass "includes /etc/passwd: the file is not shown"
content=$tmp/content/garbage.asm
head -c 3000 /dev/urandom > "$content"
upload "random bytes" hw4.asm;           expect_score 0

# A folder x<newline>L beside a link L -> /: split at the newline, the
# name was L/<host path> and cp followed the link to a host file that
# scores 100. The upload's own file (a stub) must be the one graded.
mkdir -p "$tmp/host"
cp "$reference" "$tmp/host/hw4.asm"
content=$tmp/content/stub.asm
printf '.text\nmain:\n    li $v0, 10\n    syscall\n' > "$content"
upload "x<newline>L beside L -> /" "x"$'\n'"L$tmp/host/hw4.asm"
ln -s / "$ag/submission/L"
AUTOGRADER_ROOT=$ag "$ag/run_autograder" > "$tmp/stdout" 2>&1; status=$?
expect_score 0
# The name the student sees: hw4.asm in the messages, no private folder.
printf 'main: addi $t0, ???\n' > "$content"
upload "the name shown" "HW4 (2).asm";  expect_score 0 "Graded HW4 (2).asm as hw4.asm"
jq -r '.output, .tests[].output' "$json" > "$tmp/shown"
grep -q '^hw4\.asm:1:' "$tmp/shown" && ! grep -qF autograder. "$tmp/shown" &&
    pass "the name shown: hw4.asm:1:..., no private folder" ||
    { fail "the name shown:"; cat "$tmp/shown"; }
# Names with 0x01, 0xff and ESC: results.json stays valid, names escaped.
upload "names with 0x01 and 0xff" "a"$'\x01'".asm" "b"$'\xff\x1b'".asm"
expect_score 0 'a\x01.asm, b\xff\x1b.asm'
content=
upload "one name with 0x01 and 0xff" "c"$'\x01\xff'".asm"
expect_score 100 'Graded c\x01\xff.asm as hw4.asm'

# The LC-3 Nim bundle: the same sources, its own autograder.conf. Its build
# is the one above (the sources are the same bytes), so it is copied.
nim_ag=$tmp/autograder-nim
mkdir -p "$nim_ag/source"
(cd "$nim_ag/source" && cmake -E tar xf "$nim_zip")
diff -r "$ag/source/src" "$nim_ag/source/src" > /dev/null &&
    pass "lc3-nim zip: the same sources as hw4's" || fail "lc3-nim zip: its sources differ"
grep -qx 'grader=lc3grade' "$nim_ag/source/autograder.conf" &&
    grep -qx 'assignment=nim' "$nim_ag/source/autograder.conf" &&
    grep -qx 'file=nim.asm' "$nim_ag/source/autograder.conf" &&
    pass "lc3-nim zip: autograder.conf names lc3grade nim, nim.asm" ||
    { fail "lc3-nim zip: autograder.conf"; cat "$nim_ag/source/autograder.conf"; }
cp -r "$ag/source/install" "$nim_ag/source/install"
cp "$nim_ag/source/run_autograder" "$nim_ag/run_autograder"
ag=$nim_ag reference=$src/reference-asm/lc3/nim.asm content=
upload "nim.asm" nim.asm;                 expect_score 100
upload "nim (2).asm" "nim (2).asm";       expect_score 100 "Graded nim (2).asm as nim.asm"
upload "in a folder, LC-3" lab/nim.asm;   expect_score 100
upload "nothing, LC-3";                   expect_score 0 "upload nim.asm"
content=$tmp/content/lower.asm
sed -e 's/"ROW "/"row "/; s/"Player "/"player "/' "$reference" > "$content"
upload "lower-case prompts" nim.asm;      expect_score 90
content=$tmp/content/garbage-lc3.asm
head -c 3000 /dev/urandom > "$content"
upload "random bytes, LC-3" nim.asm;      expect_score 0

# Any spec's bundle (gradescope.sh --spec): the spec's folder in spec/, the
# grader the reference's machine takes, out of the spec's points; unpacked
# into a root of its own (relocated: nothing of the checkout is reached).
# spec_bundle NAME SPEC GRADER FILE MAX: unpacked into $ag, checked, the
# build reused.
spec_bundle() {
    local zip_out
    zip_out=$("$src/scripts/gradescope.sh" --spec "$2" "$tmp" 2> "$tmp/zip.err")
    [[ $zip_out == "$tmp/autograder-$1.zip" ]] && pass "--spec $1: builds autograder-$1.zip" ||
        { fail "--spec $1: $zip_out"; cat "$tmp/zip.err"; }
    ag=$tmp/autograder-$1
    mkdir -p "$ag/source"
    (cd "$ag/source" && cmake -E tar xf "$tmp/autograder-$1.zip")
    diff -r "$tmp/autograder/source/src" "$ag/source/src" > /dev/null &&
        pass "$1 zip: the same sources as hw4's" || fail "$1 zip: its sources differ"
    printf 'grader=%s\nassignment=--spec\nfile=%s\nmax_score=%s\nspec=spec/%s\n' "$3" "$4" "$5" \
        "$(basename "$2")" | cmp -s - "$ag/source/autograder.conf" &&
        pass "$1 zip: autograder.conf names $3 --spec, $4, $5 points" ||
        { fail "$1 zip: autograder.conf"; cat "$ag/source/autograder.conf"; }
    cp -r "$tmp/autograder/source/install" "$ag/source/install"
    cp "$ag/source/run_autograder" "$ag/run_autograder"
}
# spec_score SCORE MAX: the last upload's results.json scores SCORE of MAX
# (or less than MAX for "<MAX").
spec_score() {
    local got
    got=$(jq -r '"\(.score)/\(.max_score)"' "$json" 2> /dev/null)
    if [[ $1 == "<"* ]]; then
        [[ ${got#*/} == "$2" ]] && awk -v s="${got%/*}" -v m="$2" 'BEGIN { exit !(s < m) }' &&
            pass "$shape: loses points ($got)" || fail "$shape: scored $got, expected less than $2"
    else
        [[ $got == "$1/$2" ]] && pass "$shape: scores $got" || fail "$shape: scored $got, expected $1/$2"
    fi
}
lab=$src/reference-asm/lc3/charcount
spec_bundle charcount "$lab/charcount.spec" lc3grade charcount.asm 20
reference=$lab/charcount.asm content=
upload "charcount.asm" charcount.asm;           spec_score 20 20
upload "charcount (1).asm" "charcount (1).asm"; spec_score 20 20
content=$tmp/content/length_unset.asm
sed -f "$src/tests/grader/spec/charcount/broken/length_unset.sed" "$reference" > "$content"
upload "charcount, R5 unset" charcount.asm;     spec_score "<20" 20
jq -r '.tests[].output' "$json" | grep -qF 'R5 is' && pass "charcount, R5 unset: says R5" ||
    fail "charcount, R5 unset: no 'R5 is'"
upload "nothing, charcount";                    spec_score 0 20
strings=$src/reference-asm/mips/strings
spec_bundle strings "$strings/strings.spec" mipsgrade strings.asm 40
reference=$strings/strings.asm content=
upload "strings.asm" strings.asm;               spec_score 40 40
content=$tmp/content/strcmp_signed.asm
sed -f "$src/tests/grader/spec/strings/broken/strcmp_signed.sed" "$reference" > "$content"
upload "strings, strcmp signed" strings.asm;    spec_score "<40" 40
# What a bundle cannot hold is refused before anything is built.
"$src/scripts/gradescope.sh" --spec "$src/reference-asm/mips/hw4.spec" "$tmp" > /dev/null \
    2> "$tmp/refused" && fail "--spec hw4.spec: built a bundle without the maps" ||
    { grep -q "names a file outside its folder" "$tmp/refused" &&
        pass "--spec hw4.spec: refused (its maps lie outside its folder)" ||
        { fail "--spec hw4.spec:"; cat "$tmp/refused"; }; }
exit $failed
