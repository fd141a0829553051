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
#   F, recorded in broken/VARIANT.calls) differ from the reference's.
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
# $tmp/err, the exit status in $status.
play() {
    local file=$1
    shift
    (cd "$work" && timeout 120 "$mipssim" --limit 20000000 "$@" "${assignment}_main.asm" "$file") \
        > "$tmp/out" 2> "$tmp/err"
    status=$?
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

    play reference.asm
    if [[ $status == 0 ]] && cmp -s "$tmp/out" "$golden" && [[ ! -s $tmp/err ]]; then
        pass "$assignment: the reference prints all.out"
    else
        fail "$assignment: the reference (status $status) does not print all.out"
    fi
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
            # The main starts each line with the function it shows: only the
            # broken function's lines may differ.
            others=$(diff "$golden" "$tmp/out" | sed -n 's/^[<>] //p' | grep -v "^$function[( ]")
            if [[ -z $others ]]; then
                pass "$assignment/$v: only $function's lines differ"
            else
                fail "$assignment/$v: lines of other functions differ too:"
                head -5 <<< "$others"
            fi
            ;;
        check)
            cmp -s "$tmp/out" "$golden" || fail "$assignment/$v: its plain transcript differs"
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
        *)
            fail "$assignment/$v: '# caught-by: $caught_by' is none of output, check, calls F"
            ;;
        esac
    done
done
exit $failed
