#!/usr/bin/env bash
# vscode_extension.sh ROOT: editors/vscode/package.json is valid JSON and
# says what the README promises: two debuggers, mipssim and lc3sim, whose
# adapters the extension starts from the installed tools (no "program"
# pointing into a checkout: nothing in the manifest names build/); launch
# attributes the servers read; the two language ids with their grammars.
# (tests/cli/vscode_vsix.sh checks the packaged .vsix.)
set -uo pipefail
root=$1
ext=$root/editors/vscode
pkg=$ext/package.json
failed=0
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; failed=1; }

jq -e . "$pkg" > /dev/null && pass "package.json is JSON" || fail "package.json is not JSON"
grep -q 'build/' "$pkg" && fail "package.json names a path into build/" ||
    pass "package.json names no path into a checkout's build/"

check_debugger() { # TYPE BINARY ATTRIBUTE...
    local type=$1 binary=$2
    shift 2
    local d=".contributes.debuggers[] | select(.type == \"$type\")"
    jq -e "[$d] | length == 1" "$pkg" > /dev/null && pass "debugger $type" || fail "no debugger $type"
    jq -e "$d | has(\"program\") | not" "$pkg" > /dev/null &&
        pass "$type's adapter comes from the extension" || fail "$type names a program"
    grep -q "'$(basename "$binary")'" "$ext/src/extension.js" &&
        pass "the extension starts $(basename "$binary")" || fail "the extension never starts $binary"
    [[ -f $root/$(dirname "$binary")/CMakeLists.txt ]] &&
        pass "$type's program is a target of the checkout" || fail "$binary is not built here"
    jq -e "$d | .configurationAttributes.launch.required == [\"program\"]" "$pkg" > /dev/null &&
        pass "$type requires program" || fail "$type does not require program"
    for a in "$@"; do
        jq -e "$d | .configurationAttributes.launch.properties | has(\"$a\")" "$pkg" > /dev/null &&
            pass "$type has $a" || fail "$type lacks the launch attribute $a"
        grep -q "\"$a\"" "$root/asm/debug/dap_server.c" "$root/mipssim/debug/mips_dap.c" \
            "$root/lc3sim/debug/lc3_dap.c" && pass "a server reads $a" || fail "no server reads $a"
    done
    local extra
    extra=$(jq -r "$d | .configurationAttributes.launch.properties | keys[]" "$pkg" |
            grep -vxF -f <(printf '%s\n' "$@"))
    [[ -z $extra ]] && pass "$type documents no other attribute" || fail "$type: unknown $extra"
    jq -e "$d | .initialConfigurations[0].type == \"$type\" and
                (.configurationSnippets | length) > 0" "$pkg" > /dev/null &&
        pass "$type has a launch.json and snippets" || fail "$type lacks launch.json snippets"
}
check_debugger mipssim mipssim/mipssim program files args startMain fsRoot input stopOnEntry limit
check_debugger lc3sim lc3sim/lc3sim program os input stopOnEntry limit

jq -e '[.contributes.languages[].id] == ["mips", "lc3"]' "$pkg" > /dev/null &&
    pass "languages mips and lc3" || fail "the language ids are not mips and lc3"
jq -e '[.contributes.breakpoints[].language] == ["mips", "lc3"]' "$pkg" > /dev/null &&
    pass "breakpoints in both languages" || fail "breakpoints are not allowed in both languages"
jq -e '[.contributes.grammars[] | .language + " " + .scopeName] == ["mips source.mips", "lc3 source.lc3"]' \
    "$pkg" > /dev/null && pass "a grammar per language" || fail "the grammars are not mips and lc3"
exit $failed
