#!/usr/bin/env bash
# mipssim_cli.sh: checks mipssim's command line: every option, every exit
# status, --help, and the messages for a missing file and assembly errors.
#
#   mipssim_cli.sh MIPSSIM
#
# Each check names itself; the script fails if any check does.
if [[ $# -ne 1 ]]; then
    echo "usage: $0 MIPSSIM" >&2
    exit 2
fi
tool=$1 name=mipssim_cli
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"

# A wedged run must not hang the suite; no run reads a terminal.
real_tool=$tool runner=()
if command -v timeout > /dev/null 2>&1; then
    runner=(timeout 30)
fi
tool=run_limited
run_limited() { ${runner[@]+"${runner[@]}"} "$real_tool" "$@" < /dev/null; }

# same NAME FILE TEXT: FILE holds exactly TEXT (no newline added).
same() {
    if [[ "$(cat "$2"; echo .)" == "$3." ]]; then pass "$1"; else fail "$1: got:"; od -c "$2" | head -5; fi
}

cat > "$tmp/hello.asm" <<'ASM'
        .data
msg:    .asciiz "Hello, world!\n"
        .text
        la $a0, msg
        li $v0, 4
        syscall
        li $v0, 10
        syscall
ASM

expect "--help exits 0" 0 -- --help
for word in --start-main --limit --fs-root --max-output --db --smc --np --count --regs --mem \
            --we --mars --args -h, --help "-d, --debug" "-x FILE" "--input FILE" \
            "--check[=LIST]" saved return caller uninit-reg uninit-mem stack poison error; do
    grep -qF -- "$word" "$tmp/out" || fail "--help does not mention $word"
done
for status in 0 1 2 3 4 5 6 7 8; do
    grep -qE "^  $status +[a-z]" "$tmp/out" || fail "--help does not explain exit status $status"
done
grep -qF "after syscall 17" "$tmp/out" || fail "--help does not explain syscall 17's status"
expect "-h exits 0" 0 -- -h

# The debugger: -x runs its commands (stdin, /dev/null here, has none);
# the sessions themselves are golden transcripts (tests/golden/debug).
printf 'step\nquit\n' > "$tmp/session.cmds"
expect "-d -x runs the commands" 0 -- -d -x "$tmp/session.cmds" "$tmp/hello.asm"
contains "-d -x echoes each command" "$tmp/out" "(ldb) step"
expect "-x needs a value" 2 -- "$tmp/hello.asm" -d -x
contains "-x needs a value: says so" "$tmp/err" "mipssim: -x needs a value"
expect "--input must be readable" 2 -- -d --input "$tmp/no-such.in" "$tmp/hello.asm"

expect "runs a program" 0 -- "$tmp/hello.asm"
same "its output, exactly" "$tmp/out" $'Hello, world!\n'

# Usage errors: status 2, nothing runs.
expect "no file is a usage error" 2 --
contains "says what is missing" "$tmp/err" "mipssim: no program given"
expect "an unknown option" 2 -- --bogus "$tmp/hello.asm"
contains "names it" "$tmp/err" "mipssim: unknown option '--bogus'"
expect "--limit needs a number" 2 -- --limit abc "$tmp/hello.asm"
expect "--limit 0 is refused" 2 -- --limit 0 "$tmp/hello.asm"
expect "--limit without a value" 2 -- "$tmp/hello.asm" --limit
contains "says so" "$tmp/err" "mipssim: --limit needs a value"
expect "--max-output needs a number" 2 -- --max-output -5 "$tmp/hello.asm"
expect "--fs-root must be a directory" 2 -- --fs-root "$tmp/hello.asm" "$tmp/hello.asm"
expect "--fs-root must exist" 2 -- --fs-root "$tmp/nowhere" "$tmp/hello.asm"
same "a usage error runs nothing" "$tmp/out" ""

# Status 1: nothing assembled, nothing ran.
expect "a missing file exits 1" 1 -- "$tmp/none.asm"
contains "names the file" "$tmp/err" "$tmp/none.asm: error: cannot read the file: No such file or directory"
printf '        .text\n        li $v0, 10\n        addi $t0, $t1\n        j nowhere\n' > "$tmp/bad.asm"
expect "assembly errors exit 1" 1 -- "$tmp/bad.asm"
contains "first error, file:line:col" "$tmp/err" \
    "$tmp/bad.asm:3:9: error: \"addi\": Too few or incorrectly formatted operands. Expected: addi \$t1,\$t2,-100"
contains "second error" "$tmp/err" "$tmp/bad.asm:4:11: error: Symbol \"nowhere\" not found in symbol table."
contains "the count" "$tmp/err" "2 errors, 0 warnings; nothing ran"
expect "an error in the second file stops the first" 1 -- "$tmp/hello.asm" "$tmp/bad.asm"
same "nothing ran" "$tmp/out" ""

printf '        .text\n        add $t0, $t1, 5\n' > "$tmp/pseudo.asm"
expect "--np refuses pseudo-instructions" 1 -- --np "$tmp/pseudo.asm"
grep -qF "Extended (pseudo) instruction or format not permitted.  See Settings." "$tmp/err" ||
    fail "--np message: $(cat "$tmp/err")"
expect "without --np they assemble" 0 -- "$tmp/pseudo.asm"

# --db: the instruction after a jump (its delay slot) runs.
cat > "$tmp/slot.asm" <<'ASM'
        .text
        j print
        addiu $a0, $zero, 7
print:  addiu $v0, $zero, 1
        syscall
ASM
expect "without --db the slot is skipped" 0 -- "$tmp/slot.asm"
same "prints 0" "$tmp/out" "0"
expect "--db runs the slot" 0 -- --db "$tmp/slot.asm"
same "prints 7" "$tmp/out" "7"

# --smc: the program may read its own code.
cat > "$tmp/smc.asm" <<'ASM'
        .text
        lui $t0, 0x0040
        lw $a0, 0($t0)
        li $v0, 34
        syscall
ASM
expect "reading .text is a runtime error (6)" 6 -- "$tmp/smc.asm"
contains "MARS's message" "$tmp/err" \
    "$tmp/smc.asm:3:9: error: runtime error at 0x00400004: Cannot read directly from text segment!0x00400000"
expect "--smc allows it" 0 -- --smc "$tmp/smc.asm"
same "the first word" "$tmp/out" "0x3c080040"

# --start-main: main if it is global, else the first instruction.
printf '        .text\n        li $a0, 1\nmain:   li $v0, 17\n        syscall\n' > "$tmp/local.asm"
expect "--start-main ignores a local main" 1 -- --start-main "$tmp/local.asm"
printf '        .globl main\n        .text\n        li $a0, 1\nmain:   li $v0, 17\n        syscall\n' > "$tmp/global.asm"
expect "--start-main starts at a global main" 0 -- --start-main "$tmp/global.asm"
expect "without it, the first instruction" 1 -- "$tmp/global.asm"

# A student's main file .includes its functions before main (hw4): without
# --start-main the run starts in the first function, which returns to 0.
printf '        .text\nfirst:  li $v0, 1\n        jr $ra\n' > "$tmp/funcs.asm"
printf '        .include "funcs.asm"\n        .globl main\nmain:   jal first\n        li $v0, 10\n        syscall\n' > "$tmp/student.asm"
expect "a main after its .included functions, run from the top: 6" 6 -- "$tmp/student.asm"
contains "the bad pc" "$tmp/err" "mipssim: error: runtime error at 0x00000000: invalid program counter value: 0x00000000"
contains "says where the run started and where main is" "$tmp/err" \
    "mipssim: note: the run started at 0x00400000 ($tmp/funcs.asm:2), not at main ($tmp/student.asm:3), and that code returned with \$ra never set"
contains "names --start-main" "$tmp/err" "mipssim: note: run with --start-main to start at main, as MARS's sm does"
expect "--start-main runs it" 0 -- --start-main "$tmp/student.asm"
sed '/globl/d' "$tmp/student.asm" > "$tmp/student_local.asm"
expect "a local main: still 6 with --start-main" 6 -- --start-main "$tmp/student_local.asm"
contains "asks for .globl main" "$tmp/err" \
    "mipssim: note: run with --start-main to start at main (declare it .globl main first), as MARS's sm does"
printf '        .text\n        li $ra, 0\n        li $t0, 0\n        jr $t0\n' > "$tmp/no_main.asm"
expect "no main: 6" 6 -- "$tmp/no_main.asm"
if grep -q "note:" "$tmp/err"; then fail "a note without a main"; else pass "no main, no note"; fi

# --count, --regs.
expect "--count" 0 -- --count "$tmp/hello.asm"
same "--count: instructions on stderr" "$tmp/err" $'mipssim: 6 instructions executed\n'
expect "--regs" 0 -- --regs "$tmp/hello.asm"
contains "--regs: \$v0" "$tmp/err" $'$v0\t0x0000000a'
contains "--regs: \$sp" "$tmp/err" $'$sp\t0x7fffeffc'
contains "--regs: pc" "$tmp/err" $'pc\t0x00400018'
contains "--regs: \$f31" "$tmp/err" $'$f31\t0x00000000'
[[ $(wc -l < "$tmp/err") == 67 ]] || fail "--regs: 67 lines expected (32, pc, hi, lo, 32 FP)"

# --mem: MARS's memory display on stderr after the run; a bad range is usage.
expect "--mem" 0 -- --mem 0x10010000-0x10010010 --mem 0-0 "$tmp/hello.asm"
same "--mem: four words a line, MARS's framing" "$tmp/err" \
    $'Mem[0x10010000]\t0x6c6c6548\t0x77202c6f\t0x646c726f\t0x00000a21\t\nMem[0x10010010]\t0x00000000\t\nMem[0x00000000]\tInvalid address: 0\t\n'
expect "--mem: unaligned" 2 -- --mem 0x10010001-0x10010010 "$tmp/hello.asm"
expect "--mem: high below low" 2 -- --mem 8-4 "$tmp/hello.asm"

# --we: a warning fails the assembly.
printf '        .data\n        .byte 0xe9\n        .text\n        nop\n' > "$tmp/warn.asm"
expect "a warning alone runs" 0 -- "$tmp/warn.asm"
expect "--we: a warning is an error" 1 -- --we "$tmp/warn.asm"
contains "--we: says so" "$tmp/err" "0 errors, 1 warning (errors under --we); nothing ran"

# --limit and status 3; --limit=N.
printf '        .text\nloop:   j loop\n' > "$tmp/loop.asm"
expect "--limit stops a loop (3)" 3 -- --limit=50 "$tmp/loop.asm"
contains "says where" "$tmp/err" \
    "mipssim: instruction limit reached after 50 instructions; stopped at 0x00400000"

# --max-output and status 5.
expect "--max-output caps the output (5)" 5 -- --max-output 5 "$tmp/hello.asm"
same "what fits is written" "$tmp/out" "Hello"
contains "says so" "$tmp/err" \
    "mipssim: the program's output reached the cap of 5 bytes (--max-output); stopped"

# Status 4: input ended.
printf '        .text\n        li $v0, 12\n        syscall\n' > "$tmp/getc.asm"
expect "end of input (4)" 4 -- "$tmp/getc.asm"
contains "says so" "$tmp/err" \
    "mipssim: input ended while the program waits for it (syscall 12) at 0x00400004"

# --fs-root: file syscalls resolve against it.
mkdir "$tmp/root"
cat > "$tmp/file.asm" <<'ASM'
        .data
name:   .asciiz "made.txt"
text:   .ascii "inside"
        .text
        la $a0, name
        li $a1, 1
        li $v0, 13
        syscall
        move $a0, $v0
        la $a1, text
        li $a2, 6
        li $v0, 15
        syscall
        li $v0, 16
        syscall
ASM
expect "--fs-root" 0 -- --fs-root "$tmp/root" "$tmp/file.asm"
if [[ -f $tmp/root/made.txt && "$(cat "$tmp/root/made.txt")" == inside && ! -e made.txt ]]; then
    pass "the file was written inside the root"
else
    fail "--fs-root: no $tmp/root/made.txt"
fi

# --args: after the files, every word is the program's.
cat > "$tmp/argc.asm" <<'ASM'
        .text
        li $v0, 1
        syscall
        lw $a0, 4($a1)
        li $v0, 4
        syscall
ASM
expect "--args" 0 -- "$tmp/argc.asm" --args a --limit
same "argc and argv[1], options taken as words" "$tmp/out" "2--limit"
# As MARS: each Java char of an argument stored as its low byte (é is
# U+00E9: one byte 0xe9; U+20AC, the euro sign, is 0xac; bad UTF-8 is U+FFFD,
# 0xfd), which syscall 4 prints back as Latin-1 in UTF-8.
expect "--args: characters, not bytes" 0 -- "$tmp/argc.asm" --args x $'\xc3\xa9\xe2\x82\xac\xff'
same "low bytes of the chars" "$tmp/out" $'2\xc3\xa9\xc2\xac\xc3\xbd'


# Status 6 with the program's output first, and 17's own status.
printf '        .text\n        li $a0, 65\n        li $v0, 11\n        syscall\n        break 3\n' > "$tmp/brk.asm"
expect "a runtime error exits 6" 6 -- "$tmp/brk.asm"
same "the output before it" "$tmp/out" "A"
contains "the message" "$tmp/err" \
    "$tmp/brk.asm:5:9: error: runtime error at 0x0040000c: break instruction executed; code = 3."
contains "the source line" "$tmp/err" "    5 |         break 3"

# Status 7: the reader went away; mipssim stops quietly.
printf '        .text\nloop:   li $a0, 65\n        li $v0, 11\n        syscall\n        j loop\n' > "$tmp/spew.asm"
(${runner[@]+"${runner[@]}"} "$real_tool" "$tmp/spew.asm" 2> "$tmp/err"; echo $? > "$tmp/status") | head -c 10 > /dev/null
if [[ $(cat "$tmp/status") == 7 && ! -s $tmp/err ]]; then
    pass "a closed pipe stops the run quietly (7)"
else
    fail "closed pipe: status $(cat "$tmp/status"), stderr: $(cat "$tmp/err")"
fi

# A branch beyond 16 bits runs as in MARS (to the label, with the whole
# offset), after a warning that real hardware would not.
{
    printf 'main:   beq $t0, $t0, far\n'
    printf '        li $v0, 10\n'
    printf '        syscall\n'
    printf '        .text 0x00430000\n'
    printf 'far:    li $a0, 42\n'
    printf '        li $v0, 1\n'
    printf '        syscall\n'
} > "$tmp/far.asm"
expect "a branch beyond 16 bits runs" 0 -- "$tmp/far.asm"
same "it reaches its label" "$tmp/out" "42"
contains "with a warning at the statement" "$tmp/err" \
    "$tmp/far.asm:1:9: warning: branch offset of 49151 words does not fit in 16 bits: MARS branches there, real MIPS hardware would not"

# --check (docs/checks.md): a bad list is a usage error naming the checks;
# findings go to stderr and leave stdout byte for byte as without it;
# --check=error stops at the first with status 8, before its instruction.
expect "--check with an unknown check exits 2" 2 -- --check=saved,bogus "$tmp/hello.asm"
says "and names it and the checks" "mipssim: --check: unknown check 'bogus' (the checks: all, none, -NAME, saved,"
expect "--check= (empty) is every check" 0 -- --check= "$tmp/hello.asm"
same "a clean program prints as without --check" "$tmp/out" "Hello, world!
"
[[ -s $tmp/err ]] && fail "a clean program has no finding: $(cat "$tmp/err")" || pass "a clean program has no finding"
{
    printf 'main:   li $s0, 5\n'
    printf '        jal f\n'
    printf '        move $a0, $s0\n'
    printf '        li $v0, 1\n'
    printf '        syscall\n'
    printf '        li $v0, 10\n'
    printf '        syscall\n'
    printf 'f:      li $s0, 7\n'
    printf '        jr $ra\n'
} > "$tmp/clobber.asm"
expect "a program with a finding runs without --check" 0 -- "$tmp/clobber.asm"
cp "$tmp/out" "$tmp/plain.out"
expect "and with it" 0 -- --check "$tmp/clobber.asm"
cmp -s "$tmp/out" "$tmp/plain.out" && pass "its stdout is the same bytes" || fail "--check changed stdout"
says "the finding is on stderr" "check [saved]: f returned with \$s0 changed: 0x00000005 at the call, 0x00000007 now"
expect "--check=-saved leaves that check out" 0 -- --check=-saved "$tmp/clobber.asm"
[[ -s $tmp/err ]] && fail "--check=-saved still found: $(cat "$tmp/err")" || pass "and finds nothing"
expect "--check=error stops at the first finding with status 8" 8 -- --check=error "$tmp/clobber.asm"
same "before the jr ran: nothing printed" "$tmp/out" ""
says "and says why it stopped" "mipssim: stopped at the first finding (--check=error)"

# A handler reads coprocessor 0: $13 there is Cause, no general register.
{
    printf 'main:   lw $t0, 1($zero)\n'
    printf '        li $v0, 10\n'
    printf '        syscall\n'
    printf '        .ktext 0x80000180\n'
    printf '        mfc0 $a0, $13\n'
    printf '        mfc0 $k0, $14\n'
    printf '        addiu $k0, $k0, 4\n'
    printf '        mtc0 $k0, $14\n'
    printf '        eret\n'
} > "$tmp/cop0.asm"
expect "--check on a handler that reads Cause" 0 -- --check "$tmp/cop0.asm"
[[ -s $tmp/err ]] && fail "mfc0's \$13 read as a general register: $(cat "$tmp/err")" ||
    pass "mfc0 and mtc0 read no general register by their coprocessor 0 operand"

exit $failed
