#!/usr/bin/env bash
# batch_report.sh MIPSGRADE LC3GRADE PROJECT_DIR: a class at a glance (issue
# 34). A batch of real hw4 variants (the reference, correct ones of
# tests/grader/correct, broken ones of tests/grader/broken, a file that does
# not assemble, a folder without hw4.asm), graded two at a time: the CSV has
# a column per function in hw4.spec's order, each row's columns add up
# to its total, rows come in the order given; the summary's counts are the
# CSV's; the page (--html) is well-formed, has every row and plots in
# proportion (batch_page.py). The same for the LC-3 Nim grader and a spec.
# Then not graded rows grouped by why, and the progress line: on a
# pseudo-terminal (script), never when stderr is a file, never with --quiet.
mipsgrade=$1 lc3grade=$2 project=$3 name=batch_report tool=$1
here=$(cd "$(dirname "$0")" && pwd)
source "$here/cli_lib.sh"

# check WHAT ARGS...: batch_page.py ARGS passes.
check() {
    if python3 "$here/batch_page.py" "$@" > "$tmp/check" 2>&1; then pass "$1: $(cat "$tmp/check")"
    else fail "$1: $(cat "$tmp/check")"; fi
}

# in_order CSV LIST: the CSV's first column is the list, line by line.
in_order() {
    if python3 -c 'import csv,sys
rows = [r[0] for r in csv.reader(open(sys.argv[1], newline=""))][1:]
want = open(sys.argv[2]).read().splitlines()
sys.exit(rows != want)' "$1" "$2"; then pass "rows in the order given"
    else fail "rows not in the order given:"; cut -d, -f1 "$1"; fi
}

# ---- hw4 ------------------------------------------------------------------
ref=$project/reference-asm/mips/hw4.asm
mkdir -p "$tmp/hw4/no_file" "$tmp/hw4/reports"
for v in turn_wall_moves init_health_tens no_get_cell attack_door_hurts turn_door_walks \
         attack_health_unsigned init_no_coins; do
    sed -e "$(grep -v '^#' "$project/tests/grader/broken/$v.sed")" "$ref" > "$tmp/hw4/$v.asm"
done
cp "$tmp/hw4/no_get_cell.asm" "$tmp/hw4/copied.asm" # two students, one mistake
# The slow and the quick mixed, so gradings end out of order.
{
    echo "$tmp/hw4/turn_wall_moves.asm"
    echo "$project/tests/hostile/grader/not_assembling.asm"
    echo "$ref"
    echo "$tmp/hw4/init_health_tens.asm"
    echo "$tmp/hw4/no_file"
    echo "$project/tests/grader/correct/tail_call.asm"
    echo "$tmp/hw4/no_get_cell.asm"
    echo "$tmp/hw4/attack_door_hurts.asm"
    echo "$project/tests/grader/correct/fp_frame.asm"
    echo "$tmp/hw4/turn_door_walks.asm"
    echo "$tmp/hw4/attack_health_unsigned.asm"
    echo "$tmp/hw4/init_no_coins.asm"
    echo "$tmp/hw4/copied.asm"
} > "$tmp/hw4.list"
expect "hw4: a batch, --jobs 2" 0 -- hw4 --list "$tmp/hw4.list" --jobs 2 --seed 1 \
    --csv "$tmp/hw4.csv" --reports "$tmp/hw4/reports" --html "$tmp/hw4.html"
cp "$tmp/err" "$tmp/hw4.summary"
contains "hw4: a column per function, in hw4.spec's order" "$tmp/hw4.csv" \
    "submission,score,max_score,status,report,is_valid_cell,get_cell,set_cell,reveal_area,init_game,flood_fill_reveal,get_attack_target,complete_attack,monster_attacks,player_move,player_turn"
in_order "$tmp/hw4.csv" "$tmp/hw4.list"
check csv "$tmp/hw4.csv" "$tmp/hw4.summary"
check page "$tmp/hw4.html" "$tmp/hw4.csv"
says "hw4: the summary names the most common finding" \
    "monster_attacks:   9 full, 2 partial, 2 zero; most common: did not call get_cell (2)"
says "hw4: a file that does not assemble" "most common: the file does not assemble"
says "hw4: the totals" "totals of 100.00: mean "
grep -Eq "href=\"hw4/reports/03-[^\"/]*_hw4.asm.txt\">" "$tmp/hw4.html" && pass "hw4: the page links to each report" ||
    fail "hw4: no link to the reports"

