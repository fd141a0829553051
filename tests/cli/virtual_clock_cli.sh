#!/usr/bin/env bash
# virtual_clock_cli.sh MIPSGRADE MIPSSIM PROJECT_DIR: time and random
# numbers in graded runs are virtual (issue 30, observation 6). The game
# and clock of tests/hostile/clock, graded against themselves, score full
# on every seed (the reference's run and the submission's see the same
# clock and streams), and two gradings print the same report byte for byte;
# a copy that loses the game's points names the --clock and --random-seed
# with which mipssim replays the graded run; mipssim --clock/--random-seed
# give the documented values, and without them the clock is the host's.
mipsgrade=$1 mipssim=$2 project=$3 name=virtual_clock_cli
tool=$mipsgrade
source "$(dirname "$0")/cli_lib.sh"
clock=$project/tests/hostile/clock
spec=$clock/clock.spec

total() { sed -n 's/^Total: \(.*\)$/\1/p' "$tmp/out"; }

for seed in 1 2 3 17 123456789; do
    expect "the reference, seed $seed" 0 -- --spec "$spec" "$clock/clock.asm" --seed "$seed"
    [[ $(total) == "10.0 / 10.0" ]] && pass "the reference, seed $seed: full marks" ||
        { fail "the reference, seed $seed: $(total)"; cat "$tmp/out"; }
done

# Two gradings agree byte for byte, with a seed and with the default one.
for seed in "--seed 5" ""; do
    # shellcheck disable=SC2086 # the seed is two words or none
    "$mipsgrade" --spec "$spec" "$clock/clock.asm" $seed > "$tmp/first" 2>&1
    # shellcheck disable=SC2086
    "$mipsgrade" --spec "$spec" "$clock/clock.asm" $seed > "$tmp/second" 2>&1
    cmp -s "$tmp/first" "$tmp/second" && pass "two gradings (${seed:-default seed}) agree" ||
        { fail "two gradings (${seed:-default seed}) differ"; diff "$tmp/first" "$tmp/second"; }
done

# A copy whose dice are off by two loses the game, and says how to replay it.
sed -e 's/^        addi \$a0, \$a0, 1$/        addi $a0, $a0, 3/' "$clock/clock.asm" > "$tmp/off.asm"
cmp -s "$tmp/off.asm" "$clock/clock.asm" && fail "off: the edit changed nothing"
expect "dice off by two" 0 -- --spec "$spec" "$tmp/off.asm" --seed 9
[[ $(total) == "7.0 / 10.0" ]] && pass "dice off by two: the game's 3 points lost" ||
    { fail "dice off by two: $(total)"; cat "$tmp/out"; }
replay=$(sed -n 's/.*mipssim --clock \([0-9]*\) --random-seed \([0-9]*\) .*/--clock \1 --random-seed \2/p' \
    "$tmp/out")
expected=$(sed -n 's/.*the output differs from line 1: "[0-9]*", expected "\([0-9]*\)"$/\1/p' "$tmp/out")
if [[ -n $replay && -n $expected ]]; then
    pass "dice off by two: the report names $replay"
    # shellcheck disable=SC2086 # two options and their values
    got=$(printf '1\n' | "$mipssim" $replay "$clock/clock.asm" | head -n 1)
    [[ $got == "$expected" ]] && pass "mipssim $replay replays the graded reference" ||
        fail "mipssim $replay: the first die is '$got', the graded run's '$expected'"
else
    fail "dice off by two: no replay or no expected die in:"; cat "$tmp/out"
fi

# mipssim: the documented clock and streams.
tool=$mipssim
printf '2\n' > "$tmp/two"
expect "mipssim --clock" 0 -- --clock 1000 "$clock/clock.asm" < "$tmp/two"
printf '0 1000\n1\n251\n' > "$tmp/want"
cmp -s "$tmp/out" "$tmp/want" && pass "--clock 1000: 1000, 1 ms a call, a sleep's 250 ms" ||
    { fail "--clock 1000 printed:"; cat "$tmp/out"; }
expect "mipssim --clock past 32 bits" 0 -- --clock 4294967297 "$clock/clock.asm" < "$tmp/two"
contains "--clock 4294967297: the high word in \$a1" "$tmp/out" "1 1"
printf '\t.text\n\tli $a0, 2\n\tli $v0, 44\n\tsyscall\n\tli $v0, 3\n\tmov.d $f12, $f0\n\tsyscall\n' \
    > "$tmp/double.asm"
expect "mipssim --random-seed" 0 -- --random-seed 40 "$tmp/double.asm"
contains "--random-seed 40: stream 2 is new Random(42)" "$tmp/out" "0.7275636800328681"
for i in 1 2; do
    printf '1\n' | "$mipssim" --clock 77 --random-seed 3 "$clock/clock.asm" > "$tmp/game$i"
done
cmp -s "$tmp/game1" "$tmp/game2" && [[ -s $tmp/game1 ]] && pass "the game under fixed values, twice" ||
    fail "the game under fixed values differs"
expect "mipssim --clock abc" 2 -- --clock abc "$clock/clock.asm"
grep -q "^mipssim: --clock needs a whole number of ms, not 'abc'" "$tmp/err" &&
    pass "--clock abc: said why" || { fail "--clock abc"; cat "$tmp/err"; }
expect "mipssim --random-seed -1" 2 -- --random-seed -1 "$clock/clock.asm"
grep -q "^mipssim: --random-seed needs a whole number, not '-1'" "$tmp/err" &&
    pass "--random-seed -1: said why" || { fail "--random-seed -1"; cat "$tmp/err"; }

# Without them, mipssim is MARS: the host's clock.
before=$(date +%s)
expect "mipssim, the host's clock" 0 -- "$clock/clock.asm" < "$tmp/two"
after=$(date +%s)
read -r high low < "$tmp/out"
ms=$(( (high << 32) + low ))
(( ms / 1000 >= before - 1 && ms / 1000 <= after + 1 )) && pass "the host's clock by default" ||
    fail "the default clock says $ms ms, the host $before-$after s"

exit $failed
