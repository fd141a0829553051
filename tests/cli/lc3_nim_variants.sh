#!/usr/bin/env bash
# lc3_nim_variants.sh: the Nim submissions the LC-3 grader is proved on
# (tests/grader/lc3-nim, the variants made by its derive.sh) assemble with
# lc3as without a message, and play the assignment's example game under
# lc3sim as each is meant to: the correct
# ones, and those whose fault the game does not reach, print the example's
# bytes exactly (sample_io.txt, a copy of seeds/000_sample_io.txt) and then
# only the OS's halt banner. Every variant is listed in README.md and scored
# in lc3tools-scores.txt. The correct ones also play it clean under --check.
#
#   lc3_nim_variants.sh LC3AS LC3SIM VARIANTS_DIR
name=lc3_nim_variants
tool=$1
source "$(dirname "$0")/cli_lib.sh"
lc3as=$1 lc3sim=$2 dir=$3
# The variants are kept as their changes to a correct solution (VARIANT.sed).
"$dir/derive.sh" "$tmp/nim" || { fail "derive.sh made the submissions"; exit 1; }
keys='B2A1C6G1B3A3C2A1A*&4A1'
golden=$dir/sample_io.txt

# What the OS prints at HALT, whatever the OS is.
printf '        .ORIG x3000\n        HALT\n        .END\n' > "$tmp/halt.asm"
"$lc3sim" "$tmp/halt.asm" > "$tmp/banner" 2> /dev/null || fail "a bare HALT runs"
cat "$golden" "$tmp/banner" > "$tmp/halted_golden"

# play VARIANT [OPTION...]: the example game's keys; stdout in $tmp/out.
play() {
    local v=$1
    shift
    printf '%s' "$keys" | timeout 60 "$lc3sim" --limit 200000 "$@" "$tmp/nim/$v.asm" \
        > "$tmp/out" 2> "$tmp/err"
    status=$?
}

# exact VARIANT [OPTION...]: halts, printing the example and the banner.
exact() {
    play "$@"
    if [[ $status == 0 ]] && cmp -s "$tmp/out" "$tmp/halted_golden"; then
        pass "$*: prints the example game exactly"
    else
        fail "$*: status $status, output differs from sample_io.txt:"
        diff "$tmp/halted_golden" "$tmp/out" | head -20
    fi
}

# differs VARIANT FILTER: halts, the output differs from the example's, and
# is the same once FILTER (a command on stdin) is applied to both.
differs() {
    local v=$1 filter=$2
    play "$v"
    if [[ $status != 0 ]] || cmp -s "$tmp/out" "$tmp/halted_golden"; then
        fail "$v: status $status, or output not different"
    elif [[ $(eval "$filter" < "$tmp/out") != $(eval "$filter" < "$tmp/halted_golden") ]]; then
        fail "$v: differs by more than $filter:"
        diff "$tmp/halted_golden" "$tmp/out" | head -20
    else
        pass "$v: differs from the example only by $filter"
    fi
}

for f in "$tmp"/nim/*.asm; do
    v=$(basename "$f" .asm)
    if "$lc3as" -o "$tmp/$v.obj" "$f" > "$tmp/as.out" 2>&1 && [[ ! -s $tmp/as.out ]]; then
        pass "$v assembles without a message"
    else
        fail "$v does not assemble cleanly:"; cat "$tmp/as.out"
    fi
    grep -q "^- \`$v\.\(asm\|sed\)\`" "$dir/README.md" || fail "$v is not in README.md"
    [[ $(grep -c "^$v ExampleTest " "$dir/lc3tools-scores.txt") == 1 ]] ||
        fail "$v is not scored in lc3tools-scores.txt"
done

for v in table_rows stack_frames packed_strings accepts_zero assumes_zero; do
    exact "$v"
done
exact kbsr_poll --ignore-privilege
# The correct ones run clean under lc3sim --check (issue 16: no false
# alarms), each told which registers its subroutines give back: the
# results come back in R1-R3 (stack_frames), R1-R4 (table_rows), R0 only
# (packed_strings, the textbook's habit and the default).
for v in "table_rows --check-saved=R5,R6" "stack_frames --check-saved=R4-R6" packed_strings; do
    exact $v --check
    [[ -s $tmp/err ]] && fail "$v --check found: $(head -n 3 "$tmp/err")" ||
        pass "$v --check finds nothing"
done
differs whitespace "tr -d ' \n'"
differs lowercase "tr A-Z a-z"

play too_many # takes A3 from a row of 2 where the example refuses it
if [[ $status == 0 ]] && ! cmp -s "$tmp/out" "$tmp/halted_golden" &&
   grep -q "Player 1, choose a row and number of rocks: A3" "$tmp/out" &&
   ! grep -A1 "rocks: A3" "$tmp/out" | grep -q Invalid; then
    pass "too_many accepts A3 on a row of 2"
else
    fail "too_many: status $status"; head -c 2000 "$tmp/out"
fi

play kbsr_poll # the first read of KBSR from user mode
first_prompt=$(head -c 84 "$golden")
# The OS's message on the display; where, on stderr; status 6 (issue 31).
if [[ $status == 6 && $(head -c 84 "$tmp/out") == "$first_prompt" ]] &&
   grep -q "Access violation" "$tmp/out" && ! grep -q "B2" "$tmp/out" &&
   grep -q "kbsr_poll.asm:[0-9]*:[0-9]*: error: an access violation .* LDI" "$tmp/err"; then
    pass "kbsr_poll stops with an access violation at its first key"
else
    fail "kbsr_poll: status $status"; head -c 2000 "$tmp/out"
fi

play never_halts
if [[ $status == 3 ]] && cmp -s "$tmp/out" "$golden"; then
    pass "never_halts prints the whole example, then runs into the limit"
else
    fail "never_halts: status $status, expected 3 and the example's bytes"
fi

exit $failed
