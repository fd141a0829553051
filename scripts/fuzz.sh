#!/usr/bin/env bash
# fuzz.sh TARGET|all SECONDS: builds the libFuzzer targets with clang in
# build-fuzz/ and runs each for SECONDS, one at a time, from its seed corpus
# (fuzz/corpus/TARGET and the project's own programs). New inputs the fuzzer finds stay in
# build-fuzz/corpus/TARGET (not in git); every crash, timeout or leak is
# copied into fuzz/crashes/TARGET/, where the regular test build replays it
# (ctest -L fuzz). Exit status 1 when any target found one.
#   targets: lc3_asm lc3_obj lc3_machine mips_asm mips_machine grader
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

ALL="lc3_asm lc3_obj lc3_machine mips_asm mips_machine grader report_escape"
if [ $# -ne 2 ] || ! [[ $2 =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/fuzz.sh TARGET|all SECONDS   (targets: $ALL)" >&2
    exit 2
fi
targets=$1
[ "$targets" = all ] && targets=$ALL
for t in $targets; do
    case " $ALL " in *" $t "*) ;; *) echo "fuzz.sh: no target '$t' (targets: $ALL)" >&2; exit 2 ;; esac
done

CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DSANITIZE=ON -DFUZZ=ON \
    -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link" >/dev/null
cmake --build build-fuzz -j2 --target $(for t in $targets; do echo "fuzz_$t"; done)

found=0
for t in $targets; do
    work=build-fuzz/corpus/$t artifacts=build-fuzz/artifacts/$t
    # The targets' scratch directories go here: a crash ends the fuzzer
    # without its exit handlers, which would leave them in /tmp.
    scratch=$PWD/build-fuzz/tmp/$t
    mkdir -p "$work" "$artifacts" "fuzz/crashes/$t" "$scratch"
    # The project's own programs seed it too, from where they live.
    case $t in
    grader) cp reference-asm/mips/hw4.asm "$work/" ;;
    lc3_asm) cp reference-asm/lc3/*.asm "$work/" ;;
    mips_asm) for f in tests/golden/mips/*.asm tests/golden/mars/*.asm reference-asm/mips/*.asm; do
                  cp "$f" "$work/seed_$(basename "$f")"
              done ;;
    esac
    echo "== $t: $2 s"
    # libFuzzer prints its statistics on stderr; the last lines say how many
    # runs were made. A crash makes it exit non-zero: that is reported below.
    (cd "$artifacts" && TMPDIR=$scratch "../../fuzz/fuzz_$t" -max_total_time="$2" -rss_limit_mb=2048 \
        -timeout=10 -max_len=65536 -print_final_stats=1 "../../../$work" \
        "../../../fuzz/corpus/$t") 2>"build-fuzz/$t.log" || true
    rm -rf "$scratch"
    grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb' \
        "build-fuzz/$t.log" || tail -5 "build-fuzz/$t.log"
    echo "corpus: $(ls "$work" | wc -l) files"
    for f in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/leak-* "$artifacts"/oom-*; do
        [ -e "$f" ] || continue
        cp "$f" "fuzz/crashes/$t/"
        echo "FOUND: fuzz/crashes/$t/$(basename "$f") (log: build-fuzz/$t.log)"
        rm "$f"
        found=1
    done
done
exit $found
