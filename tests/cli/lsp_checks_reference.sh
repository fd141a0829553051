#!/usr/bin/env bash
# lsp_checks_reference.sh: the language server's checks (source
# "asmtools-check") stay silent on the course's reference programs, which
# are right: a check that fires there is a false positive. Each program's
# files are opened together (a folder's, or hw4.asm with its main); each
# must assemble without an error, or the checks, which need an assembled
# program, would not have run at all.
#
#   lsp_checks_reference.sh LSP_CLIENT MIPSAS LC3AS SOURCE_DIR
if [[ $# -ne 4 ]]; then
    echo "usage: $0 LSP_CLIENT MIPSAS LC3AS SOURCE_DIR" >&2
    exit 2
fi
client=$1 mipsas=$2 lc3as=$3 src=$4 name=lsp_checks_reference tool=$1
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

# silent_session SERVER DIR FILE...: a session opens the files of DIR
# and waits for each one's diagnostics; each file's last are in
# $tmp/final, one a line.
silent_session() {
    local server=$1 dir=$2 file
    shift 2
    {
        echo '{"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}'
        echo 'notify {"method":"initialized","params":{}}'
        for file in "$@"; do
            echo "open $file"
            echo 'wait textDocument/publishDiagnostics'
        done
        echo '{"method":"shutdown"}'
        echo 'notify {"method":"exit"}'
    } > "$tmp/session.lsp"
    "$client" -p "$dir" "$tmp/session.lsp" -- "$server" --lsp > "$tmp/out" 2>&1
    # Each file's last diagnostics: a file opened before the others of its
    # program misses their labels until they come.
    grep -o '"uri":"[^"]*","diagnostics":.*' "$tmp/out" |
        awk -F'"' '{ last[$4] = $0 } END { for (u in last) print last[u] }' > "$tmp/final"
}

# silent SERVER DIR FILE...: none of the files' last diagnostics is an
# error or a check's finding.
silent() {
    local what="${2#"$src"/}: ${*:3}"
    silent_session "$@"
    if ! grep -q 'server exited with status 0' "$tmp/out"; then
        fail "$what: the session did not end well"; tail -5 "$tmp/out"
    elif [[ $(wc -l < "$tmp/final") -ne $(($# - 2)) ]]; then
        fail "$what: not every file's diagnostics came"; tail -5 "$tmp/out"
    elif grep -q '"severity":1' "$tmp/final"; then
        fail "$what: an assembler error"; grep '"severity":1' "$tmp/final" | head -c 2000
    elif grep -q 'asmtools-check' "$tmp/final"; then
        fail "$what: a check fired"; grep 'asmtools-check' "$tmp/final" | head -c 2000
    else
        pass "$what: no check fires"
    fi
}

# fires SERVER FILE CODE...: the checks do run: tests/lsp's sample of
# FILE gets a finding of each CODE.
fires() {
    local server=$1 file=$2 code
    shift 2
    silent_session "$server" "$src/tests/lsp" "$file"
    for code in "$@"; do
        if grep -q "\"code\":\"$code\",\"source\":\"asmtools-check\"" "$tmp/final"; then
            pass "$file: $code fires"
        else
            fail "$file: no $code in:"; head -c 2000 "$tmp/final"
        fi
    done
}

fires "$mipsas" mips_checks.asm zero-write reserved-register gp-memory
fires "$lc3as" lc3_checks.asm store-into-code unused-trap

mips=$src/reference-asm/mips
for file in input.asm nim.asm snake.asm table_game.asm; do
    silent "$mipsas" "$mips" "$file"
done
silent "$mipsas" "$mips" hw4_main.asm hw4.asm
for dir in cars recursion strings; do
    (cd "$mips/$dir" && ls ./*.asm) > "$tmp/files"
    mapfile -t files < <(sed 's|^\./||' "$tmp/files")
    silent "$mipsas" "$mips/$dir" "${files[@]}"
done

lc3=$src/reference-asm/lc3
for file in nim.asm os.asm paint.asm charcount/charcount.asm hexconv/hexconv.asm; do
    silent "$lc3as" "$lc3/$(dirname "$file")" "$(basename "$file")"
done

exit $failed
