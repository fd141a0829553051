#!/usr/bin/env bash
# lc3_lumetta_obj.sh LC3AS DIR: each DIR/NAME.asm assembles to exactly the
# bytes of DIR/NAME.obj (recorded from Lumetta's lc3as) with a warning per
# operand taken as a field's bit pattern; each line of DIR/refused.txt, an
# instruction Lumetta's lc3as refuses, is refused.
set -uo pipefail
as=$1 dir=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lc3_lumetta.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0
for src in "$dir"/*.asm; do
    name=$(basename "$src" .asm)
    if ! "$as" -o "$tmp/$name.obj" "$src" 2> "$tmp/$name.err"; then
        echo "FAIL $name: not assembled"; cat "$tmp/$name.err"; failed=1; continue
    fi
    cmp "$tmp/$name.obj" "$dir/$name.obj" || { echo "FAIL $name: bytes differ"; failed=1; }
    grep -q "taken as the field's bit pattern" "$tmp/$name.err" ||
        { echo "FAIL $name: no warning"; failed=1; }
done
while IFS= read -r insn; do
    printf '        .ORIG x3000\n        %s\n        .END\n' "$insn" > "$tmp/r.asm"
    if "$as" -o "$tmp/r.obj" "$tmp/r.asm" 2> /dev/null; then
        echo "FAIL refused: '$insn' assembled"; failed=1
    fi
done < "$dir/refused.txt"
exit $failed
