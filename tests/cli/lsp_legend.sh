#!/usr/bin/env bash
# lsp_legend.sh: the semantic tokens' legend each server announces in its
# initialize answer is one VS Code can theme: every token type and modifier
# that is not one of LSP's own is declared in editors/vscode/package.json
# (contributes.semanticTokenTypes / semanticTokenModifiers), so a new one
# in asm/lsp/lsp_tokens.c cannot go undeclared.
#
#   lsp_legend.sh LSP_CLIENT MIPSAS LC3AS SOURCE_DIR
if [[ $# -ne 4 ]]; then
    echo "usage: $0 LSP_CLIENT MIPSAS LC3AS SOURCE_DIR" >&2
    exit 2
fi
client=$1 mipsas=$2 lc3as=$3 src=$4 name=lsp_legend tool=$1
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
command -v jq > /dev/null 2>&1 || { echo "FAIL: no jq (scripts/setup-deps.sh installs it)"; exit 1; }

# LSP 3.17's predefined types and modifiers (VS Code's own list adds label).
standard_types='namespace type class enum interface struct typeParameter parameter variable
property enumMember event function method macro keyword modifier comment string number regexp
operator decorator label'
standard_modifiers='declaration definition readonly static deprecated abstract async
modification documentation defaultLibrary'
pkg=$src/editors/vscode/package.json

cat > "$tmp/session.lsp" <<'LSP'
{"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
{"method":"shutdown"}
notify {"method":"exit"}
LSP

for server in "$mipsas" "$lc3as"; do
    who=$(basename "$server")
    "$client" -p "$tmp" "$tmp/session.lsp" -- "$server" --lsp > "$tmp/out" 2>&1
    sed -n 's/^<- \(.*"id":1,.*\)$/\1/p' "$tmp/out" |
        jq -c '.result.capabilities.semanticTokensProvider' > "$tmp/provider"
    if ! jq -e '.full == true and (.legend.tokenTypes | length) > 0' "$tmp/provider" > /dev/null; then
        fail "$who: no semanticTokensProvider with a legend and full"; cat "$tmp/out"
        continue
    fi
    pass "$who: announces semantic tokens with a legend"
    for kind in Types Modifiers; do
        standard=$standard_types
        [[ $kind == Modifiers ]] && standard=$standard_modifiers
        for id in $(jq -r ".legend.token$kind[]" "$tmp/provider"); do
            [[ " $(echo $standard) " == *" $id "* ]] && continue
            if jq -e --arg id "$id" "[.contributes.semanticToken$kind[].id] | index(\$id)" \
                "$pkg" > /dev/null; then
                pass "$who: $id is declared in package.json"
            else
                fail "$who: the token ${kind,,} $id is not in package.json's semanticToken$kind"
            fi
        done
    done
done

exit $failed
