#!/usr/bin/env bash
# difffuzz_lc3_cli.sh: checks the LC-3 half of the differential fuzzer
# without an oracle (CI has none): the LC-3 generator's programs assemble
# in this project and run to their end, the same seed gives the same
# program, scripts/difffuzz --isa lc3 refuses to run without --oracle, and
# its shrinker keeps a planted difference: a fake oracle (lc3sim plus one
# extra output line whenever the program holds a marked statement) must
# leave a short program that still holds it. --oracle-as (Lumetta's lc3as as
# the oracle of the object words) is checked with fake assemblers.
#
#   difffuzz_lc3_cli.sh GENERATOR LC3AS LC3SIM
if [[ $# -ne 3 ]]; then
    echo "usage: $0 GENERATOR LC3AS LC3SIM" >&2
    exit 2
fi
tool=$1 lc3as=$2 lc3sim=$3 name=difffuzz_lc3_cli
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
difffuzz=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/difffuzz

# Out-of-range operands are a weight: without them every program must
# assemble. Nearly all end by themselves (HALT, or an exception's message:
# status 0 or 6); a few wait for more keys than they were given (a branch
# ran a reading loop again) or loop after a store into their own code.
printf 'out_of_range 0   # no operand out of its range\n' > "$tmp/weights"
bad=0 unended=0
for seed in $(seq 1 60); do
    mkdir -p "$tmp/gen/$seed"
    "$tool" --weights "$tmp/weights" "$seed" "$tmp/gen/$seed" ||
        { fail "generator seed $seed: exit status $?"; bad=1; continue; }
    if ! (cd "$tmp/gen/$seed" && "$lc3as" p.asm > /dev/null 2> err); then
        fail "seed $seed's program does not assemble:"; head -n 6 "$tmp/gen/$seed/err"; bad=1
        continue
    fi
    # A supervisor program's slots leave R6, the stack TRAP pushes onto,
    # alone (pushes into data show the OS's addresses: cause L5).
    if grep -q '^	\.ORIG x2[04]00' "$tmp/gen/$seed/p.asm" &&
       grep -E '^	(ADD|AND|NOT|LD|LDR|LDI|LEA) R6,' "$tmp/gen/$seed/p.asm" | grep -qv 'ADD R6, R6, #-1'; then
        fail "seed $seed: a supervisor program writes R6:"
        grep -nE '^	(ADD|AND|NOT|LD|LDR|LDI|LEA) R6,' "$tmp/gen/$seed/p.asm" | head -3
        bad=1
    fi
    "$lc3sim" --limit 500000 "$tmp/gen/$seed/p.asm" < "$tmp/gen/$seed/p.in" > /dev/null 2>&1
    status=$?
    [[ $status == 0 || $status == 6 ]] || unended=$((unended + 1))
done
[[ $bad == 0 ]] && pass "60 seeds' programs assemble, supervisor ones leave R6 alone"
if [[ $unended -le 6 ]]; then
    pass "$((60 - unended)) of 60 end by themselves"
else
    fail "only $((60 - unended)) of 60 end by themselves (want 54 or more)"
fi

mkdir -p "$tmp/again"
"$tool" --weights "$tmp/weights" 17 "$tmp/again"
if cmp -s "$tmp/again/p.asm" "$tmp/gen/17/p.asm" && cmp -s "$tmp/again/p.in" "$tmp/gen/17/p.in"; then
    pass "a seed gives the same case"
else
    fail "seed 17 gave two different cases"
fi
if cmp -s "$tmp/gen/17/p.asm" "$tmp/gen/18/p.asm"; then
    fail "seeds 17 and 18 gave the same program"
else
    pass "another seed, another program"
fi
# The bytes of one case, so that a seed means the same program from any
# build. A deliberate change to the generator changes them: update the sum.
sum=$(cat "$tmp/gen/17/p.asm" "$tmp/gen/17/p.in" | md5sum)
if [[ ${sum%% *} == 3ddcd3a7394bed148ecbae1a05821fc2 ]]; then
    pass "seed 17's case has its known bytes"
else
    fail "seed 17's case has other bytes (md5 ${sum%% *}): a seed no longer names one program"
fi
printf 'no_such_weight 3\n' > "$tmp/badweights"
run "an unknown weight is refused" 2 "$tool" --weights "$tmp/badweights" 1 "$tmp/again"
says "the unknown weight's line is named" "badweights:1:"
run "--list-weights names the device weight" 0 "$tool" --list-weights
prints "lists device" "device"

run "no --oracle: refused" 2 bash "$difffuzz" --isa lc3 --out "$tmp/nothing"
says "says why" "no --oracle given"
[[ -e $tmp/nothing ]] && fail "without an oracle it wrote $tmp/nothing" || pass "without an oracle nothing is written"

# The planted difference: a statement the fake oracle reacts to, in the
# middle of a generated program.
case=$tmp/case
mkdir -p "$case"
"$tool" --weights "$tmp/weights" 5 "$case"
sed -i '/^L2$/a\        ADD R5, R5, #0   ; PLANTED' "$case/p.asm"
grep -q PLANTED "$case/p.asm" || sed -i '/^MAIN$/a\        ADD R5, R5, #0   ; PLANTED' "$case/p.asm"
before=$(grep -c . "$case/p.asm")
# The oracle's interface (scripts/difffuzz-lc3): PROG KEYS LIMIT, status
# 0 ran, 1 assembly failed, 3 limit.
cat > "$tmp/fake_oracle" <<FAKE
#!/usr/bin/env bash
"$lc3sim" --limit "\$3" "\$1" < "\$2" 2> /dev/null
status=\$?
grep -q PLANTED "\$1" && echo planted
case \$status in 6) exit 0 ;; 4) exit 3 ;; *) exit \$status ;; esac
FAKE
chmod +x "$tmp/fake_oracle"
RUN_TIMEOUT=600 run "a planted difference is found and shrunk" 0 \
    bash "$difffuzz" --isa lc3 --oracle "$tmp/fake_oracle" --project "$lc3sim" \
    --case "$case" --out "$tmp/fuzz" --shrink-budget 400
