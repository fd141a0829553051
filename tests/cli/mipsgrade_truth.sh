#!/usr/bin/env bash
# mipsgrade_truth.sh MIPSGRADE REFERENCE_HW4 SEEDS: the grader takes nothing
# from code the handout allows, and keeps what it must from code it does not.
# Each correct variant in tests/grader/correct (the reference changed in one
# way the handout allows) scores 100 on seeds 1..SEEDS; a hostile init_game
# that writes the official maps from code, with no syscall, loses its points; stray writes
# anywhere in memory cost the function, values hidden in $k, $f, $at or
# $gp-relative memory are reported by line and cost nothing; the default
# seed is the assignment's, never the clock's (nor the file's).
tool=$1 reference=$2 seeds=${3:-50} name=mipsgrade_truth
source "$(dirname "$0")/cli_lib.sh"
here=$(cd "$(dirname "$0")/.." && pwd)

score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }
says() { grep -qF -- "$1" "$tmp/out" && pass "$variant: says '$1'" ||
         { fail "$variant: no '$1' in the report:"; cat "$tmp/out"; }; }
full_marks() { grep -qF "Total: 100.0 / 100.0" "$tmp/out" && pass "$variant: full marks" ||
               { fail "$variant: not full marks:"; cat "$tmp/out"; }; }
