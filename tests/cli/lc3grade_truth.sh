#!/usr/bin/env bash
# lc3grade_truth.sh LC3GRADE VARIANTS_DIR SEEDS: lc3grade gives every Nim
# variant of VARIANTS_DIR (tests/grader/lc3-nim) the points lc3tools' own
# grader gives it, test by test: VARIANTS_DIR/lc3tools-scores.txt holds
# lc3tools' per-test points ("VARIANT TEST POINTS", POINTS a number or
# LOW-HIGH over its seeds; VARIANT:ignore-privilege graded with that
# option). Each variant is graded on seeds 1..SEEDS; a range is lc3tools'
# randomized machine, whose words no seed of ours can replay, so a score
# there must fall inside it.
tool=$1 dir=$2 seeds=${3:-5} name=lc3grade_truth
source "$(dirname "$0")/cli_lib.sh"
scores=$dir/lc3tools-scores.txt
[[ -f $scores ]] || { fail "no $scores"; exit 1; }

# lc3tools' test names, as lc3grade's results.json names them.
json_name() { [[ $1 == ExampleTest-random ]] && echo "ExampleTest (randomized machine)" || echo "$1"; }

# The variants are kept as their changes to a correct solution (VARIANT.sed).
"$dir/derive.sh" "$tmp/nim" || { fail "derive.sh made the submissions"; exit 1; }

checked=0
for variant in $(grep -v '^#' "$scores" | awk '{print $1}' | sort -u); do
    file=$tmp/nim/${variant%%:*}.asm
    options=()
    [[ $variant == *:ignore-privilege ]] && options=(--ignore-privilege)
    for seed in $(seq 1 "$seeds"); do
        if ! "$tool" nim "$file" --seed "$seed" --json "$tmp/r.json" "${options[@]}" > "$tmp/out" 2>&1; then
            fail "$variant seed $seed: not graded"; cat "$tmp/out"; continue
        fi
        while read -r _ test want; do
            got=$(jq -r --arg n "$(json_name "$test")" '.tests[] | select(.name == $n) | .score' "$tmp/r.json")
            low=${want%-*} high=${want#*-}
            if [[ -n $got ]] && awk -v g="$got" -v l="$low" -v h="$high" 'BEGIN { exit !(g >= l && g <= h) }'; then
                checked=$((checked + 1))
            else
                fail "$variant seed $seed: $test scores '$got', lc3tools gives $want"
            fi
        done < <(grep "^$variant " "$scores")
    done
done
[[ $checked -gt 0 ]] && pass "$checked per-test scores agree with lc3tools'" || fail "nothing checked"
exit $failed
