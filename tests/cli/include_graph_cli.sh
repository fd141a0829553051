#!/usr/bin/env bash
# include_graph_cli.sh SOURCE_DIR: the product's includes run one way
# (scripts/include_graph.sh passes on the tree), and the check sees an
# include that runs back up: a copy of the rooms where the machine includes
# the syscalls' header, and one where the grading core includes the MIPS
# grader's, must each fail.
name=include_graph_cli
tool=true
source "$(dirname "$0")/cli_lib.sh"
src=$1
check=$src/scripts/include_graph.sh

if "$check" "$src" > "$tmp/out" 2>&1; then
    pass "the tree's includes run one way"
else
    fail "the tree has includes that run the wrong way:"; cat "$tmp/out"
fi

# upward NAME FILE HEADER WANT: FILE (in a copy) including HEADER is refused,
# naming WANT.
upward() {
    rm -rf "$tmp/copy" && mkdir "$tmp/copy"
    cp -r "$src/asm" "$src/lc3sim" "$src/mipssim" "$tmp/copy/"
    printf '#include "%s"\n' "$3" >> "$tmp/copy/$2"
    if "$check" "$tmp/copy" > "$tmp/out" 2>&1; then
        fail "$1: not refused"
    else
        contains "$1" "$tmp/out" "$4"
    fi
}
upward "machine on syscalls" mipssim/machine/mips_memory.c mips_syscall.h \
    "mipssim/machine/mips_memory.c includes mipssim/syscalls/mips_syscall.h: mipssim/machine does not stand on mipssim/syscalls"
upward "core on the MIPS grader" asm/grade/grade_run.c hw4_suite.h \
    "asm/grade/grade_run.c includes mipssim/grade/hw4_suite.h: asm/grade does not stand on mipssim/grade"
upward "grader on a front end" mipssim/grade/grade_call.c mipssim.h \
    "mipssim/grade/grade_call.c includes mipssim/mipssim.h: mipssim/grade does not stand on mipssim"
upward "LC-3 machine on its debugger" lc3sim/machine/lc3_machine.c lc3_debug.h \
    "lc3sim/machine/lc3_machine.c includes lc3sim/debug/lc3_debug.h: lc3sim/machine does not stand on lc3sim/debug"
upward "LC-3 grader on the DAP host" lc3sim/grade/lc3_call.c lc3_dap.h \
    "lc3sim/grade/lc3_call.c includes lc3sim/debug/lc3_dap.h: lc3sim/grade does not stand on lc3sim/debug"

exit $failed
