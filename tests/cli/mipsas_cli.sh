#!/usr/bin/env bash
# mipsas_cli.sh: checks mipsas's command line: listing, symbols, MARS dump
# formats, error reports and exit statuses.
#
#   mipsas_cli.sh MIPSAS
#
# Each check names itself; the script fails if any check does.
if [[ $# -ne 1 ]]; then
    echo "usage: $0 MIPSAS" >&2
    exit 2
fi
tool=$1 name=mipsas_cli
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

cat > "$tmp/hello.asm" <<'ASM'
        .data
msg:    .asciiz "Hi"
        .text
        .globl main
main:   la $a0, msg
        li $v0, 4
        syscall
ASM

expect "assembles with a listing and symbols" 0 -- -l -s "$tmp/hello.asm"
contains "global symbol" "$tmp/out" "0x00400000  .text    global  main"
contains "local symbol" "$tmp/out" "0x10010000  .data    local   msg"
# la expands to lui $at + ori (MARS's "la $t1,label" format), shown once with its line.
contains "pseudo-instruction's first word with its source" "$tmp/out" \
    "0x00400000  0x3c011001  lui \$1,0x00001001                 5  main:   la \$a0, msg"
contains "its second word" "$tmp/out" "0x00400004  0x34240000  ori \$4,\$1,0x00000000        "

expect "dumps in MARS's formats" 0 -- --dump .text HexText "$tmp/t.hex" \
    --dump .data AsciiText "$tmp/d.txt" --dump .text Binary "$tmp/t.bin" "$tmp/hello.asm"
if [[ "$(cat "$tmp/t.hex")" == $'3c011001\n34240000\n24020004\n0000000c' ]]; then
    pass "HexText: one word a line, text up to the last instruction"
else
    fail "HexText:"; cat "$tmp/t.hex"
fi
if [[ "$(head -1 "$tmp/d.txt")" == " \\0 \\0  i  H" && $(wc -l < "$tmp/d.txt") == 1024 ]]; then
    pass "AsciiText: a 4 KiB data block, MSB first"
else
    fail "AsciiText:"; head -2 "$tmp/d.txt"
fi
if [[ "$(od -An -tx1 -N4 "$tmp/t.bin" | tr -d ' ')" == "0110013c" ]]; then
    pass "Binary: little-endian words"
else
    fail "Binary: $(od -An -tx1 -N4 "$tmp/t.bin")"
fi

printf '        .text\n        addi $t0, $t1\n        j nowhere\n' > "$tmp/bad.asm"
expect "errors exit 1" 1 -- "$tmp/bad.asm"
if grep -qF 'bad.asm:2:9: error: "addi": Too few or incorrectly formatted operands. Expected: addi $t1,$t2,-100' "$tmp/err" &&
   grep -qF 'bad.asm:3:11: error: Symbol "nowhere" not found in symbol table.' "$tmp/err"; then
    pass "every error with file:line:col in MARS's words"
else
    fail "error output:"; cat "$tmp/err"
fi

printf '        .text\n        add $t0, $t1, 5\n' > "$tmp/pseudo.asm"
expect "--np refuses pseudo-instructions" 1 -- --np "$tmp/pseudo.asm"
grep -qF "Extended (pseudo) instruction or format not permitted.  See Settings." "$tmp/err" ||
    fail "--np message: $(cat "$tmp/err")"
# The preprocessor end to end: a macro with a local label, an .eqv and an .include.
cat > "$tmp/lib.asm" <<'ASM'
.eqv COUNT 3
.macro spin %r
again:  addi %r, %r, -1
        bgtz %r, again
.end_macro
ASM
cat > "$tmp/pre.asm" <<'ASM'
        .include "lib.asm"
        .text
main:   li $t0, COUNT
        spin $t0
ASM
expect "assembles .include, .eqv and a macro" 0 -- -l -s "$tmp/pre.asm"
contains "a macro's local label" "$tmp/out" "0x00400004  .text    local   again_M0"
contains "its branch back, from the included body line" "$tmp/out" \
    "0x00400008  0x1d00fffe  bgtz \$8,0xfffffffe                4          bgtz %r, again"
printf '        .include "none.asm"\n' > "$tmp/noinc.asm"
expect "a missing include exits 1" 1 -- "$tmp/noinc.asm"
grep -qF "noinc.asm:1:18: error: Error reading include file $tmp/none.asm" "$tmp/err" ||
    fail "missing include message: $(cat "$tmp/err")"

# Issue 22: jalr with rd == rs assembles, with a warning at the operator
# (MARS gives none); "we" is about MARS's warnings and leaves it one.
printf '        .text\n        jalr $t1, $t1\n        jalr $ra\n        jalr $t1\n        jalr $0, $0\n' > "$tmp/jalr.asm"
expect "jalr with rd == rs assembles" 0 -- --we "$tmp/jalr.asm"
contains "jalr \$t1, \$t1 warns at the operator" "$tmp/err" \
    "$tmp/jalr.asm:2:9: warning: jalr with rd == rs is unpredictable on MIPS hardware, and in MARS it jumps to the next instruction"
contains "the line and its caret" "$tmp/err" "      |         ^~~~"
if ! grep -qF "jalr.asm:3:9: warning: jalr with rd == rs" "$tmp/err"; then
    fail "jalr \$ra did not warn"
elif grep -q "jalr.asm:[45]" "$tmp/err"; then
    fail "jalr \$t1 (rd \$ra) or jalr \$0,\$0 (a jump to 0) warned"
else
    pass "jalr \$t1 (rd \$ra, rs \$t1) and jalr \$0,\$0 do not warn"
fi
# A branch beyond 16 bits: MARS assembles it with the whole offset; mipsas
# says real hardware would not, at the statement, and still assembles.
{
    printf 'main:   beq $t0, $t0, far\n'
    printf '        .text 0x00430000\n'
    printf 'far:    b main\n'
} > "$tmp/far.asm"
expect "a branch beyond 16 bits assembles" 0 -- -l "$tmp/far.asm"
contains "it is warned about, with file:line:col" "$tmp/err" \
    "$tmp/far.asm:1:9: warning: branch offset of 49151 words does not fit in 16 bits: MARS branches there, real MIPS hardware would not"
contains "with the line" "$tmp/err" "    1 | main:   beq \$t0, \$t0, far"
contains "and a caret" "$tmp/err" "      |         ^~~"
contains "backward too" "$tmp/err" \
    "$tmp/far.asm:3:9: warning: branch offset of -49153 words does not fit in 16 bits: MARS branches there, real MIPS hardware would not"
contains "the listing shows the whole offset, as MARS does" "$tmp/out" \
    "0x00400000  0x1108bfff  beq \$8,\$8,0x0000bfff              1  main:   beq \$t0, \$t0, far"

expect "no input is a usage error" 2 --
expect "bad --dump format is a usage error" 2 -- --dump .text hextext x "$tmp/hello.asm"
expect "missing file exits 1" 1 -- "$tmp/none.asm"
expect "--help" 0 -- --help

# --lsp serves an editor; a file or option beside it is a usage error, and
# input that ends at once ends the server (status 1: no shutdown came).
expect "--lsp takes no file" 2 -- --lsp "$tmp/hello.asm"
expect "--lsp ends with its input" 1 -- --lsp --stdio < /dev/null

exit $failed
