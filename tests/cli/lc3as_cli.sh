#!/usr/bin/env bash
# lc3as_cli.sh: checks lc3as's command line: the files it writes, its
# messages and exit statuses, --disasm.
#
#   lc3as_cli.sh LC3AS
#
# Each check names itself; the script fails if any check does.
if [[ $# -ne 1 ]]; then
    echo "usage: $0 LC3AS" >&2
    exit 2
fi
tool=$1 name=lc3as_cli
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

cat > "$tmp/prog.asm" <<'ASM'
        .ORIG x3000
START   LEA R0, MSG
        PUTS
        HALT
MSG     .STRINGZ "Hi"
        .END
ASM

expect "assembles" 0 -- -l "$tmp/prog.asm"
if [[ "$(od -An -tx1 "$tmp/prog.obj" | tr -d ' \n')" == "3000e002f022f02500480069""0000" ]]; then
    pass "prog.obj holds origin and words, big-endian"
else
    fail "prog.obj: $(od -An -tx1 "$tmp/prog.obj")"
fi
if [[ "$(cat "$tmp/prog.sym")" == $'// Symbol table\n// Scope level 0:\n//\tSymbol Name       Page Address\n//\t----------------  ------------\n//\tSTART             3000\n//\tMSG               3003' ]]; then
    pass "prog.sym in lc3as's layout"
else
    fail "prog.sym:"; cat "$tmp/prog.sym"
fi
if grep -q '^x3000  xE002  1110000000000010      2  START   LEA R0, MSG$' "$tmp/prog.lst"; then
    pass "prog.lst lists address, word, binary, line and source"
else
    fail "prog.lst:"; cat "$tmp/prog.lst"
fi

expect "-o names the object file" 0 -- -o "$tmp/other.obj" "$tmp/prog.asm"
if [[ -f "$tmp/other.obj" && -f "$tmp/other.sym" ]]; then
    pass "-o puts the .sym beside the .obj"
else
    fail "-o: other.obj or other.sym missing"
fi

expect "--disasm" 0 -- --disasm "$tmp/prog.obj"
if [[ "$(sed -n 1,3p "$tmp/out")" == $'x3000  xE002  LEA R0, x3003\nx3001  xF022  PUTS\nx3002  xF025  HALT' ]]; then
    pass "--disasm prints address, word and instruction"
else
    fail "--disasm output:"; cat "$tmp/out"
fi

printf '.ORIG x3000\nADD R1, R1, #99\nLD R0, NOPE\n.END\n' > "$tmp/bad.asm"
rm -f "$tmp/bad.obj"
expect "errors exit 1" 1 -- "$tmp/bad.asm"
if grep -q "bad.asm:2:13: error: #99 does not fit in imm5 (-16..15)" "$tmp/err" &&
   grep -q "bad.asm:3:8: error: undefined label 'NOPE'" "$tmp/err" &&
   grep -q "^2 errors, 0 warnings$" "$tmp/err"; then
    pass "every error reported with file:line:col, then a count"
else
    fail "error output:"; cat "$tmp/err"
fi
if [[ -e "$tmp/bad.obj" ]]; then
    fail "an object file was written despite errors"
else
    pass "no object file after errors"
fi

printf '.ORIG x3000\nPOLL-N-PRINT HALT\n.END\n' > "$tmp/wide.asm"
expect "an lc3tools label assembles" 0 -- "$tmp/wide.asm"
if [[ "$(cat "$tmp/err")" == "$tmp/wide.asm:2:1: warning: label 'POLL-N-PRINT' is accepted as lc3tools accepts it, but the book's labels have only letters, digits and '_'"$'\n    2 | POLL-N-PRINT HALT\n      | ^~~~~~~~~~~~' ]]; then
    pass "an lc3tools label is warned about with line and caret"
else
    fail "lc3tools label warning:"; cat "$tmp/err"
fi

expect "missing file exits 1" 1 -- "$tmp/none.asm"
grep -q "none.asm: error: cannot read the file: No such file or directory" "$tmp/err" ||
    fail "missing file message: $(cat "$tmp/err")"
expect "no input is a usage error" 2 --
expect "unknown option is a usage error" 2 -- --bogus "$tmp/prog.asm"
expect "--help" 0 -- --help
grep -q "exit status: 0 assembled, 1 errors in the source or files, 2 bad command line" "$tmp/out" ||
    fail "--help does not document the exit statuses"
# Blocks with a gap between them: the classic format would write zeros
# there (and so over memory on load). auto writes lc3tools' format with a
# warning; classic refuses; lc3tools is lc3tools' header always.
printf '.ORIG x3000\nHALT\n.END\n.ORIG x0180\n.FILL x3000\n.END\n' > "$tmp/gap.asm"
expect "a gap: lc3tools' format" 0 -- "$tmp/gap.asm"
if [[ "$(od -An -tx1 -N7 "$tmp/gap.obj" | tr -d ' \n')" == "1c3015c0010101" ]]; then
    pass "gap.obj has lc3tools' header"
else
    fail "gap.obj: $(od -An -tx1 "$tmp/gap.obj")"
fi
if grep -q "gap.asm:4:1: warning: the block at x0180 leaves x3001-xFFFF" "$tmp/err"; then
    fail "the gap is measured from the lowest block"
elif grep -q "gap.asm:1:1: warning: the block at x3000 leaves x0181-x2FFF unfilled" "$tmp/err"; then
    pass "the warning names the block after the gap and the gap"
else
    fail "gap warning:"; cat "$tmp/err"
fi
rm -f "$tmp/gap.obj"
expect "--obj-format classic refuses a gap" 1 -- --obj-format classic "$tmp/gap.asm"
if [[ -e "$tmp/gap.obj" ]] || ! grep -q "use --obj-format lc3tools" "$tmp/err"; then
    fail "classic with a gap: an object file, or no hint"; cat "$tmp/err"
else
    pass "classic with a gap writes nothing and names the option"
fi
expect "--obj-format lc3tools" 0 -- --obj-format lc3tools -o "$tmp/lt.obj" "$tmp/prog.asm"
if [[ "$(od -An -tx1 -N16 "$tmp/lt.obj" | tr -d ' \n')" == "1c3015c00101010030010b0000002e4f" ]]; then
    pass "--obj-format lc3tools writes lc3tools' entries"
else
    fail "lt.obj: $(od -An -tx1 "$tmp/lt.obj")"
fi
expect "--disasm reads lc3tools' format" 0 -- --disasm "$tmp/lt.obj"
if grep -q "^x3002  xF025  HALT$" "$tmp/out"; then
    pass "--disasm of lc3tools' format"
else
    fail "--disasm lt.obj:"; cat "$tmp/out"
fi
expect "--obj-format takes three names" 2 -- --obj-format pennsim "$tmp/prog.asm"
printf 'x' > "$tmp/odd.obj"
expect "--disasm refuses a malformed object" 1 -- --disasm "$tmp/odd.obj"

# --lsp serves an editor; a file or option beside it is a usage error, and
# input that ends at once ends the server (status 1: no shutdown came).
expect "--lsp takes no file" 2 -- --lsp "$tmp/prog.asm"
expect "--lsp ends with its input" 1 -- --lsp --stdio < /dev/null

exit $failed
