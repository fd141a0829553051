#!/usr/bin/env bash
# report_escape.sh MIPSGRADE LC3GRADE PROJECT_DIR: every output survives
# hostile bytes (issue 30, observations 2, 8 and 10). The text reports of
# mipsgrade and lc3grade hold no control byte but line feeds and tabs and
# are valid UTF-8, and their results.json is valid JSON in valid UTF-8,
# whatever the submission (tests/hostile/outputs: raw 0xff, ESC and CR in a
# file that does not assemble; a program that prints a CR, an erase-line
# and a forged "passed" line), its name or the note hold. Then
# run_autograder (PROJECT_DIR/scripts/gradescope) on a fake install of these
# graders: a folder named x<newline>L beside a link L -> / cannot make it
# grade a host file, upload names with 0x01, 0xff and ESC give valid
# results.json, 2,500 long names give a small one, and the student sees
# hw4.asm, never the grader's private folder.
mipsgrade=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
lc3grade=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
project=$3 name=report_escape tool=$mipsgrade
hostile=$(cd "$(dirname "$0")/../hostile/outputs" && pwd)
source "$(dirname "$0")/cli_lib.sh"

# clean WHAT FILE: no control byte but \n and \t, no C1 control, valid UTF-8.
clean() {
    local bad
    bad=$(LC_ALL=C tr -d '\n\t\040-\176\200-\377' < "$2" | wc -c)
    if (( bad > 0 )); then
        fail "$1: $bad control bytes in:"; LC_ALL=C cat -v "$2" | head -20; return
    fi
    if ! iconv -f UTF-8 -t UTF-8 "$2" > /dev/null 2>&1; then
        fail "$1: not UTF-8:"; LC_ALL=C cat -v "$2" | head -20; return
    fi
    if LC_ALL=C grep -qP '\xc2[\x80-\x9f]' "$2"; then
        fail "$1: a C1 control in:"; LC_ALL=C cat -v "$2" | head -20; return
    fi
    pass "$1: clean"
}
# json WHAT FILE: valid JSON (jq refuses raw control characters) in UTF-8.
json() {
    if [[ -f $2 ]] && iconv -f UTF-8 -t UTF-8 "$2" > /dev/null 2>&1 && jq -e . "$2" > /dev/null 2>&1
    then
        pass "$1: valid JSON in UTF-8"
    else
        fail "$1: results.json is not valid JSON in UTF-8:"; LC_ALL=C cat -v "$2" | head -c 2000
    fi
}

# A MIPS file that does not assemble, with raw 0xff, ESC, CR and a C1 CSI.
"$mipsgrade" hw4 "$hostile/bad_bytes.asm" --json "$tmp/bad.json" > "$tmp/bad.txt" 2> "$tmp/err"
clean "hw4, bad bytes: text report" "$tmp/bad.txt"
json "hw4, bad bytes" "$tmp/bad.json"
grep -qF '\xff\x1b[2J\x01' "$tmp/bad.txt" && pass "hw4, bad bytes: shown as \\xNN" ||
    fail "hw4, bad bytes: the bytes are not shown escaped"
jq -r '.tests[].output' "$tmp/bad.json" | grep -qF '\xff\x1b[2J\x01' &&
    pass "hw4, bad bytes: results.json shows them as \\xNN" ||
    fail "hw4, bad bytes: results.json does not show them escaped"

# The same for the LC-3.
"$lc3grade" nim "$hostile/bad_bytes_lc3.asm" --json "$tmp/lc3.json" > "$tmp/lc3.txt" 2> "$tmp/err"
clean "nim, bad bytes: text report" "$tmp/lc3.txt"
json "nim, bad bytes" "$tmp/lc3.json"

# A program's output: CR, ESC [2K and a forged "passed" line.
"$mipsgrade" --spec "$hostile/echo.spec" "$hostile/forged_pass.asm" --json "$tmp/forged.json" \
    > "$tmp/forged.txt" 2> "$tmp/err"
clean "--spec, forged output: text report" "$tmp/forged.txt"
json "--spec, forged output" "$tmp/forged.json"
grep -q '^  FAIL says_hello' "$tmp/forged.txt" && grep -qF 'x\r\x1b[2Ksays_hello' "$tmp/forged.txt" &&
    pass "--spec, forged output: the FAIL line stays, the forgery shows escaped" ||
    { fail "--spec, forged output:"; LC_ALL=C cat -v "$tmp/forged.txt"; }

# Hostile bytes in the submission's path and in the note.
weird=$tmp/$'dir\x01\xff\x1b[2J\r\nTotal: 100.0 / 100.0'
mkdir -p "$weird"
cp "$hostile/bad_bytes.asm" "$weird/hw4.asm"
"$mipsgrade" hw4 "$weird/hw4.asm" --note $'Graded x\nL\x01\xff\x1b.asm as hw4.asm' \
    --json "$tmp/weird.json" > "$tmp/weird.txt" 2> "$tmp/err"
clean "a hostile path and note: text report" "$tmp/weird.txt"
json "a hostile path and note" "$tmp/weird.json"
grep -q '^Total: 100' "$tmp/weird.txt" && fail "a hostile path forges a Total line" ||
    pass "a hostile path forges no line"

