#!/usr/bin/env bash
# test.sh: builds the test configurations and runs every unit test, CLI
# check, golden transcript and fuzz replay in each. Non-zero on any failure.
#   build-test/          gcc,   ASan + UBSan, computed-goto interpreter
#   build-test-clang/    clang, ASan + UBSan, switch interpreters (when clang exists)
#   build-test-release/  gcc,   Release (-O2), what users build and run
# Warnings are errors here (-DWERROR=ON), never in a user's build.
# The grader proofs (ctest label "proof", tests/CMakeLists.txt) run in the
# gcc builds only: a few seeds under the sanitizers, many in Release. Tests
# that no configuration changes (label "once": the editors' npm tests,
# which use no compiled code but the grammars, and the include check, which
# reads sources) run once, in build-test.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/setup-deps.sh

cmake -S . -B build-test -DSANITIZE=ON -DWERROR=ON
cmake --build build-test -j2
ctest --test-dir build-test --output-on-failure -j2

if command -v clang >/dev/null 2>&1; then
    CC=clang cmake -S . -B build-test-clang -DSANITIZE=ON -DWERROR=ON \
        -DLC3_MACHINE_SWITCH=ON -DMIPS_MACHINE_SWITCH=ON
    cmake --build build-test-clang -j2
    ctest --test-dir build-test-clang --output-on-failure -j2 -LE 'proof|once'
else
    echo "test.sh: clang not found; only the gcc configurations were tested" >&2
fi

cmake -S . -B build-test-release -DCMAKE_BUILD_TYPE=Release -DWERROR=ON
cmake --build build-test-release -j2
ctest --test-dir build-test-release --output-on-failure -j2 -LE once
