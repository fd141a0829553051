#!/usr/bin/env bash
# hardening_cli.sh MIPSAS LC3AS MIPSSIM MARS LC3SIM MIPSGRADE PROJECT: the
# tools against hostile input (issues 13 and 24): each case ends with a clear message or the right result, never
# a crash, a hang or a file read from outside what the tool was allowed.
mipsas=$1 lc3as=$2 mipssim=$3 mars=$4 lc3sim=$5 mipsgrade=$6 project=$7
tool=$mipsas name=hardening
source "$(dirname "$0")/cli_lib.sh"
hostile=$project/tests/hostile

# run NAME WANT_STATUS TOOL ARGS...: like expect, for any of the tools, with
# a time limit (a hang fails the check instead of the whole suite).
run() {
    local check=$1 want=$2
    shift 2
    timeout 60 "$@" > "$tmp/out" 2> "$tmp/err" < /dev/null
    local status=$?
    if [[ $status != "$want" ]]; then
        fail "$check: exit status $status, expected $want"; head -c 2000 "$tmp/err"
    else
        pass "$check"
    fi
}
says() { grep -qF -- "$2" "$tmp/err" && pass "$1" || { fail "$1: no '$2' in:"; head -c 2000 "$tmp/err"; }; }
prints() { grep -qF -- "$2" "$tmp/out" && pass "$1" || { fail "$1: no '$2' in:"; head -c 2000 "$tmp/out"; }; }

# ---- 13.3: .extern reserves memory; the loader crashed on it ----------------
printf '.extern a 4\n.text\nmain: li $t0, 7\nsw $t0, a\nlw $a0, a\nli $v0, 1\nsyscall\n' > "$tmp/extern.asm"
run "mipssim: .extern runs" 0 "$mipssim" "$tmp/extern.asm"
prints "mipssim: the extern word holds the store" "7"
run "mars: .extern runs" 0 "$mars" nc "$tmp/extern.asm"
prints "mars: the extern word holds the store" "7"

# ---- 13.3, 13.4: submissions that crashed the grader ------------------------
# extern.asm is the reference with an .extern; low_return.asm pushes 8 bytes
# in is_valid_cell and never pops them, so its callers return to a wrong $ra
# (a low, misaligned pc).
run "mipsgrade: an .extern submission" 0 "$mipsgrade" hw4 --seed 2 "$hostile/grader/extern.asm"
prints "mipsgrade: the .extern submission scores full marks" "Total: 100.0 / 100.0"
run "mipsgrade: returns to a low address" 0 "$mipsgrade" hw4 --seed 2 "$hostile/grader/low_return.asm"
prints "mipsgrade: the low return gets a report" "Total: "

exit $failed
