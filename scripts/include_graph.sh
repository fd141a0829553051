#!/usr/bin/env bash
# include_graph.sh [ROOT]: the rooms' includes run one way. Every
# #include "..." of a product file (asm/, lc3sim/, mipssim/, editors/) is resolved as
# the compiler resolves it (beside the file, then in the rooms' folders)
# and must name a header of its own room or of a room it stands on. A
# private header, one whose name ends in _impl.h, may be included only from
# its own folder: in the product, and in fuzz/ and bench/, which stand on
# the public headers alone. (Unit tests under tests/ may look inside.)
# Inside a room the files' includes run one way too: a file and its
# header (and its _impl.h) are one part, and no part may reach itself
# through the includes of the room's other parts (a circle).
# Prints each include that runs the wrong way, each circle, and exits 1 if
# there is one.
set -euo pipefail
root=$(cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}" && pwd)
cd "$root"

# Each room and the rooms below it that it may include. Every room also
# stands on asm/base, the helpers all of them share (growing arrays).
declare -A below=(
    [asm/base]=""
    [asm/front]=""
    [asm/runtime]=""
    [asm/json]=""
    [asm/lsp]="asm/json"
    [asm/lc3]="asm/front asm/lsp"
    [asm/mips]="asm/front asm/lsp"
    [asm/debug]="asm/front asm/runtime asm/json"
    [asm/grade]="asm/front"
    [asm/grade/spec]="asm/grade asm/front"
    [lc3sim/machine]="asm/front asm/lc3 asm/runtime"
    [lc3sim/debug]="lc3sim/machine asm/front asm/lc3 asm/runtime asm/debug"
    [lc3sim]="lc3sim/debug lc3sim/machine asm/front asm/lc3 asm/runtime asm/debug"
    [mipssim/machine]="asm/front asm/mips asm/runtime"
    [mipssim/syscalls]="mipssim/machine asm/front asm/mips asm/runtime"
    [mipssim/debug]="mipssim/syscalls mipssim/machine asm/front asm/mips asm/runtime asm/debug"
    [mipssim]="mipssim/debug mipssim/syscalls mipssim/machine asm/front asm/mips asm/runtime asm/debug"
    [mipssim/grade]="asm/grade/spec asm/grade mipssim/syscalls mipssim/machine asm/front asm/mips asm/runtime"
    [lc3sim/grade]="asm/grade/spec asm/grade lc3sim/machine asm/front asm/lc3 asm/runtime"
    [editors/grammar]="asm/mips asm/lc3 asm/front"
    [web]="mipssim/debug mipssim/syscalls mipssim/machine lc3sim/debug lc3sim/machine asm/front asm/mips asm/lc3 asm/runtime asm/debug asm/json"
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
# part FILE: the part a file belongs to, into $part_of: its path without
# the extension and without an _impl suffix (x.c, x.h, x_impl.h: x).
part() {
    part_of=${1%.*}
    part_of=${part_of%_impl}
}

declare -A uses=() # part -> the parts of its room it includes, space-separated

include_re='^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]*)"'
bad=0
checked=0
files() {
    find asm lc3sim mipssim $(ls -d web fuzz bench editors 2>/dev/null) \( -name '*.c' -o \
        -name '*.h' -o -name '*.def' -o -name '*.y' -o -name '*.l' \) -print0 | sort -z
}
# outside FILE: in no room (fuzz/ and bench/), where only the _impl.h rule holds.
outside() { [[ $1 == fuzz/* || $1 == bench/* ]]; }

while IFS= read -r -d '' file; do
    if ! outside "$file" && [[ ! -v below[${file%/*}] ]]; then
        echo "$file: in no room (add its folder to ${BASH_SOURCE[0]})"
        bad=1
    fi
done < <(files)

# One grep over the tree finds the include lines; bash looks at those
# alone (reading every line in bash made the check take seconds a run,
# and a test runs it ten times).
while IFS= read -r match; do
    file=${match%%:*}
    line=${match#*:}
    room=${file%/*}
    if ! outside "$file" && [[ ! -v below[$room] ]]; then
        continue # reported above
    fi
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
    if [[ $target == *_impl.h && $to != "$room" ]]; then
        echo "$file includes $target: a private header (_impl.h) is for its own folder"
        bad=1
        continue
    fi
    outside "$file" && continue
    if [[ $to == "$room" ]]; then
        part "$file"; from_part=$part_of
        part "$target"
        [[ $from_part != "$part_of" && " ${uses[$from_part]-} " != *" $part_of "* ]] &&
            uses[$from_part]+=" $part_of"
        continue
    fi
    ok=0
    [[ $to == asm/base ]] && ok=1
    for r in ${below[$room]}; do
        [[ $to == "$r" ]] && ok=1
    done
    if ((!ok)); then
        echo "$file includes $target: $room does not stand on $to"
        bad=1
    fi
done < <(files | xargs -0 grep -H -E "$include_re" || true)

# A depth-first walk over the parts: a part met again while it is still
# on the walk's path closes a circle, printed as the path from it.
declare -A state=() # part -> 1 on the path, 2 done
path=()
walk() {
    local p=$1 next i
    state[$p]=1
    path+=("$p")
    for next in ${uses[$p]-}; do
        if [[ ${state[$next]-} == 1 ]]; then
            for ((i = 0; i < ${#path[@]}; i++)); do
                [[ ${path[i]} == "$next" ]] && break
            done
            local IFS=' '
            local circle="${path[*]:i} $next"
            echo "include circle in ${p%/*}: ${circle// / -> }"
            bad=1
        elif [[ -z ${state[$next]-} ]]; then
            walk "$next"
        fi
    done
    unset 'path[${#path[@]}-1]'
    state[$p]=2
}
for p in $(printf '%s\n' "${!uses[@]}" | sort); do
    [[ -z ${state[$p]-} ]] && walk "$p"
done

((checked > 0)) || { echo "no includes found under $root"; exit 1; }
((bad)) && exit 1
echo "include graph: $checked includes, each within its room or to a room below, no circles"
