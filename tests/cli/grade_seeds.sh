#!/usr/bin/env bash
# grade_seeds.sh MIPSGRADE LC3GRADE PROJECT_DIR: a grade cannot be shopped
# for (issue 30, observation 7). A buggy file whose score depends on the
# seed gets byte for byte the same report (all but its first line, the
# file's path) whatever comment or whitespace is added to it, in each
# grader: mipsgrade --spec, mipsgrade hw4, lc3grade --spec, lc3grade nim.
# The seed without --seed is the assignment's: a spec's `seed N`, else one
# of the spec; --seed overrides it; scripts/gradescope.sh puts a course's
# GRADESCOPE_SEED into the bundles and run_autograder grades with it.
mipsgrade=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
lc3grade=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
project=$(cd "$3" && pwd) tool=$mipsgrade name=grade_seeds
source "$(dirname "$0")/cli_lib.sh"
strings=$project/tests/spec/strings

# disguises DIR FILE: FILE copied into DIR/1..8 under its own name, with a
# comment or whitespace added each time (';' starts an LC-3 comment, '#' a
# MIPS one). On the old grader, whose seed was a hash of the file, the
# buggy count_char below scored from 36.2 to 40.0 on these.
disguises() {
    local mark=\# i
    [[ $2 == *lc3* || $2 == *nim* ]] && mark=\;
    for i in 1 2 3 4 5 6 7 8; do mkdir -p "$1/$i"; done
    cp "$2" "$1/1/"
    { cat "$2"; echo "$mark a comment at the end"; } > "$1/2/${2##*/}"
    { echo "$mark $RANDOM at the top"; cat "$2"; } > "$1/3/${2##*/}"
    { cat "$2"; printf '\n\n   \n'; } > "$1/4/${2##*/}"
    { cat "$2"; echo "$mark aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"; } \
        > "$1/5/${2##*/}"
    for i in 6 7 8; do { cat "$2"; echo "$mark comment $i"; } > "$1/$i/${2##*/}"; done
}

# same_reports CHECK DIR FILE ARGS...: each disguise of DIR gets the first's
# report.
same_reports() {
    local check=$1 dir=$2 file=$3 i
    shift 3
    for i in 1 2 3 4 5 6 7 8; do
        expect "$check, disguise $i" 0 -- "$@" "$dir/$i/$file"
        tail -n +2 "$tmp/out" > "$dir/$i.report"
        sed -n 's/^Total: //p' "$tmp/out" > "$dir/$i.total"
    done
    for i in 2 3 4 5 6 7 8; do
        cmp -s "$dir/1.total" "$dir/$i.total" && pass "$check, disguise $i: the same score" ||
            fail "$check, disguise $i: $(cat "$dir/$i.total"), disguise 1: $(cat "$dir/1.total")"
        cmp -s "$dir/1.report" "$dir/$i.report" && pass "$check, disguise $i: the same report" ||
            { fail "$check, disguise $i: another report"; diff "$dir/1.report" "$dir/$i.report"; }
    done
}

# A count_char that answers 0 for 'c': its score depends on how many cases
# draw 'c', so on the seed.
sed '/^count_char:$/,/^count_loop:$/s/^    move \$v0, \$zero$/&\n    li $t1, 99\n    beq $a1, $t1, count_done/' \
    "$strings/strings_ref.asm" > "$tmp/strings.asm"
cmp -s "$tmp/strings.asm" "$strings/strings_ref.asm" && fail "count_char: the edit changed nothing"
totals=
for seed in 1 2 3 4 5 6; do
    expect "buggy count_char, --seed $seed" 0 -- --spec "$strings/strings.spec" "$tmp/strings.asm" \
        --seed "$seed"
    totals="$totals $(sed -n 's/^Total: //p' "$tmp/out")"
done
[[ $(tr ' ' '\n' <<< "$totals" | sed '/^$/d' | sort -u | wc -l) -gt 1 ]] &&
    pass "buggy count_char: the seed changes its score ($totals)" ||
    fail "buggy count_char: one score on every seed ($totals): the check below would prove nothing"
disguises "$tmp/spec" "$tmp/strings.asm"
same_reports "mipsgrade --spec" "$tmp/spec" strings.asm --spec "$strings/strings.spec"

# The spec names its seed: it is the default; --seed still overrides it.
sed "s|^reference strings_ref.asm$|reference $strings/strings_ref.asm\nseed 4242|" \
    "$strings/strings.spec" > "$tmp/seeded.spec"
