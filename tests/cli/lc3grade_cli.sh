#!/usr/bin/env bash
# lc3grade_cli.sh LC3GRADE REFERENCE_NIM: the LC-3 Nim grader grades right.
# The reference scores 100 on several seeds and in both modes; variants made
# here from it by sed lose what lc3tools' own grader takes from them (the
# scores in the comments were measured with lc3tools' bin/nim); a runaway
# loop hits the cap, an access violation is reported with its pc and line;
# the hostile submissions of tests/hostile/lc3grade earn nothing;
# then the options, --json's schema, batches and exit statuses.
tool=$1 reference=$2 name=lc3grade
source "$(dirname "$0")/cli_lib.sh"

# score TEST: the "score/max" of the test named TEST in $tmp/out (the first
# line that begins with the name and a space: ExampleTest's comes first).
score() { awk -v t="$1" 'index($0, t " ") == 1 && / \/ / {
    split(substr($0, length(t) + 1), w, " "); print w[1] "/" w[3]; exit }' "$tmp/out"; }
total() { sed -n 's/^Total: \(.*\) \/ .*/\1/p' "$tmp/out"; }

says() { grep -qF -- "$1" "$tmp/out" && pass "$variant: says '$1'" ||
         { fail "$variant: no '$1' in the report:"; cat "$tmp/out"; }; }
scores() { # scores TEST WANT
    local got; got=$(score "$1")
    [[ $got == "$2" ]] && pass "$variant: $1 scores $2" || fail "$variant: $1 scores '$got', expected $2"
}
totals() {
    [[ $(total) == "$1" ]] && pass "$variant: total $1" || { fail "$variant: total $(total), expected $1"; cat "$tmp/out"; }
}

# variant NAME SED_SCRIPT [OPTIONS]: the reference edited by sed, graded with seed 7.
variant() {
    variant=$1
    sed -e "$2" "$reference" > "$tmp/$1.asm"
    cmp -s "$tmp/$1.asm" "$reference" && fail "$1: the edit changed nothing"
    expect "$1 is graded" 0 -- nim "$tmp/$1.asm" --seed 7 "${@:3}"
}

variant=reference
for seed in 1 2 3; do
    expect "the reference, seed $seed" 0 -- nim "$reference" --seed $seed
    contains "the reference scores 100 (seed $seed)" "$tmp/out" "Total: 100.0 / 100.0"
done
expect "the reference, --mode exact" 0 -- nim "$reference" --mode exact
totals 100.0
[[ $(grep -c '^  pass ' "$tmp/out") == 9 ]] && pass "the reference passes the nine checks" ||
    { fail "the reference fails a check"; cat "$tmp/out"; }
says "CloseRow                            10.0 / 10.0   passed (10000 instructions, then waits for a key)"

# lc3tools: 90 (ExactOutput 20/30) for each of the three forms.
variant lower_case 's/"ROW "/"row "/; s/"Player "/"player "/'
scores ExactOutput 20.0/30.0; totals 90.0; says "the capitalization differs from the sample's"
variant no_space 's/^COLON_MSG   .STRINGZ ": "/COLON_MSG   .STRINGZ ":"/'
scores ExactOutput 20.0/30.0; totals 90.0; says "the whitespace differs"
variant no_period 's/"Invalid move. Try again.\\n"/"Invalid move Try again\\n"/'
scores ExactOutput 20.0/30.0; totals 90.0; says "the punctuation differs"
# lc3tools' trailing-whitespace pass erases a blank line that follows a
# line, so leaving out the blank line after each move costs nothing there
# (100, measured); one more blank line before each prompt, or blanks after
# the error message, cost the whitespace third (90).
variant no_blank_line '/the blank line after every valid move/{N;d}'
totals 100.0
variant extra_blank_line 's/^TURN    JSR GET_MOVE /TURN    LD R0, NEWLINE\
        OUT\
        JSR GET_MOVE /'
scores ExactOutput 20.0/30.0; totals 90.0
variant trailing_blanks 's/"Invalid move. Try again.\\n"/"Invalid move. Try again.  \\n  \\n"/'
scores ExactOutput 20.0/30.0; totals 90.0
# The exact mode takes every behaviour test from them.
variant no_space_exact 's/^COLON_MSG   .STRINGZ ": "/COLON_MSG   .STRINGZ ":"/' --mode exact
scores ExampleTest 0.0/15.0; scores ExactOutput 20.0/30.0; totals 20.0
says 'output line 1: expected "ROW A: ooo", got "ROW A:ooo"'

# lc3tools: 13 13 8 8 8 8 0 = 58, partial points by similarity.
variant wrong_message 's/"Invalid move. Try again.\\n"/"Bad.\\n"/'
scores ExampleTest 13.0/15.0; scores CloseRow 8.0/10.0; scores ExactOutput 0.0/30.0; totals 58.0
says "similarity 0.750: partial points"; says 'expected "Invalid move. Try again.", got "Bad."'
says "FAIL bad row letter"
# lc3tools: 80 (a third of ExactOutput).
variant mixed_case 's/"ROW "/"Row "/; s/" Wins.\\n"/" wins\\n"/'
totals 80.0; scores ExactOutput 10.0/30.0

