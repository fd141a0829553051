#!/usr/bin/env bash
# test.sh: builds the test configurations and runs every unit test and golden
# transcript in each. Non-zero on any failure.
#   build-test/        gcc,   ASan + UBSan, computed-goto interpreter
#   build-test-clang/  clang, ASan + UBSan, switch interpreters (when clang exists)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/setup-deps.sh

cmake -S . -B build-test -DSANITIZE=ON
cmake --build build-test -j2
ctest --test-dir build-test --output-on-failure

if command -v clang >/dev/null 2>&1; then
    CC=clang cmake -S . -B build-test-clang -DSANITIZE=ON -DLC3_MACHINE_SWITCH=ON \
        -DMIPS_MACHINE_SWITCH=ON
    cmake --build build-test-clang -j2
    ctest --test-dir build-test-clang --output-on-failure
else
    echo "test.sh: clang not found; only the gcc configuration was tested" >&2
fi
