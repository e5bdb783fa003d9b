#!/usr/bin/env bash
# Machine seconds needed to call a 1% difference, and how often it is called right, for
# `tare ab` (paired, lock-step or duet) and for record-then-compare (two separate runs, then
# `tare compare`). Ten tries per setting; a try is right when the verdict is "slower"
# (the candidate does 1% more work). The threshold is 0.5%: a verdict needs the whole
# interval beyond the threshold, so a 1% difference can only be called against a smaller
# one. Also the A/A false alarms of tare ab.
# Usage: bench/time_to_verdict.sh BUILD_DIR [TRIES]
set -euo pipefail
build=${1:?usage: time_to_verdict.sh BUILD_DIR [TRIES]}
tries=${2:-10}
base=$build/bench/tare_verdict_base
plus=$build/bench/tare_verdict_plus1
tare=$build/tools/tare
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The first benchmark's verdict in a tare.compare/1 file (one benchmark per file here).
verdict() { grep -o '"verdict": "[a-z ]*"' "$1" | head -1 | cut -d'"' -f4; }
per_try() { awk -v s="$1" -v e="$2" -v n="$3" 'BEGIN { printf "%.1f", (e - s) / n }'; }

# Ten tries of `tare ab CANDIDATE` with the given options; prints how many verdicts were
# `wanted` (a regex over the verdict) and the mean seconds per try.
ab_row() {
  local label=$1 candidate=$2 wanted=$3 setting=$4; shift 4
  local hits=0 start end
  start=$(date +%s.%N)
  for ((t = 0; t < tries; t++)); do
    "$tare" ab "$base" "$candidate" "$@" --measure-ms 50 --threshold 0.5% --seed "$t" --json "$scratch/ab.json" > /dev/null
    [[ $(verdict "$scratch/ab.json") =~ ^($wanted)$ ]] && hits=$((hits + 1))
  done
  end=$(date +%s.%N)
  printf "%-36s %-10s %2d/%-2d        %s\n" "$label" "$setting" "$hits" "$tries" "$(per_try "$start" "$end" "$tries")"
}

echo "method                               setting    right/tries  mean seconds per try"
for pairs in 5 10 20 40; do ab_row "tare ab" "$plus" slower "pairs=$pairs" --pairs "$pairs"; done
for pairs in 20 40; do ab_row "tare ab --duet" "$plus" slower "pairs=$pairs" --duet --pairs "$pairs"; done
ab_row "tare ab A/A (false alarms)" "$base" "slower|faster" "pairs=20" --pairs 20
ab_row "tare ab --duet A/A (false alarms)" "$base" "slower|faster" "pairs=20" --duet --pairs 20
for forks in 20 40; do
  right=0; start=$(date +%s.%N)
  for ((t = 0; t < tries; t++)); do
    "$base" --forks "$forks" --max-forks "$forks" --measure-ms 50 --budget 1e9 --seed "$t" --json "$scratch/b.json" > /dev/null
    "$plus" --forks "$forks" --max-forks "$forks" --measure-ms 50 --budget 1e9 --seed "$t" --json "$scratch/p.json" > /dev/null
    "$tare" compare "$scratch/b.json" "$scratch/p.json" --threshold 0.5% --json "$scratch/c.json" > /dev/null
    [[ $(verdict "$scratch/c.json") == slower ]] && right=$((right + 1))
  done
  end=$(date +%s.%N)
  printf "%-36s %-10s %2d/%-2d        %s\n" "record, then tare compare" "forks=$forks" "$right" "$tries" \
    "$(per_try "$start" "$end" "$tries")"
done
