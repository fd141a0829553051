#!/usr/bin/env bash
# mipsgrade_hostile.sh MIPSGRADE REFERENCE_HW4 HOSTILE_DIR: the grader against
# the hostile submissions in tests/hostile/grader (issues 13 and 24), and
# against broken setups. Each check failed on the grader before the fix.
#   NAME.asm                  a submission as it is
#   NAME/                     a folder submission (its hw4.asm)
#   NAME.tail.asm             appended to the reference
#   NAME.FUNCTION.asm         inserted at the top of FUNCTION in the reference
#   NAME.sed                  a sed script run over the reference
# Links, FIFOs and broken setups are made here: they cannot live in git.
tool=$1 reference=$2 hostile=$3 name=mipsgrade_hostile
source "$(dirname "$0")/cli_lib.sh"
export TMPDIR=$tmp/scratch # every scratch folder the grader makes, to see them gone
mkdir "$TMPDIR"

# build NAME: $tmp/NAME.asm from the attack's file(s).
build() {
    local f
    for f in "$hostile/$1".*; do
        case $f in
        *.tail.asm) cat "$reference" "$f" > "$tmp/$1.asm" ;;
        *.sed) sed -f "$f" "$reference" > "$tmp/$1.asm" ;;
        *.*.asm) local fn=${f%.asm}; fn=${fn##*.}
                 sed "/^$fn:\$/r $f" "$reference" > "$tmp/$1.asm" ;;
        *) cp "$f" "$tmp/$1.asm" ;;
        esac
    done
}

# grade NAME STATUS ARGS...: grades $tmp/NAME.asm (built) into $tmp/out.
grade() {
    local n=$1 want=$2
    shift 2
    build "$n"
    expect "$n is graded" "$want" -- hw4 "$tmp/$n.asm" --seed 1 "$@"
}

says() { grep -qF -- "$2" "$tmp/out" && pass "$1: says '$2'" ||
         { fail "$1: no '$2' in the report:"; head -c 3000 "$tmp/out"; }; }
never() { grep -qF -- "$2" "$tmp/out" && { fail "$1: the report shows '$2'"; head -c 2000 "$tmp/out"; } ||
          pass "$1: no '$2'"; }
