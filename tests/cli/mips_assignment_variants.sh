#!/usr/bin/env bash
# mips_assignment_variants.sh: the variants of the MIPS assignments in
# tests/grader/spec/NAME (issue 23) are what VARIANTS.md says they are, shown
# with the assignment's own main (reference-asm/mips/NAME/NAME_main.asm)
# before any grader runs them:
# - the reference prints tests/golden/NAME/all.out;
# - each correct/*.asm prints the same bytes, plain and under
#   --check=all,poison with no finding, and makes the same calls of every
#   function in NAME/calls (the callees the handout requires);
# - each broken/*.sed, applied to the reference, changes it and is caught the
#   way its header says ("# caught-by:"): `output`, its transcript differs from
#   the reference's (the one recorded in broken/VARIANT.out) in the lines of
#   its function only (each line of the main starts with one); `check`, the same
#   transcript, and mipssim --check's findings are broken/VARIANT.err; `calls F`,
#   the same transcript, but F's calls (each marked by a '*' printed on entry to
#   F, recorded in broken/VARIANT.calls) differ from the reference's;
#   `budget`, the same transcripts, but some call of its function in
#   NAME/budgets (below) takes more than its budget.
# And with NAME/random_main.asm, which calls each function on a few hundred
# random inputs the handout allows (seeded): the reference prints
# NAME/random.out, every correct variant and every broken one whose results are
# right (`check`, `calls F`, `budget`) prints the same, and every `output` one differs,
# in its function's lines only.
# And the handout's budgets: with NAME/budget_main.asm, which makes one call
# of the largest kind the handout allows (NAME/budgets lists them with their
# budgets), the reference and each correct variant stay within each budget.
# Then the inputs for whole-program tests of the seeds' Nim and table game
# (tests/grader/spec/nim, table; their README.md): the reference prints each
# recorded NAME.out, and the folder's broken copy differs on some input.
# VARIANTS_BLESS=1 rewrites the recorded files instead of comparing them.
#
#   mips_assignment_variants.sh MIPSSIM PROJECT_DIR
name=mips_assignment_variants
source "$(dirname "$0")/cli_lib.sh"
mipssim=$1 project=$2
bless=${VARIANTS_BLESS:-0}

# trace FILE FUNCTION OUT: OUT is FILE with a '*' printed at each entry to
# FUNCTION ($a0 and $v0 kept), jal and tail calls alike.
trace() {
    local body=traced_${2}_body
    grep -qx "$2:" "$1" || { fail "$1 has no line '$2:' to trace"; return; }
    sed "s/^$2:\$/$body:/" "$1" > "$3"
    cat >> "$3" <<EOF
$2:
        addiu \$sp, \$sp, -8
        sw \$a0, 0(\$sp)
        sw \$v0, 4(\$sp)
        li \$v0, 11
        li \$a0, '*'
        syscall
        lw \$a0, 0(\$sp)
        lw \$v0, 4(\$sp)
        addiu \$sp, \$sp, 8
        j $body
EOF
}

# play FILE [OPTION...]: the main with FILE, from the scratch folder (messages
# name the files as NAME_main.asm and FILE); stdout in $tmp/out, stderr in
# $tmp/err, the exit status in $status. random FILE: the same with
# random_main.asm, stdout in $tmp/random.
play() {
    local file=$1
    shift
    (cd "$work" && timeout 120 "$mipssim" --limit 20000000 "$@" "${assignment}_main.asm" "$file") \
        > "$tmp/out" 2> "$tmp/err"
    status=$?
}
random() {
    (cd "$work" && timeout 120 "$mipssim" --limit 50000000 random_main.asm "$1") \
        > "$tmp/random" 2> "$tmp/err"
    status=$?
}

# same_random CHECK FILE: FILE's random transcript is the reference's.
same_random() {
    random "$2"
    if [[ $status == 0 ]] && cmp -s "$tmp/random" "$dir/random.out" && [[ ! -s $tmp/err ]]; then
        pass "$1: random_main prints random.out"
    else
        fail "$1: status $status, random_main's transcript differs from random.out:"
        diff "$dir/random.out" "$tmp/random" | head -6
    fi
}