expect "a spec's seed" 0 -- --spec "$tmp/seeded.spec" "$tmp/strings.asm"
prints "a spec's seed is the default" "seed 4242 (--seed 4242 replays these tests)"
expect "--seed over a spec's seed" 0 -- --spec "$tmp/seeded.spec" "$tmp/strings.asm" --seed 9
prints "--seed overrides the spec's" "seed 9 (--seed 9 replays these tests)"
# --secret-seed grades as --seed does, and results.json (what a student sees
# on Gradescope) does not show it; the text report does, for the TA.
expect "--seed 9 --json" 0 -- --spec "$tmp/seeded.spec" "$tmp/strings.asm" --seed 9 \
    --json "$tmp/open.json"
expect "--secret-seed 9 --json" 0 -- --spec "$tmp/seeded.spec" "$tmp/strings.asm" \
    --secret-seed 9 --json "$tmp/secret.json"
prints "--secret-seed: the text report shows it" "seed 9 (--seed 9 replays these tests)"
grep -q '"score": ' "$tmp/secret.json" &&
    [[ $(grep '"score": ' "$tmp/open.json") == "$(grep '"score": ' "$tmp/secret.json")" ]] &&
    pass "--secret-seed: the same scores as --seed" || fail "--secret-seed: other scores"
grep -q "seed 9" "$tmp/open.json" && ! grep -q "seed 9" "$tmp/secret.json" &&
    grep -q "the course's own seed" "$tmp/secret.json" &&
    pass "--secret-seed: results.json does not show it" ||
    { fail "--secret-seed: results.json shows it"; head -c 600 "$tmp/secret.json"; }

# hw4: reveal_area reads $a3 as an offset, as in mipsgrade_cli.sh.
sed '/^reveal_area:/,/^reveal_area_next_row:/s/move \$s1, \$a1/addu $s1, $a1, $a3/' \
    "$project/reference-asm/mips/hw4.asm" > "$tmp/hw4.asm"
disguises "$tmp/hw4" "$tmp/hw4.asm"
same_reports "mipsgrade hw4" "$tmp/hw4" hw4.asm hw4 --only reveal_area --maps "$project/maps"

# The LC-3: a broken lab solution by its spec, and a Nim in lower case.
lab=$project/tests/spec/lc3
sed -f "$lab/broken/strlen_counts_nul.sed" "$lab/strings_ref.asm" > "$tmp/lc3_strings.asm"
disguises "$tmp/lc3spec" "$tmp/lc3_strings.asm"
tool=$lc3grade
same_reports "lc3grade --spec" "$tmp/lc3spec" lc3_strings.asm --spec "$lab/strings.spec"
sed 's/"ROW "/"row "/; s/"Player "/"player "/' "$project/reference-asm/lc3/nim.asm" > "$tmp/nim.asm"
disguises "$tmp/nim" "$tmp/nim.asm"
same_reports "lc3grade nim" "$tmp/nim" nim.asm nim

# Gradescope: the course's secret seed goes into the bundle, and
# run_autograder passes it (a stand-in grader records its arguments).
GRADESCOPE_SEED=31337 "$project/scripts/gradescope.sh" "$tmp" > "$tmp/zips" 2> "$tmp/err" &&
    pass "gradescope.sh with GRADESCOPE_SEED" || { fail "gradescope.sh failed"; cat "$tmp/err"; }
mkdir -p "$tmp/bundle/install/bin" "$tmp/root/submission"
(cd "$tmp/bundle" && cmake -E tar xf "$tmp/autograder-hw4.zip" autograder.conf run_autograder)
contains "the bundle keeps the seed" "$tmp/bundle/autograder.conf" "seed=31337"
printf '#!/bin/sh\nprintf "%%s\\n" "$@" > "%s"\n' "$tmp/args" > "$tmp/bundle/install/bin/mipsgrade"
chmod +x "$tmp/bundle/install/bin/mipsgrade"
echo 'main: jr $ra' > "$tmp/root/submission/hw4.asm"
AUTOGRADER_ROOT=$tmp/root "$tmp/bundle/run_autograder" > "$tmp/out" 2>&1 ||
    { fail "run_autograder with a stand-in grader"; cat "$tmp/out"; }
grep -qxF -- 31337 "$tmp/args" && grep -qxF -- --secret-seed "$tmp/args" &&
    pass "run_autograder grades with the course's seed, kept from the student" ||
    { fail "run_autograder did not pass --secret-seed 31337:"; cat "$tmp/args"; }
GRADESCOPE_SEED=12ab "$project/scripts/gradescope.sh" "$tmp" > "$tmp/zips" 2> "$tmp/err" &&
    fail "gradescope.sh took the seed 12ab" || pass "gradescope.sh refuses a seed that is no number"
exit $failed
