#!/usr/bin/env bash
# test_plan.sh SOURCE_DIR BUILD_DIR: what keeps scripts/test.sh within its
# ten minutes (README, "Tests"). The long grader proofs carry ctest's label
# "proof" and a COST that starts them first; the clang configuration of
# scripts/test.sh leaves them out (-LE proof) and the gcc ones run every
# test; the proofs' seeds are few in a sanitizer build, many in Release.
# The run-once tests (label "once": the editors' npm tests and the checks
# that read sources, the include graph and the spec files' sizes) depend on
# no configuration, so only build-test runs them.
name=test_plan
tool=true
source "$(dirname "$0")/cli_lib.sh"
src=$1 build=$2

proofs="assignment_specs hw4_variants lc3grade_spec lc3grade_truth mipsgrade_hostile
        mipsgrade_truth program_specs"
sanitized=$(grep -c '^SANITIZE:BOOL=ON$' "$build/CMakeCache.txt")
long="assignment_specs hw4_variants mipsgrade_truth"
# grade_load (its burners take every core) runs in Release only.
[[ $sanitized == 0 ]] && proofs="$proofs grade_load"
seeded="assignment_specs hw4_variants lc3grade_spec lc3grade_truth mipsgrade_truth
        program_specs"

ctest --test-dir "$build" --show-only=json-v1 > "$tmp/plan.json" 2> "$tmp/err" ||
    { fail "ctest --show-only"; cat "$tmp/err"; exit 1; }
labelled=$(jq -r '.tests[] | select(any(.properties[]?; .name == "LABELS" and
                  (.value | index("proof")))) | .name' "$tmp/plan.json" | sort)
[[ $labelled == "$(tr ' ' '\n' <<< "$proofs" | grep . | sort)" ]] &&
    pass "the proofs, and only they, are labelled proof" ||
    { fail "labelled proof:"; echo "$labelled"; }

# property TEST NAME: the value of TEST's property NAME ("" if unset).
property() {
    jq -r --arg t "$1" --arg p "$2" '.tests[] | select(.name == $t) |
           ([.properties[]? | select(.name == $p) | .value] | first // "") | tostring' \
        "$tmp/plan.json"
}
for t in $long; do
    cost=$(property "$t" COST)
    [[ -n $cost && ${cost%%.*} -ge 100 ]] && pass "$t starts first (COST $cost)" ||
        fail "$t has no COST that starts it first: '$cost'"
done

# A sanitizer build runs a few seeds, Release many: the seed count is each
# seeded proof's last argument.
if [[ $sanitized != 0 ]]; then most=2 least=1; else most=50 least=5; fi
for t in $seeded; do
    seeds=$(jq -r --arg t "$t" '.tests[] | select(.name == $t) | .command[-1]' "$tmp/plan.json")
    [[ $seeds =~ ^[0-9]+$ ]] && ((seeds >= least && seeds <= most)) &&
        pass "$t: $seeds seeds" || fail "$t: '$seeds' seeds, expected $least..$most here"
done

# scripts/test.sh: each configuration's ctest line, by its build folder.
plan=$src/scripts/test.sh
ctest_line() { grep -E "^ *ctest --test-dir $1( |\$)" "$plan"; }
[[ $(ctest_line build-test-clang) == *" -LE 'proof|once'" ]] &&
    pass "the clang configuration leaves the proofs and the run-once tests out" ||
    fail "the clang configuration runs: $(ctest_line build-test-clang)"
line=$(ctest_line build-test)
[[ -n $line && $line != *" -L"* && $line != *" -E"* && $line != *" -R"* ]] &&
    pass "build-test runs every test" || fail "build-test runs: '$line'"
[[ $(ctest_line build-test-release) == *" -j2 -LE once" ]] &&
    pass "build-test-release runs every test but the run-once ones" ||
    fail "build-test-release runs: '$(ctest_line build-test-release)'"
labelled=$(jq -r '.tests[] | select(any(.properties[]?; .name == "LABELS" and
                  (.value | index("once")))) | .name' "$tmp/plan.json" | sort | tr '\n' ' ')
[[ $labelled == "include_graph_cli spec_file_sizes tmgrammar_tokens vscode_npm_ci vscode_vsix " ]] &&
    pass "only the npm tests and the source checks are labelled once" ||
    fail "labelled once: $labelled"
exit $failed
