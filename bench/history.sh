#!/usr/bin/env bash
# The results history's speed (docs/history.md), with synthetic data (bench/history_data.cpp):
#   adding a results file of 1,000 benchmarks (5 forks of 10 samples each) to a new history
#     and to one of 10,000 runs (the goal: at most 1 s);
#   `tare history show` over a history of 10,000 runs of 10 benchmarks (the goal: at most
#     0.5 s), all of it and one benchmark (--filter), and `tare history list` over it.
# Each is timed ROUNDS times (default 3); the median is printed. A shared machine's load
# moves these: run it quiet, and say how busy it was.
# Usage: bench/history.sh BUILD_DIR [ROUNDS]   (build the targets tare_cli and tare_history_data)
set -euo pipefail
build=${1:?usage: history.sh BUILD_DIR [ROUNDS]}
rounds=${2:-3}
tare=$build/tools/tare
data=$build/bench/tare_history_data
for f in "$tare" "$data"; do
  [[ -x $f ]] || { echo "history.sh: $f not found (build tare_cli and tare_history_data)" >&2; exit 2; }
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "history.sh: ROUNDS must be a positive whole number, not $rounds" >&2; exit 2; }
export TARE_HISTORY=off
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# median SECONDS...: the middle of the values
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

# timed LABEL COMMAND...: runs it ROUNDS times (output discarded), prints the medians of
# its wall time and of its CPU time (user and system: what the machine's other load moves less)
TIMEFORMAT='%R %U %S'
timed() {
  local label=$1 walls=() cpus=() measured
  shift
  for ((r = 0; r < rounds; r++)); do
    [[ -n ${before_each:-} ]] && eval "$before_each"
    measured=$( { time "$@" > /dev/null; } 2>&1 | tail -1)
    read -r wall user system <<< "$measured"
    walls+=("$wall")
    cpus+=("$(awk -v u="$user" -v s="$system" 'BEGIN {print u + s}')")
  done
  printf '%-54s %6.3f s wall, %6.3f s CPU  (medians of %d)\n' "$label" "$(median "${walls[@]}")" \
    "$(median "${cpus[@]}")" "$rounds"
}

echo "Making the data: a results file of 1,000 benchmarks, a history of 10,000 runs of 10 benchmarks..."
"$data" results "$scratch/large.json" 1000
"$data" store "$scratch/runs.sqlite" 10000 10
printf 'results file: %s bytes; history: %s bytes\n' "$(stat -c %s "$scratch/large.json")" "$(stat -c %s "$scratch/runs.sqlite")"

before_each='rm -f "$scratch/new.sqlite"'
timed "add 1,000 benchmarks to a new history" "$tare" history add "$scratch/large.json" --history "$scratch/new.sqlite"
before_each='cp "$scratch/runs.sqlite" "$scratch/big.sqlite"'
timed "add 1,000 benchmarks to a history of 10,000 runs" "$tare" history add "$scratch/large.json" --history "$scratch/big.sqlite"
before_each=''
timed "show over 10,000 runs (10 benchmarks, 100,000 rows)" "$tare" history show --history "$scratch/runs.sqlite"
timed "show --filter one benchmark over 10,000 runs" "$tare" history show --filter 'family0.case/size=3$' --history "$scratch/runs.sqlite"
timed "show --json over 10,000 runs" "$tare" history show --json --history "$scratch/runs.sqlite"
timed "list 10,000 runs" "$tare" history list --history "$scratch/runs.sqlite"
