#!/usr/bin/env bash
# tmgrammar_tokens.sh SOURCE_DIR NODE_MODULES GRAMMAR_DIR MIPSAS LC3AS: the
# generated grammars, run by vscode-textmate on vscode-oniguruma (the engine
# VS Code uses), tokenize tests/editors/sample_mips.asm and sample_lc3.asm
# exactly as the committed golden token streams (.tokens) say, byte for
# byte. The samples use every directive, pseudo-instructions and TRAP
# aliases, and both assemble (so the golden files show real programs).
# BLESS=1 rewrites the golden files after a deliberate change. Fails when
# node or the npm packages are missing.
name=tmgrammar_tokens
tool=true
source "$(dirname "$0")/cli_lib.sh"
src=$1
modules=$2
grammars=$3
mipsas=$4
lc3as=$5
dir=$src/tests/editors

command -v node > /dev/null || { fail "node is not installed"; exit 1; }
[[ -d $modules/vscode-textmate && -d $modules/vscode-oniguruma ]] ||
    { fail "no vscode-textmate or vscode-oniguruma in $modules (npm ci)"; exit 1; }

run "the MIPS sample assembles" 0 bash -c 'cd "$1" && "$2" sample_mips.asm' _ "$dir" "$mipsas"
run "the LC-3 sample assembles" 0 "$lc3as" "$dir/sample_lc3.asm" -o "$tmp/sample.obj"

for dialect in mips lc3; do
    golden=$dir/sample_$dialect.tokens
    if ! NODE_PATH=$modules node "$dir/tokenize.js" "$grammars/$dialect.tmLanguage.json" \
            "$dir/sample_$dialect.asm" > "$tmp/$dialect.tokens" 2> "$tmp/err"; then
        fail "$dialect: tokenize.js failed"; cat "$tmp/err"
        continue
    fi
    if [[ ${BLESS:-} == 1 ]]; then
        cp "$tmp/$dialect.tokens" "$golden" && pass "$dialect: blessed $golden"
    elif cmp -s "$golden" "$tmp/$dialect.tokens"; then
        pass "$dialect: the tokens are the golden ones ($(wc -l < "$golden") tokens)"
    else
        fail "$dialect: the tokens differ from $golden (BLESS=1 rewrites it):"
        diff "$golden" "$tmp/$dialect.tokens" | head -40
    fi
done

# What the golden files must show, whatever else changes.
for d in data text word ascii asciiz byte align half space double float extern kdata ktext globl \
         set eqv macro end_macro include; do
    grep -qiP "\"\\.$d\"\\tkeyword\\.control\\.directive\\.mips$" "$tmp/mips.tokens" ||
        fail "MIPS: .$d is not a directive token"
done
for d in ORIG END FILL BLKW STRINGZ; do
    grep -qP "\"\\.$d\"\\tkeyword\\.control\\.directive\\.lc3$" "$tmp/lc3.tokens" ||
        fail "LC-3: .$d is not a directive token"
done
for t in GETC OUT PUTC PUTS IN PUTSP HALT; do
    grep -qP "\"$t\"\\tsupport\\.function\\.trap\\.lc3$" "$tmp/lc3.tokens" ||
        fail "LC-3: $t is not a TRAP alias token"
done
grep -qP '"li"\tkeyword\.other\.instruction\.pseudo\.mips$' "$tmp/mips.tokens" &&
    pass "li is a pseudo-instruction" || fail "li is not a pseudo-instruction token"
grep -qP '"addi"\tkeyword\.other\.instruction\.mips$' "$tmp/mips.tokens" &&
    pass "addi is a basic instruction" || fail "addi is not a basic instruction token"
exit $failed