zero() { says "$1" "Total: 0.0 / ${2:-100.0}"; }
no_scratch_left() {
    [[ -z $(ls -A "$TMPDIR") ]] && pass "$1: no scratch folder left" ||
        { fail "$1: left in TMPDIR: $(ls -A "$TMPDIR" | head -3)"; rm -rf "${TMPDIR:?}"/*; }
}

# ---- 13.1: .include is refused, and the file it names is never read -----
expect "include_neighbour is graded" 0 -- hw4 "$hostile/include_neighbour" --seed 1
says include_neighbour 'hw4.asm:3: uses .include'; zero include_neighbour
for n in include_host_file include_environ include_by_eqv; do
    grade $n 0
    says $n 'uses .include'; zero $n; never $n 'root:'; never $n 'PATH='
done
mkfifo "$tmp/fifo"
printf '        .include "%s"\n' "$tmp/fifo" > "$tmp/include_fifo.asm"
timeout 20 "$tool" hw4 "$tmp/include_fifo.asm" --seed 1 > "$tmp/out" 2>&1
[[ $? == 0 ]] && pass "include_fifo: ends at once, never opening the FIFO" ||
    fail "include_fifo: the grader blocked or failed"
says include_fifo 'uses .include'

# ---- 13.2: the whole-file rules on the assembled program ----------------
for n in eqv_data macro_data; do grade $n 0; says $n 'has a .data section'; zero $n; done
grade eqv_main_label 0; says eqv_main_label 'has a label "main"'; zero eqv_main_label
for n in eqv_underscore_label macro_underscore_label; do
    grade $n 0; says $n 'has a label "__hidden" beginning with two underscores'; zero $n
done
grade kdata_table 0; says kdata_table 'has a .kdata section'; zero kdata_table
grade ktext_handler 0; says ktext_handler 'has a .ktext section'; zero ktext_handler
grade extern_word 0; says extern_word 'has a .extern section'; zero extern_word

# ---- 13.5: a syscall pays for the bytes it moves; single mode is limited -
grade read_loop 0 --only init_game
says read_loop 'syscall 14 at read_loop.asm:56 asks to move more words than were left'
build spin_forever
# 13.5 and issue 30.1: a submission that loops for ever in every function is
# stopped by the budgets, counted in instructions: an ordinary result.
grade spin_forever 0 --only get_cell
says spin_forever 'FAIL get_cell'; says spin_forever 'ran past'; says spin_forever 'Total: 0.0 / 6.0'
# The CPU limit is a safety net: past it, "not graded" (exit 1, no score,
# no results.json), never a 0 the submission did not earn.
echo stale > "$tmp/spin.json"
expect "spin_forever alone, --cpu 1" 1 -- hw4 "$tmp/spin_forever.asm" --seed 1 --cases 400 --cpu 1 \
    --json "$tmp/spin.json"
says spin_forever 'Not graded: the machine was too slow to finish this grading; grade it again.'
says spin_forever 'it has no score'
! grep -q 'Total:\|scores 0' "$tmp/out" && pass "spin_forever alone: no score" ||
    { fail "spin_forever alone: a score"; cat "$tmp/out"; }
[[ ! -e $tmp/spin.json ]] && pass "spin_forever: no results.json, so Gradescope shows a failure" ||
    { fail "spin_forever: a results.json"; cat "$tmp/spin.json"; }
no_scratch_left "spin_forever alone"

# ---- 13.6: the first forbidden syscall ends the test; fresh files each test
grade writes_file 0 --only init_game
says writes_file '(syscall 15 at writes_file.asm:'
grade syscall_in_accessor 0 --only is_valid_cell
says syscall_in_accessor 'made a syscall (syscall 13 at syscall_in_accessor.asm:'
grade shared_scratch 0 --only init_game; says shared_scratch 'Total: 10.0 / 10.0'

# ---- 24.9: the files a grading may create are counted ------------------
grade many_files 0 --only init_game; says many_files '$v0 is 64 (0x00000040), expected 0'
no_scratch_left many_files

# ---- 13.7: a child killed for time: a short report, its scratch removed --
mkdir "$tmp/reports"
expect "spin_forever in a batch, --cpu 1" 1 -- hw4 "$tmp/spin_forever.asm" --seed 1 --cases 400 \
    --cpu 1 --reports "$tmp/reports" --csv "$tmp/spin.csv"
grep -qxF "\"$tmp/spin_forever.asm\",,100.00,error: the machine was too slow to finish this grading; grade it again,\"1-${tmp//\//_}_spin_forever.asm.txt\",,,,,,,,,,," \
    "$tmp/spin.csv" && pass "spin_forever: not graded in the CSV, no score" ||
    { fail "spin_forever: the CSV"; cat "$tmp/spin.csv"; }
grep -qF 'Not graded: the machine was too slow' "$tmp/reports/"1-*.txt &&
    ! grep -q 'Total:' "$tmp/reports/"1-*.txt && pass "spin_forever: a short report, no score" ||
    { fail "spin_forever: the report"; cat "$tmp/reports/"1-*.txt; }
no_scratch_left "spin_forever in a batch"

# ---- 13.8: reports of alice/hw4.asm and bob/hw4.asm both kept ------------
mkdir -p "$tmp/alice" "$tmp/bob" "$tmp/reports2"
cp "$reference" "$tmp/alice/hw4.asm"; build eqv_data; cp "$tmp/eqv_data.asm" "$tmp/bob/hw4.asm"
expect "alice and bob" 0 -- hw4 "$tmp/alice/hw4.asm" "$tmp/bob/hw4.asm" --seed 1 \
    --reports "$tmp/reports2" --csv "$tmp/ab.csv"
[[ $(ls "$tmp/reports2" | wc -l) == 2 ]] && pass "two reports" || fail "reports: $(ls "$tmp/reports2")"
grep -lqF 'Total: 100.0' "$tmp/reports2"/1-*alice_hw4.asm.txt &&
    grep -lqF 'has a .data section' "$tmp/reports2"/2-*bob_hw4.asm.txt &&
    pass "each report is its own" || fail "the reports are mixed up"
grep -qF '_bob_hw4.asm.txt"' "$tmp/ab.csv" && pass "the CSV names the report" ||
    { fail "the CSV names no report"; cat "$tmp/ab.csv"; }
expect "the same names again" 1 -- hw4 "$tmp/alice/hw4.asm" "$tmp/bob/hw4.asm" --seed 1 \
    --reports "$tmp/reports2" --csv "$tmp/ab.csv"
grep -qF 'already exists (a report is never overwritten)' "$tmp/err" &&
    grep -lqF 'Total: 100.0' "$tmp/reports2"/1-*alice_hw4.asm.txt &&
    pass "an existing report is never overwritten: an error before any grading" ||
    { fail "reports overwritten"; cat "$tmp/err"; }

# ---- 13.9: the report is capped ----------------------------------------
grade report_flood 0 --json "$tmp/flood.json"
size=$(wc -c < "$tmp/out")
(( size < 100000 )) && pass "report_flood: a $size-byte report" || fail "report_flood: $size bytes"
says report_flood 'more bytes of messages'
(( $(wc -c < "$tmp/flood.json") < 100000 )) && pass "report_flood: a small results.json" ||
    fail "report_flood: results.json is $(wc -c < "$tmp/flood.json") bytes"

# ---- 13.11: --list with one entry is a batch -----------------------------
mkdir "$tmp/reports3"; printf '%s\n' "$reference" > "$tmp/one.list"
expect "--list with one entry" 0 -- hw4 --list "$tmp/one.list" --seed 1 --reports "$tmp/reports3"
says "--list with one entry" 'submission,score,max_score,status,report'
[[ -n $(ls "$tmp/reports3") ]] && pass "--list with one entry: its report" || fail "--list: no report"
expect "a batch without --reports" 0 -- hw4 --list "$tmp/one.list" --seed 1 --only get_cell
[[ $(cat "$tmp/out") == "submission,score,max_score,status,get_cell"*",6.00,6.00,graded,6.00" ]] &&
    pass "a batch without --reports: the CSV alone" || { fail "a batch prints more than the CSV"; head "$tmp/out"; }

# ---- 24.1: the maps must be there -----------------------------------------
build stub_init_game; mkdir "$tmp/nomaps"
expect "stub_init_game, an empty --maps" 1 -- hw4 "$tmp/stub_init_game.asm" --only init_game --maps "$tmp/nomaps"
grep -qF 'nothing graded: the map' "$tmp/err" && pass "says the map is missing" || { fail "no message"; cat "$tmp/err"; }
[[ ! -s $tmp/out ]] && pass "grades nothing" || fail "graded: $(head -3 "$tmp/out")"
expect "a missing --maps" 1 -- hw4 "$tmp/stub_init_game.asm" --maps "$tmp/nowhere"
mkdir -p "$tmp/moved/bin" "$tmp/moved/share/asmtools"
cp "$tool" "$tmp/moved/bin/mipsgrade"
saved_tool=$tool tool=$tmp/moved/bin/mipsgrade
expect "a moved binary without maps" 1 -- hw4 "$reference" --only init_game
grep -qF 'no maps folder next to the binary' "$tmp/err" && pass "says where it looked" ||
    { fail "moved binary: no message"; cat "$tmp/err"; }
cp -r "$(dirname "$saved_tool")/maps" "$tmp/moved/share/asmtools/maps"
expect "an installed binary finds share/asmtools/maps" 0 -- hw4 "$reference" --only init_game --seed 1
says "installed" 'Total: 10.0 / 10.0'
tool=$saved_tool

# ---- 24.2: no scratch folder is an error, never a 0 -----------------------
rm -f "$tmp/r.json"; echo stale > "$tmp/r.json"
TMPDIR=$tmp/no/such/dir expect "no TMPDIR" 1 -- hw4 "$reference" --seed 1 --json "$tmp/r.json"
says "no TMPDIR" 'Not graded: cannot make a scratch folder in'
[[ ! -e $tmp/r.json ]] && pass "no TMPDIR: no results.json, so Gradescope shows a failure" ||
    fail "no TMPDIR: a results.json: $(cat "$tmp/r.json")"
# Issue 30.10: a broken setup fails closed: an error on stderr naming it,
# exit 1, before any grading, and no CSV row (no 0.00) for anyone.
rm -f "$tmp/t.csv"
TMPDIR=$tmp/no/such/dir expect "no TMPDIR, a batch" 1 -- hw4 "$reference" --seed 1 --csv "$tmp/t.csv" --jobs 1
grep -qF 'mipsgrade: cannot make a scratch folder in' "$tmp/err" && [[ ! -e $tmp/t.csv ]] &&
    pass "no TMPDIR: an error on stderr, no CSV" || { fail "no TMPDIR, a batch"; cat "$tmp/err"; }

# ---- 24.3: --list lines that name no file ----------------------------------
printf '%s \n %s\n%s\n' "$reference" "$reference" "$tmp/nobody.asm" > "$tmp/bad.list"
expect "a list with stray spaces" 1 -- hw4 --list "$tmp/bad.list" --seed 1 --only get_cell --csv "$tmp/l.csv"
[[ $(grep -cF ': no such file (the line has a space or tab at its start or end)' "$tmp/err") == 2 ]] &&
    pass "spaces: said twice" || { fail "spaces"; cat "$tmp/err"; }
grep -qxF "mipsgrade: submission 3, $tmp/nobody.asm: no such file" "$tmp/err" && pass "no such file" ||
    { fail "no such file"; cat "$tmp/err"; }
[[ ! -e $tmp/l.csv ]] && pass "a missing submission: no CSV, no score for anyone" ||
    { fail "a missing submission: a CSV"; cat "$tmp/l.csv"; }

# ---- issue 30.10: every other setup error, before the first grading -------
expect "--reports that does not exist" 1 -- hw4 "$reference" --seed 1 --only get_cell \
    --reports "$tmp/no/such/reports" --csv "$tmp/r.csv"
grep -qF "mipsgrade: --reports $tmp/no/such/reports: No such file or directory" "$tmp/err" &&
    [[ ! -e $tmp/r.csv ]] && pass "--reports missing: an error on stderr, no CSV" ||
    { fail "--reports missing"; cat "$tmp/err" "$tmp/r.csv"; }
expect "--reports a file" 1 -- hw4 "$reference" --seed 1 --only get_cell --reports "$reference"
grep -qF "mipsgrade: --reports $reference: not a folder" "$tmp/err" && [[ ! -s $tmp/out ]] &&
    pass "--reports a file: an error, no row on stdout" || { fail "--reports a file"; cat "$tmp/err" "$tmp/out"; }
expect "--csv in a folder that does not exist" 1 -- hw4 "$reference" --seed 1 --only get_cell \
    --csv "$tmp/no/such/scores.csv"
grep -qF "mipsgrade: cannot write $tmp/no/such/scores.csv" "$tmp/err" &&
    pass "--csv cannot be written: an error" || { fail "--csv cannot be written"; cat "$tmp/err"; }

# Rows in the order given, whatever order the gradings end in: the slow
# one first, two at a time.
cp "$reference" "$tmp/fast.asm"
expect "a slow one then a fast one" 0 -- hw4 "$tmp/spin_forever.asm" "$tmp/fast.asm" --seed 1 \
    --jobs 2 --csv "$tmp/o.csv"
[[ $(cut -d, -f1 "$tmp/o.csv" | tr '\n' ' ') == "submission \"$tmp/spin_forever.asm\" \"$tmp/fast.asm\" " ]] &&
    pass "CSV rows in the order given" || { fail "CSV rows out of order"; cat "$tmp/o.csv"; }

# CSV fields a spreadsheet would run as formulas: an apostrophe first.
mkdir -p "$tmp/formula"
cp "$reference" "$tmp/formula/=HYPERLINK(\"http:x\").asm"; cp "$reference" "$tmp/formula/-2+3.asm"
printf '%s\n' '=HYPERLINK("http:x").asm' -2+3.asm > "$tmp/formula/list"
(cd "$tmp/formula" && "$tool" hw4 --list list --seed 1 --only get_cell > "$tmp/f.csv" 2> "$tmp/err")
grep -qxF "\"'=HYPERLINK(\"\"http:x\"\").asm\",6.00,6.00,graded,6.00" "$tmp/f.csv" &&
    grep -qxF "\"'-2+3.asm\",6.00,6.00,graded,6.00" "$tmp/f.csv" &&
    pass "formula-like names neutralized in the CSV" || { fail "formula-like names"; cat "$tmp/f.csv"; }

expect "one submission that does not exist" 1 -- hw4 "$tmp/nobody.asm" --seed 1 --json "$tmp/r.json"
says "one submission that does not exist" 'Not graded: no such file.'
[[ ! -e $tmp/r.json ]] && pass "no such file: no results.json" || fail "no such file: a results.json"

# ---- 24.11: links and non-regular files are refused ------------------------
ln -s "$(realpath "$reference")" "$tmp/link_to_reference.asm"
expect "link_to_reference" 0 -- hw4 "$tmp/link_to_reference.asm" --seed 1
says link_to_reference 'is a symbolic link'; zero link_to_reference
mkdir "$tmp/link_folder" && ln -s /etc/passwd "$tmp/link_folder/hw4.asm"
expect "link_folder" 0 -- hw4 "$tmp/link_folder" --seed 1
says link_folder 'hw4.asm: is a symbolic link'; never link_folder 'root:'
mkdir "$tmp/fifo_folder" && mkfifo "$tmp/fifo_folder/hw4.asm"
timeout 20 "$tool" hw4 "$tmp/fifo_folder" --seed 1 > "$tmp/out" 2>&1
[[ $? == 0 ]] && pass "fifo_folder: ends at once" || fail "fifo_folder: blocked or failed"
says fifo_folder 'is not a regular file'
mkdir "$tmp/stdin_folder" && ln -s /dev/stdin "$tmp/stdin_folder/hw4.asm"
echo 'init_game: jr $ra' | timeout 20 "$tool" hw4 "$tmp/stdin_folder" --seed 1 > "$tmp/out" 2>&1
says stdin_folder 'is a symbolic link'

# ---- 24.12: a file that does not assemble says why in results.json ---------
grade not_assembling 0 --json "$tmp/na.json"
grep -qF '{"name": "assembles", "score": 0, "max_score": 100.0000, "output": "It does not assemble' "$tmp/na.json" &&
    grep -qF 'addi' "$tmp/na.json" && pass "not_assembling: results.json has the messages" ||
    { fail "not_assembling: results.json"; cat "$tmp/na.json"; }

no_scratch_left "all the attacks"
exit $failed
