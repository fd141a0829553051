#!/usr/bin/env bash
# include_graph.sh [ROOT]: the rooms' includes run one way. Every
# #include "..." of a product file (asm/, lc3sim/, mipssim/) is resolved as
# the compiler resolves it (beside the file, then in the rooms' folders)
# and must name a header of its own room or of a room it stands on.
# Prints each include that runs the wrong way and exits 1 if there is one.
set -euo pipefail
root=$(cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}" && pwd)
cd "$root"

# Each room and the rooms below it that it may include.
declare -A below=(
    [asm/front]=""
    [asm/runtime]=""
    [asm/lc3]="asm/front"
    [asm/mips]="asm/front"
    [asm/debug]="asm/front asm/runtime"
    [asm/grade]="asm/front"
    [lc3sim/machine]="asm/front asm/lc3 asm/runtime"
    [lc3sim/debug]="lc3sim/machine asm/front asm/lc3 asm/runtime asm/debug"
    [lc3sim]="lc3sim/debug lc3sim/machine asm/front asm/lc3 asm/runtime asm/debug"
    [mipssim/machine]="asm/front asm/mips asm/runtime"
    [mipssim/syscalls]="mipssim/machine asm/front asm/mips asm/runtime"
    [mipssim]="mipssim/syscalls mipssim/machine asm/front asm/mips asm/runtime asm/debug"
    [mipssim/grade]="asm/grade mipssim/syscalls mipssim/machine asm/front asm/mips asm/runtime"
    [lc3sim/grade]="asm/grade lc3sim/machine asm/front asm/lc3 asm/runtime"
)

# normalize PATH: PATH without "." and ".." parts, into $normal (no
# subshell: a realpath per include made the check take a minute).
normalize() {
    local -a parts=() out=()
    local part
    IFS=/ read -ra parts <<< "$1"
    for part in "${parts[@]}"; do
        case $part in
        '' | .) ;;
        ..) ((${#out[@]})) && unset 'out[${#out[@]}-1]' ;;
        *) out+=("$part") ;;
        esac
    done
    local IFS=/
    normal="${out[*]}"
}

include_re='^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]*)"'
bad=0
checked=0
while IFS= read -r -d '' file; do
    room=${file%/*}
    if [[ ! -v below[$room] ]]; then
        echo "$file: in no room (add its folder to ${BASH_SOURCE[0]})"
        bad=1
        continue
    fi
    # Read in bash, no process per file or per include: under load every
    # fork costs, and this runs on the whole tree four times in a test.
    while IFS= read -r line || [[ -n $line ]]; do
        [[ $line =~ $include_re ]] || continue
        name=${BASH_REMATCH[1]}
        # Beside the file first, as "..." does; else the room that has it.
        if [[ -f $room/$name ]]; then
            normalize "$room/$name"
            target=$normal
        else
            target=
            for r in "${!below[@]}"; do
                [[ -f $r/$name ]] && target=$r/$name
            done
            [[ -n $target ]] || continue # generated (the LC-3 scanner's and parser's)
        fi
        checked=$((checked + 1))
        to=${target%/*}
        [[ $to == "$room" ]] && continue
        ok=0
        for r in ${below[$room]}; do
            [[ $to == "$r" ]] && ok=1
        done
        if ((!ok)); then
            echo "$file includes $target: $room does not stand on $to"
            bad=1
        fi
    done < "$file"
done < <(find asm lc3sim mipssim \( -name '*.c' -o -name '*.h' -o -name '*.def' -o -name '*.y' -o -name '*.l' \) -print0 | sort -z)

((checked > 0)) || { echo "no includes found under $root"; exit 1; }
((bad)) && exit 1
echo "include graph: $checked includes, each within its room or to a room below"
