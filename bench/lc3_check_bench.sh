#!/bin/sh
# What lc3sim --check costs: lc3sim --stats on lc3_loops.asm (ADD/BR loops)
# and lc3_calls.asm (recursive calls, stack frames), plain and with every
# check on (saved too), in turn, best of 5 each.
#   lc3_check_bench.sh LC3SIM
set -eu
sim=$1
dir=$(cd "$(dirname "$0")" && pwd)
rate() { # PROGRAM OPTION...: M instructions/s of one run
    program=$1
    shift
    "$sim" --stats "$@" "$program" < /dev/null 2>&1 > /dev/null |
        sed -n 's/.*, \([0-9.]*\) M instructions\/s$/\1/p'
}
for program in lc3_loops lc3_calls; do
    plain=0 checked=0
    for run in 1 2 3 4 5; do
        p=$(rate "$dir/$program.asm")
        c=$(rate "$dir/$program.asm" --check=all,saved)
        plain=$(echo "$p $plain" | awk '{print ($1 > $2) ? $1 : $2}')
        checked=$(echo "$c $checked" | awk '{print ($1 > $2) ? $1 : $2}')
    done
    echo "$plain $checked" | awk -v p="$program" \
        '{printf "lc3sim --check on %s: %.0f M instructions/s plain, %.1f M checked: %.1fx slower\n", p, $1, $2, $1 / $2}'
done
