#!/usr/bin/env bash
# mips_data_page.sh: the interpreter's remembered data page (mips_exec_loop.h)
# keeps MARS's semantics: loads and stores that switch pages, a byte stored
# into the remembered page, and misaligned accesses on it, which must still
# raise MARS's address errors.
#
#   mips_data_page.sh MIPSSIM
if [[ $# -ne 1 ]]; then
    echo "usage: $0 MIPSSIM" >&2
    exit 2
fi
tool=$1 name=mips_data_page
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

# Two words 8 KiB apart (two pages); each lw after the first hits or
# switches the remembered page. Prints 91, 21801 (41 with byte 1 = 0x55), 85.
# The last access follows an aligned one on its page with no syscall between
# (a syscall leaves the loop, which forgets the page).
program() { # FAULTING-LINE: the program, ending in that access
    cat <<ASM
        .data
a:      .word 7
        .space 8192
b:      .word 9
        .text
        la   \$s0, a
        la   \$s1, b
        li   \$t0, 41
        sw   \$t0, 0(\$s0)
        lw   \$a0, 0(\$s0)
        lw   \$t1, 0(\$s1)
        add  \$a0, \$a0, \$t1
        lw   \$t1, 0(\$s0)
        add  \$a0, \$a0, \$t1
        li   \$v0, 1
        syscall
        li   \$t0, 0x55
        sb   \$t0, 1(\$s0)
        lw   \$a0, 0(\$s0)
        syscall
        lbu  \$a0, 1(\$s0)
        syscall
        lw   \$t2, 4(\$s0)
        $1
ASM
}
program 'lw $t1, 2($s0)' > "$tmp/lw.asm"
run "misaligned lw on the remembered page" 6 timeout 30 "$tool" "$tmp/lw.asm"
prints "pages switch, a byte merges" "91218018"
says "lw: MARS's address error" \
    "lw.asm:24:9: error: runtime error at 0x00400050: fetch address not aligned on word boundary 0x10010002"
program 'sh $t0, 1($s0)' > "$tmp/sh.asm"
run "misaligned sh on the remembered page" 6 timeout 30 "$tool" "$tmp/sh.asm"
says "sh: MARS's address error" "store address not aligned on halfword boundary 0x10010001"
# Before any page is remembered: a word access to address 1.
printf '        lw   $t1, 1($zero)\n' > "$tmp/first.asm"
run "misaligned lw before any page" 6 timeout 30 "$tool" "$tmp/first.asm"
says "first: MARS's address error" "fetch address not aligned on word boundary 0x00000001"
exit $failed
