#!/usr/bin/env bash
# The Google Benchmark layer against Google Benchmark itself, each benchmark of
# bench/gbench_calls.cpp and bench/large_state_gbench.cpp run alone in both builds, side by
# side, at both's defaults (no flags):
#   wall time of each run, and tare's over Google Benchmark's (the set-up of about 60 ms
#     before the loop: at most 2x is the bar);
#   the pointer chase's score, tare's over Google Benchmark's (within 10%);
#   slow starts of 0.3 s and 0.8 s: tare's score over its steady twin's (within 5%), or the
#     row saying the slow start was not looked for;
#   a timer paused every iteration: CPU time over real time (at most 1 on one thread).
# Usage: bench/gbench_calls.sh BUILD_DIR [ROUNDS]   (needs libbenchmark-dev at configure time)
set -euo pipefail
build=${1:?usage: gbench_calls.sh BUILD_DIR [ROUNDS]}
rounds=${2:-1}
for f in tare_gbench_calls google_gbench_calls tare_large_state_gbench google_large_state_gbench; do
  [[ -x $build/bench/$f ]] || { echo "gbench_calls.sh: $build/bench/$f not found (build the bench targets with Google Benchmark installed)" >&2; exit 2; }
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "gbench_calls.sh: ROUNDS must be a positive whole number, not $rounds" >&2; exit 2; }
export TARE_HISTORY=off
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# run SIDE SOURCE BENCHMARK ROUND: one run, its JSON row and wall time in $scratch
run() {
  local side=$1 source=$2 bench=$3 round=$4 out
  out=$scratch/$side-$bench-$round
  local start end
  start=$(date +%s.%N)
  "$build/bench/${side}_$source" "--benchmark_filter=^$bench\$" --benchmark_format=json > "$out.json" 2> "$out.err"
  end=$(date +%s.%N)
  echo "$start $end" > "$out.wall"
  # tare's lines under the table go to standard error beside JSON: keep them for the notes
}

for round in $(seq 1 "$rounds"); do
  for bench in BM_setup_heavy 'BM_slow_start<0>' 'BM_slow_start<300>' 'BM_slow_start<800>' BM_paused; do
    for side in google tare; do run "$side" gbench_calls "$bench" "$round"; done
  done
  for side in google tare; do run "$side" large_state_gbench BM_chase "$round"; done
done

python3 - "$scratch" "$rounds" <<'PY'
import json, sys
scratch, rounds = sys.argv[1], int(sys.argv[2])
def load(side, bench, r):
    base = f"{scratch}/{side}-{bench}-{r}"
    start, end = map(float, open(base + ".wall").read().split())
    row = json.load(open(base + ".json"))["benchmarks"][0]
    return row, end - start, open(base + ".err").read()
for r in range(1, rounds + 1):
    print(f"round {r}")
    print(f"  {'benchmark':22} {'GB wall':>8} {'tare wall':>9} {'ratio':>6}  {'GB time':>9} {'tare time':>9} {'ratio':>6}")
    for bench in ["BM_setup_heavy", "BM_slow_start<0>", "BM_slow_start<300>", "BM_slow_start<800>", "BM_paused", "BM_chase"]:
        g, gw, _ = load("google", bench, r)
        t, tw, _ = load("tare", bench, r)
        print(f"  {bench:22} {gw:8.2f} {tw:9.2f} {tw / gw:6.2f}  {g['real_time']:9.4g} {t['real_time']:9.4g} {t['real_time'] / g['real_time']:6.3f}")
    steady = load("tare", "BM_slow_start<0>", r)[0]["real_time"]
    for ms in (300, 800):
        t, _, notes = load("tare", f"BM_slow_start<{ms}>", r)
        said = "slow start" in notes.lower()
        print(f"  slow start {ms} ms: tare / its steady twin {t['real_time'] / steady:.3f}; said under the table: {'yes' if said else 'no'}")
    paused, _, _ = load("tare", "BM_paused", r)
    print(f"  BM_paused: CPU / real time {paused['cpu_time'] / paused['real_time']:.4f}")
PY
