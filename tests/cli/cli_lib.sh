# cli_lib.sh: what the command-line checks share. Source it after setting
# `tool` (the program under test) and `name` (for the scratch directory):
# it makes $tmp (removed on exit), $failed, and the functions below.
set -uo pipefail

tmp=$(mktemp -d "${TMPDIR:-/tmp}/${name}.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { echo "FAIL $*"; failed=1; }
pass() { echo "ok   $*"; }

# expect NAME WANT_STATUS -- ARGS...: runs the tool with its output in
# $tmp/out and $tmp/err, checks its exit status.
expect() {
    local check=$1 want=$2
    shift 3
    "$tool" "$@" > "$tmp/out" 2> "$tmp/err"
    local status=$?
    if [[ $status != "$want" ]]; then
        fail "$check: exit status $status, expected $want"; cat "$tmp/err"
    else
        pass "$check"
    fi
}

# contains NAME FILE TEXT: FILE has a line equal to TEXT.
contains() {
    if grep -qxF -- "$3" "$2"; then pass "$1"; else fail "$1: no line '$3' in:"; cat "$2"; fi
}

# run NAME WANT_STATUS TOOL ARGS...: like expect, for any tool, with a time
# limit of RUN_TIMEOUT seconds (default 300), so a hang fails the check
# instead of the whole suite.
run() {
    local check=$1 want=$2
    shift 2
    timeout "${RUN_TIMEOUT:-300}" "$@" > "$tmp/out" 2> "$tmp/err"
    local status=$?
    if [[ $status != "$want" ]]; then
        fail "$check: exit status $status, expected $want"; head -c 2000 "$tmp/err"
    else
        pass "$check"
    fi
}

# says NAME TEXT / prints NAME TEXT: the last run's stderr / stdout holds TEXT.
says() { grep -qF -- "$2" "$tmp/err" && pass "$1" || { fail "$1: no '$2' in:"; head -c 2000 "$tmp/err"; }; }
prints() { grep -qF -- "$2" "$tmp/out" && pass "$1" || { fail "$1: no '$2' in:"; head -c 2000 "$tmp/out"; }; }
