#!/usr/bin/env bash
# Does tare ab favour a side on benchmarks with a large state? Two byte-identical copies of
# each binary (a native one: lookups in 10^6 entries, in a hash map and a sorted array; a
# Google Benchmark one: a 64 MiB pointer chase and a hash map of 10^6 entries) compared RUNS
# times each, the copy as NEW in odd runs and as BASE in even ones. Per benchmark: how many
# runs named a direction (at most 1 in 20 is the bar), and over all pairs the share in which
# NEW was faster and the geometric mean of NEW/BASE (no trend by side: about half, about 1).
# Usage: bench/ab_large_state.sh BUILD_DIR [RUNS] [tare ab options...]
#   KEEP=DIR keeps the comparisons (DIR/<binary>-<run>.json)
set -euo pipefail
build=${1:?usage: ab_large_state.sh BUILD_DIR [RUNS] [tare ab options...]}
runs=${2:-20}
shift $(( $# >= 2 ? 2 : 1 ))
options=("$@")
tare=$build/tools/tare
for f in "$tare" "$build/bench/tare_large_state" "$build/bench/tare_large_state_gbench"; do
  [[ -x $f ]] || { echo "ab_large_state.sh: $f not found (build the tare command and the bench targets)" >&2; exit 2; }
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "ab_large_state.sh: RUNS must be a positive whole number, not $runs" >&2; exit 2; }
scratch=${KEEP:-$(mktemp -d)}
mkdir -p "$scratch"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$scratch"' EXIT
export TARE_HISTORY=off

for binary in tare_large_state tare_large_state_gbench; do
  cp "$build/bench/$binary" "$scratch/$binary"
  cp "$build/bench/$binary" "$scratch/$binary-copy"
  cmp -s "$scratch/$binary" "$scratch/$binary-copy"
  for r in $(seq 1 "$runs"); do
    echo "$binary: run $r of $runs" >&2
    if ((r % 2)); then sides=("$scratch/$binary" "$scratch/$binary-copy"); else sides=("$scratch/$binary-copy" "$scratch/$binary"); fi
    "$tare" ab "${sides[@]}" --quiet --seed "$r" "${options[@]}" --json "$scratch/$binary-$r.json" > /dev/null
  done
done

python3 - "$scratch" "$runs" <<'PY'
import glob, json, math, sys
scratch, runs = sys.argv[1], int(sys.argv[2])
rows = {}
for path in sorted(glob.glob(f"{scratch}/*.json")):
    for row in json.load(open(path))["benchmarks"]:
        rows.setdefault(row["name"], []).append(row)
print(f"{'benchmark':32} {'runs':>4} {'named a direction':>17} {'pairs':>5} {'NEW faster':>10} {'NEW/BASE (geo. mean)':>20}")
for name, rs in rows.items():
    named = sum(1 for r in rs if r["verdict"] in ("faster", "slower"))
    ratios = [p["new"] / p["base"] for r in rs for p in r.get("pairs", [])]
    faster = sum(1 for x in ratios if x < 1)
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios)) if ratios else float("nan")
    print(f"{name:32} {len(rs):>4} {named:>17} {len(ratios):>5} {faster / max(len(ratios), 1):>10.0%} {geo:>20.4f}")
PY
