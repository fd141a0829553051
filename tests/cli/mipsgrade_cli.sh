#!/usr/bin/env bash
# mipsgrade_cli.sh MIPSGRADE REFERENCE_HW4: the grader grades right. The
# reference scores full marks on several seeds; each deliberately broken
# variant of it (made here from the reference, so they follow it) loses the
# points of its fault, names it, and costs no other function anything;
# then --json, --only, --seed and grading many submissions at once.
tool=$1 reference=$2 name=mipsgrade
source "$(dirname "$0")/cli_lib.sh"

# score FUNCTION: the "score / max" of FUNCTION in $tmp/out.
score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }

# full_except FUNCTION...: every other function has full marks.
full_except() {
    local f line
    for f in init_game is_valid_cell get_cell set_cell reveal_area get_attack_target \
             complete_attack monster_attacks player_move player_turn flood_fill_reveal; do
        [[ " $* " == *" $f "* ]] && continue
        line=$(score "$f")
        [[ ${line%/*} == "${line#*/}" ]] || fail "$variant: $f lost points ($line)"
    done
}

# lost FUNCTION: FUNCTION scored below its maximum.
lost() {
    local line
    line=$(score "$1")
    [[ -n $line && ${line%/*} != "${line#*/}" ]] && pass "$variant: $1 loses points ($line)" ||
        fail "$variant: $1 should lose points ($line)"
}

says() { grep -qF -- "$1" "$tmp/out" && pass "$variant: says '$1'" ||
         { fail "$variant: no '$1' in the report:"; cat "$tmp/out"; }; }

# variant NAME SED_SCRIPT: the reference edited by sed, graded with seed 7.
variant() {
    variant=$1
    sed -e "$2" "$reference" > "$tmp/$1.asm"
    cmp -s "$tmp/$1.asm" "$reference" && fail "$1: the edit changed nothing"
    expect "$1 is graded" 0 -- hw4 "$tmp/$1.asm" --seed 7
}

for seed in 1 2 3; do
    expect "the reference, seed $seed" 0 -- hw4 "$reference" --seed $seed
    contains "the reference scores 100 (seed $seed)" "$tmp/out" "Total: 100.0 / 100.0"
done

variant clobbers_s0 '/^flood_fill_reveal_return:/,/jr \$ra/{/lw \$s0, 0(\$sp)/d}'
lost flood_fill_reveal; full_except flood_fill_reveal; says '$s0 changed: 0x'

variant keeps_sp '/^reveal_area_return:/,/jr \$ra/{/addi \$sp, \$sp, 24/d}'
lost reveal_area; full_except reveal_area; says '$sp changed: 0x7fffeffc -> 0x7fffefe4'

variant byte_past_cell '/^init_game_read_health:/a\        sb $zero, 0($t3)'
lost init_game; full_except init_game; says "map byte "
[[ $(score init_game) == 0.7/10.0 ]] && pass "$variant: only the missing file passes" ||
    fail "$variant: init_game scored $(score init_game), expected 0.7/10.0 (1 of 14)"

variant no_get_cell "$(grep -v '^#' "$(dirname "$0")/../grader/broken/no_get_cell.sed")"
lost monster_attacks; full_except monster_attacks; says 'did not call get_cell'

# Issue 22: jalr with rd == rs goes to the next instruction, as in MARS, so
# get_cell is never called; the report shows the assembler's warning.
variant jalr_same_register '/^monster_attacks:/,/^player_move:/s/jal get_cell$/la $t9, get_cell\n        jalr $t9, $t9/'
lost monster_attacks; says 'did not call get_cell'; says 'The assembler warns:'
says 'warning: jalr with rd == rs is unpredictable on MIPS hardware'

variant reads_a3 '/^reveal_area:/,/^reveal_area_next_row:/s/move \$s1, \$a1/addu $s1, $a1, $a3/'
lost reveal_area; full_except reveal_area

variant data_section '$a\
        .data\
scratch: .word 0'
says 'has a .data section'; says 'Total: 0.0 / 100.0'

variant main_label '$a\
main:   jr $ra'
says 'has a label "main"'; says 'Total: 0.0 / 100.0'

variant loops_forever '/^flood_fill_reveal:/a\
flood_fill_spin: j flood_fill_spin'
lost flood_fill_reveal; full_except flood_fill_reveal; says 'instructions (at loops_forever.asm:' # the spec's budget: 100,000 + 1,000 per map byte

variant unaligned_load '/^reveal_area:/,/^reveal_area_next_row:/s/move \$s0, \$a0/move $s0, $a0\
        lw $t9, 1($s0)/'
lost reveal_area; full_except reveal_area; says 'fetch address not aligned on word boundary'

variant edge_return '/^init_game_cannot_open:/,/^init_game_return:/s/li \$v0, -1/li $v0, 1/'
[[ $(score init_game) == 9.3/10.0 ]] && pass "$variant: only the missing file fails" ||
    fail "$variant: init_game scored $(score init_game), expected 9.3/10.0 (13 of 14)"
says '$v0 is 1 (0x00000001), expected -1'
full_except init_game

variant prints '/^flood_fill_reveal:/a\
        move $t9, $a0\
        li $a0, 46\
        li $v0, 11\
        syscall\
        move $a0, $t9'
lost flood_fill_reveal; full_except flood_fill_reveal
says 'printed output (syscall 11 at prints.asm:'

variant missing_function '/\.globl flood_fill_reveal/d; s/^flood_fill_reveal:/flood_fill_gone:/'
lost flood_fill_reveal; full_except flood_fill_reveal; says 'has no function flood_fill_reveal'

variant k_register '/^reveal_area:/a\
        move $k0, $ra'
says 'uses $k0'

# Hostile submissions still get a report, quickly: every function faults,
# eats the heap, or prints without end.
every='^\(init_game\|is_valid_cell\|get_cell\|set_cell\|reveal_area\|get_attack_target\|complete_attack\|monster_attacks\|player_move\|player_turn\|flood_fill_reveal\):$'
variant faults_always "/$every/a\\
        lw \$t9, 1(\$zero)"
says 'Total: 0.0 / 100.0'; says 'fetch address not aligned on word boundary 0x00000001'
variant eats_heap "s/$every/&\\n\\1_more: li \$v0, 9\\n li \$a0, 1048576\\n syscall\\n j \\1_more/"
says 'Total: 0.0 / 100.0'; says 'exceeds available heap storage (syscall 9)'
variant prints_forever "s/$every/&\\n\\1_more: li \$v0, 11\\n li \$a0, 65\\n syscall\\n j \\1_more/"
says 'Total: 0.0 / 100.0'; says 'printed output (syscall 11 at prints_forever.asm:'

# A submission cannot touch the real map files: its file syscalls see a
# scratch copy. This one truncates the map it is asked to read.
mkdir "$tmp/maps" && cp "$(dirname "$reference")/../../maps/"*.txt "$tmp/maps/"
(cd "$tmp/maps" && md5sum *.txt) > "$tmp/maps.md5"
sed -e '/^init_game:$/a\
        li $v0, 13\
        li $a1, 1\
        syscall\
        li $v0, 16\
        move $a0, $v0\
        syscall\
        jr $ra' "$reference" > "$tmp/truncates.asm"
variant=truncates
export TMPDIR=$tmp # where the grader makes its scratch copy, to see it removed
expect "truncates is graded" 0 -- hw4 "$tmp/truncates.asm" --seed 7 --maps "$tmp/maps" --only init_game
(cd "$tmp/maps" && md5sum -c --quiet "$tmp/maps.md5") && pass "the maps are untouched" ||
    fail "the submission changed the map files"
[[ -z $(ls "$tmp" | grep '^mipsgrade\.') ]] && pass "no scratch directory left behind" ||
    fail "scratch left: $(ls "$tmp")"

# --seed replays; --only runs one function's tests; --json for Gradescope.
variant=options
expect "--seed 5" 0 -- hw4 "$tmp/keeps_sp.asm" --seed 5
cp "$tmp/out" "$tmp/first"
expect "--seed 5 again" 0 -- hw4 "$tmp/keeps_sp.asm" --seed 5
cmp -s "$tmp/first" "$tmp/out" && pass "the same seed, the same report" ||
    fail "two runs with --seed 5 differ"
expect "--only" 0 -- hw4 "$tmp/keeps_sp.asm" --seed 5 --only reveal_area
[[ $(grep -c "tests passed (at most [0-9]* instructions)$" "$tmp/out") == 1 ]] && pass "--only: one function" ||
    fail "--only: more than one function"
says 'Total: 0.0 / 8.0'
expect "--json" 0 -- hw4 "$tmp/edge_return.asm" --seed 7 --json "$tmp/results.json"
grep -qF '"score": 99.2857' "$tmp/results.json" && pass "--json: the total" ||
    { fail "--json: no total 99.2857"; cat "$tmp/results.json"; }
grep -qF '{"name": "init_game", "score": 9.2857, "max_score": 10.0000, "output": "13 of 14 tests passed\nFAIL init_game: \"a file that is not there\" (name=missing \"no_such_map.txt\" map=(9803 bytes)\n       player=[0, 0, 0, 0])\n     $v0 is 1 (0x00000001), expected -1\n"}' \
    "$tmp/results.json" && pass "--json: a test per function with its output" ||
    { fail "--json: init_game's entry"; cat "$tmp/results.json"; }
expect "--only with no such function" 2 -- hw4 "$reference" --only nothing
expect "no submission" 2 -- hw4
expect "another assignment" 2 -- hw5 "$reference"

# Many at once: one CSV line each, in its own process; a folder stands for
# its hw4.asm; a file that does not exist is an error before any grading
# (exit 1, stderr), no row for anyone.
mkdir -p "$tmp/alice" "$tmp/reports" && cp "$reference" "$tmp/alice/hw4.asm"
printf '%s\n' "$tmp/data_section.asm" > "$tmp/list"
expect "several submissions" 0 -- hw4 "$tmp/alice" --list "$tmp/list" --seed 3 --jobs 2 \
    --csv "$tmp/scores.csv" --reports "$tmp/reports"
# A column per function after the fixed ones, in hw4.spec's order.
functions=is_valid_cell,get_cell,set_cell,reveal_area,init_game,flood_fill_reveal,get_attack_target,complete_attack,monster_attacks,player_move,player_turn
contains "the CSV header" "$tmp/scores.csv" "submission,score,max_score,status,report,$functions"
contains "alice: 100" "$tmp/scores.csv" "\"$tmp/alice\",100.00,100.00,graded,\"1-${tmp//\//_}_alice.txt\",4.00,6.00,6.00,8.00,10.00,14.00,8.00,10.00,10.00,12.00,12.00"
contains "data section: 0" "$tmp/scores.csv" "\"$tmp/data_section.asm\",0.00,100.00,graded,\"2-${tmp//\//_}_data_section.asm.txt\"$(printf ',0.00%.0s' {1..11})"
grep -qF "Total: 100.0 / 100.0" "$tmp/reports/1-${tmp//\//_}_alice.txt" && pass "a report per submission" ||
    fail "no report for alice"
printf '%s\n' "$tmp/alice" "$tmp/nobody.asm" > "$tmp/list"
rm -f "$tmp/missing.csv"
expect "a missing file" 1 -- hw4 --list "$tmp/list" --csv "$tmp/missing.csv"
grep -qxF "mipsgrade: submission 2, $tmp/nobody.asm: no such file" "$tmp/err" && [[ ! -e $tmp/missing.csv ]] &&
    pass "missing file: an error on stderr, no CSV" || { fail "missing file"; cat "$tmp/err"; }
expect "a batch of good ones" 0 -- hw4 "$tmp/alice" "$tmp/keeps_sp.asm" --seed 3 --csv "$tmp/scores.csv"
contains "the CSV header without reports" "$tmp/scores.csv" "submission,score,max_score,status,$functions"

exit $failed
