#!/bin/sh
# derive.sh OUT: every Nim submission of this folder as a .asm in folder OUT.
# The three correct solutions are copied as they are; each variant is kept
# here as its change only, VARIANT.sed, whose first line names the correct
# solution it changes ("# base: table_rows.asm"): OUT/VARIANT.asm is that
# solution through the script.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: derive.sh OUT}
mkdir -p "$out"
cp "$here"/*.asm "$out/"
for script in "$here"/*.sed; do
    base=$(sed -n '1s/^# base: //p' "$script")
    if [ -z "$base" ] || [ ! -f "$here/$base" ]; then
        echo "derive.sh: $script: its first line names no correct solution here" >&2
        exit 1
    fi
    sed -f "$script" "$here/$base" > "$out/$(basename "$script" .sed).asm"
done