# A runaway loop instead of HALT: lc3tools gives 70 (the cap costs only ExactOutput).
variant never_halts 's/^\( *\)HALT$/SPIN    BRnzp SPIN/'
totals 70.0; scores ExactOutput 0.0/30.0
says "ExampleTest                         15.0 / 15.0   passed (50000 instructions, hit the cap)"
says "0 points: it did not halt within 50000 instructions"
says "did not halt within its cap of 50000 instructions (the game was over)"

# An access violation on the first instruction: 0 everywhere (lc3tools: 0),
# reported with its pc and source line; with privilege checks off, 100.
variant reads_x0000 '/^        \.ORIG x3000$/a\
        AND R1, R1, #0\
        LDR R0, R1, #0'
totals 0.0
line=$(grep -n '^        LDR R0, R1, #0$' "$tmp/reads_x0000.asm" | head -1 | cut -d: -f1)
says "0 points: an access violation (user mode touched system space or a device) at x3001 (reads_x0000.asm:$line)"
says "$line | LDR R0, R1, #0"
expect "--ignore-privilege" 0 -- nim "$tmp/reads_x0000.asm" --seed 7 --ignore-privilege
totals 100.0; says "privilege checks off"

# Polls KBSR and reads KBDR from user mode instead of GETC: an access
# violation in every test (lc3tools: 0), 100 with --ignore-privilege.
variant polls_kbsr 's/^        GETC   /        JSR POLLKEY/; /^GM_R1 /i\
POLLKEY LDI R0, KBSR_A\
        BRzp POLLKEY\
        LDI R0, KBDR_A\
        RET\
KBSR_A  .FILL xFE00\
KBDR_A  .FILL xFE02'
totals 0.0; says "0 points: an access violation (user mode touched system space or a device) at x"
expect "polls_kbsr --ignore-privilege" 0 -- nim "$tmp/polls_kbsr.asm" --ignore-privilege
totals 100.0

# Assumes R3 starts at 0 (row A's 3 rocks are R3 + 3): right on lc3tools'
# zeroed machine, wrong on the randomized one only.
variant zeroed_registers 's/^MAIN    JSR SHOW_BOARD/MAIN    ADD R3, R3, #3\
        ST R3, ROCKS\
        JSR SHOW_BOARD/; s/^ROCKS   .FILL #3 /ROCKS   .FILL #0 /'
