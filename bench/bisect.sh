#!/usr/bin/env bash
# Does tare bisect --metric time name the commit that added 3% work? Each try makes a git
# repository of 17 commits (good and 16 after it) whose builds copy bench/bisect_chain.cpp's
# binaries: every commit changes a constant of the timed code (so every commit probed is
# measured, none judged by its code), and commit K, drawn at random from 1 to 16, adds 3%
# work that the commits after it keep. Counts the tries that named K, and the comparisons
# each took. The claim: at least 19 tries of 20.
# Usage: bench/bisect.sh BUILD_DIR [TRIES] [tare bisect options...]
#   needs: cmake --build BUILD_DIR --target tare_cli tare_bisect_chains
#   SEED=N draws the culprits from seed N (default 1); KEEP=DIR keeps the repositories and logs
#   METRIC=instructions checks the script itself in a minute (the answer is then exact)
# Each try runs about 6 comparisons of up to --budget (30 s) each: 20 tries take up to an hour.
set -euo pipefail
build=${1:?usage: bisect.sh BUILD_DIR [TRIES] [tare bisect options...]}
tries=${2:-20}
shift $(( $# >= 2 ? 2 : 1 ))
options=("$@")
tare=$build/tools/tare
chains=$build/bench
[[ -x $tare ]] || { echo "bisect.sh: $tare not found (build the tare command)" >&2; exit 2; }
[[ -x $chains/tare_bisect_chain_16_1030 ]] || {
  echo "bisect.sh: $chains/tare_bisect_chain_*: build the target tare_bisect_chains" >&2
  exit 2
}
scratch=${KEEP:-$(mktemp -d)}
mkdir -p "$scratch"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$scratch"' EXIT
export TARE_HISTORY=off
RANDOM=${SEED:-1}

# A repository whose commit k (1..16) adds the work; prints nothing.
make_repo() {
  local repo=$1 culprit=$2 work
  git init -q "$repo"
  for i in $(seq 0 16); do
    work=$(( i >= culprit ? 1030 : 1000 ))
    realpath "$chains/tare_bisect_chain_${i}_${work}" > "$repo/variant"
    git -C "$repo" add variant
    git -C "$repo" -c user.name=tare -c user.email=tare@example.com commit -q -m "commit $i"
  done
}

named=0
total_comparisons=0
for t in $(seq 1 "$tries"); do
  culprit=$(( RANDOM % 16 + 1 ))
  repo=$scratch/repo-$t
  make_repo "$repo" "$culprit"
  expected=$(git -C "$repo" rev-parse --short=12 "HEAD~$(( 16 - culprit ))")
  start=$(date +%s)
  out=$("$tare" bisect --repo "$repo" --good HEAD~16 --bad HEAD --build 'cp "$(cat variant)" bench' --binary bench \
        --metric "${METRIC:-time}" --quiet "${options[@]}")
  comparisons=$(sed -n 's/^Comparisons: \([0-9]*\).*/\1/p' <<< "$out")
  total_comparisons=$(( total_comparisons + comparisons ))
  if grep -q "^First slower commit: $expected " <<< "$out"; then
    named=$(( named + 1 ))
    verdict="named commit $culprit"
  else
    verdict="MISSED commit $culprit: $(grep -E '^(First slower|Nothing|It got slower)' <<< "$out" || true)"
  fi
  echo "try $t: $verdict; $comparisons comparisons, $(( $(date +%s) - start )) s" >&2
done
echo "tare bisect --metric ${METRIC:-time} named the commit adding 3% work in $named of $tries tries" \
     "($(awk -v c="$total_comparisons" -v t="$tries" 'BEGIN { printf "%.1f", c / t }') comparisons per try; claim: 19 of 20)"
