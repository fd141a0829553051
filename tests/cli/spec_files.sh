#!/usr/bin/env bash
# spec_files.sh MIPSGRADE LC3GRADE PROJECT_DIR: a spec's `compare files`
# (tests/spec/files): the files a function case or a program test leaves in
# its folder are the reference's, name by name and byte by byte; every run
# starts in a fresh folder (a submission never sees what the reference or
# another case wrote); the LC-3, which has no files, refuses the key.
mipsgrade=$1 lc3grade=$2 project=$3 name=spec_files
tool=$mipsgrade
source "$(dirname "$0")/cli_lib.sh"
files=$project/tests/spec/files
spec=$files/files.spec

score() { awk -v f="$1" '$1 == f { print $2 "/" $4 }' "$tmp/out"; }

for seed in 1 2; do
    expect "the reference, seed $seed" 0 -- --spec "$spec" "$files/files.asm" --seed "$seed"
    prints "the reference, seed $seed: full marks" "Total: 10.0 / 10.0"
done

# variant NAME SED WHY: a broken copy loses both parts, saying WHY.
variant() {
    sed -e "$2" "$files/files.asm" > "$tmp/$1.asm"
    cmp -s "$tmp/$1.asm" "$files/files.asm" && fail "$1: the edit changed nothing"
    expect "$1" 0 -- --spec "$spec" "$tmp/$1.asm" --seed 1
    [[ $(score save_pair) == 0.0/6.0 && $(score saves) == 0.0/4.0 ]] &&
        pass "$1: save_pair and the program lose their points" ||
        { fail "$1: save_pair $(score save_pair), saves $(score saves)"; cat "$tmp/out"; }
    prints "$1: why" "$3"
}
variant swapped 's/        sw \$t0, 0(\$sp)/        sw $t0, 4($sp)/; s/        sw \$t1, 4(\$sp)/        sw $t1, 0($sp)/' \
    "the file out.txt differs from byte 0: 0x31, expected 0x07"
variant short 's/        li \$a2, 8$/        li $a2, 4/' \
    "the file out.txt is 4 bytes, expected 8 (the same up to there)"
variant other_name 's/^        li \$a1, 1  .*/        addi $a0, $a0, 1\n        li $a1, 1/' \
    "the file out.txt is missing (it should write it)"
prints "other_name: the extra file" "wrote the file ut.txt, which it should not"

# Correct, but says "stale" and writes nothing when its file is already
# there (a failed open keeps MARS's slot 3: closed): every run has a folder
# of its own, so the reference's out.txt is never seen.
sed -e 's/^save_pair:$/save_pair:\n        move $t4, $a1\n        move $t3, $a0\n        li $a1, 0\n        li $v0, 13\n        syscall\n        bgez $v0, stale\n        li $a0, 3\n        li $v0, 16\n        syscall\n        move $a0, $t3\n        move $a1, $t4/' \
    -e 's/^save_pair_fail:$/stale:\n        la $a0, stale_msg\n        li $v0, 4\n        syscall\nsave_pair_fail:/' \
    -e 's/^saved: .*/&\nstale_msg: .asciiz "stale\\n"/' "$files/files.asm" > "$tmp/stale.asm"
expect "a run that looks for stale files" 0 -- --spec "$spec" "$tmp/stale.asm" --seed 1
prints "a run that looks for stale files: none, full marks" "Total: 10.0 / 10.0"

# The LC-3 has no files.
cat > "$tmp/lc3.spec" <<'SPEC'
reference lc3.asm
function F
    points 1
    compare R0 files
program P
    compare files
SPEC
tool=$lc3grade
expect "the LC-3 refuses compare files" 1 -- --spec "$tmp/lc3.spec" "$tmp/none.asm"
grep -q "lc3.spec:4:16: error: an LC-3 function opens no files" "$tmp/err" &&
    grep -q "lc3.spec:6:13: error: a program compares its 'output'" "$tmp/err" &&
    pass "the LC-3's errors" || { fail "the LC-3's errors"; cat "$tmp/err"; }

exit $failed
