#!/usr/bin/env bash
# hw4_variants.sh MIPSGRADE PROJECT_DIR SEEDS: reference-asm/mips/hw4.spec
# against the truth of each variant, on seeds 1..SEEDS. Every correct variant
# (tests/grader/correct/*.asm) scores full marks; every broken one
# (tests/grader/broken/*.sed with a "# loses: F" line, the reference edited)
# loses F's points and keeps every other function's: player_turn runs the
# reference's complete_attack and player_move (`callees from the reference`),
# so attack_door_hurts costs complete_attack alone.
tool=$1 project=$2 seeds=${3:-3} name=hw4_variants
source "$(dirname "$0")/cli_lib.sh"
spec=$project/reference-asm/mips/hw4.spec
reference=$project/reference-asm/mips/hw4.asm
functions="init_game is_valid_cell get_cell set_cell reveal_area get_attack_target
    complete_attack monster_attacks player_move player_turn flood_fill_reveal"

# verdict F: "full" or "lost" for F in the report $tmp/out.
verdict() {
    local line
    line=$(awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out")
    [[ -z $line ]] && echo missing && return
    [[ ${line%/*} == "${line#*/}" ]] && echo full || echo lost
}

# graded NAME FILE SEED LOSES: the spec's verdicts on FILE are the truth's.
graded() {
    local f want got bad=""
    "$tool" --spec "$spec" "$2" --seed "$3" > "$tmp/out" 2> "$tmp/err"
    for f in $functions; do
        [[ " $4 " == *" $f "* ]] && want=lost || want=full
        got=$(verdict "$f")
        [[ $got == "$want" ]] || bad="$bad $f:$got(want $want)"
    done
    [[ -z $bad ]] && pass "$1, seed $3" || { fail "$1, seed $3:$bad"; cat "$tmp/out" "$tmp/err"; }
}

for ((seed = 1; seed <= seeds; seed++)); do
    for variant in "$project"/tests/grader/correct/*.asm; do
        graded "correct $(basename "$variant" .asm)" "$variant" "$seed" ""
    done
    for script in "$project"/tests/grader/broken/*.sed; do
        loses=$(sed -n 's/^# loses: //p' "$script")
        [[ -n $loses ]] || continue # a script another test owns (no_get_cell.sed)
        sed -f "$script" "$reference" > "$tmp/broken.asm"
        cmp -s "$tmp/broken.asm" "$reference" && fail "$(basename "$script"): changed nothing"
        graded "broken $(basename "$script" .sed)" "$tmp/broken.asm" "$seed" "$loses"
    done
done
exit $failed
