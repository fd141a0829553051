#!/usr/bin/env bash
# lc3sim_cli.sh: checks lc3sim's command line, messages and exit statuses.
#
#   lc3sim_cli.sh LC3SIM LC3AS OS.asm
#
# Each check names itself; the script fails if any check does.
set -uo pipefail

if [[ $# -ne 3 ]]; then
    echo "usage: $0 LC3SIM LC3AS OS.asm" >&2
    exit 2
fi
sim=$1 as=$2 os=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lc3sim_cli.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0
banner=$'\n\n--- Halting the LC-3 ---\n\n'

# slurp VAR FILE: the whole of FILE into VAR, trailing newlines included
# (which $(cat) would drop).
slurp() {
    IFS= read -r -d '' "$1" < "$2" || true
}

# A wedged run must not hang the suite.
runner=()
if command -v timeout > /dev/null 2>&1; then
    runner=(timeout 30)
fi

# check NAME EXPECTED_STATUS EXPECTED_STDOUT STDERR_PATTERN -- ARGS... (stdin from $input)
check() {
    local name=$1 want_status=$2 want_out=$3 err_pattern=$4
    shift 5
    ${runner[@]+"${runner[@]}"} "$sim" "$@" < "$input" > "$tmp/out" 2> "$tmp/err"
    local status=$?
    local out
    slurp out "$tmp/out"
    if [[ $status != "$want_status" ]]; then
        echo "FAIL $name: exit status $status, expected $want_status"; failed=1
    fi
    if [[ $out != "$want_out" ]]; then
        echo "FAIL $name: stdout differs"; od -c "$tmp/out" | head -n 10; failed=1
    fi
    if [[ -z $err_pattern && -s $tmp/err ]]; then
        echo "FAIL $name: stderr should be empty:"; head -n 5 "$tmp/err"; failed=1
    elif [[ -n $err_pattern ]] && ! grep -Eq -- "$err_pattern" "$tmp/err"; then
        echo "FAIL $name: stderr lacks /$err_pattern/:"; head -n 5 "$tmp/err"; failed=1
    fi
}

cat > "$tmp/echo.asm" <<'ASM'
; Echoes keys up to a newline, then halts.
        .ORIG x3000
        LEA R0, PROMPT
        PUTS
LOOP    GETC
        ADD R1, R0, #-10
        BRz DONE
        OUT
        BRnzp LOOP
DONE    HALT
PROMPT  .STRINGZ "> "
        .END
ASM
cat > "$tmp/spin.asm" <<'ASM'
        .ORIG x3000
LOOP    LEA R0, LINE
        PUTS
        BRnzp LOOP
LINE    .STRINGZ "again\n"
        .END
ASM
printf '        .ORIG x3000\n        ADD R1, R1, #40\n        .END\n' > "$tmp/bad.asm"
printf 'x' > "$tmp/short.obj"
printf 'ab\n' > "$tmp/ab.in"
: > "$tmp/empty.in"
"$as" -o "$tmp/echo.obj" "$tmp/echo.asm" 2> "$tmp/as.err" || { cat "$tmp/as.err"; exit 1; }

input=$tmp/empty.in
"$sim" --help > "$tmp/help"
slurp help "$tmp/help"
check help 0 "$help" "" -- --help
for word in --os --pc --ignore-privilege --limit --trace --stats --help --version \
            "-d, --debug" "-x FILE" "--input FILE" "--check\\[=LIST\\]" "--check-saved=REGS" \
            "0 " "1 " "2 " "3 " "4 " "5 " "8 " "128\\+N"; do
    grep -Eq -- "$word" "$tmp/out" || { echo "FAIL help: does not mention $word"; failed=1; }
done
check version 0 $'lc3sim 0.1.0\n' "" -- --version
check no_program 2 "" "no program" --
check unknown_option 2 "" "unknown option '--bogus'" -- --bogus "$tmp/echo.asm"
# Overlapping blocks load in order: the later block's x42 replaces x41.
printf '.ORIG x3000\nLD R0, CH\nOUT\nHALT\nCH .FILL x41\n.END\n.ORIG x3003\n.FILL x42\n.END\n' \
    > "$tmp/overlap.asm"
check overlap_later_block_wins 0 "B$banner" "overlaps the block from line 1" -- "$tmp/overlap.asm"
check missing_value 2 "" "--pc needs a value" -- "$tmp/echo.asm" --pc
check bad_pc 2 "" "--pc needs an address" -- --pc x10000 "$tmp/echo.asm"
check bad_limit 2 "" "--limit needs a positive" -- --limit 0 "$tmp/echo.asm"
check two_programs 2 "" "one program at a time" -- "$tmp/echo.asm" "$tmp/echo.obj"
check missing_file 1 "" "nope.asm: No such file" -- "$tmp/nope.asm"
check assembly_error 1 "" "bad.asm:2:.*error" -- "$tmp/bad.asm"

# --check (docs/checks.md): a bad list or register list is a usage error;
# stdout is the same bytes with it as without (each transcript of
# tests/golden/lc3/check run plainly prints its .out); a limit still holds.
check check_bad_list 2 "" "--check: unknown check 'bogus' \\(the checks: all, none, -NAME, saved, return," \
    -- --check=return,bogus "$tmp/echo.asm"
check check_bad_saved 2 "" "--check-saved needs registers like R1-R5" -- --check-saved=R8 "$tmp/echo.asm"
check check_bad_saved_range 2 "" "not 'R5-R2'" -- --check-saved=R5-R2 "$tmp/echo.asm"
printf 'hi\n' > "$tmp/keys.in"
input=$tmp/keys.in
check check_clean 0 "> hi$banner" "" -- --check "$tmp/echo.asm"
check check_limit 3 "aga" "instruction limit reached after 50 instructions; stopped at x0205" \
    -- --check --limit 50 "$tmp/spin.asm"
input=$tmp/empty.in
check_dir=$(dirname "$0")/../golden/lc3/check
for program in "$check_dir"/*.asm; do
    [[ -f ${program%.asm}.status ]] && continue # stopped by --check=error: below
    slurp want "${program%.asm}.out"
    check "plain_$(basename "$program" .asm)" 0 "$want" "" -- "$program"
done
# return_nested.asm's RET loops on itself: it prints nothing, ever.
check plain_return_nested 3 "" "instruction limit" -- --limit 1000 "$check_dir/return_nested.asm"
check check_error_status 8 "" "stopped at the first finding \\(--check=error\\)" \
    -- --check=error "$check_dir/uninit_mem.asm"
# From an object file (no source) a finding names its address.
"$as" -o "$tmp/return_nested.obj" "$check_dir/return_nested.asm" > /dev/null 2>&1
check check_obj_address 8 "" "^x3004: check \\[return\\]: x3002 returns to x3004, not to x3001" \
    -- --check=error "$tmp/return_nested.obj"
check check_none 0 "0$banner" "" -- --check=none "$check_dir/uninit_mem.asm"
check check_only_named 0 "0$banner" "" -- --check=stack,return "$check_dir/uninit_mem.asm"
check malformed_obj 1 "" "short.obj: " -- "$tmp/short.obj"
check bad_os 1 "" "nope.obj" -- --os "$tmp/nope.obj" "$tmp/echo.asm"

input=$tmp/ab.in
check run_asm 0 "> ab$banner" "" -- "$tmp/echo.asm"
check run_obj 0 "> ab$banner" "" -- "$tmp/echo.obj"
check os_from_file 0 "> ab$banner" "" -- --os="$os" "$tmp/echo.obj"
"$as" -o "$tmp/os.obj" "$os" 2> "$tmp/as.err" || { cat "$tmp/as.err"; exit 1; }
check os_obj 0 "> ab$banner" "" -- --os "$tmp/os.obj" "$tmp/echo.asm"
# A block below x3000 (the keyboard's vector) after the program: lc3as
# writes lc3tools' format, which keeps the blocks apart, and loading leaves
# the OS between them alone (a zero-filled image from x0180 wiped it).
printf '.ORIG x3000\nLEA R0, MSG\nPUTS\nHALT\nMSG .STRINGZ "intact"\n.END\n.ORIG x0180\n.FILL x1000\n.END\n' \
    > "$tmp/vector.asm"
"$as" -o "$tmp/vector.obj" "$tmp/vector.asm" 2> "$tmp/as.err" || { cat "$tmp/as.err"; exit 1; }
check vector_block_obj 0 "intact$banner" "" -- "$tmp/vector.obj"
printf '\x1c\x30\x15\xc0\x01\x01\x01\x00\x30\x01\x00' > "$tmp/cut.obj"
check malformed_lc3tools_obj 1 "" "cut.obj: the last entry is cut short" -- "$tmp/cut.obj"
check pc_option 0 "ab$banner" "" -- --pc 0x3002 "$tmp/echo.asm"
check pc_decimal 0 "ab$banner" "" -- --pc 12290 "$tmp/echo.asm"
check trace 0 "> ab$banner" "^x3000  xE0..  LEA R0, x3008$" -- --trace "$tmp/echo.asm"
check stats 0 "> ab$banner" "instructions in .* M instructions/s" -- --stats "$tmp/echo.asm"
check limit 3 "> " "instruction limit reached after 50 instructions" -- --limit 50 "$tmp/echo.asm"

input=$tmp/empty.in
check input_ended 4 "> " "input ended while the program waits for a key" -- "$tmp/echo.asm"

# A reader that goes away stops the run quietly: no SIGPIPE, status 5.
"$sim" "$tmp/spin.asm" < /dev/null 2> "$tmp/err" | head -n 1 > /dev/null
status=${PIPESTATUS[0]}
[[ $status == 5 ]] || { echo "FAIL closed_pipe: exit status $status, expected 5"; failed=1; }
[[ -s $tmp/err ]] && { echo "FAIL closed_pipe: stderr not empty"; cat "$tmp/err"; failed=1; }

if [[ -w /dev/full ]]; then
    "$sim" "$tmp/spin.asm" < /dev/null > /dev/full 2> "$tmp/err"
    status=$?
    [[ $status == 5 ]] || { echo "FAIL full_disk: exit status $status, expected 5"; failed=1; }
    grep -q "cannot write the program's output" "$tmp/err" ||
        { echo "FAIL full_disk: no message"; failed=1; }
fi

[[ $failed == 0 ]] && echo "all lc3sim command-line checks passed"
exit $failed
