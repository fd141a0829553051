#!/usr/bin/env bash
# include_graph_cli.sh SOURCE_DIR: the product's includes run one way
# (scripts/include_graph.sh passes on the tree), and the check sees an
# include that runs back up: a copy of the rooms where the machine includes
# the syscalls' header, and one where the grading core includes the MIPS
# grader's or the spec language's, must each fail; so must a private header
# (_impl.h) included from outside its folder, even by a room that stands on
# that folder; so must a copy with a circle inside a room (the spec's draw
# including its engine, which includes the draw; mipssim's run including
# mars, which stands on it).
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
# with the line WANT; a WANT that starts with ~ is a regular expression.
upward() {
    rm -rf "$tmp/copy" && mkdir "$tmp/copy"
    cp -r "$src/asm" "$src/lc3sim" "$src/mipssim" "$src/fuzz" "$src/bench" "$tmp/copy/"
    printf '#include "%s"\n' "$3" >> "$tmp/copy/$2"
    if "$check" "$tmp/copy" > "$tmp/out" 2>&1; then
        fail "$1: not refused"
    else
        if [[ $4 == "~"* ]]; then
            grep -qE -- "${4#\~}" "$tmp/out" && pass "$1" || { fail "$1: no '${4#\~}' in:"; cat "$tmp/out"; }
        else
            contains "$1" "$tmp/out" "$4"
        fi
    fi
}
upward "machine on syscalls" mipssim/machine/mips_memory.c mips_syscall.h \
    "mipssim/machine/mips_memory.c includes mipssim/syscalls/mips_syscall.h: mipssim/machine does not stand on mipssim/syscalls"
upward "core on the MIPS grader" asm/grade/grade_run.c spec_mips.h \
    "asm/grade/grade_run.c includes mipssim/grade/spec_mips.h: asm/grade does not stand on mipssim/grade"
upward "runtime on the spec language" asm/grade/grade_run.c grade_spec.h \
    "asm/grade/grade_run.c includes asm/grade/spec/grade_spec.h: asm/grade does not stand on asm/grade/spec"
# The circle is named from wherever the search met it first (which files
# the folder holds decides that): the edge added is in it either way.
upward "a circle in the spec language" asm/grade/spec/grade_spec_draw.c grade_spec_engine.h \
    "~^include circle in asm/grade/spec: (.* -> )?asm/grade/spec/grade_spec_draw -> asm/grade/spec/grade_spec_engine( -> .*)?\$"
upward "grader on a front end" mipssim/grade/mips_checked_call.c mipssim_run.h \
    "mipssim/grade/mips_checked_call.c includes mipssim/mipssim_run.h: mipssim/grade does not stand on mipssim"
upward "a circle between the two front ends" mipssim/mipssim_run.c mars.h \
    "include circle in mipssim: mipssim/mars -> mipssim/mipssim_run -> mipssim/mars"
upward "front end on the machine's insides" mipssim/mips_display.c mips_machine_impl.h \
    "mipssim/mips_display.c includes mipssim/machine/mips_machine_impl.h: a private header (_impl.h) is for its own folder"
upward "fuzz target on the machine's insides" fuzz/mips_machine.c mips_machine_impl.h \
    "fuzz/mips_machine.c includes mipssim/machine/mips_machine_impl.h: a private header (_impl.h) is for its own folder"
upward "LC-3 machine on its debugger" lc3sim/machine/lc3_machine.c lc3_debug.h \
    "lc3sim/machine/lc3_machine.c includes lc3sim/debug/lc3_debug.h: lc3sim/machine does not stand on lc3sim/debug"
upward "LC-3 grader on the DAP host" lc3sim/grade/lc3_call.c lc3_dap.h \
    "lc3sim/grade/lc3_call.c includes lc3sim/debug/lc3_dap.h: lc3sim/grade does not stand on lc3sim/debug"

exit $failed
