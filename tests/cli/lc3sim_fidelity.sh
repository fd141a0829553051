#!/usr/bin/env bash
# lc3sim_fidelity.sh: lc3sim against lc3tools where no recorded golden can
# show it (issue 31): words loaded at device addresses, and where an
# exception is reported.
#
#   lc3sim_fidelity.sh LC3SIM
set -uo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: $0 LC3SIM" >&2
    exit 2
fi
sim=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lc3sim_fidelity.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0
runner=()
if command -v timeout > /dev/null 2>&1; then
    runner=(timeout 30)
fi

# check NAME STATUS STDOUT_PATTERN STDERR_PATTERN -- ARGS... (no input; an
# empty pattern: that stream must be empty)
check() {
    local name=$1 want_status=$2 out_pattern=$3 err_pattern=$4
    shift 5
    ${runner[@]+"${runner[@]}"} "$sim" "$@" < /dev/null > "$tmp/out" 2> "$tmp/err"
    local status=$?
    if [[ $status != "$want_status" ]]; then
        echo "FAIL $name: exit status $status, expected $want_status"; failed=1
    fi
    if [[ -z $out_pattern && -s $tmp/out ]]; then
        echo "FAIL $name: stdout should be empty:"; od -c "$tmp/out" | head -5; failed=1
    elif [[ -n $out_pattern ]] && ! grep -Eq -- "$out_pattern" "$tmp/out"; then
        echo "FAIL $name: stdout lacks /$out_pattern/:"; od -c "$tmp/out" | head -5; failed=1
    fi
    if [[ -z $err_pattern && -s $tmp/err ]]; then
        echo "FAIL $name: stderr should be empty:"; head -n 5 "$tmp/err"; failed=1
    elif [[ -n $err_pattern ]] && ! grep -Eq -- "$err_pattern" "$tmp/err"; then
        echo "FAIL $name: stderr lacks /$err_pattern/:"; head -n 5 "$tmp/err"; failed=1
    fi
}

# Words loaded at KBSR and KBDR are no key: GETC waits for one, and with no
# input lc3sim stops with status 4 (it used to return the loaded 'a').
cat > "$tmp/loaded_key.asm" <<'ASM'
        .ORIG x3000
        GETC
        OUT
        HALT
        .END
        .ORIG xFE00
        .FILL x8000
        .FILL x8000
        .FILL x0061
        .END
ASM
check loaded_device_words 4 '' 'input ended' -- "$tmp/loaded_key.asm"

# A word loaded at DDR prints nothing and reads back 0 (supervisor mode).
cat > "$tmp/loaded_ddr.asm" <<'ASM'
        .ORIG x1000
        LDI R1, PDDR
        BRz ZERO
        LD R0, NZ
        OUT
ZERO    HALT
PDDR    .FILL xFE06
NZ      .FILL x4E
        .END
        .ORIG xFE06
        .FILL x0041
        .END
ASM
check loaded_ddr 0 'Halting' '' -- "$tmp/loaded_ddr.asm"
! grep -q '[AN]' "$tmp/out" || { echo "FAIL loaded_ddr: printed the loaded word"; failed=1; }

# An access violation: the OS's message on the display, and on stderr the
# file, line and column, the address and the instruction, the source line.
cat > "$tmp/acv.asm" <<'ASM'
        .ORIG x3000
        AND R0, R0, #0
        LDI R0, P
        HALT
P       .FILL x0000
        .END
ASM
check acv_where 6 'Access violation' \
    'acv\.asm:3:9: error: an access violation .* at x3001: xA001 LDI R0, x3003' -- "$tmp/acv.asm"
grep -q '^ *3 | *LDI R0, P' "$tmp/err" || { echo "FAIL acv_where: no source line"; failed=1; }

# An illegal opcode (1101) the same way.
cat > "$tmp/illegal.asm" <<'ASM'
        .ORIG x3000
        .FILL xD000
        HALT
        .END
ASM
check illegal_where 6 'Illegal opcode' \
    'illegal\.asm:2:9: error: an illegal opcode at x3000: xD000' -- "$tmp/illegal.asm"

# RTI in user mode.
printf '        .ORIG x3000\n        RTI\n        .END\n' > "$tmp/rti.asm"
check privilege_where 6 'Privilege violation' \
    'rti\.asm:2:9: error: a privilege violation' -- "$tmp/rti.asm"

exit $failed
