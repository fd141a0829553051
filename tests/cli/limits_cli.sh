#!/usr/bin/env bash
# limits_cli.sh MIPSAS LC3AS MIPSSIM: hostile and broken input ends with a
# clear message or a correct result, in bounded time, never a crash
# (issue 8, "Limits and bad input").
mipsas=$1 lc3as=$2 mipssim=$3
tool=$mipsas name=limits
source "$(dirname "$0")/cli_lib.sh"

# A 100 MB source file: refused at once, by size.
truncate -s 100M "$tmp/huge.asm"
run "mipsas: a 100 MB file" 1 "$mipsas" "$tmp/huge.asm"
says "mipsas says it is too big" "too big to be a source file"
run "lc3as: a 100 MB file" 1 "$lc3as" "$tmp/huge.asm"
says "lc3as says it is too big" "too big to be a source file"
rm -f "$tmp/huge.asm"

# A 10,000-level .include chain: refused at the depth limit.
mkdir "$tmp/chain"
for ((i = 0; i < 10000; i++)); do
    printf '.include "c%d.asm"\n' $((i + 1)) > "$tmp/chain/c$i.asm"
done
echo 'nop' > "$tmp/chain/c10000.asm"
run "a 10,000-level include chain" 1 "$mipsas" "$tmp/chain/c0.asm"
says "the chain: the nesting limit" ".include files nested"
rm -rf "$tmp/chain"

# An include cycle, and a macro that expands itself.
printf '.include "b.asm"\n' > "$tmp/a.asm"
printf '.include "a.asm"\n' > "$tmp/b.asm"
run "an include cycle" 1 "$mipsas" "$tmp/a.asm"
says "the cycle" "Recursive include of file"
printf '.macro again\n again\n.end_macro\n.text\n again\n' > "$tmp/self.asm"
run "a macro that uses itself" 1 "$mipsas" "$tmp/self.asm"
says "the macro loop" "Detected a macro expansion loop"

# A line of a million characters: a comment (accepted) and an operand.
{ printf '.text\nnop # '; head -c 1000000 /dev/zero | tr '\0' x; printf '\nnop\n'; } > "$tmp/long.asm"
run "mipsas: a million-character comment" 0 "$mipsas" "$tmp/long.asm"
{ printf '        .ORIG x3000\n        ADD R1, R1, #1 ; '; head -c 1000000 /dev/zero | tr '\0' x
  printf '\n        HALT\n        .END\n'; } > "$tmp/long3.asm"
run "lc3as: a million-character comment" 0 "$lc3as" "$tmp/long3.asm"
{ printf '.data\n.word '; head -c 1000000 /dev/zero | tr '\0' 9; printf '\n'; } > "$tmp/longnum.asm"
# (MARS reads plain decimal digits modulo 2^32: docs/mips-assembler.md.)
run "mipsas: a million-digit number" 0 "$mipsas" "$tmp/longnum.asm"

# NUL bytes and invalid UTF-8: errors with their place, no crash.
printf '.text\nnop\x00 nop\n\xff\xfe\xc3 nop\n.data\n.asciiz "\xc3\x28\x00"\n' > "$tmp/bytes.asm"
run "mipsas: NUL bytes and bad UTF-8" 1 "$mipsas" "$tmp/bytes.asm"
says "mipsas: names the line" "bytes.asm:3:"
printf '        .ORIG x3000\n\x00\xff ADD R1, R1, #1\n        .STRINGZ "\xc3\x28"\n        .END\n' > "$tmp/bytes3.asm"
"$lc3as" "$tmp/bytes3.asm" > "$tmp/out" 2> "$tmp/err"
status=$?
[[ $status -lt 128 ]] && pass "lc3as: NUL bytes and bad UTF-8 do not crash it ($status)" ||
    fail "lc3as: status $status on NUL bytes"