# ---- the LC-3 Nim -----------------------------------------------------------
"$project/tests/grader/lc3-nim/derive.sh" "$tmp/nim" || fail "derive.sh"
ls "$tmp/nim"/*.asm | sort -r > "$tmp/nim.list"
tool=$lc3grade
expect "nim: a batch, --jobs 2" 0 -- nim --list "$tmp/nim.list" --jobs 2 --csv "$tmp/nim.csv" \
    --html "$tmp/nim.html"
cp "$tmp/err" "$tmp/nim.summary"
grep -q '^submission,score,max_score,status,ExampleTest,ExampleTest (randomized machine),CloseRow,.*,empty row$' \
    "$tmp/nim.csv" && pass "nim: a column per test" || { fail "nim: the columns"; head -1 "$tmp/nim.csv"; }
in_order "$tmp/nim.csv" "$tmp/nim.list"
check csv "$tmp/nim.csv" "$tmp/nim.summary"
check page "$tmp/nim.html" "$tmp/nim.csv"

# ---- a spec -----------------------------------------------------------------
tool=$mipsgrade
strings=$project/tests/grader/spec/strings
mkdir -p "$tmp/spec"
ls "$project/reference-asm/mips/strings/strings.asm" "$strings"/correct/*.asm > "$tmp/spec.list"
for script in "$strings"/broken/*.sed; do
    sed -f "$script" "$project/reference-asm/mips/strings/strings.asm" > "$tmp/spec/$(basename "$script" .sed).asm"
    echo "$tmp/spec/$(basename "$script" .sed).asm" >> "$tmp/spec.list"
done
expect "spec: a batch" 0 -- --spec "$project/reference-asm/mips/strings/strings.spec" \
    --list "$tmp/spec.list" --csv "$tmp/spec.csv" --quiet
[[ ! -s $tmp/err ]] && pass "spec: --quiet: stderr empty" || { fail "spec: --quiet wrote:"; cat "$tmp/err"; }
grep -q '^submission,score,max_score,status,strlen,strcmp,reverse,array_max$' "$tmp/spec.csv" &&
    pass "spec: a column per function" || { fail "spec: the columns"; head -1 "$tmp/spec.csv"; }
in_order "$tmp/spec.csv" "$tmp/spec.list"
"$mipsgrade" --spec "$project/reference-asm/mips/strings/strings.spec" --list "$tmp/spec.list" \
    > "$tmp/spec2.csv" 2> "$tmp/spec.summary"
check csv "$tmp/spec2.csv" "$tmp/spec.summary"

# ---- not graded, grouped by why ---------------------------------------------
sed -f "$project/tests/hostile/grader/spin_forever.sed" "$ref" > "$tmp/spin.asm"
cp "$tmp/spin.asm" "$tmp/spin2.asm"
expect "not graded: a batch, --cpu 1" 1 -- hw4 "$tmp/spin.asm" \
    "$project/tests/hostile/grader/not_assembling.asm" "$tmp/spin2.asm" --seed 1 --cases 400 \
    --cpu 1 --csv "$tmp/spin.csv"
says "not graded: counted" "mipsgrade: 3 submissions: 1 graded, 2 not graded"
says "not graded: grouped by why" \
    "  not graded (2): the machine was too slow to finish this grading; grade it again"
cp "$tmp/err" "$tmp/spin.summary"
check csv "$tmp/spin.csv" "$tmp/spin.summary"

# ---- the progress line ------------------------------------------------------
quick=(hw4 --only get_cell "$ref" "$project/tests/hostile/grader/not_assembling.asm" "$ref"
       --csv "$tmp/quick.csv")
printf -v cmd '%q ' "$mipsgrade" "${quick[@]}"
script -qec "$cmd" /dev/null < /dev/null > "$tmp/pty" 2>&1
LC_ALL=C grep -aq $'\r1/3 graded, 0 errors, [0-9]*:[0-9][0-9] elapsed, about [0-9]*:[0-9][0-9] left\r' "$tmp/pty" &&
    LC_ALL=C grep -aq $'\r3/3 graded, 0 errors, [0-9]*:[0-9][0-9] elapsed *\r' "$tmp/pty" &&
    pass "progress: one line redrawn on a terminal" ||
    { fail "progress: no line on a terminal:"; LC_ALL=C cat -A "$tmp/pty"; }
LC_ALL=C grep -aq 'mipsgrade: 3 submissions: 3 graded, 0 not graded' "$tmp/pty" &&
    pass "progress: then the summary" || fail "progress: no summary after it"
"$mipsgrade" "${quick[@]}" 2> "$tmp/file.err"
if LC_ALL=C grep -aq $'\r\\|graded, 0 errors' "$tmp/file.err"; then
    fail "progress: shown when stderr is a file:"; LC_ALL=C cat -A "$tmp/file.err"
else pass "progress: none when stderr is a file"; fi
printf -v cmd '%q ' "$mipsgrade" "${quick[@]}" --quiet
script -qec "$cmd" /dev/null < /dev/null > "$tmp/pty" 2>&1
[[ ! -s $tmp/pty ]] && pass "progress: --quiet shows nothing on a terminal" ||
    { fail "progress: --quiet wrote:"; LC_ALL=C cat -A "$tmp/pty"; }
exit $failed