prints "reported as a new cause on stdout" "differs-new"
golden=$tmp/fuzz/golden/difffuzz_given
if [[ -f $golden.asm ]] && grep -q PLANTED "$golden.asm"; then
    pass "the shrunk program keeps the planted statement"
else
    fail "no shrunk program with the planted statement:"; ls -R "$tmp/fuzz" | head -20
fi
after=$(grep -c . "$golden.asm" 2>/dev/null || echo 9999)
if [[ $after -le 5 && $after -lt $before ]]; then
    pass "shrunk from $before lines to $after"
else
    fail "shrunk from $before lines to $after (want 5 or fewer)"; head -20 "$golden.asm"
fi
grep -qx planted "$golden.out" 2>/dev/null && pass "the golden records the oracle's bytes" ||
    fail "the golden's .out lacks the oracle's extra line"
[[ -f $golden.in ]] && pass "the golden has its keys" || fail "the golden has no .in"

# --oracle-as: the object words against another assembler. The fakes are
# lc3as itself (same), lc3as with a word changed when the program holds
# the marked statement (differs), one that refuses, and one that takes a
# lone PUTC for a label as Lumetta's lc3as does (known).
ascase=$tmp/ascase
mkdir -p "$ascase"
printf 'blocks 0\n' > "$tmp/lumetta.weights"
"$tool" --weights "$tmp/lumetta.weights" 5 "$ascase"
cat > "$tmp/fake_as" <<FAKE
#!/usr/bin/env bash
"$lc3as" --obj-format classic "\$1" > /dev/null 2>&1 || exit 1
obj=\${1%.asm}.obj
grep -q PLANTED "\$1" && printf '\xde\xad' | dd of="\$obj" bs=1 seek=4 conv=notrunc 2> /dev/null
exit 0
FAKE
printf '#!/bin/sh\nexit 1\n' > "$tmp/refusing_as"
cat > "$tmp/putc_as" <<FAKE
#!/usr/bin/env bash
sed -i 's/^\tPUTC\$/PUTC_AS_LABEL/' "\$1"   # a label: no word
"$lc3as" --obj-format classic "\$1" > /dev/null 2>&1
FAKE
chmod +x "$tmp/fake_as" "$tmp/refusing_as" "$tmp/putc_as"
asfuzz() { # ORACLE CASE OUT: one case through difffuzz --oracle-as
    run "$4" 0 bash "$difffuzz" --isa lc3 --oracle-as "$1" --lc3as "$lc3as" --case "$2" --out "$3"
}
asfuzz "$tmp/fake_as" "$ascase" "$tmp/as1" "--oracle-as runs"
prints "the same words: same" "given	same"
sed -i '/^MAIN$/a\        ADD R5, R5, #0   ; PLANTED' "$ascase/p.asm"
asfuzz "$tmp/fake_as" "$ascase" "$tmp/as2" "--oracle-as on a planted difference"
prints "other words: differs" "given	differs"
[[ -f $tmp/as2/golden/difffuzz_given.asm && -f $tmp/as2/golden/difffuzz_given.obj ]] &&
    pass "the differing case is kept with the oracle's object file" || fail "no golden for the difference"
asfuzz "$tmp/refusing_as" "$ascase" "$tmp/as3" "--oracle-as with an oracle that refuses"
prints "refused-by-oracle" "given	refused-by-oracle"
printf '\t.ORIG x3000\n\tLD R0, C\n\tPUTC\n\tHALT\nC\t.FILL x41\n\t.END\n' > "$ascase/p.asm"
asfuzz "$tmp/putc_as" "$ascase" "$tmp/as4" "--oracle-as on PUTC"
prints "PUTC, Lumetta's label, is known" "given	known	differs	PUTC"
exit $failed