# CRLF line endings are accepted, as MARS accepts them.
printf '.data\r\nmsg: .asciiz "ok"\r\n.text\r\n  li $v0, 4\r\n  la $a0, msg\r\n  syscall\r\n' > "$tmp/crlf.asm"
run "mipssim: CRLF line endings" 0 "$mipssim" "$tmp/crlf.asm"
[[ $(cat "$tmp/out") == ok ]] && pass "CRLF: the program's output" || fail "CRLF: printed $(cat "$tmp/out")"
printf '        .ORIG x3000\r\n        HALT\r\n        .END\r\n' > "$tmp/crlf3.asm"
run "lc3as: CRLF line endings" 0 "$lc3as" "$tmp/crlf3.asm"

# A million labels.
awk 'BEGIN { print ".data"; for (i = 0; i < 1000000; i++) printf "l%d:.byte 1\n", i }' \
    > "$tmp/labels.asm"
run "a million labels" 0 "$mipsas" "$tmp/labels.asm"
rm -f "$tmp/labels.asm"

# Running: endless recursion is the address error it is; sbrk runs out.
printf '.text\nmain: addi $sp, $sp, -4096\n sw $ra, 0($sp)\n jal main\n' > "$tmp/recurse.asm"
run "endless recursion: a runtime error" 6 "$mipssim" "$tmp/recurse.asm"
says "the stack runs into unmapped memory" "address out of range 0x"
printf '.text\nloop: li $v0, 9\n li $a0, 65536\n syscall\n j loop\n' > "$tmp/sbrk.asm"
run "sbrk until the heap is gone" 6 "$mipssim" "$tmp/sbrk.asm"
says "the heap is exhausted" "exceeds available heap storage (syscall 9)"

# Printing to a reader that went away: stop, quietly.
printf '.text\nloop: li $v0, 11\n li $a0, 65\n syscall\n j loop\n' > "$tmp/spew.asm"
"$mipssim" "$tmp/spew.asm" 2> "$tmp/err" | head -c 10 > /dev/null
status=${PIPESTATUS[0]}
[[ $status == 7 ]] && pass "a closed pipe: status 7" || fail "a closed pipe: status $status"
[[ ! -s $tmp/err ]] && pass "a closed pipe: nothing on stderr" || { fail "stderr:"; cat "$tmp/err"; }

# More than 32 open files: the 30th open past 0-2 fails (MARS's table).
cat > "$tmp/files.asm" <<'ASM'
.data
name: .asciiz "f"
.text
        li $s0, 0
again:  li $v0, 13
        la $a0, name
        li $a1, 1
        li $a2, 0
        syscall
        bltz $v0, full
        addi $s0, $s0, 1
        # each name once: MARS refuses a name still open
        la $t0, name
        lb $t1, 0($t0)
        addi $t1, $t1, 1
        sb $t1, 0($t0)
        j again
full:   move $a0, $s0
        li $v0, 1
        syscall
ASM
mkdir "$tmp/root"
run "opening files until the table is full" 0 "$mipssim" --fs-root "$tmp/root" "$tmp/files.asm"
[[ $(cat "$tmp/out") == 29 ]] && pass "29 files open at most (descriptors 3-31)" ||
    fail "opened $(cat "$tmp/out") files"

# Twelve files of a million empty lines in a grading child's 1 GiB of
# address space: the arrays reserved from the line count (big_array.h)
# stay bounded. A sanitizer's shadow needs far more than 1 GiB: not there.
if ! grep -qa __asan_init "$mipsas"; then # gcc links ASan dynamically, clang statically
    { head -c 1000000 /dev/zero | tr '\0' '\n'; printf '.text\nnop\n'; } > "$tmp/empty.asm"
    files=()
    for ((i = 0; i < 12; i++)); do files+=("$tmp/empty.asm"); done
    run "12 files of a million lines in 1 GiB" 0 \
        bash -c 'ulimit -v 1048576 && exec "$@"' - "$mipsas" "${files[@]}"
    rm -f "$tmp/empty.asm"
fi

exit $failed
