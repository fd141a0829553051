#!/bin/sh
# grade_bench.sh MIPSGRADE HW4: grades 100 copies of HW4 with --jobs 2 (each
# in its own process, as a course's batch runs) and prints the time.
# Target: 100 submissions in 10 s on 2 cores.
set -eu
grader=$1 hw4=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gradebench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
i=0
while [ $i -lt 100 ]; do
  mkdir "$tmp/s$i" && cp "$hw4" "$tmp/s$i/hw4.asm"
  echo "$tmp/s$i" >> "$tmp/list"
  i=$((i + 1))
done
start=$(date +%s.%N)
"$grader" hw4 --list "$tmp/list" --jobs 2 --seed 1 --csv "$tmp/scores.csv"
end=$(date +%s.%N)
full=$(grep -c ',100.00,100.00,graded\(,\|$\)' "$tmp/scores.csv" || true)
awk -v s="$start" -v e="$end" -v full="$full" 'BEGIN {
  printf "mipsgrade: 100 submissions in %.2f s with 2 jobs (%d scored 100; target: 10 s)\n", e - s, full }'
