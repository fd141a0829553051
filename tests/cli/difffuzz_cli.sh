#!/usr/bin/env bash
# difffuzz_cli.sh: checks the differential fuzzer without an oracle (CI has
# none): the MIPS generator's programs assemble in this project, the same
# seed gives the same program, scripts/difffuzz refuses to run without
# --oracle, and its shrinker keeps a planted difference: a fake oracle
# (the project's mars plus one extra output line whenever the program holds
# a marked statement) must leave a short program that still holds it.
#
#   difffuzz_cli.sh GENERATOR MIPSAS MARS
if [[ $# -ne 3 ]]; then
    echo "usage: $0 GENERATOR MIPSAS MARS" >&2
    exit 2
fi
tool=$1 mipsas=$2 mars=$3 name=difffuzz_cli
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
difffuzz=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/difffuzz

# Out-of-range operands are a weight: without them every program must
# assemble (with them, MARS's errors are what is compared).
printf 'out_of_range 0   # no operand out of its range\n' > "$tmp/weights"
bad=0
for seed in $(seq 1 200); do
    mkdir -p "$tmp/gen/$seed"
    "$tool" --weights "$tmp/weights" "$seed" "$tmp/gen/$seed" ||
        { fail "generator seed $seed: exit status $?"; bad=1; continue; }
    if ! "$mipsas" "$tmp/gen/$seed/p.asm" > /dev/null 2> "$tmp/gen/$seed/err"; then
        fail "seed $seed's program does not assemble:"; head -n 6 "$tmp/gen/$seed/err"; bad=1
    fi
done
[[ $bad == 0 ]] && pass "200 seeds' programs assemble"

mkdir -p "$tmp/again"
"$tool" --weights "$tmp/weights" 17 "$tmp/again"
if cmp -s "$tmp/again/p.asm" "$tmp/gen/17/p.asm" && cmp -s "$tmp/again/p.args" "$tmp/gen/17/p.args" &&
   cmp -s "$tmp/again/p.in" "$tmp/gen/17/p.in"; then
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
# build (gcc and clang evaluate a call's arguments in other orders: one
# random draw per statement). A deliberate change to the generator changes
# them: update the sum then.
sum=$(cat "$tmp/gen/17/p.asm" "$tmp/gen/17/p.args" "$tmp/gen/17/p.in" "$tmp/gen/17/p.files" | md5sum)
if [[ ${sum%% *} == 714696f26bf8f0e3326213a248b58d84 ]]; then
    pass "seed 17's case has its known bytes"
else
    fail "seed 17's case has other bytes (md5 ${sum%% *}): a seed no longer names one program"
fi
printf 'no_such_weight 3\n' > "$tmp/badweights"
run "an unknown weight is refused" 2 "$tool" --weights "$tmp/badweights" 1 "$tmp/again"
says "the unknown weight's line is named" "badweights:1:"

run "no --oracle: refused" 2 bash "$difffuzz" --isa mips --out "$tmp/nothing"
says "says why" "no --oracle given"
[[ -e $tmp/nothing ]] && fail "without an oracle it wrote $tmp/nothing" || pass "without an oracle nothing is written"

# The planted difference: a statement the fake oracle reacts to, in the
# middle of a generated program.
case=$tmp/case
mkdir -p "$case"
"$tool" --weights "$tmp/weights" 5 "$case"
sed -i '/^L2:$/a\        addiu $t9, $t9, 0x1234   # PLANTED' "$case/p.asm"
grep -q PLANTED "$case/p.asm" || sed -i '/^main:$/a\        addiu $t9, $t9, 0x1234   # PLANTED' "$case/p.asm"
before=$(grep -c . "$case/p.asm")
cat > "$tmp/fake_oracle" <<FAKE
#!/usr/bin/env bash
"$mars" "\$@"
status=\$?
for word in "\$@"; do
    if [[ \$word == *.asm ]] && grep -q PLANTED "\$word" 2>/dev/null; then echo planted; fi
done
exit \$status
FAKE
chmod +x "$tmp/fake_oracle"
RUN_TIMEOUT=600 run "a planted difference is found and shrunk" 0 \
    bash "$difffuzz" --isa mips --oracle "$tmp/fake_oracle" --project "$mars" \
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
    fail "shrunk from $before lines to $after (want 5 or fewer)"; cat "$golden.asm" | head -20
fi
grep -qx planted "$golden.out" 2>/dev/null && pass "the golden records the oracle's bytes" ||
    fail "the golden's .out lacks the oracle's extra line"
grep -qx "difffuzz_given.asm" "$golden.args" && pass "the golden's words name its own program" ||
    fail "the golden's words do not name difffuzz_given.asm"
# The oracle named relative to the working folder, as docs/difffuzz.md
# writes it: each run happens in a folder of its own, so the path must be
# made absolute first, or every program "differs" in its status (127).
(cd "$tmp" && bash "$difffuzz" --isa mips --oracle ./fake_oracle --project "$mars" \
    --case case --out fuzz_relative --shrink-budget 1 > relative.out 2>&1)
if grep -qP '^given\tdiffers-new\tout\t' "$tmp/relative.out"; then
    pass "a relative --oracle path: the planted difference, in stdout"
else fail "a relative --oracle path:"; cat "$tmp/relative.out"; fi
# An oracle whose bytes change from run to run (MARS reading a random
# stream it seeded from the clock) shows no difference: counted as known,
# never shrunk or exported.
cat > "$tmp/varying_oracle" <<FAKE
#!/usr/bin/env bash
"$mars" "\$@"
status=\$?
echo "\$RANDOM\$RANDOM\$BASHPID"
exit \$status
FAKE
chmod +x "$tmp/varying_oracle"
bash "$difffuzz" --isa mips --oracle "$tmp/varying_oracle" --project "$mars" \
    --case "$case" --out "$tmp/fuzz_varies" --shrink-budget 400 > "$tmp/varies.out" 2>&1
if grep -qP '^given\tknown\tout\toracle-varies' "$tmp/varies.out" &&
   [[ -z $(ls "$tmp/fuzz_varies/golden" 2>/dev/null) ]]; then
    pass "an oracle that varies from run to run: known, nothing exported"
else fail "an oracle that varies from run to run:"; cat "$tmp/varies.out"; fi
# A compact memory configuration, which this project refuses (a documented
# difference), is counted as known, whatever MARS printed.
mkdir -p "$tmp/compact"
cp "$case"/p.* "$tmp/compact/"
sed -i '1s/^nc$/nc\nmc\nCompactTextAtZero/' "$tmp/compact/p.args"
printf '#!/bin/sh\nexit 0\n' > "$tmp/silent_oracle"
chmod +x "$tmp/silent_oracle"
bash "$difffuzz" --isa mips --oracle "$tmp/silent_oracle" --project "$mars" \
    --case "$tmp/compact" --out "$tmp/fuzz_compact" > "$tmp/compact.out" 2>&1
if grep -qP '^given\tknown\tstatus\tmc-compact' "$tmp/compact.out"; then
    pass "mc CompactTextAtZero: known, as docs/mars-cli.md says"
else fail "mc CompactTextAtZero:"; cat "$tmp/compact.out"; fi
exit $failed
