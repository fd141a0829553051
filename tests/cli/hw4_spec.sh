#!/usr/bin/env bash
# hw4_spec.sh MIPSGRADE PROJECT_DIR SEEDS: reference-asm/mips/hw4.spec gives
# the same per-function verdict (full marks or not) as `mipsgrade hw4` for
# the functions it expresses, on the reference, on every correct variant in
# tests/grader/correct and on broken variants made here from the reference,
# on seeds 1..SEEDS. The C suite is the check; the spec must agree with it.
tool=$1 project=$2 seeds=${3:-3} name=hw4_spec
source "$(dirname "$0")/cli_lib.sh"
spec=$project/reference-asm/mips/hw4.spec
reference=$project/reference-asm/mips/hw4.asm
functions="is_valid_cell get_cell set_cell reveal_area get_attack_target complete_attack
    monster_attacks player_move player_turn init_game flood_fill_reveal"
stricter="" # functions where the spec may be stricter than the C suite (see below)

# verdicts [CHANCE]: "F:full" or "F:lost" for each function compared (all,
# less the $chance ones; with an argument, only those), from the report in
# $tmp/out.
chance=""
verdicts() {
    local f line
    for f in $functions; do
        [[ " $chance " == *" $f "* ]] && [[ -z ${1:-} ]] && continue
        [[ " $chance " != *" $f "* ]] && [[ -n ${1:-} ]] && continue
        line=$(awk -v f="$f" '$1 == f { print $2 "/" $4 }' "$tmp/out")
        [[ -n $line ]] || { echo "$f:missing"; continue; }
        [[ ${line%/*} == "${line#*/}" ]] && echo "$f:full" || echo "$f:lost"
    done
}

# only_stricter C S: every verdict of S is C's, but for functions named in
# $stricter that the C suite gives full marks and the spec does not.
only_stricter() {
    local c=($1) s=($2) i f
    for i in "${!c[@]}"; do
        f=${c[i]%%:*}
        [[ ${c[i]} == "${s[i]}" ]] && continue
        [[ " $stricter " == *" $f "* && ${c[i]} == "$f:full" && ${s[i]} == "$f:lost" ]] || return 1
    done
}

# agree_on NAME FILE SEED [SPEC_REPORT]: both graders' verdicts on FILE with
# SEED; the spec's from SPEC_REPORT when it was graded already.
agree_on() {
    local c s cc=""
    "$tool" hw4 "$2" --seed "$3" > "$tmp/out" 2> "$tmp/err"
    c=$(verdicts | tr '\n' ' ')
    [[ -n $chance ]] && cc=$(verdicts chance | tr '\n' ' ')
    if [[ -n ${4:-} ]]; then
        cp "$4" "$tmp/out"
    else
        "$tool" --spec "$spec" "$2" --seed "$3" > "$tmp/out" 2> "$tmp/err"
    fi
    s=$(verdicts | tr '\n' ' ')
    # Not compared, for the record: "chance: F C-VERDICT/SPEC-VERDICT".
    [[ -n $chance ]] && paste -d/ <(tr ' ' '\n' <<< "$cc" | grep .) \
        <(verdicts chance | cut -d: -f2) | sed "s|^|# $1, seed $3, chance: |"
    if [[ $c == "$s" ]]; then
        pass "$1, seed $3: $s"
    elif only_stricter "$c" "$s"; then
        pass "$1, seed $3: $s (the C suite's random cases missed the edge: $c)"
    else
        fail "$1, seed $3: the C suite says $c, the spec $s"; cat "$tmp/out"
    fi
}

# agree NAME FILE: both graders' verdicts on FILE, seed by seed.
agree() {
    local seed
    for ((seed = 1; seed <= seeds; seed++)); do
        agree_on "$1" "$2" "$seed"
    done
}

# expect_lost NAME FUNCTION: the last spec report has FUNCTION below its maximum.
expect_lost() {
    local v
    v=$(verdicts) # not piped into grep -q: pipefail would see verdicts cut off
    [[ $'\n'$v$'\n' == *$'\n'"$2:lost"$'\n'* ]] && pass "$1: $2 loses points" ||
        fail "$1: $2 should lose points"
}

agree reference "$reference"
"$tool" --spec "$spec" "$reference" > "$tmp/out"
grep -qx "Total: 100.0 / 100.0" "$tmp/out" && pass "the reference: full marks" || fail "the reference"

# The callees by case are held to: the reference itself fails a spec that
# wants set_cell whenever reveal_area runs (it writes only hidden cells) or
# complete_attack whenever the player survives a move (`after`); a condition
# that never holds asks nothing. SED edits the spec; EXPECT is the error, or
# "" for full marks.
spec_edit() {
    local ref
    ref=$(cd "$(dirname "$reference")" && pwd)/hw4.asm
    # where init_game's "../../maps/..." still finds the maps
    mkdir -p "$tmp/edit/mips" && { [[ -d $tmp/maps ]] || cp -r "$project/maps" "$tmp/maps"; }
    sed -e "s|^reference hw4.asm\$|reference $ref|" -e "$2" "$spec" > "$tmp/edit/mips/hw4.spec"
    "$tool" --spec "$tmp/edit/mips/hw4.spec" "$reference" --seed 1 --only "$3" > "$tmp/out" \
        2> "$tmp/err"
    local status=$?
    if [[ -n $4 ]]; then
        [[ $status == 1 ]] && grep -q "the spec is wrong: .*$4" "$tmp/err" && pass "$1" ||
            { fail "$1: status $status"; cat "$tmp/err"; }
    else
        [[ $status == 0 ]] && grep -q "^Total: \([0-9.]*\) / \1\$" "$tmp/out" && pass "$1" ||
            { fail "$1: status $status"; tail -3 "$tmp/out"; cat "$tmp/err"; }
    fi
}
spec_edit "set_cell on every reveal_area case: the reference fails" \
    's/must-call set_cell when map changed/must-call set_cell/' reveal_area "did not call set_cell"
spec_edit "complete_attack when the player survives a move: the reference fails" \
    's/must-call get_cell when after p.health > 0/must-call complete_attack when after p.health > 0/' \
    player_move "did not call complete_attack"
spec_edit "complete_attack when the health ends above 100: asked of no case" \
    's/must-call get_cell when after p.health > 0/must-call complete_attack when after p.health > 100/' \
    player_move ""

for variant in "$project"/tests/grader/correct/*.asm; do
    agree "correct $(basename "$variant" .asm)" "$variant"
done

# variant NAME FUNCTION SED [CALLER...]: a broken copy of the reference; both
# graders agree on it, and the spec takes FUNCTION's points. A CALLER reaches
# the broken code only on some of its cases (a boss attacked, a move off the
# bottom edge): both graders run the submission's own callees, so either may
# take its points or not as its random cases fall, and its verdicts are not
# compared (docs/grader-spec.md, "hw4 in this format").
variant() {
    sed -e "$3" "$reference" > "$tmp/$1.asm"
    cmp -s "$tmp/$1.asm" "$reference" && fail "$1: the edit changed nothing"
    chance="${*:4}"
    agree "broken $1" "$tmp/$1.asm"
    expect_lost "broken $1" "$2"
    chance=""
}
# With is_valid_cell taking row == num_rows as valid, reveal_area and
# flood_fill_reveal are wrong on the bottom edge too (the handout: -1 for
# row >= num_rows; they write past the map). The spec's hand-written cases
# there always see it; the C suite's random starts reach that edge on some
# seeds only, so there the spec may be the stricter of the two.
stricter="reveal_area flood_fill_reveal"
variant valid_off_by_one is_valid_cell \
    '/^is_valid_cell:/,/^is_valid_cell_return:/s/bgeu \$a1, \$t0/bgtu $a1, $t0/' \
    monster_attacks player_move player_turn
stricter=""
variant get_cell_drops_hidden get_cell \
    '/^get_cell:/,/^get_cell_return:/s/lbu \$v0, 2(\$t1)/lbu $v0, 2($t1)\n        andi $v0, $v0, 0x7f/'
variant set_cell_unchecked set_cell \
    '/^set_cell:/,/^set_cell_return:/{/bltz \$v0, set_cell_return/d}'
variant reveal_keeps_sp reveal_area '/^reveal_area_return:/,/jr \$ra/{/addi \$sp, \$sp, 24/d}'
variant reveal_reads_a3 reveal_area \
    '/^reveal_area:/,/^reveal_area_next_row:/s/move \$s1, \$a1/addu $s1, $a1, $a3/'
# Writes the map itself: the same bytes, but set_cell is required whenever
# the map changes (must-call ... when map changed).
own_write='lbu $t0, 1($s0)\n mul $t1, $s3, $t0\n add $t1, $t1, $s4\n add $t1, $t1, $s0\n sb $a3, 2($t1)'
variant reveal_writes_itself reveal_area '/^reveal_area:/,/^reveal_area_return:/s/jal set_cell/'"$own_write/"

# The player's functions: a wrong answer, or an $s register not given back
# (which their callers never notice: each restores its own).
variant target_none_is_zero get_attack_target \
    '/^get_attack_target_none:/,/jr \$ra/s/li \$v0, -1/li $v0, 0/'
variant target_keeps_s1 get_attack_target \
    '/^get_attack_target_return:/,/jr \$ra/{/lw \$s1, 4(\$sp)/d}'
variant boss_one_damage complete_attack \
    '/^complete_attack_not_minion:/,/^complete_attack_not_boss:/s/li \$t1, 2/li $t1, 1/' player_turn
variant attack_keeps_s2 complete_attack '/^complete_attack_return:/,/jr \$ra/{/lw \$s2, 8(\$sp)/d}'
variant boss_attacks_for_one monster_attacks \
    '/^monster_attacks_not_minion:/,/^monster_attacks_return:/s/addi \$s2, \$s2, 2/addi $s2, $s2, 1/' \
    player_move player_turn
variant monsters_keep_s0 monster_attacks '/^monster_attacks_return:/,/jr \$ra/{/lw \$s0, 0(\$sp)/d}'
variant move_keeps_col player_move '/^player_move_step:/,/^player_move_return:/{/sb \$s3, 1(\$s1)/d}' \
    player_turn
variant move_keeps_s4 player_move '/^player_move_return:/,/jr \$ra/{/lw \$s4, 16(\$sp)/d}'
variant turn_ignores_rows player_turn \
    '/^player_turn_valid_direction:/,/jal get_cell/{/add \$s3, \$s3, \$v0/d}'
variant turn_keeps_s4 player_turn '/^player_turn_return:/,/jr \$ra/{/lw \$s4, 16(\$sp)/d}'

variant init_visible init_game '/^init_game:/,/^init_game_return:/{/ori \$t4, \$t4, 0x80/d}'
variant init_swaps_hero init_game \
    '/^init_game:/,/^init_game_return:/{s/sb \$t0, 0(\$s1)/sb $t0, 1($s1)/;s/sb \$t7, 1(\$s1)/sb $t7, 0($s1)/}'
variant init_no_close init_game '/^init_game_read_health:/,/^init_game_cannot_open:/{/li \$v0, 16/,/syscall/d}'
variant init_missing_zero init_game \
    '/^init_game_cannot_open:/,/^init_game_return:/s/li \$v0, -1/li $v0, 0/'
variant flood_any_neighbour flood_fill_reveal \
    '/^flood_fill_reveal:/,/^flood_fill_reveal_done:/{/bne \$v0, \$t0, flood_fill_reveal_next_neighbour/d}'
variant flood_visible_floor_only flood_fill_reveal \
    '/^flood_fill_reveal:/,/^flood_fill_reveal_done:/{/andi \$v0, \$v0, 0x7F/d}'
variant flood_keeps_fp flood_fill_reveal '/^flood_fill_reveal_return:/,/jr \$ra/{/lw \$fp, 28(\$sp)/d}'
variant flood_no_visited flood_fill_reveal \
    '/^flood_fill_reveal:/,/^flood_fill_reveal_done:/{/sb \$t3, 0(\$t1)/d}'
variant flood_visited_shifted flood_fill_reveal \
    '/^flood_fill_reveal_neighbours:/,/^flood_fill_reveal_done:/s/add \$t0, \$t0, \$s6/add $t0, $t0, $s6\n        addi $t0, $t0, 1/'

# The hostile submissions of tests/hostile/grader: the spec grader ends
# normally on each; an attack on the whole file gets nothing, one in a
# function what `mipsgrade hw4` gives, function by function (the cases of
# get_attack_target and player_turn that never reach an attacked
# is_valid_cell still pass in both; an attack that only a grader sharing
# files between tests would feel, shared_scratch, loses nothing in both).
hostile=$project/tests/hostile/grader
for f in "$hostile"/*.asm "$hostile"/*.sed; do
    n=$(basename "$f")
    case $n in
    *.tail.asm) cat "$reference" "$f" > "$tmp/$n" ;;
    *.sed) n=$n.asm; sed -f "$f" "$reference" > "$tmp/$n" ;;
    *.*.asm) fn=${n%.asm}; fn=${fn##*.}; sed "/^$fn:\$/r $f" "$reference" > "$tmp/$n" ;;
    *) cp "$f" "$tmp/$n" ;;
    esac
    timeout 300 "$tool" --spec "$spec" "$tmp/$n" --seed 1 > "$tmp/hostile.out" 2> "$tmp/err"
    status=$?
    total=$(sed -n 's/^Total: \([0-9.]*\) \/.*/\1/p' "$tmp/hostile.out")
    if [[ $status == 0 && $total == 0.0 ]]; then
        pass "hostile $n: 0 under the spec"
    elif [[ $status == 0 && -n $total ]]; then
        agree_on "hostile $n" "$tmp/$n" 1 "$tmp/hostile.out"
    else
        fail "hostile $n: status $status, total '$total'"; head -c 1500 "$tmp/hostile.out"
    fi
done

exit $failed
