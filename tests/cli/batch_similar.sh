#!/usr/bin/env bash
# batch_similar.sh MIPSGRADE LC3GRADE PROJECT_DIR: a batch lists pairs of
# submissions with nearly the same code (issue 34), on both ISAs: a copy of
# the reference with its labels renamed, its registers swapped and its
# comments and spacing changed is paired with the reference; solutions
# written apart (the correct variants of tests/grader/spec) are not. The
# pair is a hint in the summary and the page, escaped there, and never
# changes a score.
mipsgrade=$1 lc3grade=$2 project=$3 name=batch_similar tool=$1
source "$(dirname "$0")/cli_lib.sh"

# pairs FILE: the summary's pair lines, paths only.
pairs() { sed -n 's/^    *[0-9]*% //p' "$1"; }

# ---- MIPS: strings ----------------------------------------------------------
ref=$project/reference-asm/mips/strings/strings.asm
copy="$tmp/<i>copy&.asm" # a name the page and the terminal must escape
sed -E -e 's/#.*$/# mine/' -e 's/strlen_next/again/g; s/strlen_done/finished/g; s/strcmp_next/L7/g' \
    -e 's/\$t0/$TMP/g; s/\$t1/$t0/g; s/\$TMP/$t1/g' -e 's/^        /\t/' "$ref" > "$copy"
cmp -s "$ref" "$copy" && fail "the copy was not changed"
printf '%s\n' "$ref" "$copy" "$project"/tests/grader/spec/strings/correct/*.asm > "$tmp/list"
expect "MIPS: a batch" 0 -- --spec "$project/reference-asm/mips/strings/strings.spec" \
    --list "$tmp/list" --csv "$tmp/mips.csv" --html "$tmp/mips.html"
says "MIPS: one similar pair" "  similar code (a hint, never a deduction): 1 pair"
pairs "$tmp/err" > "$tmp/pairs"
if [[ $(cat "$tmp/pairs") == "$ref and $tmp/<i>copy&.asm" ]]; then
    pass "MIPS: the reference and its disguised copy"
else fail "MIPS: the pairs are:"; cat "$tmp/pairs"; fi
grep -qF '<td>'"$tmp"'/&lt;i&gt;copy&amp;.asm</td></tr>' "$tmp/mips.html" &&
    grep -q '<table id="similar">' "$tmp/mips.html" && pass "MIPS: the page lists the pair, escaped" ||
    fail "MIPS: no escaped pair on the page"
# Never a deduction: both score what they score alone.
[[ $(grep -c ',40.00,40.00,graded' "$tmp/mips.csv") == 4 ]] && pass "MIPS: every score full" ||
    { fail "MIPS: scores changed:"; cat "$tmp/mips.csv"; }

# ---- LC-3: charcount (labels without colons) -------------------------------
tool=$lc3grade
ref=$project/reference-asm/lc3/charcount/charcount.asm
sed -E -e 's/;.*$//' -e 's/\bLOOP\b/AGAIN/g; s/\bDONE\b/FIN/g; s/\bNEXT\b/SKIP/g; s/\bUPPERQ\b/UP/g' \
    -e 's/\bR6\b/RX/g; s/\bR7\b/R6/g; s/\bRX\b/R7/g' "$ref" > "$tmp/copy.asm"
printf '%s\n' "$ref" "$tmp/copy.asm" "$project"/tests/grader/spec/charcount/correct/*.asm > "$tmp/list"
expect "LC-3: a batch" 0 -- --spec "$project/reference-asm/lc3/charcount/charcount.spec" \
    --list "$tmp/list" --csv "$tmp/lc3.csv"
says "LC-3: one similar pair" "  similar code (a hint, never a deduction): 1 pair"
pairs "$tmp/err" > "$tmp/pairs"
if [[ $(cat "$tmp/pairs") == "$ref and $tmp/copy.asm" ]]; then
    pass "LC-3: the reference and its disguised copy"
else fail "LC-3: the pairs are:"; cat "$tmp/pairs"; fi
exit $failed
