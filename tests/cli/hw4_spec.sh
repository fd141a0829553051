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
functions="is_valid_cell get_cell set_cell reveal_area init_game flood_fill_reveal"
stricter="" # functions where the spec may be stricter than the C suite (see below)

# verdicts: "F:full" or "F:lost" for each function, from the report in $tmp/out.
verdicts() {
    local f line
    for f in $functions; do
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

# agree NAME FILE [SEEDS]: both graders' verdicts on FILE, seed by seed.
agree() {
    local seed c s last=${3:-$seeds}
    for ((seed = 1; seed <= last; seed++)); do
        "$tool" hw4 "$2" --seed "$seed" > "$tmp/out" 2> "$tmp/err"
        c=$(verdicts | tr '\n' ' ')
        "$tool" --spec "$spec" "$2" --seed "$seed" > "$tmp/out" 2> "$tmp/err"
        s=$(verdicts | tr '\n' ' ')
        if [[ $c == "$s" ]]; then
            pass "$1, seed $seed: $s"
        elif only_stricter "$c" "$s"; then
            pass "$1, seed $seed: $s (the C suite's random cases missed the edge: $c)"
        else
            fail "$1, seed $seed: the C suite says $c, the spec $s"; cat "$tmp/out"
        fi
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
grep -qx "Total: 48.0 / 48.0" "$tmp/out" && pass "the reference: full marks" || fail "the reference"

for variant in "$project"/tests/grader/correct/*.asm; do
    agree "correct $(basename "$variant" .asm)" "$variant"
done

# variant NAME FUNCTION SED: a broken copy of the reference; both graders
# agree on it, and the spec takes FUNCTION's points.
variant() {
    sed -e "$3" "$reference" > "$tmp/$1.asm"
    cmp -s "$tmp/$1.asm" "$reference" && fail "$1: the edit changed nothing"
    agree "broken $1" "$tmp/$1.asm"
    expect_lost "broken $1" "$2"
}
# With is_valid_cell taking row == num_rows as valid, reveal_area and
# flood_fill_reveal are wrong on the bottom edge too (the handout: -1 for
# row >= num_rows; they write past the map). The spec's hand-written cases
# there always see it; the C suite's random starts reach that edge on some
# seeds only, so there the spec may be the stricter of the two.
stricter="reveal_area flood_fill_reveal"
variant valid_off_by_one is_valid_cell \
    '/^is_valid_cell:/,/^is_valid_cell_return:/s/bgeu \$a1, \$t0/bgtu $a1, $t0/'
stricter=""
variant get_cell_drops_hidden get_cell \
    '/^get_cell:/,/^get_cell_return:/s/lbu \$v0, 2(\$t1)/lbu $v0, 2($t1)\n        andi $v0, $v0, 0x7f/'
variant set_cell_unchecked set_cell \
    '/^set_cell:/,/^set_cell_return:/{/bltz \$v0, set_cell_return/d}'
variant reveal_keeps_sp reveal_area '/^reveal_area_return:/,/jr \$ra/{/addi \$sp, \$sp, 24/d}'
variant reveal_reads_a3 reveal_area \
    '/^reveal_area:/,/^reveal_area_next_row:/s/move \$s1, \$a1/addu $s1, $a1, $a3/'
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

# The hostile submissions of tests/hostile/grader: both graders give the
# same verdicts on the functions hw4.spec grades (nothing where the attack
# is, in a function or the whole file), and the spec grader ends normally.
hostile=$project/tests/hostile/grader
for f in "$hostile"/*.asm "$hostile"/*.sed; do
    n=$(basename "$f")
    case $n in
    *.tail.asm) cat "$reference" "$f" > "$tmp/$n" ;;
    *.sed) n=$n.asm; sed -f "$f" "$reference" > "$tmp/$n" ;;
    *.*.asm) fn=${n%.asm}; fn=${fn##*.}; sed "/^$fn:\$/r $f" "$reference" > "$tmp/$n" ;;
    *) cp "$f" "$tmp/$n" ;;
    esac
    timeout 300 "$tool" --spec "$spec" "$tmp/$n" --seed 1 > "$tmp/out" 2> "$tmp/err"
    status=$?
    total=$(sed -n 's/^Total: \([0-9.]*\) \/.*/\1/p' "$tmp/out")
    v=$(verdicts | tr '\n' ' ')
    [[ $status == 0 && ($v == *:full* || $v == *:lost* || $total == 0.0) ]] &&
        pass "hostile $n: graded by the spec, total $total" ||
        { fail "hostile $n: status $status, total '$total'"; head -c 1500 "$tmp/out"; }
    agree "hostile $n" "$tmp/$n" 1
done

exit $failed
