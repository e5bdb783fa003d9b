#!/usr/bin/env bash
# Does tare ab still call unchanged code different because the linker moved it, and does it
# still find a real change? bench/placement.cpp in three builds (bench/CMakeLists.txt, with
# -DTARE_PLACEMENT_TRIES=N): the base; the base with one unrelated function linked in
# (unrelated: the benchmarks' machine code unchanged, only placed elsewhere); and one whose
# placement.fnv1a does about 2% more work (more_work). Each try takes PER_TRY (default 8) fresh
# layout variants of each build (variants never reused between tries) and runs
#   A/A, one layout a side:  tare ab base-variant unrelated-variant   (what a user does today)
#   A/A, layout variants:    tare ab base.layouts unrelated.layouts
#   2% change, variants:     tare ab base.layouts more_work.layouts
# and counts, per benchmark, how many tries named a direction: beyond placement (faster or
# slower: what a gate acts on), and at all (placement included).
# Usage: bench/placement_ab.sh BUILD_DIR [TRIES] [tare ab options...]
#   TRIES: at most the TARE_PLACEMENT_TRIES the build was configured with (default: all)
#   PER_TRY=N layout variants a side per try (default 8; the build holds TARE_PLACEMENT_TRIES * 8)
#   KEEP=DIR keeps the comparisons (DIR/<kind>-<try>.json)
set -euo pipefail
build=${1:?usage: placement_ab.sh BUILD_DIR [TRIES] [tare ab options...]}
bench=$build/bench
tare=$build/tools/tare
for b in base unrelated more_work; do
  [[ -d $bench/tare_placement_$b.layouts ]] || {
    echo "placement_ab.sh: $bench/tare_placement_$b.layouts not found (configure with -DTARE_PLACEMENT_TRIES=20 and build)" >&2
    exit 2
  }
done
[[ -x $tare ]] || { echo "placement_ab.sh: $tare not found (build the tare command)" >&2; exit 2; }
per_try=${PER_TRY:-8}
available=$(( $(find "$bench/tare_placement_base.layouts" -maxdepth 1 -type f | wc -l) / per_try ))
tries=${2:-$available}
shift $(( $# >= 2 ? 2 : 1 ))
if ((tries < 1 || tries > available)); then
  echo "placement_ab.sh: TRIES must be 1 to $available, not $tries" >&2
  exit 2
fi
options=("$@")
scratch=${KEEP:-$(mktemp -d)}
mkdir -p "$scratch"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$scratch"' EXIT
export TARE_HISTORY=off

# try t's variants of build b, as links in their own directory
variants_of() {
  local b=$1 t=$2 dir=$scratch/$1-$2
  mkdir -p "$dir"
  for k in $(seq $((per_try * (t - 1) + 1)) $((per_try * t))); do
    ln -sf "$(realpath "$bench/tare_placement_$b.layouts/tare_placement_$b-$k")" "$dir/$k"
  done
  echo "$dir"
}

for t in $(seq 1 "$tries"); do
  echo "try $t of $tries" >&2
  base=$(variants_of base "$t")
  unrelated=$(variants_of unrelated "$t")
  more=$(variants_of more_work "$t")
  "$tare" ab "$base/$((per_try * t))" "$unrelated/$((per_try * t))" --pairs 10 --quiet --seed "$t" "${options[@]}" \
    --json "$scratch/single-$t.json" > /dev/null
  "$tare" ab "$base" "$unrelated" --quiet --seed "$t" "${options[@]}" --json "$scratch/variants-$t.json" > /dev/null
  "$tare" ab "$base" "$more" --quiet --seed "$t" "${options[@]}" --json "$scratch/change-$t.json" > /dev/null
done

python3 - "$scratch" "$tries" "$per_try" <<'PY'
import json, sys, collections
scratch, tries, per_try = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
kinds = [("single", "A/A, one layout a side"), ("variants", f"A/A, {per_try} layout variants a side"),
         ("change", f"fnv1a +2%, {per_try} variants a side")]
for kind, title in kinds:
    named, beyond, ratios = collections.Counter(), collections.Counter(), collections.defaultdict(list)
    half = collections.Counter()
    for t in range(1, tries + 1):
        for row in json.load(open(f"{scratch}/{kind}-{t}.json"))["benchmarks"]:
            name = row["name"]
            ratios[name].append(row["ratio"]["estimate"] if row["ratio"] else float("nan"))
            if row["ratio"]: half[name] += (row["ratio"]["high"] - row["ratio"]["low"]) / 2 / row["ratio"]["estimate"]
            if row["verdict"] in ("faster", "slower"): beyond[name] += 1
            if row["verdict"] in ("faster", "slower", "placement"): named[name] += 1
    print(f"{title}: tries that named a direction, of {tries}")
    for name in sorted(ratios):
        r = sorted(x for x in ratios[name] if x == x)
        print(f"  {name:22} faster/slower {beyond[name]:2}   any direction (placement too) {named[name]:2}"
              f"   ratios {r[0]:.3f} .. {r[-1]:.3f}   interval ±{100 * half[name] / len(r):.1f}% on average")
PY