scores ExampleTest 15.0/15.0; scores ExactOutput 30.0/30.0; scores CloseCount 10.0/10.0
scores CloseRow 10.0/10.0; scores LowerCaseRow 10.0/10.0; scores ZeroCount 10.0/10.0
got=$(score "ExampleTest (randomized machine)")
[[ -n $got && ${got%/*} != 15.0 ]] && pass "$variant: the randomized machine costs points ($got)" ||
    { fail "$variant: full marks on the randomized machine"; cat "$tmp/out"; }

# Whole-file rules: does not assemble (0 with the assembler's message), a link.
variant not_assembling 's/^MAIN    JSR SHOW_BOARD/MAIN    ADD R9, R1, #1/'
totals 0.0; says "It does not assemble, so it scores 0:"; says "not_assembling.asm:"
expect "not assembling, --json" 0 -- nim "$tmp/not_assembling.asm" --json "$tmp/bad.json"
jq -e '.score == 0 and .max_score == 100 and .tests[0].name == "assembles" and
       .tests[0].max_score == 100 and (.tests[0].output | test("error"))' "$tmp/bad.json" > /dev/null &&
    pass "not assembling: results.json carries the messages at max_score 100" ||
    { fail "not assembling: results.json"; cat "$tmp/bad.json"; }
ln -s "$reference" "$tmp/link.asm"
variant=link; expect "a link is graded" 0 -- nim "$tmp/link.asm"
says "is a symbolic link"; totals 0.0

# Hostile submissions (tests/hostile/lc3grade, and what cannot live in git):
# each is graded (status 0), earns nothing, and its report stays small.
hostile=$(dirname "$0")/../hostile/lc3grade
mkfifo "$tmp/fifo.asm"
head -c 4000 /dev/urandom > "$tmp/random.asm"
yes '        ADD R1, R1, #1' | head -n 300000 > "$tmp/long.asm"
for f in "$hostile"/*.asm "$tmp/fifo.asm" "$tmp/random.asm" "$tmp/long.asm"; do
    variant=hostile/$(basename "$f")
    expect "$variant is graded" 0 -- nim "$f" --cpu 20
    totals 0.0
    (( $(wc -c < "$tmp/out") < 20000 )) && pass "$variant: a small report" ||
        fail "$variant: a report of $(wc -c < "$tmp/out") bytes"
done
variant=hostile/flood.asm
expect "$variant" 0 -- nim "$hostile/flood.asm"
says "did not halt within its cap of 50000 instructions (it read 0 of its 22 keys)"

# The same file, the same report without --seed; --seed replays.
variant=options
expect "no --seed" 0 -- nim "$tmp/wrong_message.asm"
cp "$tmp/out" "$tmp/first"
expect "no --seed again" 0 -- nim "$tmp/wrong_message.asm"
cmp -s "$tmp/first" "$tmp/out" && pass "the same file, the same report" || fail "two runs differ"
seed=$(sed -n 's/^seed \([0-9]*\) .*/\1/p' "$tmp/out")
expect "--seed of the default" 0 -- nim "$tmp/wrong_message.asm" --seed "$seed"
cmp -s "$tmp/first" "$tmp/out" && pass "--seed replays the default" || fail "--seed $seed differs"

# --json: Gradescope's schema; the tests add up to the score.
expect "--json" 0 -- nim "$tmp/wrong_message.asm" --seed 7 --json "$tmp/results.json"
jq -e '(.score | type) == "number" and .max_score == 100 and .stdout_visibility == "hidden" and
       (.tests | length) == 16 and
       all(.tests[]; (.name | type) == "string" and (.score | type) == "number" and
                     (.max_score | type) == "number" and (.output | type) == "string") and
       ([.tests[].score] | add) == .score and ([.tests[].max_score] | add) == 100 and
       ([.tests[] | select(.max_score == 0)] | length) == 9 and .score == 58' \
    "$tmp/results.json" > /dev/null && pass "--json: the schema, 16 tests, 9 checks at 0 points, 58" ||
    { fail "--json: the schema"; cat "$tmp/results.json"; }
expect "--note" 0 -- nim "$reference" --note "graded nim.asm" --json "$tmp/note.json"
jq -e '.output | startswith("graded nim.asm\n")' "$tmp/note.json" > /dev/null &&
    pass "--note begins results.json's output" || fail "--note: $(cat "$tmp/note.json")"

expect "no submission" 2 -- nim
expect "another assignment" 2 -- hw4 "$reference"
expect "a bad mode" 2 -- nim "$reference" --mode fuzzy
expect "--mode without a value" 2 -- nim "$reference" --mode
expect "--json for a batch" 2 -- nim "$reference" --jobs 2 --json "$tmp/x.json"
expect "--note for a batch" 2 -- nim "$reference" --csv "$tmp/x.csv" --note hello
expect "--help" 0 -- --help
grep -qF -- "--ignore-privilege" "$tmp/out" && pass "--help names --ignore-privilege" ||
    fail "--help: no --ignore-privilege"

# A batch: one CSV line each, in its own process; a folder stands for its
# nim.asm; a file that does not exist is an error before any grading (exit
# 1, stderr), no row for anyone.
mkdir -p "$tmp/alice" "$tmp/reports" && cp "$reference" "$tmp/alice/nim.asm"
printf '%s\n' "$tmp/never_halts.asm" > "$tmp/list"
expect "a batch" 0 -- nim "$tmp/alice" --list "$tmp/list" --jobs 2 --csv "$tmp/scores.csv" \
    --reports "$tmp/reports"
# A column per test after the fixed ones, lc3tools' seven first.
contains "the CSV header" "$tmp/scores.csv" "submission,score,max_score,status,report,ExampleTest,ExampleTest (randomized machine),CloseRow,LowerCaseRow,CloseCount,ZeroCount,ExactOutput,bad row letter,count out of range,non-digit count,lower case row,several invalid moves in a row,player 1 wins,player 2 wins,whole rows,empty row"
contains "alice: 100" "$tmp/scores.csv" "\"$tmp/alice\",100.00,100.00,graded,\"1-${tmp//\//_}_alice.txt\",15.00,15.00,10.00,10.00,10.00,10.00,30.00$(printf ',0.00%.0s' {1..9})"
grep -qF "\"$tmp/never_halts.asm\",70.00,100.00,graded,\"2-${tmp//\//_}_never_halts.asm.txt\"," "$tmp/scores.csv" &&
    pass "never halts: 70" || { fail "never halts: 70"; cat "$tmp/scores.csv"; }
grep -qF "Total: 100.0 / 100.0" "$tmp/reports/1-${tmp//\//_}_alice.txt" && pass "a report per submission" ||
    fail "no report for alice"

printf '%s\n' "$tmp/alice" "$tmp/nobody.asm" > "$tmp/list"
rm -f "$tmp/missing.csv"
expect "a missing file" 1 -- nim --list "$tmp/list" --csv "$tmp/missing.csv"
grep -qxF "lc3grade: submission 2, $tmp/nobody.asm: no such file" "$tmp/err" && [[ ! -e $tmp/missing.csv ]] &&
    pass "missing file: an error on stderr, no CSV" || { fail "missing file"; cat "$tmp/err"; }
exit $failed
