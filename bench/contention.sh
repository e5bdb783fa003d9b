#!/usr/bin/env bash
# A busy neighbour on the benchmark's own CPU: the same workload (bench/known_change.cpp's chain
# of 1000 dependent multiply-adds, about 1.5 µs) measured on one CPU alone, then sharing it
# with one and with two CPU-bound processes. tare leaves the samples other work disturbed
# out of its score, so the score should not follow the share of the CPU the benchmark got:
# the ratio contended ÷ quiet is the figure (1.00 is the goal; scoring every sample by its
# wall time gives 1 ÷ the CPU share the benchmark got: about 2 and 3). Also printed: the
# interval, the share of samples disturbed, and what the score would be had they counted.
# Usage: bench/contention.sh BUILD_DIR [CPU] [ROUNDS]
set -euo pipefail
build=${1:?usage: contention.sh BUILD_DIR [CPU] [ROUNDS]}
cpu=${2:-1}
rounds=${3:-3}
bench=$build/bench/tare_known_change_base
# Readings taken beside busy loops on purpose say nothing of the machine's usual speed.
export TARE_HISTORY=off
scratch=$(mktemp -d)
hogs=()
cleanup() { kill "${hogs[@]}" 2>/dev/null || true; rm -rf "$scratch"; }
trap cleanup EXIT

# A number after "key": in the first benchmark of a tare.results/1 file.
field() { grep -o "\"$2\": [-0-9.e+]*" "$1" | head -1 | awk '{print $2}'; }
ci_half() { grep -o '"ci": {"level": [0-9.e+-]*, "low": [-0-9.e+]*, "high": [-0-9.e+]*' "$1" | head -1 |
            awk -F'[:,]' '{printf "%.2f", ($7 - $5) / 2}'; }

run() {  # label busy_loops
  local label=$1 busy=$2
  for ((h = 0; h < busy; h++)); do taskset -c "$cpu" sh -c 'while :; do :; done' & hogs+=($!); done
  sleep 0.2
  taskset -c "$cpu" "$bench" --seed "$round" --json "$scratch/$label.json" > /dev/null
  kill "${hogs[@]}" 2>/dev/null || true
  wait "${hogs[@]}" 2>/dev/null || true
  hogs=()
  local score; score=$(field "$scratch/$label.json" score)
  [[ $label == quiet ]] && quiet=$score
  echo "$label $score $(field "$scratch/$label.json" all_samples_score)" >> "$scratch/scores"
  printf "%-6s %-10s %9.1f ± %-7s %8.1f%%  %9.1f   %5.2f\n" "$round" "$label" "$score" "$(ci_half "$scratch/$label.json")" \
    "$(awk -v s="$(field "$scratch/$label.json" disturbed_share)" 'BEGIN { print 100 * s }')" \
    "$(field "$scratch/$label.json" all_samples_score)" "$(awk -v a="$score" -v q="$quiet" 'BEGIN { print a / q }')"
}

echo "round  neighbours  score ns/op ± half-CI  disturbed  all samples  ÷ quiet"
for ((round = 1; round <= rounds; round++)); do
  run quiet 0
  run one 1
  run two 2
done

# Over all rounds: the machine's own speed moves between runs by a few percent, so one
# quiet run is a noisy yardstick; the means over the rounds are the figure.
awk '{ sum[$1] += $2; all[$1] += $3; n[$1]++ }
     END { q = sum["quiet"] / n["quiet"]
           printf "over %d rounds: quiet %.1f; one neighbour %.3f x quiet (all samples %.2f); two %.3f x (all samples %.2f)\n",
                  n["quiet"], q, sum["one"] / n["one"] / q, all["one"] / n["one"] / q, sum["two"] / n["two"] / q,
                  all["two"] / n["two"] / q }' "$scratch/scores"
