#!/usr/bin/env bash
# How much code placement alone moves a benchmark: bench/placement.cpp's layout variants
# (tare_layout_variants: the same machine code, functions linked in another order) run one
# after another with the same settings and seed, so that the layout is all that differs
# between them. Per benchmark: each variant's score with its interval; the spread of the
# variants' scores (max/min - 1, and the coefficient of variation of the scores) against the
# typical half-width of one variant's interval. A spread well beyond that half-width is what
# placement does to a comparison of two single builds.
# Usage: bench/placement.sh BUILD_DIR [VARIANTS] [tare options...]
#   VARIANTS: how many of the variants to run (default: all of them, 20)
#   options:  replace the default --forks 3 --max-forks 3 (e.g. --forks 2 --measure-ms 5)
#   KEEP=DIR keeps the results files (DIR/<variant>.json)
set -euo pipefail
build=${1:?usage: placement.sh BUILD_DIR [VARIANTS] [tare options...]}
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
((${#options[@]})) || options=(--forks 3 --max-forks 3)
scratch=${KEEP:-$(mktemp -d)}
mkdir -p "$scratch"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$scratch"' EXIT

export TARE_HISTORY=off
for ((v = 1; v <= variants; v++)); do
  echo "variant $v of $variants" >&2
  "$layouts/tare_placement-$v" --seed 1 "${options[@]}" --json "$scratch/$v.json" > /dev/null
done

python3 - "$scratch" "$variants" <<'PY'
import json, statistics, sys
scratch, variants = sys.argv[1], int(sys.argv[2])
rows = {}  # benchmark -> [(variant, score, half-width share)]
units = {}
for v in range(1, variants + 1):
    for b in json.load(open(f"{scratch}/{v}.json"))["benchmarks"]:
        if b.get("score") is None or not b.get("ci"):
            print(f"{b['name']}: variant {v} has no score; left out", file=sys.stderr)
            continue
        half = (b["ci"]["high"] - b["ci"]["low"]) / 2 / b["score"]
        rows.setdefault(b["name"], []).append((v, b["score"], half))
        units[b["name"]] = b.get("unit", "")
if not rows:
    sys.exit("placement.sh: no benchmark has a score")
for name, scored in rows.items():
    scores = [s for _, s, _ in scored]
    print(f"{name} ({units[name]}), {len(scored)} layout variants:")
    for v, s, half in scored:
        print(f"  variant {v:2d}  {s:12.2f}  ±{100 * half:5.2f}%")
    if len(scores) < 2:
        print("  fewer than 2 variants scored: no spread\n")
        continue
    spread = max(scores) / min(scores) - 1
    cv = statistics.stdev(scores) / statistics.mean(scores)
    typical = statistics.median(h for _, _, h in scored)
    print(f"  placement: max/min - 1 = {100 * spread:.2f}%, CV of the variants' scores = {100 * cv:.2f}%")
    print(f"  one variant's interval: typically ±{100 * typical:.2f}%"
          f"  (spread / half-width = {spread / typical if typical > 0 else float('inf'):.1f})\n")
PY
