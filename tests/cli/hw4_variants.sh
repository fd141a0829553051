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

# graded NAME FILE SEED LOSES: the spec's verdicts on FILE are the truth's:
# each function full or lost ("missing" when the report has no line for it),
# read from one pass over the report.
graded() {
    "$tool" --spec "$spec" "$2" --seed "$3" > "$tmp/out" 2> "$tmp/err"
    local bad
    bad=$(awk -v functions="$(echo $functions)" -v loses=" $4 " '
        !($1 in got) { got[$1] = $2 == $4 ? "full" : "lost" }
        END {
            n = split(functions, f, /[ \n]+/)
            for (i = 1; i <= n; i++) {
                if (f[i] == "") continue
                want = index(loses, " " f[i] " ") ? "lost" : "full"
                have = f[i] in got ? got[f[i]] : "missing"
                if (have != want) printf " %s:%s(want %s)", f[i], have, want
            }
        }' "$tmp/out")
    [[ -z $bad ]] && pass "$1, seed $3" || { fail "$1, seed $3:$bad"; cat "$tmp/out" "$tmp/err"; }
}

# The callees by case are held to (kept from the deleted hw4_spec.sh): the
# reference itself fails a spec that wants set_cell whenever reveal_area
# runs (it writes only hidden cells) or complete_attack whenever the player
# survives a move (`after`); a condition that never holds asks nothing. SED
# edits the spec; EXPECT is the error, or "" for full marks.
spec_edit() {
    local ref
    ref=$(cd "$(dirname "$reference")" && pwd)/hw4.asm
    # where init_game's "../../maps/..." still finds the maps
    mkdir -p "$tmp/edit/mips" && { [[ -d $tmp/maps ]] || cp -r "$project/maps" "$tmp/maps"; }
    sed -e "s|^reference hw4.asm\$|reference $ref|" -e "$2" "$spec" > "$tmp/edit/mips/hw4.spec"
    cmp -s "$tmp/edit/mips/hw4.spec" "$spec" && fail "$1: the edit changed nothing"
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