# only_lines_of CHECK FUNCTION EXPECTED ACTUAL: the lines that differ all
# start with FUNCTION (each main starts every line with the function it shows).
only_lines_of() {
    local others
    others=$(diff "$3" "$4" | sed -n 's/^[<>] //p' | grep -v "^$2[( ]")
    if [[ -z $others ]]; then
        pass "$1: only $2's lines differ"
    else
        fail "$1: lines of other functions differ too:"
        head -5 <<< "$others"
    fi
}

# record KIND FILE: under VARIANTS_BLESS, FILE := $tmp/KIND; else they must match.
record() {
    if [[ $bless == 1 ]]; then
        cp "$tmp/$1" "$2"
        echo "blessed $2"
        return 0
    fi
    cmp -s "$tmp/$1" "$2"
}

# count FILE CASE: the instructions budget_main.asm executes with FILE and
# the argument CASE, in $count.
count() {
    count=$(cd "$work" && timeout 120 "$mipssim" --count --limit 20000000 budget_main.asm "$1" \
                --args "$2" 2>&1 > /dev/null | sed -n 's/^mipssim: \([0-9]*\) instructions executed$/\1/p')
}

# within_budgets CHECK FILE: each call of NAME/budgets, measured as the
# difference from the same run with the stub (the stub's jr $ra counts as
# the call's own), takes no more than its budget.
within_budgets() {
    local case function budget
    while read -r case function budget; do
        [[ $case == \#* ]] && continue
        count "$2" "$case"
        local used=$count
        count stub.asm "$case"
        if [[ -n $used && -n $count ]] && (( used - count + 1 <= budget )); then
            pass "$1: $function's largest case takes $((used - count + 1)) of $budget"
        else
            fail "$1: $function's largest case takes ${used:-?} - ${count:-?} + 1, over $budget"
        fi
    done < "$dir/budgets"
}

# over_budget CHECK FILE FUNCTION: some call of FUNCTION in NAME/budgets
# takes more than its budget.
over_budget() {
    local case function budget over=""
    while read -r case function budget; do
        [[ $case == \#* || $function != "$3" ]] && continue
        count "$2" "$case"
        local used=$count
        count stub.asm "$case"
        if [[ -n $used && -n $count ]] && (( used - count + 1 > budget )); then
            over="$over case $case: $((used - count + 1)) of $budget;"
        fi
    done < "$dir/budgets"
    if [[ -n $over ]]; then
        pass "$1: over the budget ($over)"
    else
        fail "$1: within every budget of $3"
    fi
}

for assignment in strings recursion; do
    dir=$project/tests/grader/spec/$assignment
    reference=$project/reference-asm/mips/$assignment/$assignment.asm
    golden=$project/tests/golden/$assignment/all.out
    work=$tmp/$assignment
    mkdir -p "$work"
    cp "$project/reference-asm/mips/$assignment/${assignment}_main.asm" "$work/"
    cp "$reference" "$work/reference.asm"
    functions=$(sed -n 's/^        \.globl \([a-z_]*\)$/\1/p' "$reference")
    required_calls=()
    if [[ -f $dir/calls ]]; then
        mapfile -t required_calls < "$dir/calls"
    fi

    cp "$dir/random_main.asm" "$dir/budget_main.asm" "$work/"
    # every function a bare return, to measure budget_main.asm's own work
    {
        echo "        .text"
        for f in $functions; do printf '        .globl %s\n%s:\n        jr $ra\n' "$f" "$f"; done
    } > "$work/stub.asm"

    play reference.asm
    if [[ $status == 0 ]] && cmp -s "$tmp/out" "$golden" && [[ ! -s $tmp/err ]]; then
        pass "$assignment: the reference prints all.out"
    else
        fail "$assignment: the reference (status $status) does not print all.out"
    fi
    random reference.asm
    if [[ $status == 0 ]] && [[ ! -s $tmp/err ]] && record random "$dir/random.out"; then
        pass "$assignment: the reference's random_main transcript is random.out"
    else
        fail "$assignment: the reference (status $status) does not print random.out"
    fi
    within_budgets "$assignment" reference.asm
    for f in ${required_calls[@]+"${required_calls[@]}"}; do
        trace "$work/reference.asm" "$f" "$work/reference.trace_$f.asm"
        play "reference.trace_$f.asm"
        cp "$tmp/out" "$work/reference.calls_$f"
        if [[ $status == 0 ]] && ! cmp -s "$tmp/out" "$golden" &&
           [[ $(tr -cd '*' < "$tmp/out" | wc -c) -gt 1 ]]; then
            pass "$assignment: the reference calls $f, as the trace shows"
        else
            fail "$assignment: the trace of $f shows no calls in the reference"
        fi
    done

    for variant in "$dir"/correct/*.asm; do
        v=$(basename "$variant" .asm)
        grep -qF "\`correct/$v.asm\`" "$dir/VARIANTS.md" || fail "$assignment/$v is not in VARIANTS.md"
        cp "$variant" "$work/$v.asm"
        for options in "" "--check=all,poison"; do
            play "$v.asm" $options
            if [[ $status == 0 ]] && cmp -s "$tmp/out" "$golden" && [[ ! -s $tmp/err ]]; then
                pass "$assignment/$v ${options:-plain}: prints all.out, nothing on stderr"
            else
                fail "$assignment/$v ${options:-plain}: status $status, output or stderr differs:"
                diff "$golden" "$tmp/out" | head -10; head -5 "$tmp/err"
            fi
        done
        same_random "$assignment/$v" "$v.asm"
        within_budgets "$assignment/$v" "$v.asm"
        for f in ${required_calls[@]+"${required_calls[@]}"}; do
            trace "$work/$v.asm" "$f" "$work/$v.trace_$f.asm"
            play "$v.trace_$f.asm"
            if [[ $status == 0 ]] && cmp -s "$tmp/out" "$work/reference.calls_$f"; then
                pass "$assignment/$v: calls $f as the reference does"
            else
                fail "$assignment/$v: its calls of $f differ from the reference's"
            fi
        done
    done

    for script in "$dir"/broken/*.sed; do
        v=$(basename "$script" .sed)
        base=$dir/broken/$v
        grep -qF "\`broken/$v.sed\`" "$dir/VARIANTS.md" || fail "$assignment/$v is not in VARIANTS.md"
        function=$(sed -n 's/^# function: //p' "$script")
        caught_by=$(sed -n 's/^# caught-by: //p' "$script")
        grep -qx -- "$function" <<< "$functions" ||
            fail "$assignment/$v: '# function: $function' is not a function of $assignment.asm"
        sed -f "$script" "$reference" > "$work/$v.asm"
        if cmp -s "$reference" "$work/$v.asm"; then
            fail "$assignment/$v: the script changes nothing"
            continue
        fi
        play "$v.asm"
        case $caught_by in
        output)
            if [[ $status == 0 ]] && ! cmp -s "$tmp/out" "$golden" && [[ ! -s $tmp/err ]] &&
               record out "$base.out"; then
                pass "$assignment/$v ($function): its transcript differs, as $v.out records"
            else
                fail "$assignment/$v ($function): status $status; not the output $v.out records:"
                diff "$base.out" "$tmp/out" | head -10
            fi
            only_lines_of "$assignment/$v" "$function" "$golden" "$tmp/out"
            random "$v.asm"
            if [[ $status == 0 ]] && ! cmp -s "$tmp/random" "$dir/random.out"; then
                pass "$assignment/$v: random_main's transcript differs too"
                only_lines_of "$assignment/$v random" "$function" "$dir/random.out" "$tmp/random"
            else
                fail "$assignment/$v: status $status, random_main does not catch it"
            fi
            ;;
        check)
            cmp -s "$tmp/out" "$golden" || fail "$assignment/$v: its plain transcript differs"
            same_random "$assignment/$v" "$v.asm"
            play "$v.asm"
            play "$v.asm" --check
            if [[ $status == 0 ]] && cmp -s "$tmp/out" "$golden" && [[ -s $tmp/err ]] &&
               record err "$base.err"; then
                pass "$assignment/$v ($function): same transcript; --check finds what $v.err records"
            else
                fail "$assignment/$v ($function): status $status; not the findings $v.err records:"
                diff "$base.err" "$tmp/err" | head -10
            fi
            ;;
        calls\ *)
            f=${caught_by#calls }
            cmp -s "$tmp/out" "$golden" || fail "$assignment/$v: its plain transcript differs"
            same_random "$assignment/$v" "$v.asm"
            if [[ ! -f $work/reference.calls_$f ]]; then
                fail "$assignment/$v: $f is not in $assignment's calls file"
                continue
            fi
            trace "$work/$v.asm" "$f" "$work/$v.trace_$f.asm"
            play "$v.trace_$f.asm"
            if [[ $status == 0 ]] && ! cmp -s "$tmp/out" "$work/reference.calls_$f" &&
               record out "$base.calls"; then
                pass "$assignment/$v ($function): same transcript; its calls of $f differ ($v.calls)"
            else
                fail "$assignment/$v ($function): status $status; its calls of $f are not what $v.calls records"
            fi
            ;;
        budget)
            cmp -s "$tmp/out" "$golden" || fail "$assignment/$v: its plain transcript differs"
            same_random "$assignment/$v" "$v.asm"
            over_budget "$assignment/$v ($function)" "$v.asm" "$function"
            ;;
        *)
            fail "$assignment/$v: '# caught-by: $caught_by' is none of output, check, calls F, budget"
            ;;
        esac
    done
done
# The seeds' whole programs (tests/grader/spec/nim, table): each NAME.in with
# NAME.args makes the reference print NAME.out (under --check, with no
# finding); the broken copy (the folder's one .sed) is a change, and prints
# something else on at least one input.
for pair in nim:nim table:table_game; do
    dir=$project/tests/grader/spec/${pair%%:*}
    program=${pair#*:}
    work=$tmp/whole_$program
    mkdir -p "$work"
    scripts=("$dir"/*.sed)
    if [[ ${#scripts[@]} != 1 || ! -f ${scripts[0]} ]]; then
        fail "${pair%%:*}: not exactly one broken copy (.sed)"
        continue
    fi
    cp "$project/reference-asm/mips/input.asm" "$work/"
    sed -f "${scripts[0]}" "$project/reference-asm/mips/$program.asm" > "$work/$program.asm"
    cmp -s "$project/reference-asm/mips/$program.asm" "$work/$program.asm" &&
        fail "${pair%%:*}: $(basename "${scripts[0]}") changes nothing"
    differing=0
    for input in "$dir"/*.in; do
        case=${input%.in}
        mapfile -t args < "$case.args"
        (cd "$project" && timeout 120 "$mipssim" --check --limit 20000000 \
             "reference-asm/mips/$program.asm" --args "${args[@]}") < "$input" \
            > "$tmp/out" 2> "$tmp/err"
        status=$?
        if [[ $status == 0 ]] && [[ ! -s $tmp/err ]] && record out "$case.out"; then
            pass "${pair%%:*}/$(basename "$case"): the reference prints its .out"
        else
            fail "${pair%%:*}/$(basename "$case"): status $status, not its .out:"
            diff "$case.out" "$tmp/out" | head -6
        fi
        (cd "$work" && timeout 120 "$mipssim" --limit 20000000 "$program.asm" \
             --args "${args[@]}") < "$input" > "$tmp/out" 2> /dev/null
        cmp -s "$tmp/out" "$case.out" || differing=$((differing + 1))
    done
    if [[ $differing -gt 0 ]]; then
        pass "${pair%%:*}: $(basename "${scripts[0]}") prints something else on $differing inputs"
    else
        fail "${pair%%:*}: $(basename "${scripts[0]}") prints the reference's output on every input"
    fi
done
exit $failed
