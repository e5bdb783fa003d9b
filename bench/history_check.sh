#!/usr/bin/env bash
# How often does `tare history check` alert on a history where nothing changed? Real A/A
# histories on this machine: the same build (bench/known_change.cpp's chain of 1000 dependent
# multiply-adds) run RUNS times at each of COMMITS fake commits (--commit), kept in a results
# history of its own, then checked at the 2% threshold (or THRESHOLD). Prints each change
# point found and the alerts per commit (the simulations of docs/statistics.md put them
# under 1 in 100: this is the same question asked of the machine's own noise).
# PLANT_AT=K runs a build with 5% more work (tare_known_change_plus5) from commit K on: then
# the change should be found at commit K, and nowhere else.
# A benchmark, not a test: it takes COMMITS x RUNS runs of the binary (about 1 s each with
# the options below). Run it on a machine as quiet as the one it judges, and say how busy
# it was.
# Usage: bench/history_check.sh BUILD_DIR [COMMITS] [RUNS] [tare options...]
#   (build tare_cli, tare_known_change_base and, for PLANT_AT, tare_known_change_plus5;
#    BENCH=PATH runs another binary; KEEP=DIR keeps the history)
set -euo pipefail
build=${1:?usage: history_check.sh BUILD_DIR [COMMITS] [RUNS] [tare options...]}
commits=${2:-30}
runs=${3:-1}
shift $(( $# >= 3 ? 3 : $# ))
tare=$build/tools/tare
bench=${BENCH:-$build/bench/tare_known_change_base}
planted=$build/bench/tare_known_change_plus5
for f in "$tare" "$bench"; do
  [[ -x $f ]] || { echo "history_check.sh: $f not found (build tare_cli and tare_known_change_base)" >&2; exit 2; }
done
[[ $commits =~ ^[1-9][0-9]*$ && $runs =~ ^[1-9][0-9]*$ ]] ||
  { echo "history_check.sh: COMMITS and RUNS must be positive whole numbers" >&2; exit 2; }
if [[ -n ${PLANT_AT:-} ]]; then
  [[ -x $planted ]] || { echo "history_check.sh: $planted not found (build tare_known_change_plus5)" >&2; exit 2; }
  [[ $PLANT_AT =~ ^[0-9]+$ ]] || { echo "history_check.sh: PLANT_AT must be a commit number" >&2; exit 2; }
fi
scratch=${KEEP:-$(mktemp -d)}
mkdir -p "$scratch"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$scratch"' EXIT
history=$scratch/history.sqlite
rm -f "$history"

commit_name() { printf 'aa%04d' "$1"; }
for ((c = 0; c < commits; c++)); do
  binary=$bench
  [[ -n ${PLANT_AT:-} ]] && ((c >= PLANT_AT)) && binary=$planted
  for ((r = 0; r < runs; r++)); do
    "$binary" --history "$history" --commit "$(commit_name "$c")" --seed "$((c * 100 + r + 1))" "$@" > /dev/null
  done
  printf '\rcommit %d of %d' "$((c + 1))" "$commits" >&2
done
echo >&2

"$tare" history check --history "$history" --threshold "${THRESHOLD:-2%}"
"$tare" history check --history "$history" --threshold "${THRESHOLD:-2%}" --json > "$scratch/check.json"
python3 - "$scratch/check.json" "$commits" "${PLANT_AT:-}" <<'PY'
import json, sys
report, commits, plant = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3]
for b in report["benchmarks"]:
    alerts = [c for c in b["changes"] if c["alert"]]
    print(f'{b["name"]}: {b["runs"]} runs, spread between runs {100 * b["between_run_sd"]:.2f}%, '
          f'{len(b["changes"])} change points, {len(b["spikes"])} runs set aside as spikes')
    # Commit 0 cannot begin a change: commits - 1 could.
    print(f'  alerts per commit: {len(alerts)}/{commits - 1} = {len(alerts) / max(commits - 1, 1):.3f}')
    if plant:
        planted = f"aa{int(plant):04d}"
        hits = [c for c in alerts if c["commit"] == planted]
        print(f'  planted 5% at {planted}: {"found there" if hits else "not found there"}; '
              f'{len(alerts) - len(hits)} other alerts')
PY
