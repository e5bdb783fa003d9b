#!/usr/bin/env bash
# How much code placement alone moves a benchmark: bench/placement.cpp's layout variants
# (tare_layout_variants: the same machine code, functions linked in another order), each
# compared with variant 1 by tare ab, pairs of live processes in lock-step, so that the
# machine's own drift and speed steps (30% between processes on a busy shared VM) cancel
# within each pair and what is left is the layout. Per benchmark: each variant's time
# relative to variant 1 with its interval; the spread of the variants (max/min - 1, and the
# SD of their log-ratios) against the typical half-width of one comparison's interval. A
# spread well beyond that half-width is what placement does to a comparison of two single
# builds. tare ab also checks every pair of variants runs the same machine code (it does:
# the verdicts say "placement").
# Usage: bench/placement.sh BUILD_DIR [VARIANTS] [tare ab options...]
#   VARIANTS: how many of the variants to run (default: all of them, 20)
#   options:  replace the default --pairs 6
#   KEEP=DIR keeps the comparisons (DIR/<variant>.json)
set -euo pipefail
build=${1:?usage: placement.sh BUILD_DIR [VARIANTS] [tare ab options...]}
tare=$build/tools/tare
[[ -x $tare ]] || { echo "placement.sh: $tare not found (build the tare command)" >&2; exit 2; }
layouts=$build/bench/tare_placement.layouts
[[ -d $layouts ]] || { echo "placement.sh: $layouts not found (build the target tare_placement_layouts; needs lld)" >&2; exit 2; }
available=$(find "$layouts" -maxdepth 1 -type f -name 'tare_placement-*' | wc -l)
variants=${2:-$available}
shift $(( $# >= 2 ? 2 : 1 ))
if ((variants < 2 || variants > available)); then
  echo "placement.sh: VARIANTS must be 2 to $available, not $variants" >&2
  exit 2
fi
options=("$@")
((${#options[@]})) || options=(--pairs 6)
scratch=${KEEP:-$(mktemp -d)}
mkdir -p "$scratch"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$scratch"' EXIT

export TARE_HISTORY=off
for ((v = 2; v <= variants; v++)); do
  echo "variant $v against variant 1 ($((v - 1)) of $((variants - 1)))" >&2
  "$tare" ab "$layouts/tare_placement-1" "$layouts/tare_placement-$v" --quiet "${options[@]}" \
    --json "$scratch/$v.json" > /dev/null
done

python3 - "$scratch" "$variants" <<'PY'
import json, math, statistics, sys
scratch, variants = sys.argv[1], int(sys.argv[2])
rows = {}  # benchmark -> [(variant, ratio to variant 1, low, high, verdict)]
for v in range(2, variants + 1):
    for b in json.load(open(f"{scratch}/{v}.json"))["benchmarks"]:
        if not b.get("ratio"):
            print(f"{b['name']}: variant {v} not compared ({b.get('problem')}); left out", file=sys.stderr)
            continue
        r = b["ratio"]
        rows.setdefault(b["name"], []).append((v, r["estimate"], r["low"], r["high"], b["verdict"]))
if not rows:
    sys.exit("placement.sh: no benchmark was compared")
for name, compared in rows.items():
    print(f"{name}: time relative to layout variant 1, {len(compared) + 1} layout variants")
    for v, ratio, low, high, verdict in compared:
        print(f"  variant {v:2d}  {ratio:.3f} [{low:.3f}, {high:.3f}]  {verdict}")
    ratios = [1.0] + [c[1] for c in compared]
    logs = [math.log(x) for x in ratios]
    spread = max(ratios) / min(ratios) - 1
    typical = statistics.median((c[3] - c[2]) / 2 / c[1] for c in compared)
    named = sum(1 for c in compared if c[4] != "no difference")
    print(f"  placement: max/min - 1 = {100 * spread:.2f}%, SD of the variants' log-times = {100 * statistics.stdev(logs):.2f}%")
    print(f"  one comparison's interval: typically ±{100 * typical:.2f}%; {named} of {len(compared)} comparisons "
          f"of the same code named a direction\n")
PY
