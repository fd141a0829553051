#!/usr/bin/env bash
# tmgrammar_tables.sh SOURCE_DIR GRAMMAR_DIR: the generated TextMate
# grammars are JSON, and their word lists are exactly the tables' words:
# each mnemonic of mips_basic.def under the instruction rule, each one that
# only mips_pseudo.def has under the pseudo-instruction rule, each of
# mips_directives.def under directives; for the LC-3, lc3_isa.def's rows
# (without the disassembler's NOP) split into TRAP aliases and the rest,
# and lc3_directives.def. The words are read from the .def files here with
# sed, not from the generator, so a generator that drops or adds a word
# fails.
name=tmgrammar_tables
tool=true
source "$(dirname "$0")/cli_lib.sh"
src=$1
dir=$2
mips=$dir/mips.tmLanguage.json
lc3=$dir/lc3.tmLanguage.json

for g in "$mips" "$lc3"; do
    jq -e . "$g" > /dev/null && pass "$(basename "$g") is JSON" || fail "$(basename "$g") is not JSON"
done

# words GRAMMAR RULE FIELD: the words of the rule's first (?:a|b) group,
# unescaped, lower case, sorted.
words() {
    jq -r ".repository[\"$2\"].$3" "$1" | grep -o '(?:[^()]*)' | head -n 1 |
        sed 's/^(?://; s/)$//' | tr '|' '\n' | sed 's/\\//g' | tr 'A-Z' 'a-z' | sort -u
}
lower_sorted() { tr 'A-Z' 'a-z' | sort -u; }

# same CHECK WANT_FILE GOT_FILE
same() {
    if [[ ! -s $2 ]]; then
        fail "$1: the tables gave no words"
    elif diff "$2" "$3" > "$tmp/diff"; then
        pass "$1 ($(wc -l < "$2") words)"
    else
        fail "$1 (< tables, > grammar):"; cat "$tmp/diff"
    fi
}

sed -n 's/^MIPS_BASIC("\([^ "]*\).*/\1/p' "$src/asm/mips/mips_basic.def" | lower_sorted > "$tmp/basic"
sed -n 's/^MIPS_PSEUDO("\([^ "]*\).*/\1/p' "$src/asm/mips/mips_pseudo.def" | lower_sorted |
    comm -23 - "$tmp/basic" > "$tmp/pseudo"
sed -n 's/^MIPS_DIRECTIVE([A-Z_]*, *"\([^"]*\)".*/\1/p' "$src/asm/mips/mips_directives.def" |
    lower_sorted > "$tmp/directives"
words "$mips" instruction begin > "$tmp/g_basic"
words "$mips" pseudo-instruction begin > "$tmp/g_pseudo"
words "$mips" directive match > "$tmp/g_directives"
same "MIPS basic mnemonics" "$tmp/basic" "$tmp/g_basic"
same "MIPS pseudo-only mnemonics" "$tmp/pseudo" "$tmp/g_pseudo"
same "MIPS directives" "$tmp/directives" "$tmp/g_directives"

# LC3_INSN(id, "MNEMONIC", match, mask, op1, op2, op3, flags, "description"),
# a row on one line or more.
awk '/^LC3_INSN\(/ { row = $0; while (row !~ /\)$/ && (getline line) > 0) row = row " " line; print row }' \
    "$src/asm/lc3/lc3_isa.def" |
    sed -n 's/^LC3_INSN([A-Z_0-9]*, *"\([A-Za-z]*\)", *\(0x[0-9A-F]*\), *\(0x[0-9A-F]*\),\([^,]*,\)\{3\} *\([^,]*\),.*/\1 \2 \3 \5/p' |
    grep -v 'LC3_DISASM_ONLY' > "$tmp/rows"
awk '$2 ~ /^0xF0/ && $3 == "0xFFFF" { print $1 }' "$tmp/rows" | lower_sorted > "$tmp/traps"
awk '!($2 ~ /^0xF0/ && $3 == "0xFFFF") { print $1 }' "$tmp/rows" | lower_sorted > "$tmp/insns"
sed -n 's/^LC3_DIRECTIVE([A-Z_]*, *"\([^"]*\)".*/\1/p' "$src/asm/lc3/lc3_directives.def" |
    lower_sorted > "$tmp/lc3_directives"
words "$lc3" instruction match > "$tmp/g_insns"
words "$lc3" trap-alias match > "$tmp/g_traps"
words "$lc3" directive match > "$tmp/g_lc3_directives"
same "LC-3 mnemonics" "$tmp/insns" "$tmp/g_insns"
same "LC-3 TRAP aliases" "$tmp/traps" "$tmp/g_traps"
same "LC-3 directives" "$tmp/lc3_directives" "$tmp/g_lc3_directives"
grep -qx 'halt' "$tmp/traps" && pass "HALT is a TRAP alias" || fail "HALT is not among the TRAP aliases"
exit $failed