# ---- run_autograder on a fake install of the graders above ----
ag=$tmp/ag
mkdir -p "$ag/source/install/bin"
cp "$project/scripts/gradescope/run_autograder" "$ag/run_autograder"
printf 'grader=mipsgrade\nassignment=hw4\nfile=hw4.asm\nmax_score=100\n' > "$ag/source/autograder.conf"
ln -s "$mipsgrade" "$ag/source/install/bin/mipsgrade"
# upload SHAPE: run_autograder on $ag/submission as it is now.
upload() {
    shape=$1
    rm -rf "$ag/results"
    AUTOGRADER_ROOT=$ag "$ag/run_autograder" > "$tmp/stdout" 2>&1
    status=$?
    results=$ag/results/results.json
    json "$shape" "$results"
}
fresh() { rm -rf "$ag/submission"; mkdir -p "$ag/submission"; }

# Observation 2: a folder x<newline>L holding the student's file, beside a
# link L -> /. Split at the newline, the name would be L/<host path>.
host=$tmp/host
mkdir -p "$host"
printf 'HOST_SECRET_LINE ???\n' > "$host/hw4.asm"
fresh
ln -s / "$ag/submission/L"
mkdir -p "$ag/submission/x"$'\n'"L$host"
printf 'STUDENT_OWN_LINE ???\n' > "$ag/submission/x"$'\n'"L$host/hw4.asm"
upload "x<newline>L beside L -> /"
grep -qF HOST_SECRET "$results" "$tmp/stdout" &&
    fail "x<newline>L beside L -> /: the host file was graded" ||
    pass "x<newline>L beside L -> /: the host file is not graded"
grep -qF STUDENT_OWN "$results" && pass "x<newline>L beside L -> /: the upload's own file is graded" ||
    { fail "x<newline>L beside L -> /: the upload's own file is not graded:"; cat "$results"; }

# A link to a folder is never entered, a link to a file never graded.
fresh
mkdir -p "$tmp/linked"
cp "$host/hw4.asm" "$tmp/linked/hw4.asm"
ln -s "$tmp/linked" "$ag/submission/folder"
upload "a link to a folder"
grep -qF HOST_SECRET "$results" && fail "a link to a folder: followed" ||
    pass "a link to a folder: not followed"

# Observation 10: the student sees hw4.asm, not the private folder.
fresh
printf 'main: addi $t0, ???\n' > "$ag/submission/HW4 (2).asm"
upload "the name shown"
jq -r '.output, .tests[].output' "$results" > "$tmp/shown"
grep -qF 'autograder.' "$tmp/shown" && { fail "the name shown: the private folder shows:"; cat "$tmp/shown"; } ||
    pass "the name shown: no private folder"
grep -q '^hw4\.asm:1:' "$tmp/shown" && pass "the name shown: the messages name hw4.asm" ||
    { fail "the name shown: the messages do not name hw4.asm:"; cat "$tmp/shown"; }
grep -qF 'Graded HW4 (2).asm as hw4.asm' "$tmp/shown" && pass "the name shown: the upload's name" ||
    { fail "the name shown: no 'Graded HW4 (2).asm as hw4.asm' in:"; cat "$tmp/shown"; }

# Observation 8: names with 0x01, 0xff and ESC, in the messages of
# run_autograder itself and in the grader's note.
fresh
printf 'x\n' > "$ag/submission/a"$'\x01'".asm"
printf 'x\n' > "$ag/submission/b"$'\xff\x1b'"[2J.asm"
upload "names with 0x01, 0xff and ESC"
jq -r .output "$results" | grep -qF 'a\x01.asm' && pass "names with 0x01, 0xff and ESC: shown as \\xNN" ||
    { fail "names with 0x01, 0xff and ESC: not shown escaped:"; LC_ALL=C cat -v "$results"; }
fresh
printf 'x\n' > "$ag/submission/c"$'\x01\xff\x1b\r'".asm"
upload "one file named with 0x01, 0xff, ESC and CR"
jq -r .output "$results" | grep -qF 'Graded c\x01\xff\x1b\r.asm as hw4.asm' &&
    pass "one file named with 0x01, 0xff, ESC and CR: the note shows it escaped" ||
    { fail "one file named with 0x01, 0xff, ESC and CR:"; LC_ALL=C cat -v "$results"; }

# 2,500 long names: the message names a few and counts the rest.
fresh
long=$(printf 'n%.0s' {1..200})
for i in $(seq 1 2500); do : > "$ag/submission/$long$i.asm"; done
upload "2,500 long names"
size=$(stat -c %s "$results" 2> /dev/null || echo 0)
(( size > 0 && size < 4096 )) && pass "2,500 long names: results.json is $size bytes" ||
    fail "2,500 long names: results.json is $size bytes"
jq -r .output "$results" | grep -qF 'and 2495 more' && pass "2,500 long names: counted" ||
    { fail "2,500 long names: not counted:"; head -c 600 "$results"; }
exit $failed
