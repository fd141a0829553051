#!/usr/bin/env bash
# run_golden.sh: runs one golden transcript and compares it byte for byte.
#
#   run_golden.sh SIMULATOR PROGRAM INPUT_FILE EXPECTED_OUT [EXPECTED_STATUS]
#
# Runs `SIMULATOR PROGRAM < INPUT_FILE` and checks
#   - stdout equals EXPECTED_OUT exactly (NAME.out);
#   - the exit status equals EXPECTED_STATUS, else the number in NAME.status
#     beside NAME.out, else 0;
#   - stderr equals NAME.err when that file exists, and is empty otherwise.
# With GOLDEN_BLESS=1 in the environment it rewrites NAME.out, NAME.err and
# NAME.status from what the run produced instead (for deliberate changes;
# review the result with git diff before committing it).
set -uo pipefail

if [[ $# -lt 4 || $# -gt 5 ]]; then
    echo "usage: $0 SIMULATOR PROGRAM INPUT_FILE EXPECTED_OUT [EXPECTED_STATUS]" >&2
    exit 2
fi

sim=$1 program=$2 input=$3 expected_out=$4
base=${expected_out%.out}
expected_err=$base.err
status_file=$base.status

if [[ $# -eq 5 ]]; then
    expected_status=$5
elif [[ -f $status_file ]]; then
    expected_status=$(tr -d ' \t\r\n' < "$status_file")
else
    expected_status=0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/golden.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# A wedged program must not hang the suite; ctest's timeout is the backstop.
runner=()
if command -v timeout >/dev/null 2>&1; then
    runner=(timeout 60)
fi
${runner[@]+"${runner[@]}"} "$sim" "$program" < "$input" > "$tmp/out" 2> "$tmp/err"
status=$?

if [[ ${GOLDEN_BLESS:-0} == 1 ]]; then
    cp "$tmp/out" "$expected_out"
    if [[ -s $tmp/err ]]; then
        cp "$tmp/err" "$expected_err"
    else
        rm -f "$expected_err"
    fi
    if [[ $status -ne 0 ]]; then
        echo "$status" > "$status_file"
    else
        rm -f "$status_file"
    fi
    echo "blessed $expected_out (exit status $status)"
    exit 0
fi

failed=0

# Shows where two files differ, with cat -A marking every line end with '$'
# (none on an unterminated last line) and control bytes as ^X, so invisible
# differences (a missing newline, a trailing space) are plain to see.
show_diff() { # label expected actual
    local where
    where=$(cmp "$2" "$3" 2>&1 | head -n 1 |
            sed -e 's/.* differ: /first difference at /' -e "s|$3|the actual output|")
    echo "--- $1 differs: $where"
    echo "--- diff (- expected, + actual; '\$' is a line end):"
    diff -u --label expected --label actual <(cat -A "$2") <(cat -A "$3") | head -n 60
}

if ! cmp -s "$expected_out" "$tmp/out"; then
    show_diff "stdout" "$expected_out" "$tmp/out"
    failed=1
fi

if [[ -f $expected_err ]]; then
    if ! cmp -s "$expected_err" "$tmp/err"; then
        show_diff "stderr" "$expected_err" "$tmp/err"
        failed=1
    fi
elif [[ -s $tmp/err ]]; then
    echo "--- stderr should be empty but was:"
    head -c 2000 "$tmp/err"
    failed=1
fi

if [[ $status != "$expected_status" ]]; then
    echo "--- exit status: expected $expected_status, got $status"
    failed=1
fi

if [[ $failed -ne 0 ]]; then
    echo "FAIL: $sim $program < $input"
    echo "(GOLDEN_BLESS=1 rewrites the expected files after a deliberate change)"
    exit 1
fi
exit 0
