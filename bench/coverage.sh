#!/usr/bin/env bash
# Do tare's intervals hold across runs? The same binary (bench/known_change.cpp's chain of 1000
# dependent multiply-adds) run RUNS times in a row with default settings, as a user would:
# how many of the printed 95% intervals (across runs when the machine's speed between runs,
# or the benchmark's own past runs, are known: the last column names the source) cover the
# grand mean of all the scores (at least
# 90% is the goal), and the median half-width against the standard deviation of the
# scores (an interval much wider than the runs' spread is honest but useless: at most
# 2.5x is the goal).
# The runs keep their own results history (TARE_HISTORY in the scratch directory), primed with
# PRIME runs that are not counted (default 5: what a machine tare has run on before knows);
# PRIME=0 shows what a first run on a new machine gets.
# BENCH=PATH runs another binary (its first benchmark is judged): build/bench/tare_chain_gbench
# is the same chain (100 rounds) as a Google Benchmark source under tare's layer.
# Usage: bench/coverage.sh BUILD_DIR [RUNS] [extra tare options...]   (KEEP=DIR keeps the results files)
set -euo pipefail
build=${1:?usage: coverage.sh BUILD_DIR [RUNS] [tare options...]}
runs=${2:-20}
shift $(( $# >= 2 ? 2 : 1 ))
bench=${BENCH:-$build/bench/tare_known_change_base}
scratch=${KEEP:-$(mktemp -d)}
mkdir -p "$scratch"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$scratch"' EXIT

export TARE_HISTORY=$scratch/history.sqlite
rm -f "$TARE_HISTORY"
for ((i = 1; i <= ${PRIME:-5}; i++)); do "$bench" --seed "$((1000 + i))" "$@" > /dev/null; done
for ((i = 1; i <= runs; i++)); do
  "$bench" --seed "$i" --json "$scratch/$i.json" "$@" > /dev/null
done
python3 - "$scratch" "$runs" <<'PY'
import json, statistics, sys
scratch, runs = sys.argv[1], int(sys.argv[2])
rows = []
for i in range(1, runs + 1):
    b = json.load(open(f"{scratch}/{i}.json"))["benchmarks"][0]
    ci = b.get("ci_across_runs") or b["ci"]  # the interval the console prints
    spread = b.get("across_runs") or {}  # where the spread between runs came from
    rows.append((b["score"], ci["low"], ci["high"], b.get("disturbed_share") or 0, len(b["forks"]),
                 spread.get("source", "this run only")))
scores = [r[0] for r in rows]
grand, sd = statistics.mean(scores), statistics.stdev(scores)
covered = sum(lo <= grand <= hi for _, lo, hi, _, _, _ in rows)
half = statistics.median((hi - lo) / 2 for _, lo, hi, _, _, _ in rows)
for s, lo, hi, d, forks, source in rows:
    print(f"{s:9.2f}  [{lo:9.2f}, {hi:9.2f}]  ±{100 * (hi - lo) / 2 / s:5.2f}%  disturbed {100 * d:4.1f}%  forks {forks:3d}"
          f"  {'covers' if lo <= grand <= hi else 'MISSES'}  {source}")
print(f"grand mean {grand:.2f} ns/op, SD of the {runs} scores {sd:.2f} ({100 * sd / grand:.2f}%)")
print(f"covered: {covered}/{runs}; median half-width {half:.2f} = {half / sd:.2f} x SD")
PY