# only_loses FUNCTION: FUNCTION is below its maximum, every other at it.
only_loses() {
    local f line
    for f in init_game is_valid_cell get_cell set_cell reveal_area get_attack_target \
             complete_attack monster_attacks player_move player_turn flood_fill_reveal; do
        line=$(score "$f")
        if [[ $f == "$1" ]]; then
            [[ ${line%/*} != "${line#*/}" ]] && pass "$variant: $f loses points ($line)" ||
                fail "$variant: $f should lose points ($line)"
        else
            [[ ${line%/*} == "${line#*/}" ]] || fail "$variant: $f lost points ($line)"
        fi
    done
}
# variant NAME SED_SCRIPT: the reference edited by sed, graded with seed 7.
variant() {
    variant=$1
    sed -e "$2" "$reference" > "$tmp/$1.asm"
    cmp -s "$tmp/$1.asm" "$reference" && fail "$1: the edit changed nothing"
    expect "$1 is graded" 0 -- hw4 "$tmp/$1.asm" --seed 7
}

# The correct variants, all graded at once for each seed.
ls "$here"/grader/correct/*.asm > "$tmp/correct.list"
[[ $(wc -l < "$tmp/correct.list") -ge 11 ]] || fail "fewer correct variants than expected"
for seed in $(seq 1 "$seeds"); do
    "$tool" hw4 --list "$tmp/correct.list" --seed "$seed" --jobs 2 --csv "$tmp/scores.csv" \
        > /dev/null 2>&1 || fail "seed $seed: the batch failed"
    if grep -v '^submission,' "$tmp/scores.csv" | grep -vq ',100.00,100.00,graded,'; then
        fail "seed $seed: a correct variant lost points:"; grep -v ',100.00,100.00,' "$tmp/scores.csv"
    fi
done
pass "every correct variant scores 100 on seeds 1-$seeds"

# A hostile init_game with the official maps compiled into store
# instructions and no syscall (scored 10/10 when only the official maps were
# tested). The same table in .kdata is refused as a whole file.
variant=code_maps
expect "code_maps is graded" 0 -- hw4 "$here/hostile/grader/code_maps.asm" --seed 7
only_loses init_game
[[ $(score init_game) == 0.0/10.0 ]] && pass "$variant: no init_game test passes" ||
    fail "$variant: init_game scored $(score init_game)"
says 'made no syscall 13 (the reference makes it on this case, and the spec requires it)'
says 'FAIL init_game: random case 1 ' # a map made for the case, in the handout's format
variant=kdata_maps
expect "kdata_maps is graded" 0 -- hw4 "$here/hostile/grader/kdata_maps.asm" --seed 7
says 'has a .kdata section'
says 'Total: 0.0 / 100.0'

# The random maps are new for each seed and stay within the file format.
mkdir "$tmp/scratch"
TMPDIR=$tmp/scratch "$tool" hw4 "$reference" --seed 11 --only init_game > "$tmp/out"
variant=random_maps; says '14 of 14 tests passed'
[[ -z $(ls "$tmp/scratch") ]] && pass "random maps: the scratch folder is removed" ||
    fail "random maps left behind: $(ls "$tmp/scratch")"

# Every byte the call changed, wherever it is (in functions no other one
# calls: a stray write in a helper costs every function that calls it).
# ($gp itself holds noise at entry, as every register the call is not given.)
variant gp_area '/^player_turn:$/a\
        li $t9, 0x10008000\
        li $t8, 0x5a\
        sb $t8, 0($t9)'
only_loses player_turn; says 'wrote byte 0x10008000 (in the $gp area'
variant past_window '/^flood_fill_reveal:$/a\
        li $t9, 0x10018000\
        li $t8, 0x5a\
        sb $t8, 0($t9)'
only_loses flood_fill_reveal; says 'wrote byte 0x10018000 (outside the structures it was given)'
variant heap_past_4k '/^init_game:$/a\
        li $t9, 0x10041000\
        li $t8, 0x5a\
        sb $t8, 0($t9)'
only_loses init_game; says 'wrote byte 0x10041000 (in the heap, outside any block it got from sbrk)'
variant kdata_write '/^reveal_area:$/a\
        li $t9, 0x90000010\
        li $t8, 0x5a\
        sb $t8, 0($t9)'
only_loses reveal_area; says 'wrote byte 0x90000010 (in .kdata'
variant caller_stack '/^player_turn:$/a\
        li $t8, 0x5a\
        sb $t8, 4($sp)'
only_loses player_turn; says "(in the caller's stack)"
variant sbrk_elsewhere '/^reveal_area:$/a\
        move $t9, $a0\
        li $v0, 9\
        li $a0, 16\
        syscall\
        move $a0, $t9'
only_loses reveal_area; says 'made a syscall (syscall 9 at sbrk_elsewhere.asm:'
variant past_sbrk_block '/^init_game:$/a\
        move $t9, $a0\
        li $v0, 9\
        li $a0, 16\
        syscall\
        li $t8, 0x5a\
        sb $t8, 16($v0)\
        move $a0, $t9'
only_loses init_game; says '(in the heap, outside any block it got from sbrk)'
variant in_sbrk_block '/^init_game:$/a\
        move $t9, $a0\
        li $v0, 9\
        li $a0, 16\
        syscall\
        li $t8, 0x5a\
        sb $t8, 15($v0)\
        move $a0, $t9'
full_marks

# Hiding: a finding with its line for the TA, no points lost.
variant hides_f '/^reveal_area:$/a\
        mtc1 $ra, $f4\
        mfc1 $ra, $f4'
full_marks; says "hides_f.asm:227: keeps values in \$f registers"
variant hides_at '/^reveal_area:$/a\
        move $at, $a0'
full_marks; says 'hides_at.asm:227: uses $at'
variant hides_k '/^reveal_area:$/a\
        move $k1, $a0'
full_marks; says 'hides_k.asm:227: uses $k1'
variant hides_gp '/^is_valid_cell_return:$/{n;a\
        lw $t9, 0($gp)
}'
full_marks; says 'hides_gp.asm:156: keeps values in $gp-relative memory'

# The default seed: the assignment's, printed, the same every run and for
# every file.
variant=seed
expect "no --seed" 0 -- hw4 "$reference"
cp "$tmp/out" "$tmp/first"
expect "no --seed again" 0 -- hw4 "$reference"
cmp -s "$tmp/first" "$tmp/out" && pass "two runs without --seed print the same report" ||
    fail "two runs without --seed differ"
grep -q '^seed [0-9]* (--seed [0-9]* replays these tests)$' "$tmp/out" && pass "the seed is printed" ||
    fail "no seed line"
{ cat "$reference"; echo "# a comment"; } > "$tmp/commented.asm"
expect "another file" 0 -- hw4 "$tmp/commented.asm"
[[ $(sed -n 2p "$tmp/out") == "$(sed -n 2p "$tmp/first")" ]] &&
    pass "a comment does not change the seed (the assignment's)" ||
    fail "the seed depends on the file: a comment changed it"
expect "--seed overrides" 0 -- hw4 "$reference" --seed 42
grep -q '^seed 42 ' "$tmp/out" && pass "--seed 42 is used" || fail "--seed 42 not used"

# A whole-file rejection still shows its maximum on Gradescope.
{ cat "$reference"; printf '        .data\nx: .word 0\n'; } > "$tmp/data.asm"
expect "--json of a .data file" 0 -- hw4 "$tmp/data.asm" --json "$tmp/data.json"
grep -qF '"max_score": 100.0000' "$tmp/data.json" && pass "--json: the rejection carries max_score" ||
    { fail "--json: no max_score"; cat "$tmp/data.json"; }

exit $failed
