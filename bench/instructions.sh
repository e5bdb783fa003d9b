#!/usr/bin/env bash
# Instructions per invocation inside a benchmark's timed loop, counted by callgrind
# (deterministic): (I(2N) - I(N)) / N.
# Usage: instructions.sh BINARY BENCHMARK [N] [PARAM=VALUE...]
# Example: bench/instructions.sh build/bench/tare_self accuracy.chain 1000 length=100
set -euo pipefail
binary=$1 benchmark=$2 n=${3:-100000}
shift $(( $# < 3 ? $# : 3 ))
params=()
for p in "$@"; do params+=("param:$p"); done
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count() {
  printf 'sample %s 1\nfinish\n' "$1" > "$dir/commands"
  valgrind --tool=callgrind --callgrind-out-file="$dir/profile" '--toggle-collect=*timed_loop*' \
    "$binary" --tare-worker "bench=$benchmark" threads=1 tsc_ghz=0 layout_seed=1 "${params[@]}" \
    3< "$dir/commands" 4> "$dir/replies" > /dev/null 2>&1
  grep -E '^(summary|totals):' "$dir/profile" | head -n 1 | awk '{print $2}'
}
once=$(count "$n")
twice=$(count $((2 * n)))
awk -v a="$once" -v b="$twice" -v n="$n" -v name="$benchmark" -v params="$*" \
  'BEGIN { printf "%s %s: %.3f instructions per invocation (callgrind, N=%d)\n", name, params, (b - a) / n, n }'
