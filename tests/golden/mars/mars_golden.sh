#!/usr/bin/env bash
# mars_golden.sh NAME: the SIMULATOR run_golden.sh calls for the mars front
# end's transcripts. Runs `$MARS` with the words in NAME.args (one a line)
# from this directory. MARS names files by absolute path, so the directory
# is written @DIR@ in both output streams. When NAME.files exists, each file
# it lists (one a line: dumps the run wrote) follows stdout, after a line
# "==> FILE <==" (as text, or through od when it holds other bytes than
# printable ASCII, tab and newline), then is removed. NAME.locale, when
# there, names the locale to run in (C.UTF-8 otherwise).
set -uo pipefail
name=$1
here=$(pwd)
mapfile -t words < "$name.args"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mars.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
# MARS's JVM reads its words and writes its output in the locale's charset:
# the goldens were recorded under C.UTF-8, or NAME.locale's.
locale=C.UTF-8
[[ -f $name.locale ]] && locale=$(< "$name.locale")
LC_ALL=$locale "$MARS" "${words[@]}" > "$tmp/out" 2> "$tmp/err"
status=$?
sed "s|$here/|@DIR@/|g" "$tmp/out"
if [[ -f $name.files ]]; then
    while IFS= read -r file; do
        echo "==> $file <=="
        if [[ ! -f $file ]]; then
            echo "(none)"
        elif LC_ALL=C grep -q '[^[:print:][:blank:]]' "$file"; then
            od -A x -t x1 "$file"
        else
            cat "$file"
        fi
        rm -f "$file"
    done < "$name.files"
fi
sed "s|$here/|@DIR@/|g" "$tmp/err" >&2
exit $status
