#!/usr/bin/env bash
# The power table: how often each way of comparing two builds calls a known difference, and
# the machine time it takes. The builds are bench/known_change.cpp doing 1000 rounds of work and
# 0.5%, 1%, 2%, 5% and 10% more (true ratios 1.005 to 1.10; base against itself is 1.00).
# For each true ratio, TRIES tries (seed = try index) of each method, both at their defaults
# (threshold ±1%) and gated with --fail-on slower:
#   tare ab          `tare ab BASE NEW` (its default design decides how many pairs to run);
#   record+compare   BASE and NEW each recorded once (`BIN --json`), then `tare compare`.
# One Markdown row per (ratio, method): how many tries ended in each outcome, as verdict
# (faster/slower: significant; no difference: not) and where the interval lies against the
# ±threshold band ("beyond" it, "within" it, or across an edge: "undecided"); so "no
# difference, within" is "no difference beyond ±1%" proven. Then how many tries failed the
# gate (exit 1), and the median wall seconds per try (record+compare: both recordings and the
# compare). Run it on a quiet machine: the full table takes about 6 ratios × 2 methods × 20
# tries × 10 s, some 40 minutes.
# Usage: bench/power_table.sh BUILD_DIR [TRIES=20]
#        RATIOS="1.00 1.10" bench/power_table.sh build 2    (a subset of the true ratios)
# Builds needed: cmake --build build --target tare_cli tare_known_change_base tare_known_change_plus0_5
#   tare_known_change_plus1 tare_known_change_plus2 tare_known_change_plus5 tare_known_change_plus10
set -euo pipefail
build=${1:?usage: power_table.sh BUILD_DIR [TRIES=20]}
tries=${2:-20}
ratios=${RATIOS:-1.00 1.005 1.01 1.02 1.05 1.10}
tare=$build/tools/tare
base=$build/bench/tare_known_change_base
declare -A variant=([1.00]=base [1.005]=plus0_5 [1.01]=plus1 [1.02]=plus2 [1.05]=plus5 [1.10]=plus10)
outcomes=("slower, beyond" "slower, undecided" "slower, within" "no difference, within"
  "no difference, undecided" "faster (any)" "not compared")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

die() { echo "power_table.sh: $*" >&2; exit 1; }
for r in $ratios; do
  [[ -n ${variant[$r]:-} ]] || die "unknown ratio $r (known: $(printf "%s\n" "${!variant[@]}" | sort -g | xargs))"
  [[ -x $build/bench/tare_known_change_${variant[$r]} ]] || die "$build/bench/tare_known_change_${variant[$r]} is not built"
done
[[ -x $tare ]] || die "$tare is not built"

# The outcome of benchmarks[0] of a tare.compare/1 file, one of ${outcomes[@]}. Files from
# before `against_threshold` existed say same/inconclusive/slower: mapped to what they meant.
outcome() {
  python3 - "$1" <<'PY'
import json, sys
row = json.load(open(sys.argv[1]))["benchmarks"][0]
verdict, against = row["verdict"], row.get("against_threshold")
if against is None:
    verdict, against = {"same": ("no difference", "within"), "inconclusive": ("no difference", "undecided"),
                        "slower": ("slower", "beyond")}.get(verdict, (verdict, None))
if verdict == "faster":
    print("faster (any)")
elif verdict == "not compared":
    print("not compared")
elif verdict in ("slower", "no difference") and against in ("beyond", "within", "undecided") \
        and (verdict, against) != ("no difference", "beyond"):
    print(f"{verdict}, {against}")
else:
    sys.exit(f"{sys.argv[1]}: unexpected verdict {row['verdict']!r}, against_threshold {against!r}")
PY
}

# Runs a gated tare command (its --json is $scratch/c.json); returns its exit status, 0 or 1.
# Anything else, or exit 1 without the JSON (tare also exits 1 on an unexpected error), is
# not a gate result: the script stops.
gated() {
  local status=0
  rm -f "$scratch/c.json"
  "$tare" "$@" --fail-on slower --json "$scratch/c.json" > /dev/null 2> "$scratch/err" || status=$?
  if ((status > 1)) || [[ ! -s $scratch/c.json ]]; then
    cat "$scratch/err" >&2
    die "tare $1 exited $status"
  fi
  return "$status"
}

# One try of a method on the candidate; seed = try index. Leaves the gate's exit status in
# $gate and the comparison in $scratch/c.json.
try_ab() { gate=0; gated ab "$base" "$1" --seed "$2" || gate=$?; }
try_record() {
  "$base" --json "$scratch/b.json" --seed "$2" > /dev/null || die "$base exited $?"
  "$1" --json "$scratch/n.json" --seed "$2" > /dev/null || die "$1 exited $?"
  gate=0
  gated compare "$scratch/b.json" "$scratch/n.json" --seed "$2" || gate=$?
}

median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.1f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# TRIES tries of one method against one candidate: one table row.
row() {
  local method=$1 label=$2 ratio=$3 candidate=$4 t start end failed=0 times=() line
  local -A count=()
  for ((t = 0; t < tries; t++)); do
    start=$(date +%s.%N)
    "$method" "$candidate" "$t"
    end=$(date +%s.%N)
    times+=("$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')")
    failed=$((failed + gate))
    line=$(outcome "$scratch/c.json") || die "cannot read the verdict"
    count[$line]=$((${count[$line]:-0} + 1))
  done
  line="| $label | $ratio |"
  for o in "${outcomes[@]}"; do line+=" ${count[$o]:-0} |"; done
  echo "$line $failed | $(printf '%s\n' "${times[@]}" | median) |"
}

header="| method | true ratio |"
for o in "${outcomes[@]}"; do header+=" $o |"; done
echo "$header gate failed | median s per try |"
echo "|---|---|$(printf -- '---|%.0s' "${outcomes[@]}")---|---|"
for r in $ratios; do
  candidate=$build/bench/tare_known_change_${variant[$r]}
  row try_ab "\`tare ab\`" "$r" "$candidate"
  row try_record "record+compare" "$r" "$candidate"
done
echo
echo "$tries tries per row (seed = try index), threshold ±1%; gate failed = exit 1 under --fail-on slower."
