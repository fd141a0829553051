#!/usr/bin/env bash
# spec_typos.sh MIPSGRADE LC3GRADE PROJECT_DIR: a TA's typo is an error,
# never a grade (issue 30, observation 9). tests/spec/bad/typos.spec (MIPS)
# and lc3_typos.spec (LC-3) hold a key on each line that would compare
# nothing, allow every syscall or score nothing, keys given twice, and a
# NUL byte; each grader reports every one (the .err files, byte for byte),
# grades nothing and exits 1.
mipsgrade=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
lc3grade=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
project=$3 tool=$mipsgrade name=spec_typos
source "$(dirname "$0")/cli_lib.sh"
bad=$project/tests/spec/bad

for each in "$mipsgrade typos" "$lc3grade lc3_typos"; do
    tool=${each% *} spec=${each#* }
    (cd "$bad" && "$tool" --spec "$spec.spec" nothing.asm > "$tmp/out" 2> "$tmp/err")
    status=$?
    [[ $status == 1 ]] && pass "$spec: exit status 1" || fail "$spec: exit status $status"
    cmp -s "$bad/$spec.err" "$tmp/err" && pass "$spec: every error" ||
        { fail "$spec: the errors differ from $spec.err:"; diff -a "$bad/$spec.err" "$tmp/err"; }
    [[ ! -s $tmp/out ]] && pass "$spec: no report" || fail "$spec: a report on stdout"
done
exit $failed
